/**
 * Test switches of the sandbox authorization server, for the end-to-end tests of issue 16
 * that need a misbehaving server: the e2e server runs in another process, so its clock and
 * state cannot be reached from the test the way unit tests call `setSandboxClock`. Each
 * switch is scoped to one client or one device authorization, so tests running in parallel
 * against the same server do not disturb each other, and `POST /sandbox/reset` clears them.
 * Answered only to loopback peers (and on a loopback origin, like the whole server).
 *
 * - `POST /sandbox/oauth/test/id-token-defect` `{client_id, defect}` with `defect` one of
 *   `nonce`, `aud`, `signature`: the next ID token issued to that client (once) carries a
 *   nonce other than the one sent, an audience other than the client, or a signature that
 *   does not verify. 200 `{armed: {…}}`.
 * - `POST /sandbox/oauth/test/age-device` `{user_code, seconds}`: moves that device
 *   authorization's own clock `seconds` forward (its issue and expiry times move back), the
 *   way a unit test moves the sandbox clock; past 600 s its device code is expired and the
 *   next poll answers `expired_token`. 200 `{expiresIn}` (seconds left, possibly negative).
 * - `POST /sandbox/oauth/test/revoke-access-tokens` `{client_id, jti?}`: revokes the access
 *   tokens the token endpoint issued to that client and that have not expired (only the one
 *   with `jti` when given: a test reads it from the vault entry's claims, so tests sharing a
 *   client leave each other's tokens alone), as RFC 7009 revocation of each would; the
 *   protected API then answers `401 invalid_token`. The test holds no token to revoke
 *   itself: the vault never shows one. 200 `{revoked}` (how many).
 * - `POST /sandbox/oauth/test/replay-refresh-token` `{grant_id}`: presents a refresh token
 *   of that grant that was already rotated away, as a stolen copy would be; the grant
 *   store's reuse detection revokes the whole grant. 200 `{outcome}` (`reused`, or
 *   `revoked` when the grant already was); 400 when the grant's token was never rotated.
 */
import { revokeAccessTokenId } from '../auth/accessTokens';
import { sandboxGrants } from '../auth/grantStore';
import { readParams, sendOAuthError, type OAuthError } from '../auth/tokenService';
import { sandboxNow } from '../clock';
import { onSandboxReset } from '../reset';
import { sendJson, sendProblem, type SandboxContext, type SandboxRoute } from '../router';
import { oauthClient } from './clients';
import { withEndpoints } from './issuer';
import { oauthState } from './oauthState';

export const ID_TOKEN_DEFECTS = ['nonce', 'aud', 'signature'] as const;
export type IdTokenDefect = (typeof ID_TOKEN_DEFECTS)[number];

/** client id → the defect its next ID token carries. */
const armed = new Map<string, IdTokenDefect>();

/** Most clients and grants whose issued tokens are remembered for the switches; the oldest go first. */
const MAX_NOTED = 500;
/** Most tokens remembered per client (access) or per grant (refresh). */
const MAX_NOTED_EACH = 50;
/** client id → access tokens issued to it (`jti`, `exp` in seconds), oldest first. */
const issuedAccess = new Map<string, { jti: string; exp: number }[]>();
/** grant id → refresh tokens issued under it, oldest first. */
const issuedRefresh = new Map<string, string[]>();

onSandboxReset(() => {
  armed.clear();
  issuedAccess.clear();
  issuedRefresh.clear();
});

function note<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key) ?? [];
  map.delete(key);
  while (map.size >= MAX_NOTED) map.delete(map.keys().next().value as string);
  list.push(value);
  if (list.length > MAX_NOTED_EACH) list.shift();
  map.set(key, list);
}

/** Called by the token issuer for every token response: what the revoke and replay switches act on. */
export function noteIssuedTokens(clientId: string, grantId: string, access: { jti: string; exp: number }, refreshToken: string | undefined): void {
  const now = Math.floor(sandboxNow() / 1000);
  const live = (issuedAccess.get(clientId) ?? []).filter((a) => a.exp > now);
  issuedAccess.set(clientId, live);
  note(issuedAccess, clientId, access);
  if (refreshToken !== undefined && issuedRefresh.get(grantId)?.at(-1) !== refreshToken) note(issuedRefresh, grantId, refreshToken);
}

/** The defect armed for `clientId`'s next ID token, disarmed as it is taken. */
export function takeIdTokenDefect(clientId: string): IdTokenDefect | undefined {
  const defect = armed.get(clientId);
  armed.delete(clientId);
  return defect;
}

/** A JWT whose signature no longer verifies: the first character of the signature changed (it carries a full 6 bits). */
export function breakSignature(jwt: string): string {
  const dot = jwt.lastIndexOf('.');
  const first = jwt[dot + 1];
  return `${jwt.slice(0, dot + 1)}${first === 'A' ? 'B' : 'A'}${jwt.slice(dot + 2)}`;
}

