/**
 * The device authorization grant (RFC 8628): the answer that gives the person a code to
 * type elsewhere, and the polling that follows — wait the interval, add 5 s on `slow_down`,
 * keep going on `authorization_pending`, stop on `access_denied` or `expired_token`.
 */
import { fail, ok, type Result } from '../types';
import { explainOAuthError } from './oauthErrors';

export interface DeviceAuthorization {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  verificationUriComplete?: string;
  expiresInSeconds: number;
  intervalSeconds: number;
  notes: string[];
}

/** RFC 8628 §3.2: the interval when the server names none. */
export const DEFAULT_DEVICE_INTERVAL = 5;

/** Reads the device authorization response (RFC 8628 §3.2), naming the missing field. */
export function readDeviceAuthorization(json: unknown): Result<DeviceAuthorization> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return fail({ kind: 'oauth-device-shape', field: 'body', message: 'The device authorization response is not a JSON object.' });
  }
  const doc = json as Record<string, unknown>;
  const notes: string[] = [];
  // Google's early endpoint says verification_url; accept it, and say so.
  let uri = doc.verification_uri;
  if (uri === undefined && typeof doc.verification_url === 'string') {
    uri = doc.verification_url;
    notes.push('The server says "verification_url"; RFC 8628 §3.2 names it "verification_uri".');
  }
  for (const [field, value] of [['device_code', doc.device_code], ['user_code', doc.user_code], ['verification_uri', uri]] as const) {
    if (typeof value !== 'string' || value === '') {
      return fail({ kind: 'oauth-device-field', field, message: `The device authorization response has no "${field}" (RFC 8628 §3.2).` });
    }
  }
  const expires = Number(doc.expires_in);
  if (!Number.isFinite(expires) || expires <= 0) {
    return fail({ kind: 'oauth-device-field', field: 'expires_in', message: 'The device authorization response has no positive "expires_in" (RFC 8628 §3.2).' });
  }
  const interval = doc.interval === undefined ? DEFAULT_DEVICE_INTERVAL : Number(doc.interval);
  const result: DeviceAuthorization = {
    deviceCode: doc.device_code as string,
    userCode: doc.user_code as string,
    verificationUri: uri as string,
    expiresInSeconds: expires,
    intervalSeconds: Number.isFinite(interval) && interval > 0 ? interval : DEFAULT_DEVICE_INTERVAL,
    notes,
  };
  if (typeof doc.verification_uri_complete === 'string') result.verificationUriComplete = doc.verification_uri_complete;
  return ok(result);
}

export interface DevicePolling {
  intervalSeconds: number;
  /** Epoch milliseconds when the device code expires. */
  expiresAt: number;
  polls: number;
}

export function startDevicePolling(authorization: DeviceAuthorization, now: number): DevicePolling {
  return { intervalSeconds: authorization.intervalSeconds, expiresAt: now + authorization.expiresInSeconds * 1000, polls: 0 };
}

/** What to do after one token poll came back. */
export type DevicePollStep =
  | { action: 'wait'; state: DevicePolling; delaySeconds: number; note: string }
  | { action: 'stop'; reason: string; error: string };

/**
 * The next step after a poll answered with the OAuth `error` (or nothing but a transport
 * failure). `authorization_pending` waits the interval; `slow_down` adds 5 s to it for
 * this and every later poll (RFC 8628 §3.5); a transport failure backs off like slow_down;
 * every other error, or reaching the expiry, stops.
 */
export function nextDevicePoll(state: DevicePolling, error: string | undefined, now: number, description?: string): DevicePollStep {
  const polls = state.polls + 1;
  if (now >= state.expiresAt && error !== 'access_denied') {
    return { action: 'stop', error: 'expired_token', reason: explainOAuthError('expired_token') };
  }
  if (error === 'authorization_pending') {
    const next = { ...state, polls };
    return { action: 'wait', state: next, delaySeconds: next.intervalSeconds, note: 'Waiting for the person to approve on the other device.' };
  }
  if (error === 'slow_down' || error === undefined) {
    const next = { ...state, polls, intervalSeconds: state.intervalSeconds + 5 };
    return {
      action: 'wait',
      state: next,
      delaySeconds: next.intervalSeconds,
      note: error === 'slow_down'
        ? `The server asked to slow down; polling every ${next.intervalSeconds} s from now on (RFC 8628 §3.5).`
        : `The poll did not reach the server; trying again in ${next.intervalSeconds} s (RFC 8628 §3.5 asks clients to back off).`,
    };
  }
  return { action: 'stop', error, reason: explainOAuthError(error, description) };
}
