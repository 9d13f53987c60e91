/**
 * The device authorization grant (RFC 8628): `POST /oauth/device_authorization` gives a
 * device code and a user code; the user enters the code at `/oauth/device`, signs in and
 * approves or denies on the shared login and consent pages; the device polls the token
 * endpoint, which answers `authorization_pending`, `slow_down` (polled faster than the
 * interval, which then grows by 5 s), `access_denied`, `expired_token` or the tokens.
 */
import { randomInt } from 'node:crypto';
import { parseForm } from '../../core';
import { readFormBody } from '../auth/consentPages';
import { readParams, sendOAuthError, type OAuthError } from '../auth/tokenService';
import { sandboxNow } from '../clock';
import { escapeHtml, renderPage, sendHtml } from '../htmlPage';
import { sendJson, type SandboxContext, type SandboxRoute } from '../router';
import { authenticateClient } from './clientAuthentication';
import { GRANT_TYPES, type OAuthClient } from './clients';
import { startInteraction } from './authorizePages';
import { withEndpoints, type OAuthEndpoints } from './issuer';
import { DEVICE_CODE_SECONDS, DEVICE_INTERVAL_SECONDS, oauthState, randomId } from './oauthState';
import { checkScope } from './scopes';

/** Letters of user codes: no vowels (no words), no look-alikes (RFC 8628 §6.1). */
const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';

