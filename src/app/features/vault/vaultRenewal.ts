/**
 * How an entry gets its next access token (issue 16, item 6). An entry without OAuth
 * settings (or with grant "manual") exchanges its refresh token exactly as before (the
 * spec's JSON body of §4.1, or RFC 6749's form). An entry whose tokens the vault obtained
 * itself refreshes with RFC 6749 §6's form request, authenticated the way its client is
 * registered; a client credentials entry, which holds no refresh token, runs its grant
 * again; an authorization code, device or password entry left without a refresh token can
 * only be signed in again.
 */
import {
  buildTokenRequest,
  checkTokenEndpoint,
  fail,
  ok,
  refreshDueAt,
  usableAccessToken,
  vaultEntryNeedsExchange,
  vaultEntryStatus,
  type Result,
  type VaultEntryConfig,
  type VaultEntryState,
  type VaultExchangeRequest,
  type WireRequest,
} from '../../../core';
import type { Grant, OAuthClient } from '../../../core/oauth';

/** Core's OAuth requests (and `jose` with them) load with the first OAuth entry's request, not with the page. */
export const loadOAuth = () => import('../../../core/oauth');

/**
 * - `spec-refresh`: the refresh token, as the entry's body format says (no OAuth settings).
 * - `oauth-refresh`: RFC 6749 §6 with the entry's client authentication.
 * - `client-credentials`: the client credentials grant again (RFC 6749 §4.4).
 * - `sign-in-again`: a grant with a person in it gave no refresh token; only a new sign-in helps.
 * - `paste`: an entry without OAuth settings that holds no refresh token yet.
 */
export type VaultRenewal = 'spec-refresh' | 'oauth-refresh' | 'client-credentials' | 'sign-in-again' | 'paste';

/** Whether the vault runs the entry's grant itself (its OAuth settings name one). */
export function runsOwnGrant(config: VaultEntryConfig): boolean {
  return config.oauth !== undefined && config.oauth.grant !== 'manual';
}

/** How `config`'s entry, holding `state`, gets its next access token. */
export function vaultRenewalOf(config: VaultEntryConfig, state: Pick<VaultEntryState, 'refreshToken'>): VaultRenewal {
  const own = runsOwnGrant(config);
  if (state.refreshToken !== undefined) return own ? 'oauth-refresh' : 'spec-refresh';
  if (config.oauth?.grant === 'client_credentials') return 'client-credentials';
  return own ? 'sign-in-again' : 'paste';
}

/** Whether the renewal is one the vault can do without the person (refresh or client credentials). */
export function renewsByItself(renewal: VaultRenewal): boolean {
  return renewal === 'spec-refresh' || renewal === 'oauth-refresh' || renewal === 'client-credentials';
}

/**
 * Whether, at `now`, only a new sign-in gives the entry an access token: its grant has a
 * person in it, gave no refresh token, and the access token expired or was refused.
 */
export function needsSignInAgain(config: VaultEntryConfig, state: VaultEntryState, now: number): boolean {
  if (state.phase !== 'held' && state.phase !== 'failed') return false;
  return vaultRenewalOf(config, state) === 'sign-in-again' && vaultEntryStatus(state, config, now) === 'expired';
}

/** The message for an entry whose access token ran out and that holds no refresh token. */
export function signInAgainMessage(config: VaultEntryConfig): string {
  return `The access token of "${config.name}" expired and its grant gave no refresh token (no offline_access?): sign in again with "Get tokens" in the Vault panel.`;
}

/**
 * Whether the entry should get a new access token before its token is used at `now`:
 * the refresh rule of core (`vaultEntryNeedsExchange`), and for a client credentials
 * entry the same rule without a refresh token — also when it holds no token yet.
 */
export function vaultRenewalDue(state: VaultEntryState, config: VaultEntryConfig, now: number): boolean {
  if (vaultEntryNeedsExchange(state, config, now)) return true;
  if (vaultRenewalOf(config, state) !== 'client-credentials' || state.phase === 'refreshing' || state.phase === 'revoked') return false;
  const access = usableAccessToken(state, config, now);
  if (!access) return true;
  const due = refreshDueAt(access, config);
  return due !== undefined && now >= due;
}

