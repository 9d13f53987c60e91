/**
 * Authorize: the MCP authorization chain, then the vault's own grant. The relay walks
 * 401 → protected resource metadata → authorization server metadata → dynamic registration
 * (or the client id the person entered), each step shown; a vault entry is made from what
 * it found (authorization code, PKCE S256, `resource` = the MCP server, RFC 8707), the
 * vault runs the sign-in through the loopback callback with each of its steps shown, and
 * the draft's auth becomes that entry, so tokens are stored and refreshed as the vault does.
 */
import type { StoreApi } from 'zustand';
import { newVaultOAuthSettings, sessionSecrets } from '../../../core';
import type { AuthPlan } from '../../../core/protocols/mcp/authDiscovery';
import { activeEnvironmentValues } from '../environments/environmentsSlice';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import { mcpDiscover } from './mcpClient';
import { mcpSettingsOf, prepareMcp } from './mcpPrepare';
import { useMcpStore } from './mcpStore';

const patch = (tabId: string, change: Parameters<ReturnType<typeof useMcpStore.getState>['patch']>[1]) => useMcpStore.getState().patch(tabId, change);

const isLoopbackHttp = (u: string) => {
  const url = new URL(u);
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
};

/** The vault entry's settings for `plan`. */
function entryPatch(plan: AuthPlan, serverUrl: string) {
  const client = plan.client!;
  const host = new URL(serverUrl).host;
  const plain = isLoopbackHttp(serverUrl) && isLoopbackHttp(plan.tokenEndpoint);
  return {
    name: `MCP ${host}${new URL(serverUrl).pathname}`,
    tokenUrl: plan.tokenEndpoint,
    clientId: client.clientId,
    clientSecret: client.clientSecret ?? '',
    bodyFormat: 'form' as const,
    clientAuthentication: client.authMethod === 'client_secret_basic' ? ('basic' as const) : ('body' as const),
    allowedHosts: [host],
    // Plain http only where both the server and the token endpoint are on this machine (the sandbox).
    allowPlainHttp: plain,
    oauth: {
      ...newVaultOAuthSettings(),
      grant: 'authorization_code' as const,
      issuer: plan.issuer,
      authorizationEndpoint: plan.authorizationEndpoint,
      revocationEndpoint: plan.revocationEndpoint ?? '',
      clientAuthMethod: client.authMethod,
      scope: plan.scope,
      resources: [plan.resource],
      usePkce: true,
      pkceMethods: plan.pkceMethods,
      requireIssParameter: plan.issParameterSupported,
    },
  };
}

export async function authorize(store: StoreApi<WorkbenchState>, tabId: string): Promise<void> {
  const { pageVault } = await import('../vault/vaultInstance');
  const vault = pageVault();
  if (vault.store.getState().mode !== 'open') {
    return patch(tabId, { auth: { running: false, steps: [], error: 'Open the vault first (Vault in the sidebar: set it up or unlock it). The MCP server\'s tokens are kept and refreshed there.' } });
  }
  const state = store.getState();
  const prepared = await prepareMcp(state.draft, activeEnvironmentValues(state), { withAuth: false });
  if (!prepared.ok) return patch(tabId, { auth: { running: false, steps: [], error: prepared.message } });
  patch(tabId, { auth: { running: true, steps: [] } });
  const { loopbackRedirectUri } = await import('../vault/vaultGrantSettings');
  const settings = mcpSettingsOf(state.draft);
  const found = await mcpDiscover({ url: prepared.value.url, headers: prepared.value.headers, network: prepared.value.network, redirectUri: loopbackRedirectUri(location.origin), ...(settings.clientId ? { clientId: settings.clientId } : {}) });
  if (!found.plan) return patch(tabId, { auth: { running: false, steps: found.steps, error: found.error ?? 'Discovery ended without a plan.' } });
  const plan = found.plan;
  if (plan.client?.clientSecret) sessionSecrets.remember(plan.client.clientSecret, 'a registered client secret');
  const entryId = vault.addEntry(entryPatch(plan, prepared.value.url));
  // The registered secret is sealed in the vault; the page's copy is dropped.
  if (plan.client) plan.client = { ...plan.client, ...(plan.client.clientSecret ? { clientSecret: '••••••' } : {}) };
  store.getState().updateDraft((d) => ({ ...d, auth: { ...d.auth, scheme: 'vault', vaultEntryId: entryId } }));
  const note = `Vault entry "${vault.entry(entryId)?.config.name}" made: authorization code with PKCE, resource=${plan.resource}, scope "${plan.scope}". The sign-in page opens in a popup; after it, the vault keeps and refreshes the tokens.${vault.entry(entryId)?.config.allowPlainHttp ? ' Plain http is allowed for this entry because the server and its authorization server are on this machine.' : ''}`;
  patch(tabId, { auth: { running: true, steps: found.steps, plan, entryId, note } });
  const { pageGrantRuns } = await import('../vault/pageGrantRuns');
  const started = await pageGrantRuns().start(entryId);
  const run = pageGrantRuns().store.getState().runs[entryId];
  const error = !started.ok ? started.error.message : run?.status === 'failed' ? run.error ?? 'The sign-in failed.' : run?.status === 'cancelled' ? 'The sign-in was cancelled.' : undefined;
  patch(tabId, { auth: { running: false, steps: found.steps, plan, entryId, note, ...(error ? { error } : {}) } });
}

/** Cancels the sign-in of the tab's authorization. */
export async function cancelAuthorize(tabId: string): Promise<void> {
  const entryId = useMcpStore.getState().tabs[tabId]?.auth?.entryId;
  if (!entryId) return;
  const { pageGrantRuns } = await import('../vault/pageGrantRuns');
  pageGrantRuns().cancel(entryId);
}
