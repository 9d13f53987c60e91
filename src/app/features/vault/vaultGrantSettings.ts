/**
 * Between a vault entry's settings and the grant runner of `core/oauth` (issue 16): the
 * runner's settings from an entry, what discovery fills in, the access token a grant's
 * answer becomes, the allowed host to offer, and the device code's countdown.
 */
import {
  accessTokenExpiry,
  decodeJwt,
  fail,
  newVaultOAuthSettings,
  ok,
  type Result,
  type VaultAccessToken,
  type VaultEntryConfig,
  type VaultOAuthSettings,
  VAULT_RESERVED_AUTHORIZATION_PARAMETERS,
  VAULT_RESERVED_TOKEN_PARAMETERS,
  vaultParameterProblems,
} from '../../../core';
import { supportedByServer, type AuthorizationServerMetadata, type GrantOutcome, type GrantSettings } from '../../../core/oauth';
import { oauthClientOf } from './vaultRenewal';

/** Where the provider sends the browser back: this server's loopback callback (RFC 8252 §7.3). */
export function loopbackRedirectUri(origin: string): string {
  return `${origin}/oauth/callback`;
}

/** The entry's OAuth settings, or fresh ones for an entry made before issue 16. */
export function oauthOf(config: VaultEntryConfig): VaultOAuthSettings {
  return config.oauth ?? newVaultOAuthSettings();
}

/** The redirect URI an entry's sign-in uses: the one it registered, else this server's. */
export function redirectUriOf(config: VaultEntryConfig, origin: string): string {
  return oauthOf(config).redirectUri.trim() || loopbackRedirectUri(origin);
}

/**
 * The runner's settings for the entry's grant. Fails, naming the field, when the entry
 * pastes its refresh token by hand or lacks the endpoint its grant needs.
 */
export function grantSettingsOf(config: VaultEntryConfig, origin: string): Result<GrantSettings> {
  const oauth = oauthOf(config);
  if (oauth.grant === 'manual') return fail({ kind: 'vault-grant-manual', field: 'oauth.grant', message: 'This entry takes a pasted refresh token; choose a grant under "Get tokens" in Settings.' });
  if (config.tokenUrl.trim() === '') return fail({ kind: 'vault-grant-endpoint', field: 'tokenUrl', message: 'Enter the token endpoint, or discover it from the issuer.' });
  if (oauth.grant === 'authorization_code' && oauth.authorizationEndpoint.trim() === '') {
    return fail({ kind: 'vault-grant-endpoint', field: 'oauth.authorizationEndpoint', message: 'The authorization code grant needs the authorization endpoint; discover it from the issuer or enter it under Endpoints.' });
  }
  if (oauth.grant === 'device_code' && oauth.deviceAuthorizationEndpoint.trim() === '') {
    return fail({ kind: 'vault-grant-endpoint', field: 'oauth.deviceAuthorizationEndpoint', message: 'The device grant needs the device authorization endpoint; discover it from the issuer or enter it under Endpoints.' });
  }
  const parameterProblem = [
    ...vaultParameterProblems(config.extraFields, VAULT_RESERVED_TOKEN_PARAMETERS, 'extraFields', 'Token request parameter'),
    ...vaultParameterProblems(oauth.authorizationParameters ?? [], VAULT_RESERVED_AUTHORIZATION_PARAMETERS, 'oauth.authorizationParameters', 'Authorization parameter'),
  ][0];
  if (parameterProblem) return fail({ ...parameterProblem, message: `${parameterProblem.message} Fix it in Settings; nothing was sent.` });
  const named = (list: readonly { name: string; value: string }[]) => list.filter((p) => p.name.trim() !== '').map((p) => ({ name: p.name.trim(), value: p.value }));
  const resources = oauth.resources.map((r) => r.trim()).filter(Boolean);
  const text = (value: string) => (value.trim() ? value.trim() : undefined);
  const optional = {
    scope: text(oauth.scope),
    audience: text(oauth.audience),
    issuer: text(oauth.issuer),
    jwksUri: text(oauth.jwksUri),
    authorizationEndpoint: text(oauth.authorizationEndpoint),
    deviceAuthorizationEndpoint: text(oauth.deviceAuthorizationEndpoint),
  };
  const settings: GrantSettings = {
    grant: oauth.grant,
    client: oauthClientOf(config),
    tokenEndpoint: config.tokenUrl.trim(),
    redirectUri: redirectUriOf(config, origin),
    usePkce: oauth.usePkce,
    ...(oauth.requireIssParameter ? { requireIssParameter: true } : {}),
    ...(oauth.pkceMethods.length ? { pkceMethods: oauth.pkceMethods } : {}),
    ...(resources.length ? { resources } : {}),
    ...(named(config.extraFields).length ? { extra: named(config.extraFields) } : {}),
    ...(named(oauth.authorizationParameters ?? []).length ? { extraAuthorize: named(oauth.authorizationParameters ?? []) } : {}),
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
  };
  if (oauth.grant === 'password') Object.assign(settings, { username: oauth.username, password: oauth.password });
  return ok(settings);
}

