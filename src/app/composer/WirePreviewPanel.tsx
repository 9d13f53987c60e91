import { useMemo } from 'react';
import { wirePreview } from '../../core';
import { useComposerView } from './useComposerView';

/** "What will be sent": the HTTP/1.1 request as the relay will write it, or why it cannot be built. */
export function WirePreviewPanel() {
  const view = useComposerView();
  const text = useMemo(() => (view.build.ok ? wirePreview(view.build.value.wire).replace(/\r\n/g, '\n') : undefined), [view.build]);
  return (
    <details className="section wire-preview" open>
      <summary>
        <h2>What will be sent</h2>
      </summary>
      {view.build.ok ? (
        <>
          {view.build.value.vaultPending ? <p className="muted small">The Authorization header is added from the vault when sending.</p> : null}
          <pre className="wire-text" data-testid="wire-preview" tabIndex={0} aria-label="What will be sent">
            {text}
          </pre>
          <p className="muted small">Lines end in CRLF on the wire. The relay adds Host, Content-Length and Connection exactly as shown.</p>
        </>
      ) : (
        <p className="field-error" data-testid="wire-preview-error">
          Cannot be sent yet: {view.build.error.message}
        </p>
      )}
    </details>
  );
}
