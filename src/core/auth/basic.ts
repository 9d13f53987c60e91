/**
 * The Basic scheme (RFC 7617, spec §5): `Authorization: Basic base64(user ":" pass)`,
 * UTF-8 encoded as RFC 7617 §2.1 `charset="UTF-8"` asks, and split at the first colon.
 */
import type { CoreError, Result } from '../types';
import { fail, ok, positionAt } from '../types';
import { decodeBase64, encodeBase64, utf8DecodeStrict, utf8Encode } from '../encoding/base64';
import { describeChar } from './authParams';

/** User name and password carried by one Basic credentials value. */
export interface BasicCredentials {
  user: string;
  pass: string;
}

/** Index of the first lone UTF-16 surrogate in `text`, or -1: UTF-8 cannot encode one. */
export function loneSurrogateIndex(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return i;
    }
    if (code >= 0xdc00 && code <= 0xdfff) return i;
  }
  return -1;
}

/** Index of the first CTL (RFC 5234: %x00-1F / %x7F) in `text`, or -1. */
function controlIndex(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return i;
  }
  return -1;
}

function checkBasicPart(text: string, field: 'username' | 'password'): CoreError | undefined {
  const label = field === 'username' ? 'username' : 'password';
  const ctl = controlIndex(text);
  if (ctl >= 0) {
    return {
      kind: 'basic-control-character',
      field,
      position: positionAt(text, ctl),
      message: `The Basic ${label} contains ${describeChar(text[ctl])} at position ${ctl + 1}; RFC 7617 §2 forbids control characters in user-id and password.`,
    };
  }
  const lone = loneSurrogateIndex(text);
  if (lone >= 0) {
    return {
      kind: 'basic-invalid-unicode',
      field,
      position: positionAt(text, lone),
      message: `The Basic ${label} has a broken Unicode character (a lone surrogate) at position ${lone + 1}, which UTF-8 cannot encode.`,
    };
  }
  return undefined;
}

/**
 * Builds the `Authorization` value `Basic <base64(utf8(user:pass))>`. A username with
 * `:` is refused because the receiver splits at the first colon (spec §5, RFC 7617 §2);
 * a password may contain colons.
 */
export function basicCredentials(user: string, pass: string): Result<string> {
  const colon = user.indexOf(':');
  if (colon >= 0) {
    return fail({
      kind: 'basic-username-colon',
      field: 'username',
      position: positionAt(user, colon),
      message: `A Basic username cannot contain ":" — the server splits user and password at the first colon (RFC 7617 §2), so "${user}" would arrive as user "${user.slice(0, colon)}". Put colons only in the password.`,
    });
  }
  const bad = checkBasicPart(user, 'username') ?? checkBasicPart(pass, 'password');
  if (bad) return fail(bad);
  return ok(`Basic ${encodeBase64(utf8Encode(`${user}:${pass}`))}`);
}

function base64Error(value: string, offset: number, message: string): { ok: false; error: CoreError } {
  return fail({ kind: 'basic-bad-base64', field: 'credentials', position: positionAt(value, offset), message });
}

/**
 * Reads Basic credentials from `Basic <base64>` (scheme case-insensitive) or from the
 * bare base64, splitting at the first colon. Missing `=` padding is accepted as browsers'
 * `atob` does; whitespace and anything else that is not base64 is refused with its position.
 */
export function parseBasic(value: string): Result<BasicCredentials> {
  let start = 0;
  while (start < value.length && (value[start] === ' ' || value[start] === '\t')) start++;
  let end = value.length;
  while (end > start && (value[end - 1] === ' ' || value[end - 1] === '\t')) end--;
  // A lone "Basic" is the scheme with nothing after it (its 5 letters are not base64 anyway).
  const scheme = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+)[ \t]+|^(basic)$/i.exec(value.slice(start, end));
  if (scheme) {
    const name = scheme[1] ?? scheme[2]!;
    if (name.toLowerCase() !== 'basic') {
      return fail({
        kind: 'basic-wrong-scheme',
        field: 'credentials',
        position: positionAt(value, start),
        message: `Expected the Basic scheme, but the value uses "${name}".`,
      });
    }
    start += scheme[0].length;
  }
  const encoded = value.slice(start, end);
  if (encoded.length === 0) {
    return fail({
      kind: 'basic-empty',
      field: 'credentials',
      position: positionAt(value, start),
      message: 'The Basic credentials are empty; expected base64 of "user:password".',
    });
  }
  // The forgiving decoder would skip inner whitespace, but servers split credentials at it.
  const space = encoded.search(/[ \t\r\n\f]/);
  if (space >= 0) {
    return base64Error(value, start + space, `Basic credentials contain ${describeChar(encoded[space])} at column ${positionAt(value, start + space).column}; base64 has no whitespace.`);
  }
  const bytes = decodeBase64(encoded);
  if (!bytes.ok) {
    const offset = start + (bytes.error.position?.offset ?? 0);
    return base64Error(value, offset, `Basic credentials are not base64: ${bytes.error.message.replace(/\.$/, '')} (column ${positionAt(value, offset).column}).`);
  }
  const text = utf8DecodeStrict(bytes.value);
  if (!text.ok) {
    return fail({
      kind: 'basic-invalid-utf8',
      field: 'credentials',
      message: `The decoded Basic credentials are not valid UTF-8 (${text.error.message}); the client may have used another charset, but RFC 7617 §2.1 asks for UTF-8.`,
    });
  }
  const decoded = text.value;
  const colon = decoded.indexOf(':');
  if (colon < 0) {
    return fail({
      kind: 'basic-no-colon',
      field: 'credentials',
      message: `The decoded Basic credentials (${decoded.length} characters, not shown because they may be secret) have no ":"; expected "user:password".`,
    });
  }
  return ok({ user: decoded.slice(0, colon), pass: decoded.slice(colon + 1) });
}
