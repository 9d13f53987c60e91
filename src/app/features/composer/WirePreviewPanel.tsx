import { useAfterFirstScreen } from '../../base/lazy/afterFirstScreen';
import { lazyPart } from '../../base/lazy/lazyPart';
import { useWorkbench } from '../../base/state/StoreProvider';

const WirePreviewBody = lazyPart({
  name: 'What will be sent',
  load: () => import('./WirePreviewBody'),
  pick: (module) => module.WirePreviewBody,
  fallback: () => <p className="muted small">Working out what will be sent…</p>,
});

/**
 * "What will be sent": the HTTP/1.1 request as the relay will write it, or why it cannot
 * be built (WirePreviewBody.tsx, with the SOAP WS-Security, SigV4 and cookie-jar previews it
 * needs, loaded when opened or once the first screen is up: not with it). Closed until the person opens
 * it; open or closed, it stays as they left it (a shell preference, kept across reloads).
 */
export function WirePreviewPanel() {
  const open = useWorkbench((s) => s.wirePreviewOpen);
  const setUi = useWorkbench((s) => s.setUi);
  // Open: at once. Closed: once the first screen is up (its text is in the page for find-in-page and tests, as before).
  const idle = useAfterFirstScreen();
  return (
    <details className="section wire-preview" open={open} onToggle={(event) => setUi({ wirePreviewOpen: event.currentTarget.open })}>
      <summary>
        <h2>What will be sent</h2>
      </summary>
      {open || idle ? <WirePreviewBody /> : null}
    </details>
  );
}
