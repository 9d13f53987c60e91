/**
 * Runs a grant from start to tokens, every step reported (issue 16, item 7): discovery,
 * the authorization URL and its redirect, the device code and its polling, each token
 * request and answer, the ID token checks. I/O comes in through `GrantRunnerDeps` — the
 * relay in the page, plain fetch in the CLI and tests — so the same code runs everywhere.
 * Step texts never hold a secret: client secrets, codes, verifiers and tokens are removed.
 */
import type { JSONWebKeySet } from 'jose';
import { parseJson } from '../encoding/json';
import { fail, ok, type CoreError, type Result, type WireRequest } from '../types';
import { VAULT_DEFAULT_MAPPING } from '../vault/entry';
import { redactVaultSecrets } from '../vault/exchangeLog';
import { mapTokenResponse, type TokenEndpointAnswer, type VaultTokenGrant } from '../vault/tokenResponse';
import { buildAuthorizationUrl, readAuthorizationCallback } from './authorizationRequest';
import type { OAuthClient } from './clientAuth';
import { discoveryCandidates, readDiscoveryDocument, type AuthorizationServerMetadata, type GrantKind } from './discovery';
import { nextDevicePoll, readDeviceAuthorization, startDevicePolling, type DeviceAuthorization } from './deviceFlow';
import { buildDeviceAuthorizationRequest, buildGrantTokenRequest, PASSWORD_GRANT_WARNING, type TokenRequestOptions } from './grantRequests';
import type { GrantStep } from './grantSteps';
import { validateIdToken, type ValidIdToken } from './idToken';
import { choosePkceMethod, codeChallenge, newCodeVerifier, newOpaqueValue } from './pkce';

export type { GrantStep } from './grantSteps';

export interface GrantRunnerDeps {
  send(wire: WireRequest): Promise<Result<TokenEndpointAnswer, CoreError>>;
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** Opens the authorization URL for the person and resolves with the redirect (full URL, query or fragment). */
  authorize?(url: string, signal?: AbortSignal): Promise<string>;
  /** Shows the user code and where to enter it (device grant). */
  showDeviceCode?(device: DeviceAuthorization): void;
  report(step: GrantStep): void;
}

export interface GrantSettings extends TokenRequestOptions {
  grant: Exclude<GrantKind, 'refresh_token'>;
  client: OAuthClient;
  tokenEndpoint: string;
  authorizationEndpoint?: string;
  deviceAuthorizationEndpoint?: string;
  /** The issuer, for the callback's `iss` and the ID token's `iss`. */
  issuer?: string;
  jwksUri?: string;
  redirectUri?: string;
  /**
   * The server advertised `authorization_response_iss_parameter_supported` (RFC 9207 §3):
   * a redirect without `iss` is refused (§2.4).
   */
  requireIssParameter?: boolean;
  /** PKCE methods the server advertises (discovery); undefined when unknown. */
  pkceMethods?: string[];
  /** Send PKCE (on by default; RFC 9700 §2.1.1 recommends it for every client). */
  usePkce?: boolean;
  extraAuthorize?: { name: string; value: string }[];
  username?: string;
  password?: string;
}

export interface GrantOutcome {
  tokens: VaultTokenGrant;
  /** Local time the token request was sent (the earliest the tokens can have been issued). */
  sentAt: number;
  idToken?: ValidIdToken;
  /** What the person should know about the answer although it was accepted (each also reported as a warning step). */
  warnings?: string[];
}

/** Whether `scope` asks for OpenID Connect (OIDC Core §3.1.2.1: the `openid` scope value). */
export function asksForOpenId(scope: string | undefined): boolean {
  return /(^|\s)openid(\s|$)/.test(scope ?? '');
}

