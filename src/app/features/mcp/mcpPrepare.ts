/**
 * An MCP draft made ready for the relay: the server URL with variables substituted, the
 * headers from the draft's headers and auth (built by core like an HTTP request's, so
 * Bearer, API keys and vault tokens work the same), and how the relay reaches the server: the
 * page's network options for its URL (the workspace's proxy, the host's client certificate and
 * CA bundles, trusted fingerprints, a verification exception or the request's own "skip
 * verification"), as an HTTP send to it would go. Every credential goes through the one
 * ledger, so the wire, history and run reports mask it.
 */
import { buildWireRequest, type HeaderField, type RequestDraft } from '../../../core';
import { emptyMcpSettings, type McpSettings } from '../../../core/protocols/mcp/settings';
import { rememberExchangeSecrets } from '../../../core/workspace/redact';
import { pageNetworkOptions, type NetworkOptions } from '../../base/relay/networkOptions';

export interface PreparedMcp {
  url: string;
  headers: HeaderField[];
  settings: McpSettings;
  /** Sent with the session and the discovery chain (secrets: to the relay only, never into the wire or history). */
  network: NetworkOptions;
}

/** The draft's settings, filled in where an older draft lacks a field. */
export function mcpSettingsOf(draft: RequestDraft): McpSettings {
  return { ...emptyMcpSettings(), ...(draft.mcp ?? {}) };
}

export async function prepareMcp(draft: RequestDraft, env: Record<string, string>, options: { withAuth?: boolean } = {}): Promise<{ ok: true; value: PreparedMcp } | { ok: false; message: string }> {
  const settings = mcpSettingsOf(draft);
  const httpDraft: RequestDraft = { ...draft, method: 'POST', body: { ...draft.body, kind: 'none' }, ...(options.withAuth === false ? { auth: { ...draft.auth, scheme: 'none' } } : {}) };
  let built = buildWireRequest(httpDraft, env);
  if (!built.ok) return { ok: false, message: built.error.message };
  if (built.value.unresolved.length) return { ok: false, message: `Not connected: ${built.value.unresolved.map((n) => `{{${n}}}`).join(', ')} ${built.value.unresolved.length === 1 ? 'is' : 'are'} not defined in the active environment.` };
  if (!/^https?:\/\//i.test(built.value.wire.url)) return { ok: false, message: `The server URL "${built.value.wire.url}" must start with http:// or https://, e.g. http://127.0.0.1:4780/sandbox/mcp.` };
  if (built.value.vaultPending) {
    const { resolveVaultAuth } = await import('../vault/vaultAccess');
    const credential = await resolveVaultAuth(draft.auth.vaultEntryId ?? '', built.value.wire.url);
    if (!credential.ok) return { ok: false, message: `No token from the vault: ${credential.error.message} (Authorize gets one.)` };
    built = buildWireRequest(httpDraft, env, { vaultCredential: credential.value });
    if (!built.ok) return { ok: false, message: built.error.message };
  }
  const wire = built.value.wire;
  const headers = wire.headers.filter((h) => !/^(host|content-type|content-length|user-agent|accept-encoding|accept)$/i.test(h.name));
  rememberExchangeSecrets({ request: { method: 'POST', url: wire.url, headers }, headers: [] });
  const network = await pageNetworkOptions(wire.url);
  if (!network.ok) return { ok: false, message: network.message };
  const reach = draft.options.insecureTls ? { ...network.value, insecureTls: true } : network.value;
  return { ok: true, value: { url: wire.url, headers, settings, network: reach } };
}