/**
 * What discovery fills in: every endpoint the document names (the token endpoint is the
 * entry's `tokenUrl`), the PKCE methods, whether a redirect must carry `iss` (RFC 9207),
 * and the first client authentication method the server lists when the current one is
 * not among them.
 */
export function applyDiscovery(config: VaultEntryConfig, meta: AuthorizationServerMetadata, at: number): VaultEntryConfig {
  const oauth = oauthOf(config);
  const methods = meta.tokenEndpointAuthMethodsSupported;
  const knownMethod = (['client_secret_basic', 'client_secret_post', 'none', 'private_key_jwt'] as const).find((m) => methods.includes(m));
  return {
    ...config,
    tokenUrl: meta.tokenEndpoint ?? config.tokenUrl,
    oauth: {
      ...oauth,
      issuer: meta.issuer,
      authorizationEndpoint: meta.authorizationEndpoint ?? '',
      deviceAuthorizationEndpoint: meta.deviceAuthorizationEndpoint ?? '',
      revocationEndpoint: meta.revocationEndpoint ?? '',
      introspectionEndpoint: meta.introspectionEndpoint ?? '',
      userinfoEndpoint: meta.userinfoEndpoint ?? '',
      jwksUri: meta.jwksUri ?? '',
      pkceMethods: meta.codeChallengeMethodsSupported ?? [],
      clientAuthMethod: methods.includes(oauth.clientAuthMethod) || !knownMethod ? oauth.clientAuthMethod : knownMethod,
      discovered: { at, source: meta.source, grantTypes: [...meta.grantTypesSupported], clientAuthMethods: [...methods], issParameterSupported: meta.authorizationResponseIssParameterSupported },
      // RFC 9207 §2.4: what the server advertises decides; rediscovering a server that stopped advertising it turns it off.
      requireIssParameter: meta.authorizationResponseIssParameterSupported,
    },
  };
}

/**
 * What the server supports, from what the entry kept of its discovery document (the
 * endpoints as they stand now), or undefined when discovery never ran for the entry.
 */
export function serverSupportOf(oauth: VaultOAuthSettings): ReturnType<typeof supportedByServer> | undefined {
  const found = oauth.discovered;
  if (!found) return undefined;
  return supportedByServer({
    issuer: oauth.issuer,
    source: found.source,
    responseTypesSupported: [],
    grantTypesSupported: found.grantTypes,
    tokenEndpointAuthMethodsSupported: found.clientAuthMethods,
    authorizationResponseIssParameterSupported: found.issParameterSupported === true,
    ...(oauth.authorizationEndpoint.trim() ? { authorizationEndpoint: oauth.authorizationEndpoint } : {}),
    ...(oauth.deviceAuthorizationEndpoint.trim() ? { deviceAuthorizationEndpoint: oauth.deviceAuthorizationEndpoint } : {}),
    notes: [],
  });
}

/**
 * The access token a grant's answer becomes: its expiry from `expires_in`, counted from
 * when the request was sent, else from a JWT `exp`.
 */
export function accessFromGrant(outcome: GrantOutcome): { access: VaultAccessToken; refreshToken?: string } {
  const { tokens, sentAt } = outcome;
  const jwt = decodeJwt(tokens.accessToken);
  const exp = jwt.ok && jwt.value.exp ? jwt.value.exp.getTime() / 1000 : undefined;
  const access: VaultAccessToken = {
    token: tokens.accessToken,
    obtainedAt: sentAt,
    ...accessTokenExpiry(sentAt, tokens.expiresInSeconds, exp),
    ...(tokens.tokenType !== undefined ? { tokenType: tokens.tokenType } : {}),
    ...(tokens.scope !== undefined ? { scope: tokens.scope } : {}),
  };
  return { access, ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}) };
}

/**
 * A host to offer for "Allowed hosts" when the entry lists none: the first resource
 * indicator's or the audience's host when it is a URL, else the token endpoint's (the
 * sandbox's API lives beside its authorization server). Only offered, never added unasked.
 */
export function suggestedAllowedHost(config: VaultEntryConfig): string | undefined {
  if (config.allowedHosts.length > 0) return undefined;
  const oauth = oauthOf(config);
  for (const candidate of [...oauth.resources, oauth.audience, config.tokenUrl]) {
    try {
      const url = new URL(candidate.trim());
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.host;
    } catch {
      // not a URL: try the next
    }
  }
  return undefined;
}

/** What the device view shows of the time left to enter the code. */
export interface DeviceCountdown {
  secondsLeft: number;
  expired: boolean;
  /** "4:59", "0:07". */
  label: string;
}

/** The time left before a device code expires, at `now`. */
export function deviceCountdown(expiresAt: number, now: number): DeviceCountdown {
  const secondsLeft = Math.max(0, Math.ceil((expiresAt - now) / 1000));
  return { secondsLeft, expired: secondsLeft === 0, label: `${Math.floor(secondsLeft / 60)}:${String(secondsLeft % 60).padStart(2, '0')}` };
}
