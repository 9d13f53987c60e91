/**
 * Credentials for the `Authorization` header (RFC 9110 §11.4, spec §5): Bearer, JWT,
 * API key headers and custom schemes, plus a parser for any credentials value.
 */
import type { CoreError, HeaderField, Result } from '../types';
import { fail, ok, positionAt } from '../types';
import type { AuthParam, AuthSyntaxError } from './authParams';
import { AuthScanner, describeChar, isAuthToken, quoteAuthParamValue, token68Problem, unquotableIndex } from './authParams';

/** One parsed `Authorization` value: the scheme and either a token68 or auth-params. */
export interface AuthCredentials {
  scheme: string;
  token68?: string;
  params: AuthParam[];
}

/** The API key header of the spec's example (Azure API Management's subscription key). */
export const DEFAULT_API_KEY_HEADER = 'Ocp-Apim-Subscription-Key';

/**
 * Parses one `Authorization` (or `Proxy-Authorization`) value: `auth-scheme [ 1*SP (
 * token68 / #auth-param ) ]`. Unlike challenges there is exactly one per header, so a
 * comma can only separate auth-params.
 */
export function parseCredentials(value: string): Result<AuthCredentials, AuthSyntaxError> {
  if (typeof value !== 'string') throw new TypeError(`parseCredentials expects a string, got ${typeof value}`);
  const s = new AuthScanner(value);
  s.skipWhitespace();
  const scheme = s.readToken();
  if (!scheme) return fail(s.error('an auth-scheme (a token)', 'at the start of the credentials'));
  if (s.atEnd) return ok({ scheme, params: [] });
  if (s.skipWhitespace() === 0) return fail(s.error('a space', `after auth-scheme "${scheme}"`));
  if (s.atEnd) return ok({ scheme, params: [] });
  const token68 = s.readToken68If('');
  if (token68 !== undefined) {
    s.skipWhitespace();
    return ok({ scheme, token68, params: [] });
  }
  const paramsStart = s.pos;
  const params = s.readAuthParamList(`after auth-scheme "${scheme}"`);
  if (!params.ok) {
    if (params.error.position.offset === paramsStart && params.error.expected.startsWith('an auth-param name')) {
      return fail(s.error('a token68 or auth-param', `after auth-scheme "${scheme}"`, paramsStart));
    }
    return fail(params.error);
  }
  return ok({ scheme, params: params.value });
}

function checkToken68(token: string, field: string, what: string): CoreError | undefined {
  const problem = token68Problem(token);
  if (!problem) return undefined;
  return {
    kind: 'token68-syntax',
    field,
    position: positionAt(token, Math.min(problem.index, token.length)),
    message: `The ${what} is not a valid token68 (RFC 6750 b64token): ${problem.message}.`,
  };
}

function prefixedBy(token: string, scheme: string): boolean {
  return token.length > scheme.length && token.slice(0, scheme.length + 1).toLowerCase() === `${scheme.toLowerCase()} `;
}

/**
 * Builds `Bearer <token>` (RFC 6750 §2.1). The token must be a b64token; whitespace is
 * refused with its position because servers split at it and a pasted newline is common.
 */
export function bearer(token: string): Result<string> {
  if (prefixedBy(token, 'Bearer')) {
    return fail({
      kind: 'bearer-prefix-included',
      field: 'token',
      position: positionAt(token, 0),
      message: 'The token already starts with "Bearer "; enter only the token, the scheme is added for you.',
    });
  }
  if (token.length === 0) {
    return fail({ kind: 'bearer-empty', field: 'token', message: 'The bearer token is empty.' });
  }
  const bad = checkToken68(token, 'token', 'bearer token');
  return bad ? fail(bad) : ok(`Bearer ${token}`);
}

/**
 * Builds `JWT <token>` (spec §5 JWT row). The token must be a token68 and look like a
 * compact signed JWT (three dot-separated parts); decode it with `decodeJwt` for more.
 */
export function jwtScheme(token: string): Result<string> {
  if (prefixedBy(token, 'JWT') || prefixedBy(token, 'Bearer')) {
    return fail({
      kind: 'jwt-prefix-included',
      field: 'token',
      position: positionAt(token, 0),
      message: `The token already starts with "${token.slice(0, token.indexOf(' '))} "; enter only the token.`,
    });
  }
  if (token.length === 0) return fail({ kind: 'jwt-empty', field: 'token', message: 'The JWT is empty.' });
  const bad = checkToken68(token, 'token', 'JWT');
  if (bad) return fail(bad);
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] === '' || parts[1] === '') {
    return fail({
      kind: 'jwt-not-compact',
      field: 'token',
      message: `A signed JWT has three dot-separated parts (header.payload.signature); this token has ${parts.length}${parts.length === 3 ? ' but an empty header or payload' : ''}.`,
    });
  }
  return ok(`JWT ${token}`);
}

