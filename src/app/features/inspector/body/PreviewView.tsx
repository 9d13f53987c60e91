/**
 * Rendering a body the way a browser would — without letting it act like one. HTML goes
 * into an iframe with an empty `sandbox` (no scripts, no same-origin, no forms, no
 * popups) and a CSP that forbids every fetch; images are shown from a Blob whose type is
 * taken from the sniffed bytes, never from the server's claim; PDFs are drawn by pdf.js
 * into canvases (`PdfPreview.tsx`), never given to the browser's viewer in a frame.
 */
import { useEffect, useMemo, useState } from 'react';
import { sandboxedPreviewHtml, type BodyKind, type SniffResult } from '../../../../core';
import { formatClient } from '../formatClient';
import { formatSize } from '../../../base/components/units';
import { PdfPreview } from './PdfPreview';

/**
 * HTML bodies up to this size are previewed; the frame renders on the page's own thread,
 * so a larger page would stall it. Pretty and Raw show any size.
 */
export const PREVIEW_HTML_LIMIT = 4 * 1024 * 1024;

export interface PreviewViewProps {
  kind: BodyKind;
  sniff: SniffResult;
  chunks: readonly Uint8Array[];
  documentId: number;
  textBytes: number;
}

function useBlobUrl(chunks: readonly Uint8Array[], type: string, enabled: boolean): string | undefined {
  const url = useMemo(() => (enabled ? URL.createObjectURL(new Blob(chunks as Uint8Array<ArrayBuffer>[], { type })) : undefined), [chunks, type, enabled]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

export function PreviewView({ kind, sniff, chunks, documentId, textBytes }: PreviewViewProps) {
  const [html, setHtml] = useState<{ id: number; text: string } | undefined>();
  useEffect(() => {
    if (kind !== 'html') return;
    let live = true;
    formatClient().open('body', 'raw');
    formatClient()
      .request({ type: 'text', doc: 'body', view: 'raw', maxChars: PREVIEW_HTML_LIMIT })
      .then((text) => live && setHtml({ id: documentId, text: sandboxedPreviewHtml(text) }), () => undefined);
    return () => {
      live = false;
    };
  }, [kind, documentId]);
  const imageType = kind === 'image' && sniff.mediaType.startsWith('image/') ? sniff.mediaType : 'application/octet-stream';
  const imageUrl = useBlobUrl(chunks, imageType, kind === 'image');

  if (kind === 'html') {
    if (textBytes > PREVIEW_HTML_LIMIT) return <p className="muted">This page is {formatSize(textBytes)}; previews render pages up to {formatSize(PREVIEW_HTML_LIMIT)}. Pretty and Raw show all of it.</p>;
    if (!html || html.id !== documentId) return <p className="muted">Preparing the preview…</p>;
    return (
      <div className="preview" data-testid="response-body">
        <p className="muted body-caption">Rendered with scripts, forms and network access disabled.</p>
        <iframe title="HTML preview of the response" className="preview-frame" sandbox="" referrerPolicy="no-referrer" srcDoc={html.text} />
      </div>
    );
  }
  if (kind === 'image' && imageUrl) {
    return (
      <div className="preview preview-image" data-testid="response-body">
        <img src={imageUrl} alt={`The response body, ${sniff.label}`} />
      </div>
    );
  }
  if (kind === 'pdf' && sniff.kind === 'pdf') return <PdfPreview chunks={chunks} />;
  return <p className="muted">There is no preview for {sniff.label}.</p>;
}