/** Fetches and checks the discovery document for `issuer`, trying OIDC's path, then RFC 8414's. */
export async function discover(issuer: string, deps: GrantRunnerDeps): Promise<Result<AuthorizationServerMetadata>> {
  const checked = discoveryCandidates(issuer);
  if (!checked.ok) return checked;
  const misses: string[] = [];
  for (const candidate of checked.value.candidates) {
    const answer = await deps.send({ method: 'GET', url: candidate.url, headers: [{ name: 'Accept', value: 'application/json' }] });
    if (!answer.ok) {
      misses.push(`${candidate.url}: ${answer.error.message}`);
      continue;
    }
    if (answer.value.status !== 200) {
      misses.push(`${candidate.url}: ${answer.value.status}`);
      continue;
    }
    const json = parseJson(answer.value.bodyText);
    if (!json.ok) {
      misses.push(`${candidate.url}: not JSON (${json.error.message})`);
      continue;
    }
    const meta = readDiscoveryDocument(json.value, checked.value.issuer, candidate.source);
    deps.report({ at: deps.now(), step: 'discovery', outcome: meta.ok ? 'ok' : 'error', summary: meta.ok ? `Read ${candidate.url}` : meta.error.message, detail: `GET ${candidate.url} → 200` });
    return meta;
  }
  const message = `No discovery document was found for ${issuer}: ${misses.join('; ')}.`;
  deps.report({ at: deps.now(), step: 'discovery', outcome: 'error', summary: message });
  return fail({ kind: 'oauth-discovery-missing', field: 'issuer', message });
}

function secretsOf(settings: GrantSettings, extra: (string | undefined)[]): (string | undefined)[] {
  return [settings.client.clientSecret, settings.client.privateKey, settings.password, ...extra];
}

/** Describes a wire request without its secrets: request line and body field names with masked values. */
function describe(wire: WireRequest, secrets: (string | undefined)[]): string {
  const body = wire.body?.map(String).join('') ?? '';
  const fields = body ? [...new URLSearchParams(body).keys()].join(', ') : '';
  const auth = wire.headers.some((h) => h.name.toLowerCase() === 'authorization') ? ' with Authorization: Basic <client credentials>' : '';
  return redactVaultSecrets(`${wire.method} ${wire.url}${auth}${fields ? `; fields: ${fields}` : ''}`, secrets);
}

/** Sends one token request and maps its answer; the ID token is validated when one came. */
async function tokenRequest(settings: GrantSettings, deps: GrantRunnerDeps, wire: WireRequest, secrets: (string | undefined)[], nonce?: string): Promise<Result<GrantOutcome, CoreError & { code?: string }>> {
  const sentAt = deps.now();
  const answer = await deps.send(wire);
  if (!answer.ok) {
    deps.report({ at: deps.now(), step: 'token', outcome: 'error', summary: answer.error.message, detail: describe(wire, secrets) });
    return answer;
  }
  const mapped = mapTokenResponse(answer.value, VAULT_DEFAULT_MAPPING);
  const all = [...secrets, mapped.ok ? mapped.value.accessToken : undefined, mapped.ok ? mapped.value.refreshToken : undefined];
  const detail = `${describe(wire, all)} → ${answer.value.status}`;
  if (!mapped.ok) {
    deps.report({ at: deps.now(), step: 'token', outcome: 'error', summary: redactVaultSecrets(mapped.error.message, all), detail });
    return fail(mapped.error);
  }
  const granted = mapped.value;
  deps.report({
    at: deps.now(),
    step: 'token',
    outcome: 'ok',
    summary: `Access token received${granted.refreshToken ? ' with a refresh token' : ''}${granted.expiresInSeconds !== undefined ? `, valid ${granted.expiresInSeconds} s` : ''}${granted.scope ? `, scope "${granted.scope}"` : ''}.`,
    detail,
  });
  const outcome: GrantOutcome = { tokens: granted, sentAt };
  const body = parseJson(answer.value.bodyText);
  const idToken = body.ok && typeof body.value === 'object' && body.value !== null ? (body.value as Record<string, unknown>).id_token : undefined;
  if (typeof idToken === 'string') {
    const checked = await checkIdToken(settings, deps, idToken, granted.accessToken, nonce);
    if (!checked.ok) return checked;
    outcome.idToken = checked.value;
  } else if (asksForOpenId(settings.scope)) {
    // Not a failure — the access token is good — but nobody's sign-in was verified, and a
    // person who asked for "openid" expects that it was.
    const narrowed = granted.scope !== undefined && !asksForOpenId(granted.scope) ? ` The granted scope "${granted.scope}" leaves "openid" out.` : '';
    const warning = `The scope asked for "openid", but no ID token came back: the provider did not treat this as an OpenID Connect sign-in (OIDC Core §3.1.3.3 requires an id_token in its token response), so nothing about the person was verified.${narrowed} The access token itself is usable.`;
    deps.report({ at: deps.now(), step: 'warning', outcome: 'ok', summary: warning });
    outcome.warnings = [warning];
  }
  return ok(outcome);
}

