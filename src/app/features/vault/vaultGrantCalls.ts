/**
 * The token side of issue 16, item 5: revoking an entry's grant (RFC 7009), introspecting
 * its tokens (RFC 7662) and asking for the signed-in person's claims (OpenID Connect Core
 * §5.3 userinfo). Each call goes to the endpoint in the entry's OAuth settings with the
 * entry's client authentication, is logged like an exchange (no secrets), and gives back
 * a parsed result or an error in words. Only revocation changes the entry: once the server
 * accepts it, the entry drops its tokens (`grant-revoked`), which its flow shows as revoked.
 */
import {
  appendVaultExchange,
  decodeJwt,
  fail,
  headerValue,
  ok,
  parseJson,
  transitionVaultEntry,
  vaultExchangeRecord,
  type CoreError,
  type Result,
  type TokenEndpointAnswer,
  type VaultAccessToken,
  type VaultEntryConfig,
  type VaultExchangeRequest,
  type WireRequest,
} from '../../../core';
import type { VaultEntryRecord } from './vaultPayload';
import { checkEntryEndpoint, entrySecrets, loadOAuth, oauthClientOf } from './vaultRenewal';
import type { VaultCore } from './vaultSession';
import { vaultRefreshLockName } from './vaultTabs';

/** Which token a revocation sent: the refresh token revokes the whole grant at most servers. */
export interface VaultRevocation {
  revoked: 'refresh_token' | 'access_token';
}

/** The members of an RFC 7662 §2.2 answer worth showing (times in seconds since the epoch). */
export interface VaultIntrospection {
  active: boolean;
  scope?: string;
  clientId?: string;
  username?: string;
  tokenType?: string;
  sub?: string;
  exp?: number;
  iat?: number;
}

const INTROSPECTION_TEXTS = { scope: 'scope', clientId: 'client_id', username: 'username', tokenType: 'token_type', sub: 'sub' } as const;

/** Revocation, introspection and userinfo for the entries of a session (see the README). */
export interface VaultGrantCalls {
  /**
   * Revokes the entry's grant at its revocation endpoint: the refresh token when it holds
   * one, else the access token. On the server's 200 the entry drops every token and shows
   * as revoked; on an error nothing changes. Fails `vault-nothing-to-revoke` without tokens.
   */
  revoke(id: string): Promise<Result<VaultRevocation>>;
  /** Asks the introspection endpoint about the entry's access token (default) or refresh token. */
  introspect(id: string, token?: 'access_token' | 'refresh_token'): Promise<Result<VaultIntrospection>>;
  /**
   * The claims of the userinfo endpoint, called with the entry's access token (renewed
   * first when due). A signed answer (`application/jwt`) is decoded, its signature not checked.
   */
  userinfo(id: string): Promise<Result<Record<string, unknown>>>;
}

/** What the calls need from the token layer. */
export interface VaultGrantCallDeps {
  /** The entry's access token, renewed first when due. */
  currentAccess(id: string): Promise<Result<VaultAccessToken>>;
}

type EndpointField = 'revocationEndpoint' | 'introspectionEndpoint' | 'userinfoEndpoint';

const WHAT: Record<EndpointField, string> = {
  revocationEndpoint: 'revocation endpoint',
  introspectionEndpoint: 'introspection endpoint',
  userinfoEndpoint: 'userinfo endpoint',
};

/** The answer as a JSON object, or why it is not one (an RFC 6749 error explained). */
async function readJsonObject(answer: TokenEndpointAnswer, what: string): Promise<Result<Record<string, unknown>, CoreError & { code?: string; status: number }>> {
  const { status, bodyText } = answer;
  const parsed = bodyText.trim() === '' ? undefined : parseJson(bodyText);
  const value = parsed?.ok && typeof parsed.value === 'object' && parsed.value !== null && !Array.isArray(parsed.value) ? (parsed.value as Record<string, unknown>) : undefined;
  if (value && typeof value.error === 'string') {
    const { explainOAuthError } = await loadOAuth();
    const description = typeof value.error_description === 'string' ? value.error_description : undefined;
    return fail({ kind: 'oauth-endpoint-error', status, code: value.error, message: `The ${what} answered ${status}: ${explainOAuthError(value.error, description)}` });
  }
  if (status < 200 || status > 299) return fail({ kind: 'oauth-endpoint-status', status, message: `The ${what} answered ${status}${bodyText.trim() ? ` (${headerValue(answer.headers, 'content-type') ?? 'no Content-Type'})` : ''}.` });
  if (!value) return fail({ kind: 'oauth-endpoint-not-json', status, message: `The ${what} answered ${status}, but not with a JSON object (${headerValue(answer.headers, 'content-type') ?? 'no Content-Type'}).` });
  return ok(value);
}

