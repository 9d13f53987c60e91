/**
 * Reading a compact JSON Web Token (RFC 7519, RFC 7515) without trusting it: header,
 * claims and the time claims judged against a clock. Signature checks live in
 * `jwtSignature.ts`; this module never needs a key, so it can explain any token.
 */
import type { Result } from '../types';
import { fail, ok, positionAt } from '../types';
import { decodeBase64Url, utf8DecodeStrict } from '../encoding/base64';

/** A decoded token. `expired`/`notYetValid` are judged at `now` with the clock skew. */
export interface DecodedJwt {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
  /** The third segment as sent (base64url); empty for an unsecured `alg: none` token. */
  signature: string;
  /** `header.payload` exactly as sent: the bytes the signature covers. */
  signingInput: string;
  exp?: Date;
  nbf?: Date;
  iat?: Date;
  expired: boolean;
  notYetValid: boolean;
  /** Seconds from `now` until `exp` (negative once expired), rounded to whole seconds. */
  expiresInSeconds?: number;
  /** Things that do not stop decoding but a person should know (bad claim types, `alg: none`). */
  problems: string[];
}

/** How `decodeJwt` judges time claims. */
export interface JwtTimeOptions {
  /** Leeway for clocks that disagree, applied to `exp`, `nbf` and `iat`. Default 0. */
  clockSkewSeconds?: number;
}

/**
 * Checks one base64url segment (RFC 7515 §2: URL-safe alphabet, no padding) and decodes
 * it to bytes; `offset` is where the segment starts in the original token.
 */
function decodeSegment(token: string, offset: number, segment: string, name: string): Result<Uint8Array> {
  const error = (at: number, reason: string) => {
    const position = positionAt(token, offset + at);
    return fail({
      kind: 'jwt-base64url',
      field: name,
      position,
      message: `The JWT ${name} is not base64url: ${reason} (column ${position.column}).`,
    });
  };
  // decodeBase64Url tolerates correct padding; RFC 7515 §2 forbids it in JWS, so say so.
  const pad = segment.indexOf('=');
  if (pad >= 0) return error(pad, 'JWTs use base64url without "=" padding (RFC 7515 §2)');
  const bytes = decodeBase64Url(segment);
  if (!bytes.ok) return error(bytes.error.position?.offset ?? 0, bytes.error.message.replace(/\.$/, ''));
  return bytes;
}

function decodeJsonSegment(token: string, offset: number, segment: string, name: 'header' | 'payload'): Result<Record<string, unknown>> {
  const bytes = decodeSegment(token, offset, segment, name);
  if (!bytes.ok) return bytes;
  const utf8 = utf8DecodeStrict(bytes.value);
  if (!utf8.ok) {
    return fail({ kind: 'jwt-utf8', field: name, message: `The JWT ${name} decodes to bytes that are not UTF-8 text (${utf8.error.message}).` });
  }
  const text = utf8.value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    return fail({ kind: 'jwt-json', field: name, message: `The JWT ${name} is not JSON: ${reason}.` });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    const what = parsed === null ? 'null' : Array.isArray(parsed) ? 'an array' : `a ${typeof parsed}`;
    return fail({
      kind: name === 'header' ? 'jwt-header-not-object' : 'jwt-claims-not-object',
      field: name,
      message: `The JWT ${name} must be a JSON object, but it is ${what}.`,
    });
  }
  return ok(parsed as Record<string, unknown>);
}

/** Reads a NumericDate claim (seconds since the epoch, RFC 7519 §2). */
function numericDate(claims: Record<string, unknown>, name: string, problems: string[]): number | undefined {
  const value = claims[name];
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  problems.push(`The "${name}" claim is ${JSON.stringify(value)}, not a NumericDate (seconds since 1970), so it is ignored.`);
  return undefined;
}

/**
 * Decodes a compact JWT without verifying it and judges `exp`/`nbf` at `now`. A token is
 * expired once `now` reaches `exp` (RFC 7519 §4.1.4) and not yet valid before `nbf`;
 * `clockSkewSeconds` widens both windows. Failures say which segment is wrong and where.
 */
export function decodeJwt(token: string, now: Date = new Date(), options: JwtTimeOptions = {}): Result<DecodedJwt> {
  if (typeof token !== 'string') throw new TypeError(`decodeJwt expects a string token, got ${typeof token}`);
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new TypeError('decodeJwt expects `now` to be a valid Date');
  const skew = options.clockSkewSeconds ?? 0;
  if (!Number.isFinite(skew) || skew < 0) {
    throw new RangeError(`clockSkewSeconds must be a finite number of seconds >= 0, got ${skew}`);
  }
  const leading = token.length - token.trimStart().length;
  const trimmed = token.trim();
  const scheme = /^(bearer|jwt)[ \t]+/i.exec(trimmed);
  if (scheme) {
    return fail({
      kind: 'jwt-has-scheme',
      field: 'token',
      position: positionAt(token, leading),
      message: `The value starts with the "${scheme[1]}" scheme; paste only the token after it.`,
    });
  }
  if (trimmed === '') return fail({ kind: 'jwt-empty', field: 'token', message: 'The JWT is empty.' });
  const parts = trimmed.split('.');
  if (parts.length === 5) {
    return fail({
      kind: 'jwt-encrypted',
      field: 'token',
      message: 'This token has five parts: it is an encrypted JWT (JWE), whose claims cannot be read without the decryption key.',
    });
  }
  if (parts.length !== 3) {
    return fail({
      kind: 'jwt-segments',
      field: 'token',
      message: `A compact JWT has three parts separated by "." (header.payload.signature), but this one has ${parts.length}.`,
    });
  }
  const offsets = [leading, leading + parts[0]!.length + 1, leading + parts[0]!.length + parts[1]!.length + 2];
  const header = decodeJsonSegment(token, offsets[0]!, parts[0]!, 'header');
  if (!header.ok) return header;
  const claims = decodeJsonSegment(token, offsets[1]!, parts[1]!, 'payload');
  if (!claims.ok) return claims;
  const signature = decodeSegment(token, offsets[2]!, parts[2]!, 'signature');
  if (!signature.ok) return signature;

  const problems: string[] = [];
  const alg = header.value.alg;
  if (typeof alg !== 'string') problems.push('The header has no "alg" string, so no one can verify the signature.');
  else if (alg === 'none') problems.push('The header says "alg": "none": the token is unsigned and must not be trusted.');
  else if (parts[2] === '') problems.push(`The header names "${alg}" but the signature part is empty.`);

  const nowSeconds = now.getTime() / 1000;
  const exp = numericDate(claims.value, 'exp', problems);
  const nbf = numericDate(claims.value, 'nbf', problems);
  const iat = numericDate(claims.value, 'iat', problems);
  if (iat !== undefined && iat > nowSeconds + skew) {
    problems.push('The "iat" claim lies in the future: the issuer\'s clock and this one disagree.');
  }
  const decoded: DecodedJwt = {
    header: header.value,
    claims: claims.value,
    signature: parts[2]!,
    signingInput: `${parts[0]}.${parts[1]}`,
    expired: exp !== undefined && nowSeconds - skew >= exp,
    notYetValid: nbf !== undefined && nowSeconds + skew < nbf,
    problems,
  };
  if (exp !== undefined) {
    decoded.exp = new Date(exp * 1000);
    decoded.expiresInSeconds = Math.round(exp - nowSeconds);
  }
  if (nbf !== undefined) decoded.nbf = new Date(nbf * 1000);
  if (iat !== undefined) decoded.iat = new Date(iat * 1000);
  return ok(decoded);
}
