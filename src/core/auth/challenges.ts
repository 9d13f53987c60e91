/**
 * `WWW-Authenticate` challenges (RFC 9110 §11.6.1): parsing several challenges per
 * header, formatting them back, and saying in plain English what the server asks for.
 */
import type { Result } from '../types';
import { fail, ok, positionAt } from '../types';
import type { AuthParam, AuthSyntaxError } from './authParams';
import { AuthScanner, authParam, formatAuthParamValue, isAuthToken, isToken68, quoteAuthParamValue } from './authParams';

export type { AuthParam, AuthSyntaxError } from './authParams';
export { authParam } from './authParams';

/**
 * One challenge: the scheme and either a token68 or a list of auth-params. Names keep
 * the case the server wrote; compare them case-insensitively (`authParam`,
 * `findChallenge`).
 */
export interface Challenge {
  scheme: string;
  token68?: string;
  params: AuthParam[];
}

/**
 * Parses one `WWW-Authenticate` (or `Proxy-Authenticate`) field value into its
 * challenges. The grammar is ambiguous at a comma — the next element may be another
 * auth-param or a new challenge — so an element is a param exactly when its token is
 * followed by `=`. Empty list elements are skipped as RFC 9110 §5.6.1 asks recipients to.
 */
export function parseChallenges(headerValue: string): Result<Challenge[], AuthSyntaxError> {
  if (typeof headerValue !== 'string') {
    throw new TypeError(`parseChallenges expects a string, got ${typeof headerValue}`);
  }
  const s = new AuthScanner(headerValue);
  const challenges: Challenge[] = [];
  let current: Challenge | undefined;

  const separator = (after: string): AuthSyntaxError | undefined => {
    s.skipWhitespace();
    if (s.atEnd || s.peek() === ',') return undefined;
    return s.error('"," or the end of the header', after);
  };

  while (true) {
    s.skipWhitespace();
    if (s.atEnd) break;
    if (s.peek() === ',') {
      s.pos++;
      continue;
    }
    const elementStart = s.pos;
    const name = s.readToken();
    if (!name) return fail(s.error('an auth-scheme (a token)', current ? 'or auth-param' : 'to start a challenge'));
    const afterName = s.pos;
    s.skipWhitespace();

    if (s.peek() === '=') {
      if (!current) {
        return fail(s.error('an auth-scheme before the first auth-param', `("${name}" is followed by "=")`, elementStart));
      }
      if (current.token68 !== undefined) {
        return fail(
          s.error('a new challenge (auth-scheme and space)', `after the token68 of "${current.scheme}"`, elementStart),
        );
      }
      s.pos = elementStart;
      const param = s.readAuthParam(`in the "${current.scheme}" challenge`);
      if (!param.ok) return param;
      current.params.push(param.value);
      const bad = separator(`after auth-param "${param.value.name}"`);
      if (bad) return fail(bad);
      continue;
    }

    s.pos = afterName;
    current = { scheme: name, params: [] };
    challenges.push(current);
    if (s.atEnd || s.peek() === ',') continue;
    if (s.skipWhitespace() === 0) {
      return fail(s.error('a space or ","', `after auth-scheme "${name}"`));
    }
    if (s.atEnd || s.peek() === ',') continue;

    const token68 = s.readToken68If(',');
    if (token68 !== undefined) {
      current.token68 = token68;
      const bad = separator(`after the token68 of "${name}"`);
      if (bad) return fail(bad);
      continue;
    }
    const param = s.readAuthParam(`after auth-scheme "${name}"`);
    if (!param.ok) {
      if (param.error.expected.startsWith('an auth-param name')) {
        return fail(s.error('a token68 or auth-param', `after auth-scheme "${name}"`));
      }
      return param;
    }
    current.params.push(param.value);
    const bad = separator(`after auth-param "${param.value.name}"`);
    if (bad) return fail(bad);
  }
  return ok(challenges);
}

/**
 * Parses every `WWW-Authenticate` line of a response, in order. A response may send
 * challenges on several lines or in one; the result is the same list. Error positions are
 * given in the lines joined by `\n`, so `line` is the 1-based header line that failed.
 */
export function parseChallengeList(values: readonly string[]): Result<Challenge[], AuthSyntaxError> {
  const all: Challenge[] = [];
  let offset = 0;
  const joined = values.join('\n');
  for (const value of values) {
    const parsed = parseChallenges(value);
    if (!parsed.ok) {
      const position = positionAt(joined, offset + parsed.error.position.offset);
      const where = `line ${position.line}, column ${position.column}`;
      return fail({
        ...parsed.error,
        position,
        message: parsed.error.message.replace(/at (line \d+, )?column \d+/, `at ${where}`),
      });
    }
    all.push(...parsed.value);
    offset += value.length + 1;
  }
  return ok(all);
}

/** The first challenge whose scheme equals `scheme` case-insensitively. */
export function findChallenge(challenges: readonly Challenge[], scheme: string): Challenge | undefined {
  const lower = scheme.toLowerCase();
  return challenges.find((c) => c.scheme.toLowerCase() === lower);
}