function newUserCode(): string {
  let letters = '';
  for (let i = 0; i < 8; i++) letters += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

/** A user code as typed: case and separators do not matter. */
function normaliseUserCode(typed: string): string {
  const letters = typed.toUpperCase().replace(/[^A-Z]/g, '');
  return letters.length === 8 ? `${letters.slice(0, 4)}-${letters.slice(4)}` : letters;
}

async function deviceAuthorization(ctx: SandboxContext, endpoints: OAuthEndpoints): Promise<void> {
  const read = await readParams(ctx);
  if (read === 'too-large') return;
  if (!('params' in read)) return sendOAuthError(ctx.res, read);
  const auth = await authenticateClient(ctx.req, read.params, [endpoints.token, endpoints.issuer, endpoints.deviceAuthorization]);
  if (!auth.ok) return sendOAuthError(ctx.res, auth.error);
  if (!auth.client.grantTypes.includes(GRANT_TYPES.deviceCode)) {
    return sendOAuthError(ctx.res, { status: 400, error: 'unauthorized_client', description: `The client "${auth.client.id}" is not allowed the device authorization grant; use wb-device.` });
  }
  const scope = checkScope(read.params.get('scope'), { user: true, fallback: ['openid'] });
  if ('error' in scope) return sendOAuthError(ctx.res, scope.error);
  const now = sandboxNow();
  let userCode = newUserCode();
  while (oauthState.userCodes.has(userCode)) userCode = newUserCode();
  const deviceCode = randomId('dc_', 24);
  const expiresAt = now + DEVICE_CODE_SECONDS * 1000;
  oauthState.devices.set(deviceCode, { deviceCode, userCode, clientId: auth.client.id, scope: scope.scope, issuedAt: now, expiresAt, interval: DEVICE_INTERVAL_SECONDS, status: 'pending' }, expiresAt + 600_000, now);
  oauthState.userCodes.set(userCode, deviceCode, expiresAt, now);
  sendJson(
    ctx.res,
    200,
    {
      device_code: deviceCode,
      user_code: userCode,
      verification_uri: endpoints.deviceVerification,
      verification_uri_complete: `${endpoints.deviceVerification}?user_code=${encodeURIComponent(userCode)}`,
      expires_in: DEVICE_CODE_SECONDS,
      interval: DEVICE_INTERVAL_SECONDS,
    },
    { 'Cache-Control': 'no-store' },
  );
}

function codeForm(userCode: string, failure?: string): string {
  const alert = failure ? `<p role="alert"><strong>${escapeHtml(failure)}</strong></p>` : '';
  return renderPage(
    'Connect a device',
    `<p>Enter the code shown on your device.</p>${alert}
<form method="post" action="/sandbox/oauth/device">
<p><label>Code <input name="user_code" value="${escapeHtml(userCode)}" autocomplete="one-time-code" required></label></p>
<p><button type="submit">Continue</button></p>
</form>`,
  );
}

function verificationPage(ctx: SandboxContext): void {
  ctx.req.resume();
  const typed = parseForm(ctx.url.search.slice(1)).find((p) => p.name === 'user_code')?.value ?? '';
  sendHtml(ctx.res, 200, codeForm(typed));
}

async function enterUserCode(ctx: SandboxContext): Promise<void> {
  const form = await readFormBody(ctx);
  if (!form) return;
  const typed = form.find((p) => p.name === 'user_code')?.value ?? '';
  const userCode = normaliseUserCode(typed);
  const now = sandboxNow();
  const deviceCode = oauthState.userCodes.get(userCode);
  const device = deviceCode ? oauthState.devices.get(deviceCode.value)?.value : undefined;
  if (!device) return sendHtml(ctx.res, 400, codeForm(typed, `There is no device code "${typed}". Check the code on the device (8 letters, like WDJB-MJHT).`));
  if (device.expiresAt <= now) return sendHtml(ctx.res, 400, codeForm('', `The code ${userCode} has expired; start again on the device.`));
  if (device.status !== 'pending') return sendHtml(ctx.res, 400, codeForm('', `The code ${userCode} was already ${device.status === 'denied' ? 'denied' : 'used'}.`));
  startInteraction(ctx, device.clientId, device.scope, { kind: 'device', deviceCode: device.deviceCode });
}

const pollError = (error: string, description: string): { error: OAuthError } => ({ error: { status: 400, error, description } });

/**
 * One poll of the token endpoint with `device_code` by `client`: an error to answer, or
 * the approved grant. Polling faster than the interval is `slow_down`, and the interval grows by 5 s.
 */
export function pollDeviceCode(params: Map<string, string>, client: OAuthClient): { error: OAuthError } | { scope: string[]; user: { name: string; authTime: number } } {
  const deviceCode = params.get('device_code');
  if (!deviceCode) return pollError('invalid_request', 'device_code is missing: send the device_code from the device authorization response.');
  const now = sandboxNow();
  const device = oauthState.devices.get(deviceCode)?.value;
  if (!device) return pollError('invalid_grant', 'The device_code is unknown to this server.');
  if (device.clientId !== client.id) return pollError('invalid_grant', `The device_code was issued to another client, not "${client.id}".`);
  if (device.status === 'consumed') return pollError('invalid_grant', 'The device_code was already exchanged for tokens.');
  if (device.expiresAt <= now) return pollError('expired_token', `The device_code expired ${DEVICE_CODE_SECONDS} s after it was issued; start a new device authorization.`);
  if (device.status === 'denied') return pollError('access_denied', 'The user denied the device access.');
  if (device.status === 'pending') {
    const tooSoon = device.lastPolledAt !== undefined && now - device.lastPolledAt < device.interval * 1000;
    device.lastPolledAt = now;
    if (tooSoon) {
      device.interval += 5;
      return pollError('slow_down', `Polled sooner than the interval; wait at least ${device.interval} s between polls from now on (RFC 8628 §3.5).`);
    }
    return pollError('authorization_pending', 'The user has not yet approved or denied the device; keep polling at the interval.');
  }
  device.status = 'consumed';
  return { scope: device.scope, user: { name: device.user!, authTime: device.authTime! } };
}

/** The device authorization routes. */
export const deviceRoutes: SandboxRoute[] = [
  { method: 'POST', pattern: '/oauth/device_authorization', handle: withEndpoints(deviceAuthorization) },
  { method: 'GET', pattern: '/oauth/device', handle: verificationPage },
  { method: 'POST', pattern: '/oauth/device', handle: enterUserCode },
];