/**
 * Builds the API key header (spec §5): by default `Ocp-Apim-Subscription-Key: <key>`.
 * The key goes in a header rather than the URL so it stays out of logs and history.
 */
export function apiKeyHeader(name: string, key: string): Result<HeaderField> {
  if (!isAuthToken(name)) {
    const index = [...name].findIndex((ch) => !/[!#$%&'*+\-.^_`|~0-9A-Za-z]/.test(ch));
    return fail({
      kind: 'header-name-invalid',
      field: 'headerName',
      position: positionAt(name, Math.max(0, index)),
      message:
        name.length === 0
          ? 'The API key header name is empty.'
          : `The header name "${name}" is not an RFC 9110 token: ${describeChar(name[index])} at column ${index + 1} is not allowed.`,
    });
  }
  if (key.length === 0) return fail({ kind: 'api-key-empty', field: 'key', message: 'The API key is empty.' });
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code === 0x0d || code === 0x0a || code === 0) {
      return fail({
        kind: 'header-value-invalid',
        field: 'key',
        position: positionAt(key, i),
        message: `The API key contains ${describeChar(key[i])} at position ${i + 1}; a header value cannot contain CR, LF or NUL (RFC 9110 §5.5).`,
      });
    }
  }
  const edge = /^[ \t]/.test(key) ? 0 : /[ \t]$/.test(key) ? key.length - 1 : -1;
  if (edge >= 0) {
    return fail({
      kind: 'header-value-whitespace',
      field: 'key',
      position: positionAt(key, edge),
      message: `The API key ${edge === 0 ? 'starts' : 'ends'} with whitespace, which HTTP strips from header values (RFC 9110 §5.5), so the server would see a different key.`,
    });
  }
  return ok({ name, value: key });
}

/**
 * Builds `<scheme> <credentials>` for a custom scheme (spec §5 custom row). The
 * credentials are a token68, an auth-param list as text, or a list of params; every
 * auth-param must be `token "=" (token / quoted-string)`. Errors name the bad param in
 * `field`. Params given as a list are always quoted, which every parser accepts.
 */
export function customCredentials(scheme: string, credentials: string | readonly AuthParam[]): Result<string> {
  if (!isAuthToken(scheme)) {
    return fail({
      kind: 'auth-scheme-invalid',
      field: 'scheme',
      message:
        scheme.length === 0
          ? 'The auth scheme is empty.'
          : `The auth scheme "${scheme}" is not an RFC 9110 token (letters, digits and !#$%&'*+-.^_\`|~).`,
    });
  }
  if (typeof credentials === 'string') {
    if (credentials.trim() === '') return ok(scheme);
    if (!token68Problem(credentials)) return ok(`${scheme} ${credentials}`);
    const s = new AuthScanner(credentials);
    const params = s.readAuthParamList(`in the ${scheme} credentials`);
    if (!params.ok) {
      return fail({
        kind: 'custom-credentials-syntax',
        field: params.paramName ?? 'credentials',
        position: params.error.position,
        message: `${params.error.message} Credentials must be one token68 or auth-params written name=value or name="value" (spec §5).`,
      });
    }
    return ok(`${scheme} ${credentials.trim()}`);
  }
  if (credentials.length === 0) return ok(scheme);
  const written: string[] = [];
  for (const [index, p] of credentials.entries()) {
    if (!isAuthToken(p.name)) {
      return fail({
        kind: 'auth-param-name-invalid',
        field: p.name || `params[${index}]`,
        message: `Auth-param ${index + 1} name "${p.name}" is not a token; an auth-param must be token "=" (token / quoted-string) (spec §5).`,
      });
    }
    const bad = unquotableIndex(p.value);
    if (bad >= 0) {
      return fail({
        kind: 'auth-param-value-invalid',
        field: p.name,
        position: positionAt(p.value, bad),
        message: `The value of auth-param "${p.name}" contains ${describeChar(p.value[bad])} at position ${bad + 1}, which not even a quoted-string can carry.`,
      });
    }
    written.push(`${p.name}=${quoteAuthParamValue(p.value)}`);
  }
  return ok(`${scheme} ${written.join(', ')}`);
}