/**
 * Params whose values senders must quote even when they are tokens: RFC 9110 §11.5 says
 * so for `realm`, RFC 6750 §3 writes its params only as quoted-strings, and RFC 7617's
 * `charset` is quoted in every example; some clients only read the quoted form.
 */
const ALWAYS_QUOTED = new Set(['realm', 'charset', 'scope', 'error', 'error_description', 'error_uri']);

/**
 * Writes a challenge as it goes on the wire, quoting values that are not tokens. The
 * output parses back to an equal challenge. Throws for a challenge no header can carry
 * (bad scheme or name, both token68 and params), since those are built by code, not typed.
 */
export function formatChallenge(ch: Challenge): string {
  if (!isAuthToken(ch.scheme)) throw new TypeError(`Challenge scheme "${ch.scheme}" is not a token`);
  if (ch.token68 !== undefined) {
    if (ch.params.length > 0) {
      throw new TypeError(`Challenge "${ch.scheme}" has both a token68 and auth-params; a header can carry only one`);
    }
    if (!isToken68(ch.token68)) throw new TypeError(`Challenge "${ch.scheme}" token68 "${ch.token68}" is not a token68`);
    return `${ch.scheme} ${ch.token68}`;
  }
  if (ch.params.length === 0) return ch.scheme;
  const params = ch.params.map((p) => {
    if (!isAuthToken(p.name)) throw new TypeError(`Auth-param name "${p.name}" of "${ch.scheme}" is not a token`);
    const value = ALWAYS_QUOTED.has(p.name.toLowerCase()) ? quoteAuthParamValue(p.value) : formatAuthParamValue(p.value);
    return `${p.name}=${value}`;
  });
  return `${ch.scheme} ${params.join(', ')}`;
}

/** Writes several challenges as one `WWW-Authenticate` field value. */
export function formatChallenges(challenges: readonly Challenge[]): string {
  return challenges.map(formatChallenge).join(', ');
}

/** What each RFC 6750 §3.1 error code means for the person holding the token. */
export const BEARER_ERROR_CODES: Readonly<Record<string, string>> = {
  invalid_request:
    'the request is malformed — a parameter is missing, repeated or unsupported, or the token was sent in more than one way (RFC 6750 §3.1, answered with 400)',
  invalid_token:
    'the access token is expired, revoked, malformed or invalid for another reason (RFC 6750 §3.1, answered with 401); get a new token, e.g. with the refresh token',
  insufficient_scope:
    'the token is valid but lacks the privileges this resource needs (RFC 6750 §3.1, answered with 403); request a token with a wider scope',
};

/** Params `describeChallenge` already puts into words, per lower-case scheme. */
const EXPLAINED_PARAMS: Readonly<Record<string, readonly string[]>> = {
  basic: ['realm', 'charset'],
  bearer: ['realm', 'error', 'error_description', 'scope', 'error_uri'],
};

/**
 * One plain English paragraph saying what a challenge asks for, e.g.
 * `The server asks for Basic authentication, realm "sandbox".` Bearer errors are
 * explained with their RFC 6750 meaning.
 */
export function describeChallenge(ch: Challenge): string {
  const realm = authParam(ch, 'realm');
  const parts: string[] = [];
  let first = `The server asks for ${ch.scheme} authentication`;
  if (realm !== undefined) first += `, realm "${realm}"`;
  if (ch.token68 !== undefined) first += `, with the token68 value "${ch.token68}"`;
  parts.push(`${first}.`);

  const scheme = ch.scheme.toLowerCase();
  if (scheme === 'basic') {
    const charset = authParam(ch, 'charset');
    if (charset !== undefined) {
      parts.push(`It expects the user name and password encoded as ${charset} before base64 (RFC 7617 §2.1).`);
    }
  }
  if (scheme === 'bearer') {
    const error = authParam(ch, 'error');
    const description = authParam(ch, 'error_description');
    const scope = authParam(ch, 'scope');
    const uri = authParam(ch, 'error_uri');
    if (error !== undefined) {
      const meaning = Object.hasOwn(BEARER_ERROR_CODES, error) ? BEARER_ERROR_CODES[error] : undefined;
      parts.push(
        meaning
          ? `It reports error "${error}": ${meaning}.`
          : `It reports error "${error}", which is not one of the RFC 6750 codes (invalid_request, invalid_token, insufficient_scope).`,
      );
    } else {
      parts.push('No error code is given, so the request most likely carried no token at all (RFC 6750 §3.1).');
    }
    if (description !== undefined) parts.push(`Description: "${description}".`);
    if (scope !== undefined) parts.push(`The scope needed is "${scope}".`);
    if (uri !== undefined) parts.push(`More about the error: ${uri}.`);
  }
  const explained = (Object.hasOwn(EXPLAINED_PARAMS, scheme) ? EXPLAINED_PARAMS[scheme] : undefined) ?? ['realm'];
  const others = ch.params.filter((p) => !explained.includes(p.name.toLowerCase()));
  if (others.length > 0) {
    parts.push(`Other parameters: ${others.map((p) => `${p.name} ${JSON.stringify(p.value)}`).join(', ')}.`);
  }
  return parts.join(' ');
}
