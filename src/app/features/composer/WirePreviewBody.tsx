import { useMemo } from 'react';
import { maskedWirePreview } from '../soap/soapSecurity';
import { useSoapWirePreview } from '../soap/useSoapWirePreview';
import { SigningSteps } from '../../base/components/SigningSteps';
import { useComposerView } from './useComposerView';
import { useEnvironmentValues } from '../environments/useEnvironmentValues';
import { useSignedWirePreview } from './useSignedWirePreview';
import { CopyPresignedUrl } from './CopyPresignedUrl';
import { useJarCookiePreview, type JarCookiesForSend } from '../cookies/useJarCookiePreview';
import { useWorkbench } from '../../base/state/StoreProvider';
import { maskedValue } from '../../../core/run/maskedValue';
import { maskRunSecrets, runVariablesUsed } from './knownVariables';

/**
 * The inside of "What will be sent" (WirePreviewPanel.tsx), loaded when it is first opened: the HTTP/1.1 request as the relay will write it, or why it cannot
 * be built. A SOAP tab's WS-Security header is in it (added at send time, shown here with
 * the password masked). Closed until the person opens it; open or closed, it stays as they
 * left it (a shell preference, kept across reloads).
 */
export function WirePreviewBody() {
  const view = useComposerView();
  const env = useEnvironmentValues();
  const soap = useSoapWirePreview(view.build.ok ? view.build.value.wire : undefined, env);
  const unsigned = view.build.ok ? (soap.state === 'ready' ? soap.wire : view.build.value.wire) : undefined;
  const signed = useSignedWirePreview(soap.state === 'pending' ? undefined : unsigned, env);
  const withCookies = useJarCookiePreview(unsigned ? (signed.state === 'ready' ? signed.wire : unsigned) : undefined);
  const shown = withCookies.wire;
  // Run variables (captured, script-set) show their current value; secret ones masked.
  const draft = useWorkbench((s) => s.draft);
  const runValues = useWorkbench((s) => s.runValues);
  const runSecretNames = useWorkbench((s) => s.runSecretNames);
  const fromRun = useMemo(() => runVariablesUsed(draft, runValues), [draft, runValues]);
  const text = useMemo(() => (shown ? maskRunSecrets(maskedWirePreview(shown), runValues, runSecretNames, maskedValue) : undefined), [shown, runValues, runSecretNames]);
  return view.build.ok ? (
        <>
          {view.build.value.vaultPending ? <p className="muted small">The Authorization header is added from the vault when sending.</p> : null}
          {view.build.value.assumedHttp ? (
            <p className="muted small" data-testid="wire-preview-scheme">
              The URL has no scheme, so it is sent over http://, as Postman and newman send it.
            </p>
          ) : null}
          {view.build.value.dynamic ? (
            <p className="muted small" data-testid="wire-preview-dynamic">
              {view.build.value.dynamic.map((name) => `{{${name}}}`).join(', ')} {view.build.value.dynamic.length === 1 ? 'shows a sample value' : 'show sample values'}: a new value is drawn at send time, once for each use.
            </p>
          ) : null}
          {fromRun.length > 0 ? (
            <p className="muted small" data-testid="wire-preview-run">
              {fromRun.map((name) => `{{${name}}}`).join(', ')} {fromRun.length === 1 ? 'is a run variable' : 'are run variables'} (captured or set by a script): shown with the current value.
            </p>
          ) : null}
          {view.setAtSend.length > 0 ? (
            <p className="muted small" data-testid="wire-preview-set-at-send">
              {view.setAtSend.map((name) => `{{${name}}}`).join(', ')} {view.setAtSend.length === 1 ? 'is' : 'are'} set by this request&apos;s pre-request script when it is sent: shown here as written.
            </p>
          ) : null}
          {soap.state === 'error' || signed.state === 'error' ? (
            <p className="field-error" data-testid="wire-preview-error">
              Cannot be sent yet: {soap.state === 'error' ? soap.message : signed.state === 'error' ? signed.message : null}
            </p>
          ) : null}
          <pre className="wire-text" data-testid="wire-preview" tabIndex={0} aria-label="What will be sent" aria-busy={soap.state === 'pending' || signed.state === 'pending' || withCookies.jar.pending}>
            {text}
          </pre>
          <p className="muted small">
            Lines end in CRLF on the wire. The relay adds Host, Content-Length and Connection exactly as shown.
            {soap.state === 'pending' ? ' Adding the WS-Security header…' : null}
            {soap.state === 'ready'
              ? soap.replayed
                ? ' The WS-Security header is the one sent last, sent again unchanged; the password is masked.'
                : ' The WS-Security header is made at each send with a new Nonce and Created, so those two will differ from the ones shown; the password is masked.'
              : null}
            {signed.state === 'ready' ? ' The signature is made at each send with that moment\'s X-Amz-Date, so the date and signature will differ from the ones shown.' : null}
            {signed.state === 'ready' && signed.presigned ? ' Signed in the query (a presigned URL): history and exports keep X-Amz-Signature and X-Amz-Security-Token masked.' : null}
          </p>
          <JarCookiesNote jar={withCookies.jar} />
          {signed.state === 'ready' && signed.presigned && unsigned ? <CopyPresignedUrl wire={unsigned} env={env} /> : null}
          {signed.state === 'ready' ? <SigningSteps steps={signed.steps} idPrefix="wire-preview" /> : null}
        </>
      ) : (
        <p className="field-error" data-testid="wire-preview-error">
          Cannot be sent yet: {view.build.error.message}
        </p>
      );
}

/** Where the Cookie header's jar cookies come from, or that the request opts out. Names only. */
function JarCookiesNote({ jar }: { jar: JarCookiesForSend }) {
  if (!jar.on) {
    return (
      <p className="muted small" data-testid="wire-preview-cookies">
        Send and store cookies is off for this request: the workspace jar adds nothing, and nothing is stored.
      </p>
    );
  }
  if (jar.sent.length === 0 && jar.overridden.length === 0) return null;
  return (
    <p className="muted small" data-testid="wire-preview-cookies">
      {jar.sent.length > 0 ? `Cookie: ${jar.sent.join(', ')} ${jar.sent.length === 1 ? 'comes' : 'come'} from the workspace jar (values masked; see Cookies).` : null}
      {jar.overridden.length > 0 ? ` Typed in Headers, so not taken from the jar: ${jar.overridden.join(', ')}.` : null}
      {' '}A redirect hop may carry other cookies: the relay works them out per hop.
    </p>
  );
}
