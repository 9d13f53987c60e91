/**
 * WS-Security at send time: the UsernameToken header is built from the tab's settings
 * with a fresh 16-byte Nonce and the current Created — at every send, because a server
 * remembers nonces and refuses one it has seen — and put into the envelope's Header with
 * core's `applyWsSecurity`. When the person turns regeneration off, the header sent last
 * goes again unchanged, which is how a replay is tried on purpose.
 */
import { applyWsSecurity, fail, ok, substituteVariables, usernameToken, wirePreview, type Result, type WireRequest } from '../../../core';
import type { SentSecurityHeader, SoapSecuritySettings } from './soapSlice';

/** The wire request with its Security header, and the header that went. */
export interface SecuredWire {
  wire: WireRequest;
  header: SentSecurityHeader;
  /** The header is the previous one, sent again (regeneration off). */
  replayed: boolean;
}

const NONCE_BYTES = 16;

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A new Security header for `settings` (credentials with `{{variables}}` resolved from `env`). */
export async function newSecurityHeader(settings: SoapSecuritySettings, env: Record<string, string>, now = new Date()): Promise<Result<SentSecurityHeader>> {
  if (settings.mode === 'none') throw new RangeError('newSecurityHeader needs a UsernameToken mode, not none');
  const username = substituteVariables(settings.username, env).text;
  if (username.trim() === '') {
    return fail({ kind: 'wss-username-missing', field: 'soap:username', message: 'WS-Security is on but the user name is empty; type it in the SOAP section, or turn WS-Security off.' });
  }
  const password = substituteVariables(settings.password, env).text;
  const nonce = globalThis.crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  const xml = await usernameToken({
    username,
    password,
    passwordType: settings.mode,
    nonce,
    created: now,
    ...(settings.timestamp ? { timestamp: { ttlSeconds: settings.ttlSeconds } } : {}),
  });
  return ok({ xml, nonce: base64(nonce), created: now.toISOString() });
}

/** The envelope text of a wire request whose body is text (as a SOAP draft's XML body is). */
function envelopeText(wire: WireRequest): Result<string> {
  let text = '';
  for (const chunk of wire.body ?? []) {
    if (typeof chunk !== 'string') return fail({ kind: 'wss-body-not-text', field: 'body', message: 'WS-Security goes into a SOAP envelope, and this body is not XML text (a file or binary body).' });
    text += chunk;
  }
  return ok(text);
}

/**
 * `wire` with the Security header in its envelope: a new one, or `last` when
 * `settings.regenerate` is off and there is one. Null when WS-Security is off.
 */
export async function securedWire(
  wire: WireRequest,
  settings: SoapSecuritySettings,
  last: SentSecurityHeader | undefined,
  env: Record<string, string>,
  now = new Date(),
): Promise<Result<SecuredWire | null>> {
  if (settings.mode === 'none') return ok(null);
  const envelope = envelopeText(wire);
  if (!envelope.ok) return envelope;
  const replayed = !settings.regenerate && last !== undefined;
  let header: SentSecurityHeader;
  if (replayed) {
    header = last;
  } else {
    const made = await newSecurityHeader(settings, env, now);
    if (!made.ok) return made;
    header = made.value;
  }
  const secured = applyWsSecurity(envelope.value, header.xml);
  if (!secured.ok) return fail({ ...secured.error, field: 'body', message: `The WS-Security header cannot be added: ${secured.error.message}` });
  return ok({ wire: { ...wire, body: [secured.value] }, header, replayed });
}

/** What a masked password reads as: the same whatever its length, so the length is not told either. */
export const MASKED_PASSWORD = '••••••••';

/**
 * `text` (an envelope, or a request's preview) with the content of every PasswordText
 * `Password` element masked. A PasswordDigest is left as it is: it is a hash of the
 * nonce, the time and the password, not the password.
 */
export function maskPasswordText(text: string): string {
  return text.replace(/(<(?:[\w.-]+:)?Password\b[^>]*#PasswordText["'][^>]*>)[^<]*(<\/(?:[\w.-]+:)?Password>)/g, `$1${MASKED_PASSWORD}$2`);
}

/**
 * "What will be sent" for `wire`: the request as the relay writes it (lines shown with
 * \n), a PasswordText password masked. Content-Length is counted from the real body.
 */
export function maskedWirePreview(wire: WireRequest): string {
  return maskPasswordText(wirePreview(wire).replace(/\r\n/g, '\n'));
}