/** The client as core's OAuth requests need it, from the entry's settings (secrets included). */
export function oauthClientOf(config: VaultEntryConfig): OAuthClient {
  const oauth = config.oauth;
  return {
    clientId: config.clientId,
    authMethod: oauth?.clientAuthMethod ?? 'client_secret_basic',
    ...(config.clientSecret !== '' ? { clientSecret: config.clientSecret } : {}),
    ...(oauth?.privateKey ? { privateKey: oauth.privateKey } : {}),
    ...(oauth?.signingAlg ? { signingAlg: oauth.signingAlg } : {}),
    ...(oauth?.keyId ? { keyId: oauth.keyId } : {}),
  };
}

/** Every secret of the entry and the tokens in play, for scrubbing log texts. */
export function entrySecrets(config: VaultEntryConfig, ...tokens: (string | undefined)[]): (string | undefined)[] {
  return [config.clientSecret, config.oauth?.privateKey, config.oauth?.password, ...tokens];
}

/**
 * `url` as an endpoint the entry's secrets may be sent to: absolute, no credentials in it,
 * https unless the person confirmed plain http for the entry (spec §5).
 */
export function checkEntryEndpoint(config: VaultEntryConfig, url: string, field: string, what: string): Result<string> {
  if (url.trim() === '') return fail({ kind: 'vault-endpoint-missing', field, message: `"${config.name}" has no ${what}; discover the issuer or enter it in the entry's OAuth settings.` });
  const checked = checkTokenEndpoint(url, { entryName: config.name, allowPlainHttp: config.allowPlainHttp });
  return checked.ok ? ok(checked.value.href) : fail({ ...checked.error, field, message: checked.error.message.replace('The token endpoint', `The ${what}`) });
}

/** The request that renews the entry's access token, and what it is. */
export interface RenewalRequest {
  wire: WireRequest;
  /** For the log; absent for the spec's refresh. */
  request?: VaultExchangeRequest;
  bodyFormat: 'json' | 'form';
}

/**
 * Builds the renewal request for `renewal`. The spec's refresh is `buildTokenRequest`
 * unchanged; the OAuth ones carry the entry's scope, resources, audience and extra fields.
 */
export async function buildRenewalRequest(config: VaultEntryConfig, renewal: VaultRenewal, refreshToken: string): Promise<Result<RenewalRequest>> {
  if (renewal === 'spec-refresh' || renewal === 'paste') {
    const built = buildTokenRequest(config, refreshToken);
    return built.ok ? ok({ wire: built.value, bodyFormat: config.bodyFormat }) : built;
  }
  if (renewal === 'sign-in-again') return fail({ kind: 'vault-sign-in-again', message: signInAgainMessage(config) });
  const endpoint = checkEntryEndpoint(config, config.tokenUrl, 'tokenUrl', 'token endpoint');
  if (!endpoint.ok) return endpoint;
  const oauth = config.oauth!;
  const grant: Grant = renewal === 'oauth-refresh' ? { kind: 'refresh_token', refreshToken } : { kind: 'client_credentials' };
  const { buildGrantTokenRequest } = await loadOAuth();
  const built = await buildGrantTokenRequest(endpoint.value, oauthClientOf(config), grant, {
    // RFC 6749 §6: a refresh without scope keeps the scope granted. Asking again for the
    // entry's scope is refused (invalid_scope) where the grant came back narrower, e.g.
    // oidc-provider, which does not echo offline_access.
    ...(renewal === 'client-credentials' ? { scope: oauth.scope } : {}),
    resources: oauth.resources,
    audience: oauth.audience,
    extra: config.extraFields,
  });
  if (!built.ok) return built;
  return ok({ wire: built.value, request: grant.kind === 'refresh_token' ? 'refresh_token' : 'client_credentials', bodyFormat: 'form' });
}