const LOOPBACK_PEERS = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const bad = (description: string): OAuthError => ({ status: 400, error: 'invalid_request', description });

/** Reads the switch's parameters from a loopback peer, or answers the refusal and returns undefined. */
async function switchParams(ctx: SandboxContext): Promise<Map<string, string> | undefined> {
  if (!LOOPBACK_PEERS.has(ctx.req.socket.remoteAddress ?? '')) {
    ctx.req.resume();
    sendProblem(ctx.res, 403, { title: 'Test switches are loopback only', detail: 'The sandbox test switches answer only requests from this machine.' });
    return undefined;
  }
  const read = await readParams(ctx);
  if (read === 'too-large') return undefined;
  if (!('params' in read)) {
    sendOAuthError(ctx.res, read);
    return undefined;
  }
  return read.params;
}

async function armIdTokenDefect(ctx: SandboxContext): Promise<void> {
  const params = await switchParams(ctx);
  if (!params) return;
  const clientId = params.get('client_id') ?? '';
  const defect = params.get('defect') as IdTokenDefect;
  if (!oauthClient(clientId)) return sendOAuthError(ctx.res, bad(`client_id "${clientId}" is not a registered client.`));
  if (!ID_TOKEN_DEFECTS.includes(defect)) return sendOAuthError(ctx.res, bad(`defect must be one of ${ID_TOKEN_DEFECTS.join(', ')}.`));
  armed.set(clientId, defect);
  sendJson(ctx.res, 200, { armed: { client_id: clientId, defect } });
}

async function ageDevice(ctx: SandboxContext): Promise<void> {
  const params = await switchParams(ctx);
  if (!params) return;
  const userCode = params.get('user_code') ?? '';
  const seconds = Number(params.get('seconds'));
  const deviceCode = oauthState.userCodes.get(userCode)?.value;
  const device = deviceCode ? oauthState.devices.get(deviceCode)?.value : undefined;
  if (!device) return sendOAuthError(ctx.res, bad(`There is no device authorization with user_code "${userCode}".`));
  if (!Number.isFinite(seconds) || seconds <= 0) return sendOAuthError(ctx.res, bad('seconds must be a positive number.'));
  device.issuedAt -= seconds * 1000;
  device.expiresAt -= seconds * 1000;
  if (device.lastPolledAt !== undefined) device.lastPolledAt -= seconds * 1000;
  sendJson(ctx.res, 200, { expiresIn: Math.round((device.expiresAt - sandboxNow()) / 1000) });
}

async function revokeAccessTokens(ctx: SandboxContext): Promise<void> {
  const params = await switchParams(ctx);
  if (!params) return;
  const clientId = params.get('client_id') ?? '';
  const jti = params.get('jti');
  if (!oauthClient(clientId)) return sendOAuthError(ctx.res, bad(`client_id "${clientId}" is not a registered client.`));
  const now = Math.floor(sandboxNow() / 1000);
  const live = (issuedAccess.get(clientId) ?? []).filter((a) => a.exp > now && (jti === undefined || a.jti === jti));
  if (jti !== undefined && live.length === 0) return sendOAuthError(ctx.res, bad(`No unexpired access token with jti "${jti}" was issued to "${clientId}".`));
  for (const access of live) revokeAccessTokenId(access.jti, access.exp);
  sendJson(ctx.res, 200, { revoked: live.length });
}

async function replayRefreshToken(ctx: SandboxContext): Promise<void> {
  const params = await switchParams(ctx);
  if (!params) return;
  const grantId = params.get('grant_id') ?? '';
  const grant = sandboxGrants.get(grantId);
  if (!grant) return sendOAuthError(ctx.res, bad(`There is no grant "${grantId}".`));
  const issued = issuedRefresh.get(grantId) ?? [];
  // Every token but the last was rotated away; the last is the current one.
  const rotated = issued.slice(0, -1).at(-1);
  if (rotated === undefined) return sendOAuthError(ctx.res, bad(`The refresh token of grant "${grantId}" was not rotated yet: there is no old one to present again.`));
  const outcome = sandboxGrants.rotate(rotated, grant.clientId, sandboxNow());
  sendJson(ctx.res, 200, { outcome: outcome.kind });
}

/** The test switch routes. */
export const testSwitchRoutes: SandboxRoute[] = [
  { method: 'POST', pattern: '/oauth/test/id-token-defect', handle: withEndpoints(armIdTokenDefect) },
  { method: 'POST', pattern: '/oauth/test/age-device', handle: withEndpoints(ageDevice) },
  { method: 'POST', pattern: '/oauth/test/revoke-access-tokens', handle: withEndpoints(revokeAccessTokens) },
  { method: 'POST', pattern: '/oauth/test/replay-refresh-token', handle: withEndpoints(replayRefreshToken) },
];