/** Adds the calls to a session core. */
export function createVaultGrantCalls(core: VaultCore, calls: VaultGrantCallDeps): VaultGrantCalls {
  const { deps, store } = core;

  function openEntry(id: string): Result<VaultEntryRecord> {
    if (store.getState().mode !== 'open') return fail({ kind: 'vault-locked', message: 'Unlock the vault first.' });
    const record = core.entry(id);
    return record ? ok(record) : fail({ kind: 'vault-entry-missing', message: `The vault has no entry "${id}".` });
  }

  function endpointOf(config: VaultEntryConfig, field: EndpointField): Result<string> {
    return checkEntryEndpoint(config, config.oauth?.[field] ?? '', `oauth.${field}`, WHAT[field]);
  }

  /** Sends `wire`, logs it with `request` and reads the answer's JSON object. */
  async function sendLogged(id: string, config: VaultEntryConfig, wire: WireRequest, request: Extract<VaultExchangeRequest, 'revocation' | 'introspection' | 'userinfo'>, secrets: (string | undefined)[]): Promise<Result<{ answer: TokenEndpointAnswer; json: Result<Record<string, unknown>, CoreError & { status: number }> }>> {
    const at = deps.now();
    const sent = await deps.transport(wire);
    const json = sent.ok ? await readJsonObject(sent.value, WHAT[`${request}Endpoint` as EndpointField]) : undefined;
    const failure = !sent.ok ? sent.error : json && !json.ok ? json.error : undefined;
    const record = vaultExchangeRecord(
      {
        at,
        trigger: 'manual',
        endpoint: wire.url,
        bodyFormat: 'form',
        request,
        clientAuthMethod: request === 'userinfo' ? 'bearer' : (config.oauth?.clientAuthMethod ?? 'client_secret_basic'),
        durationMs: deps.now() - at,
        // An empty 200 is what RFC 7009 §2.2 promises for a revocation.
        outcome: sent.ok && (json!.ok || (request === 'revocation' && sent.value.status === 200)) ? 'ok' : 'error',
        ...(sent.ok ? { status: sent.value.status } : {}),
        ...(failure && !(request === 'revocation' && sent.ok && sent.value.status === 200)
          ? { errorCode: 'code' in failure && typeof failure.code === 'string' ? failure.code : failure.kind, message: failure.message }
          : {}),
      },
      entrySecrets(config, ...secrets),
    );
    if (core.entry(id)) core.updateRecord(id, (e) => ({ ...e, log: appendVaultExchange(e.log, record) }));
    if (!sent.ok) return sent;
    return ok({ answer: sent.value, json: json! });
  }

  /** Runs `task` under the entry's refresh lock among tabs (sealed vaults), after adopting their latest tokens. */
  async function amongTabs<T>(id: string, task: () => Promise<T>): Promise<T> {
    // A refresh of this tab in flight may rotate the refresh token: revoke the newest one.
    await core.flights.whenIdle();
    if (!deps.locks || store.getState().persistence !== 'sealed') return task();
    return deps.locks.request(vaultRefreshLockName(id), { mode: 'exclusive' }, async () => {
      await core.adoptStored(id);
      return task();
    });
  }

  async function revoke(id: string): Promise<Result<VaultRevocation>> {
    return amongTabs(id, async () => {
      const record = openEntry(id);
      if (!record.ok) return record;
      const { config, state } = record.value;
      const endpoint = endpointOf(config, 'revocationEndpoint');
      if (!endpoint.ok) return endpoint;
      const which = state.refreshToken !== undefined ? 'refresh_token' : state.access ? 'access_token' : undefined;
      if (!which) return fail({ kind: 'vault-nothing-to-revoke', message: `"${config.name}" holds no token to revoke.` });
      const token = which === 'refresh_token' ? state.refreshToken! : state.access!.token;
      const { buildRevocationRequest } = await loadOAuth();
      const wire = await buildRevocationRequest(endpoint.value, oauthClientOf(config), token, which);
      if (!wire.ok) return wire;
      const sent = await sendLogged(id, config, wire.value, 'revocation', [state.refreshToken, state.access?.token]);
      if (!sent.ok) return sent;
      // RFC 7009 §2.2: 200 whether or not the token was still valid, usually with no body.
      if (sent.value.answer.status !== 200) return sent.value.json.ok ? fail({ kind: 'oauth-endpoint-status', message: `The revocation endpoint answered ${sent.value.answer.status}; RFC 7009 expects 200.` }) : sent.value.json;
      const latest = core.entry(id);
      if (latest) {
        const next = transitionVaultEntry(latest.state, { type: 'grant-revoked', at: deps.now() });
        if (!next.ok) return next;
        core.updateRecord(id, (e) => ({ ...e, state: next.value }));
        await core.whenSaved();
        core.announce(id);
      }
      return ok({ revoked: which });
    });
  }

  async function introspect(id: string, which: 'access_token' | 'refresh_token' = 'access_token'): Promise<Result<VaultIntrospection>> {
    const record = openEntry(id);
    if (!record.ok) return record;
    const { config, state } = record.value;
    const endpoint = endpointOf(config, 'introspectionEndpoint');
    if (!endpoint.ok) return endpoint;
    const token = which === 'refresh_token' ? state.refreshToken : state.access?.token;
    if (token === undefined) return fail({ kind: 'vault-no-token', message: `"${config.name}" holds no ${which === 'refresh_token' ? 'refresh' : 'access'} token to introspect.` });
    const { buildIntrospectionRequest } = await loadOAuth();
    const wire = await buildIntrospectionRequest(endpoint.value, oauthClientOf(config), token, which);
    if (!wire.ok) return wire;
    const sent = await sendLogged(id, config, wire.value, 'introspection', [state.refreshToken, state.access?.token]);
    if (!sent.ok) return sent;
    const { json } = sent.value;
    if (!json.ok) return json;
    const body = json.value;
    if (typeof body.active !== 'boolean') return fail({ kind: 'oauth-introspection-invalid', message: 'The introspection answer has no boolean "active" member (RFC 7662 §2.2).' });
    const facts: VaultIntrospection = { active: body.active };
    for (const [name, member] of Object.entries(INTROSPECTION_TEXTS)) if (typeof body[member] === 'string') Object.assign(facts, { [name]: body[member] });
    for (const name of ['exp', 'iat'] as const) if (typeof body[name] === 'number') facts[name] = body[name] as number;
    return ok(facts);
  }

  async function userinfo(id: string): Promise<Result<Record<string, unknown>>> {
    const record = openEntry(id);
    if (!record.ok) return record;
    const endpoint = endpointOf(record.value.config, 'userinfoEndpoint');
    if (!endpoint.ok) return endpoint;
    const access = await calls.currentAccess(id);
    if (!access.ok) return access;
    const config = core.entry(id)?.config ?? record.value.config;
    const wire: WireRequest = { method: 'GET', url: endpoint.value, headers: [{ name: 'Authorization', value: `Bearer ${access.value.token}` }, { name: 'Accept', value: 'application/json, application/jwt' }] };
    const sent = await sendLogged(id, config, wire, 'userinfo', [access.value.token]);
    if (!sent.ok) return sent;
    const { answer, json } = sent.value;
    if (/^application\/jwt\b/i.test(headerValue(answer.headers, 'content-type') ?? '') && answer.status === 200) {
      const decoded = decodeJwt(answer.bodyText.trim());
      return decoded.ok ? ok(decoded.value.claims) : decoded;
    }
    if (!json.ok) {
      const challenge = headerValue(answer.headers, 'www-authenticate');
      return fail({ ...json.error, message: challenge && !('code' in json.error) ? `${json.error.message} WWW-Authenticate: ${challenge}` : json.error.message });
    }
    return ok(json.value);
  }

  return { revoke, introspect, userinfo };
}
