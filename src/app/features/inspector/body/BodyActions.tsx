/**
 * Copy (the text of the view on screen, built in the worker and handed to the clipboard
 * as a Blob — no giant string on the page) and Save (the raw bytes as received).
 */
import { useState } from 'react';
import type { HeaderField } from '../../../../core';
import type { Exchange } from '../exchangeSlice';
import type { BodyMeta, LineView } from '../format/bodyDocument';
import { formatClient } from '../formatClient';
import type { DocName } from '../workers/formatProtocol';
import { bodyFileName, downloadBlob } from './bodyFile';

export interface BodyActionsProps {
  chunks: readonly Uint8Array[];
  phase: Exchange['phase'];
  received: number;
  url: string | undefined;
  headers: readonly HeaderField[];
  meta: BodyMeta | undefined;
  /** What Copy copies; undefined when the view has no text (hex, images). */
  copySource: { doc: DocName; view: LineView } | undefined;
}

export function BodyActions({ chunks, phase, received, url, headers, meta, copySource }: BodyActionsProps) {
  const [message, setMessage] = useState('');
  const copy = async () => {
    if (!copySource) return;
    try {
      const blob = formatClient().request({ type: 'blob', ...copySource });
      if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
        await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
      } else {
        await navigator.clipboard.writeText(await (await blob).text());
      }
      setMessage('Copied.');
    } catch (e) {
      setMessage(`Could not copy: ${(e as Error).message}`);
    }
  };
  const save = () => {
    const type = meta?.sniff.mediaType || 'application/octet-stream';
    const name = bodyFileName(url, headers, meta?.kind, meta?.sniff.mediaType);
    downloadBlob(new Blob(chunks as Uint8Array<ArrayBuffer>[], { type }), name);
    setMessage(`Downloading ${name}.`);
  };
  return (
    <div className="body-actions">
      <button type="button" onClick={copy} disabled={!copySource || phase === 'sending'} aria-label="Copy body" title="Copy the text of this view">
        Copy
      </button>
      <button type="button" onClick={save} disabled={phase === 'sending' || received === 0} aria-label="Download body" title="Save the raw bytes as received to a file">
        Download
      </button>
      <span className="visually-hidden" role="status">
        {message}
      </span>
    </div>
  );
}
