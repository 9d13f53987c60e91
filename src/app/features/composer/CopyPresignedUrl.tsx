import { useState } from 'react';
import type { WireRequest } from '../../../core';
import { useWorkbench } from '../../base/state/StoreProvider';
import { copyText } from '../workspace/textTransfer';
import { signDraftWire } from './authSigning';

/**
 * "Copy presigned URL": the URL signed again at the moment of the click (so its
 * X-Amz-Expires runs from then, not from when the preview was made) and put on the
 * clipboard — the one place the signature leaves the page on purpose; history and exports
 * keep it masked.
 */
export function CopyPresignedUrl({ wire, env }: { wire: WireRequest; env: Record<string, string> }) {
  const auth = useWorkbench((s) => s.draft.auth);
  const [status, setStatus] = useState('');

  const copy = async () => {
    const signed = await signDraftWire({ auth }, env, wire).catch((err: Error) => ({ ok: false as const, error: { message: err.message } }));
    if (!signed.ok || !signed.value) {
      setStatus(`Not copied: ${signed.ok ? 'the request is not signed in the query' : signed.error.message}`);
      return;
    }
    const expires = new URL(signed.value.wire.url).searchParams.get('X-Amz-Expires');
    setStatus((await copyText(signed.value.wire.url)) ? `Copied: a URL signed now, valid for ${expires} s. Anyone holding it has that access.` : 'The browser refused the clipboard; the URL shown above is signed too.');
  };

  return (
    <p className="small">
      <button type="button" className="small-button" onClick={() => void copy()}>
        Copy presigned URL
      </button>{' '}
      <span className="muted" role="status" data-testid="presigned-url-status">
        {status}
      </span>
    </p>
  );
}
