/**
 * Authorize: runs the MCP authorization chain (401 → protected resource metadata →
 * authorization server metadata → registration) and the vault's sign-in, each step shown
 * with what was asked and what came back; a failure says which step and why.
 */
import { useWorkbenchApi } from '../../base/state/StoreProvider';
import { authorize, cancelAuthorize } from './mcpAuthorize';
import { useMcpTab } from './mcpStore';
import { useGrantRun } from './useGrantRun';

export function McpAuthPanel({ tabId, clientId, onClientId }: { tabId: string; clientId: string; onClientId(v: string): void }) {
  const store = useWorkbenchApi();
  const auth = useMcpTab(tabId).auth;
  const run = useGrantRun(auth?.entryId);
  return (
    <section className="mcp-auth" aria-label="MCP authorization">
      <p className="hint">The MCP way: from the server's 401, find its protected resource metadata (RFC 9728), then its authorization server (RFC 8414), register a client (RFC 7591) and sign in with PKCE, asking for a token for this server (resource, RFC 8707). The tokens go into the vault.</p>
      <div className="mcp-row">
        <label>
          Client id (leave empty to register one)
          <input type="text" value={clientId} onChange={(e) => onClientId(e.target.value)} spellCheck={false} />
        </label>
        <button type="button" className="primary" disabled={auth?.running} onClick={() => void authorize(store, tabId)}>{auth?.running ? 'Authorizing…' : 'Authorize'}</button>
        {auth?.running && auth.entryId ? <button type="button" onClick={() => void cancelAuthorize(tabId)}>Cancel sign-in</button> : null}
      </div>
      {auth ? (
        <ol className="mcp-auth-steps" aria-label="Authorization steps">
          {auth.steps.map((s, i) => (
            <li key={i} className={`mcp-step mcp-step-${s.status}`}>
              <strong>{s.status === 'done' ? '✓' : s.status === 'failed' ? '✗' : '–'} {s.title}</strong>
              {s.request ? <code className="mcp-step-request">{s.request}{s.httpStatus ? ` → ${s.httpStatus}` : ''}</code> : null}
              <pre className="mcp-step-detail">{s.detail}</pre>
            </li>
          ))}
          {auth.note ? <li className="mcp-step mcp-step-done"><strong>✓ Vault entry</strong><p>{auth.note}</p></li> : null}
          {run ? run.steps.map((s, i) => (
            <li key={`g${i}`} className={`mcp-step mcp-step-${s.outcome === 'error' ? 'failed' : 'done'}`}>
              <strong>{s.outcome === 'ok' ? '✓' : s.outcome === 'error' ? '✗' : '…'} Vault: {s.summary}</strong>
              {s.detail ? <pre className="mcp-step-detail">{s.detail}</pre> : null}
            </li>
          )) : null}
          {run?.status === 'done' ? <li className="mcp-step mcp-step-done"><strong>✓ Signed in</strong><p>The vault holds the tokens; Connect sends the access token.</p></li> : null}
        </ol>
      ) : null}
      {auth?.error ? <p className="field-error" role="alert">Authorization stopped: {auth.error}</p> : null}
    </section>
  );
}