/** Where an ID token is checked: the issuer, its JWKS and the client it must be meant for. */
export interface IdTokenSource {
  issuer?: string;
  jwksUri?: string;
  clientId: string;
}

/**
 * Fetches the issuer's JWKS and validates `idToken` against it (signature, iss, aud, exp,
 * iat, nonce when one was sent, at_hash when present). Used at sign-in and again for an ID
 * token that comes back on a refresh (OIDC Core §12.2).
 */
export async function verifyIdToken(
  source: IdTokenSource,
  deps: Pick<GrantRunnerDeps, 'send' | 'now'>,
  idToken: string,
  accessToken: string | undefined,
  nonce?: string,
): Promise<Result<ValidIdToken>> {
  if (!source.jwksUri || !source.issuer) {
    return fail({ kind: 'oidc-no-jwks', field: 'jwksUri', message: 'An ID token came, but the entry has no issuer and JWKS URI to check it against; it was not trusted. Discover the issuer first.' });
  }
  const answer = await deps.send({ method: 'GET', url: source.jwksUri, headers: [{ name: 'Accept', value: 'application/json' }] });
  const jwks = answer.ok && answer.value.status === 200 ? parseJson(answer.value.bodyText) : undefined;
  if (!jwks?.ok || typeof jwks.value !== 'object' || jwks.value === null || !Array.isArray((jwks.value as { keys?: unknown }).keys)) {
    const message = `The issuer's JWKS at ${source.jwksUri} could not be read${answer.ok ? ` (status ${answer.value.status})` : `: ${answer.error.message}`}.`;
    return fail({ kind: 'oidc-jwks-unreadable', field: 'jwksUri', message });
  }
  return validateIdToken(idToken, jwks.value as JSONWebKeySet, {
    issuer: source.issuer,
    clientId: source.clientId,
    now: deps.now(),
    ...(accessToken !== undefined ? { accessToken } : {}),
    ...(nonce !== undefined ? { nonce } : {}),
  });
}

async function checkIdToken(settings: GrantSettings, deps: GrantRunnerDeps, idToken: string, accessToken: string, nonce?: string): Promise<Result<ValidIdToken>> {
  const source = { clientId: settings.client.clientId, ...(settings.issuer ? { issuer: settings.issuer } : {}), ...(settings.jwksUri ? { jwksUri: settings.jwksUri } : {}) };
  const valid = await verifyIdToken(source, deps, idToken, accessToken, nonce);
  deps.report({
    at: deps.now(),
    step: 'id-token',
    outcome: valid.ok ? 'ok' : 'error',
    summary: valid.ok ? `ID token valid: ${valid.value.checks.map((c) => c.name).join(', ')}; subject "${String(valid.value.claims.sub)}".` : valid.error.message,
  });
  return valid;
}

/** Runs `settings.grant` to its tokens, or to the first failure, each step reported. */
export async function runGrant(settings: GrantSettings, deps: GrantRunnerDeps, signal?: AbortSignal): Promise<Result<GrantOutcome, CoreError & { code?: string }>> {
  switch (settings.grant) {
    case 'authorization_code':
      return runAuthorizationCode(settings, deps, signal);
    case 'device_code':
      return runDeviceCode(settings, deps, signal);
    case 'client_credentials': {
      const wire = await buildGrantTokenRequest(settings.tokenEndpoint, settings.client, { kind: 'client_credentials' }, settings);
      return wire.ok ? tokenRequest(settings, deps, wire.value, secretsOf(settings, [])) : wire;
    }
    case 'password': {
      deps.report({ at: deps.now(), step: 'warning', outcome: 'ok', summary: PASSWORD_GRANT_WARNING });
      const grant = { kind: 'password' as const, username: settings.username ?? '', password: settings.password ?? '' };
      const wire = await buildGrantTokenRequest(settings.tokenEndpoint, settings.client, grant, settings);
      return wire.ok ? tokenRequest(settings, deps, wire.value, secretsOf(settings, [])) : wire;
    }
  }
}

async function runAuthorizationCode(settings: GrantSettings, deps: GrantRunnerDeps, signal?: AbortSignal): Promise<Result<GrantOutcome, CoreError & { code?: string }>> {
  if (!deps.authorize) return fail({ kind: 'oauth-no-browser', message: 'This place cannot open a browser for the sign-in.' });
  const pkce = settings.usePkce === false ? undefined : choosePkceMethod(settings.pkceMethods);
  if (pkce?.warning) deps.report({ at: deps.now(), step: 'warning', outcome: 'ok', summary: pkce.warning });
  const verifier = pkce ? newCodeVerifier() : undefined;
  const state = newOpaqueValue();
  const openid = asksForOpenId(settings.scope);
  const nonce = openid ? newOpaqueValue() : undefined;
  const built = buildAuthorizationUrl({
    authorizationEndpoint: settings.authorizationEndpoint ?? '',
    clientId: settings.client.clientId,
    redirectUri: settings.redirectUri ?? '',
    state,
    ...(settings.scope ? { scope: settings.scope } : {}),
    ...(pkce && verifier ? { codeChallenge: await codeChallenge(verifier, pkce.method), codeChallengeMethod: pkce.method } : {}),
    ...(nonce ? { nonce } : {}),
    ...(settings.resources ? { resources: settings.resources } : {}),
    extra: [...(settings.audience ? [{ name: 'audience', value: settings.audience }] : []), ...(settings.extraAuthorize ?? [])],
  });
  if (!built.ok) return built;
  deps.report({ at: deps.now(), step: 'authorize', outcome: 'waiting', summary: 'Waiting for the sign-in in the browser.', detail: built.value.parameters.map((p) => `${p.name}: ${p.explanation}`).join('\n') });
  let redirect: string;
  try {
    redirect = await deps.authorize(built.value.url, signal);
  } catch (error) {
    const message = signal?.aborted ? 'The sign-in was cancelled.' : `The sign-in did not complete: ${(error as Error).message}`;
    deps.report({ at: deps.now(), step: 'callback', outcome: 'error', summary: message });
    return fail({ kind: 'oauth-authorize-cancelled', message });
  }
  const callback = readAuthorizationCallback(redirect, { state, ...(settings.issuer ? { issuer: settings.issuer } : {}), ...(settings.requireIssParameter ? { requireIss: true } : {}) });
  if (!callback.ok) {
    deps.report({ at: deps.now(), step: 'callback', outcome: 'error', summary: callback.error.message });
    return callback;
  }
  deps.report({ at: deps.now(), step: 'callback', outcome: 'ok', summary: 'The provider redirected back with a code (shown nowhere, used once).' });
  const grant = { kind: 'authorization_code' as const, code: callback.value.code, redirectUri: settings.redirectUri ?? '', ...(verifier ? { codeVerifier: verifier } : {}) };
  const wire = await buildGrantTokenRequest(settings.tokenEndpoint, settings.client, grant, settings);
  if (!wire.ok) return wire;
  return tokenRequest(settings, deps, wire.value, secretsOf(settings, [callback.value.code, verifier]), nonce);
}

async function runDeviceCode(settings: GrantSettings, deps: GrantRunnerDeps, signal?: AbortSignal): Promise<Result<GrantOutcome, CoreError & { code?: string }>> {
  const request = await buildDeviceAuthorizationRequest(settings.deviceAuthorizationEndpoint ?? '', settings.client, settings);
  if (!request.ok) return request;
  const answer = await deps.send(request.value);
  if (!answer.ok) return answer;
  const json = parseJson(answer.value.bodyText);
  const device = json.ok && answer.value.status === 200 ? readDeviceAuthorization(json.value) : undefined;
  if (!device?.ok) {
    const mapped = mapTokenResponse(answer.value, VAULT_DEFAULT_MAPPING);
    const message = device ? device.error.message : !mapped.ok ? mapped.error.message : `The device authorization endpoint answered ${answer.value.status}.`;
    deps.report({ at: deps.now(), step: 'device', outcome: 'error', summary: message, detail: describe(request.value, secretsOf(settings, [])) });
    return fail({ kind: 'oauth-device-authorization', message });
  }
  const secrets = secretsOf(settings, [device.value.deviceCode]);
  deps.report({ at: deps.now(), step: 'device', outcome: 'waiting', summary: `Enter ${device.value.userCode} at ${device.value.verificationUri}.`, detail: device.value.notes.join(' ') || undefined });
  deps.showDeviceCode?.(device.value);
  let polling = startDevicePolling(device.value, deps.now());
  let delay = polling.intervalSeconds;
  for (;;) {
    await deps.sleep(delay * 1000, signal);
    if (signal?.aborted) {
      deps.report({ at: deps.now(), step: 'poll', outcome: 'error', summary: 'Cancelled; the device code was abandoned.' });
      return fail({ kind: 'oauth-device-cancelled', message: 'The device sign-in was cancelled.' });
    }
    const wire = await buildGrantTokenRequest(settings.tokenEndpoint, settings.client, { kind: 'device_code', deviceCode: device.value.deviceCode }, settings);
    if (!wire.ok) return wire;
    const sentAt = deps.now();
    const polled = await deps.send(wire.value);
    const mapped = polled.ok ? mapTokenResponse(polled.value, VAULT_DEFAULT_MAPPING) : undefined;
    if (mapped?.ok) return tokenRequestDone(settings, deps, polled as { ok: true; value: TokenEndpointAnswer }, wire.value, secrets, sentAt);
    const code = mapped && !mapped.ok ? mapped.error.code : undefined;
    if (mapped && !mapped.ok && code === undefined) {
      deps.report({ at: deps.now(), step: 'poll', outcome: 'error', summary: mapped.error.message });
      return fail(mapped.error);
    }
    const step = nextDevicePoll(polling, code, deps.now(), mapped && !mapped.ok ? mapped.error.description : undefined);
    if (step.action === 'stop') {
      deps.report({ at: deps.now(), step: 'poll', outcome: 'error', summary: step.reason });
      return fail({ kind: 'oauth-device-stopped', code: step.error, message: step.reason });
    }
    deps.report({ at: deps.now(), step: 'poll', outcome: 'waiting', summary: step.note });
    polling = step.state;
    delay = step.delaySeconds;
  }
}

/** The successful poll, reported and mapped like any token answer (it already arrived). */
async function tokenRequestDone(settings: GrantSettings, deps: GrantRunnerDeps, answer: { ok: true; value: TokenEndpointAnswer }, wire: WireRequest, secrets: (string | undefined)[], sentAt: number) {
  const replay: GrantRunnerDeps = { ...deps, send: async (w) => (w === wire ? answer : deps.send(w)), now: deps.now };
  const result = await tokenRequest(settings, replay, wire, secrets);
  return result.ok ? ok({ ...result.value, sentAt }) : result;
}
