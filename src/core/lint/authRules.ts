/**
 * Rules about credentials (spec §5, RFC 9110 §11, RFC 7617, RFC 6750, RFC 7519): they
 * travel only over TLS and only in headers, the Authorization value follows the
 * credentials grammar, a Basic username has no colon, and a JWT is inside its lifetime.
 * Parsing is done by the auth area; these rules only judge what it reports. Messages name
 * headers, schemes and parameters, never a credential value.
 */
import { DEFAULT_API_KEY_HEADER, decodeJwt, isToken68, parseBasic, parseCredentials, token68Problem } from '../auth';
import { formatUrlParts, parseUrlParts } from '../encoding';
import type { WireRequest } from '../types';
import { headerValue, headerValues } from '../types';
import { LINT_KEY_QUERY_PARAMS, findingOf, type LintContext, type LintFinding, type LintFix, type LintRule } from './lintFinding';
import { headerFixFits } from './lintFix';
import { isLoopbackHost, parsedUrl } from './requestFacts';

/** An Authorization value split into its scheme and what follows it. */
interface AuthorizationParts {
  scheme: string;
  /** The scheme lower-cased, for comparison (schemes are case-insensitive). */
  key: string;
  /** The credentials after the scheme, without surrounding whitespace. */
  credentials: string;
  /** Offset of `credentials` in the header value. */
  offset: number;
}

function splitAuthorization(value: string): AuthorizationParts | undefined {
  const match = /^[ \t]*([!#$%&'*+\-.^_`|~0-9A-Za-z]+)(?:[ \t]+|$)/.exec(value);
  if (!match) return undefined;
  const offset = match[0].length;
  const credentials = value.slice(offset).replace(/[ \t]+$/, '');
  return { scheme: match[1]!, key: match[1]!.toLowerCase(), credentials, offset };
}

/** Schemes whose credentials are one token68: the user or token itself, base64-like. */
const TOKEN68_SCHEMES: Readonly<Record<string, string>> = {
  basic: 'RFC 7617 §2',
  bearer: 'RFC 6750 §2.1',
  jwt: 'spec §5 JWT',
};

const API_KEY_HEADER = /^(x-)?(api[-_]?key|auth[-_]?token|access[-_]?token|subscription[-_]?key)$/i;

/** Whether a header conventionally carries an API key (spec §5 API key). */
function isApiKeyHeader(name: string): boolean {
  return name.toLowerCase() === DEFAULT_API_KEY_HEADER.toLowerCase() || API_KEY_HEADER.test(name);
}

function authorizations(request: WireRequest): { value: string; parts: AuthorizationParts | undefined }[] {
  return headerValues(request.headers, 'Authorization').map((value) => ({ value, parts: splitAuthorization(value) }));
}

/** Credentials in headers of a request to a plain http:// URL. */
export const credentialsOverHttpRule: LintRule = {
  id: 'credentials-over-http',
  title: 'Credentials over plain HTTP',
  why: 'Bearer tokens must only travel over TLS, with the server certificate verified by the client; plain HTTP exposes the token entirely (spec §5 Bearer, RFC 6750 §5.3). Basic credentials and API keys are as readable (spec §5 Basic, API key).',
  check(request) {
    const url = parsedUrl(request.url);
    if (!url || url.protocol !== 'http:') return [];
    const carriers: string[] = [];
    for (const header of request.headers) {
      if (header.name.toLowerCase() === 'authorization') {
        const parts = splitAuthorization(header.value);
        if (parts && parts.key in TOKEN68_SCHEMES) carriers.push(`Authorization: ${parts.scheme}`);
      } else if (isApiKeyHeader(header.name)) {
        carriers.push(header.name);
      }
    }
    if (carriers.length === 0) return [];
    const what = carriers.join(' and ');
    const fix: LintFix = { label: 'Use https://', kind: 'set-url', url: request.url.replace(/^[ \t]*http:/i, 'https:') };
    if (isLoopbackHost(url.hostname)) {
      return [
        findingOf(
          this,
          'warning',
          `${what} is sent over plain http:// to ${url.host}. That stays on this machine, but a token must still travel over TLS wherever it leaves it: the same credentials sent to a remote host this way would be readable by anyone on the path.`,
          { field: 'url', fix },
        ),
      ];
    }
    return [
      findingOf(
        this,
        'error',
        `${what} would be sent over plain http:// to ${url.host}: anyone on the network path can read it and reuse it. Use https:// with certificate verification.`,
        { field: 'url', fix },
      ),
    ];
  },
};

const BEARER_PARAMS = new Set(['access_token', 'token', 'id_token', 'auth_token']);
const SECRET_PARAMS = new Set(['refresh_token', 'client_secret', 'password']);

function looksLikeJwt(value: string, now: Date): boolean {
  return value.startsWith('eyJ') && decodeJwt(value, now).ok;
}

function withoutParam(url: string, name: string): string {
  const parts = parseUrlParts(url);
  return formatUrlParts({ ...parts, query: parts.query.filter((p) => p.name !== name) });
}

function keyInQueryFinding(rule: LintRule, request: WireRequest, name: string, value: string, asJwt: boolean): LintFinding {
  const field = `query:${name}`;
  const lower = name.toLowerCase();
  const kept = 'A value in the URL is kept in server and proxy logs and in browser history, and travels in Referer headers.';
  if (SECRET_PARAMS.has(lower) && !asJwt) {
    return findingOf(
      rule,
      'error',
      `The URL carries query parameter "${name}". ${kept} A client secret, password or refresh token belongs in the body of a POST token request (spec §4.1) or in Basic credentials, never in a URL.`,
      { field },
    );
  }
  const bearer = asJwt || BEARER_PARAMS.has(lower);
  const header = bearer ? 'Authorization' : DEFAULT_API_KEY_HEADER;
  const target = bearer ? 'an Authorization: Bearer header' : `the ${DEFAULT_API_KEY_HEADER} header (or the key header your API documents)`;
  const what = asJwt && !BEARER_PARAMS.has(lower) ? `a JWT in query parameter "${name}"` : `query parameter "${name}"`;
  const message = `The URL carries ${what}. ${kept} Send it in ${target} instead.`;
  if (headerValue(request.headers, header) !== undefined) {
    return findingOf(rule, 'error', `${message} The request already has a ${header} header, so the parameter can simply go.`, {
      field,
      fix: { label: `Remove "${name}" from the URL`, kind: 'set-url', url: withoutParam(request.url, name) },
    });
  }
  if (!headerFixFits(header, value)) return findingOf(rule, 'error', message, { field });
  const fix: LintFix = bearer
    ? { label: 'Move it to Authorization: Bearer', kind: 'move-query-to-header', param: name, header, scheme: 'Bearer' }
    : { label: `Move it to ${header}`, kind: 'move-query-to-header', param: name, header };
  return findingOf(rule, 'error', message, { field, fix });
}

/** Keys and tokens in the URL query. */
export const credentialsInQueryRule: LintRule = {
  id: 'credentials-in-query',
  title: 'Key or token in the URL',
  why: 'An API key is sent in a header, not in the URL, so it is not retained in URL logs and browser history (spec §5 API key); a bearer token goes in the Authorization header (RFC 6750 §2.3).',
  check(request, context) {
    const now = context.now ?? new Date();
    const names = new Set((context.keyParams ?? LINT_KEY_QUERY_PARAMS).map((n) => n.toLowerCase()));
    const seen = new Set<string>();
    const findings: LintFinding[] = [];
    for (const param of parseUrlParts(request.url).query) {
      if (param.enabled === false || seen.has(param.name)) continue;
      const value = typeof param.value === 'string' ? param.value : param.value.join(',');
      if (value === '') continue;
      const named = names.has(param.name.toLowerCase());
      const asJwt = looksLikeJwt(value, now);
      if (!named && !asJwt) continue;
      seen.add(param.name);
      findings.push(keyInQueryFinding(this, request, param.name, value, asJwt));
    }
    return findings;
  },
};

/** A Basic username with a colon, or Basic credentials that do not decode. */
export const basicCredentialsRule: LintRule = {
  id: 'basic-credentials',
  title: 'Basic credentials the server can read',
  why: 'Basic credentials are user-id ":" password, UTF-8 and base64-encoded; the receiver splits at the first colon, so a username cannot contain a colon while a password can (spec §5 Basic, RFC 7617 §2).',
  check(request, context) {
    const findings: LintFinding[] = [];
    const user = context.basicUsername;
    const colon = user === undefined ? -1 : user.indexOf(':');
    if (user !== undefined && colon >= 0) {
      findings.push(
        findingOf(
          this,
          'error',
          `The Basic username "${user}" contains ":" at position ${colon + 1}. The server splits at the first colon, so it would read the user "${user.slice(0, colon)}" and take the rest as part of the password. Put colons only in the password.`,
          { field: 'auth:username' },
        ),
      );
    }
    for (const { value, parts } of authorizations(request)) {
      if (!parts || parts.key !== 'basic' || !isToken68(parts.credentials)) continue;
      const basic = parseBasic(value);
      if (!basic.ok) findings.push(findingOf(this, 'error', `Authorization: ${basic.error.message}`, { field: 'header:Authorization' }));
    }
    return findings;
  },
};

function authorizationSyntaxFinding(rule: LintRule, value: string, parts: AuthorizationParts | undefined): LintFinding | undefined {
  const field = 'header:Authorization';
  const reference = parts ? TOKEN68_SCHEMES[parts.key] : undefined;
  if (parts && reference) {
    if (parts.credentials === '') {
      return findingOf(rule, 'error', `Authorization: ${parts.scheme} is followed by no credentials; the server will answer 401 (${reference}).`, { field });
    }
    const problem = token68Problem(parts.credentials);
    if (!problem) return undefined;
    const column = parts.offset + Math.min(problem.index, parts.credentials.length) + 1;
    const shape = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+[ \t]*=[ \t]*("|[!#$%&'*+\-.^_`|~0-9A-Za-z])/.test(parts.credentials)
      ? ' It looks like name=value pairs, but this scheme takes one token.'
      : '';
    return findingOf(
      rule,
      'error',
      `Authorization: the ${parts.scheme} credentials are not a single token68 (letters, digits, -._~+/ and trailing =). In the credentials, ${problem.message}; that is column ${column} of the header value.${shape} (${reference})`,
      { field },
    );
  }
  const parsed = parseCredentials(value);
  if (parsed.ok) return undefined;
  return findingOf(rule, 'error', `Authorization: ${parsed.error.message} Credentials are "<scheme> <token68>" or "<scheme> name=value, name=\\"quoted value\\"".`, {
    field,
  });
}

/** Authorization values that do not follow the credentials grammar. */
export const authorizationSyntaxRule: LintRule = {
  id: 'authorization-syntax',
  title: 'Authorization credentials syntax',
  why: 'Credentials are `auth-scheme [ token68 / #auth-param ]`; an auth-param must have the form token "=" (token | quoted-string), and a value that does not use "=" that way is not valid credentials (spec §5 Custom scheme, RFC 9110 §11.4).',
  check(request) {
    const findings: LintFinding[] = [];
    for (const { value, parts } of authorizations(request)) {
      const finding = authorizationSyntaxFinding(this, value, parts);
      if (finding) findings.push(finding);
    }
    return findings;
  },
};

/** More than one Authorization header. */
export const authorizationDuplicateRule: LintRule = {
  id: 'authorization-duplicate',
  title: 'One Authorization header',
  why: 'Authorization holds one set of credentials and is not a list; two of them make the server pick one, or reject the request (RFC 9110 §11.6.2, §5.3).',
  check(request) {
    const values = headerValues(request.headers, 'Authorization');
    if (values.length < 2) return [];
    const schemes = values.map((v) => splitAuthorization(v)?.scheme ?? '(no scheme)').join(', ');
    return [
      findingOf(this, 'error', `The request has ${values.length} Authorization headers (${schemes}); a server reads only one of them, and which one is not defined.`, {
        field: 'header:Authorization',
        fix: headerFixFits('Authorization', values[0]!) ? { label: 'Keep only the first', kind: 'set-header', name: 'Authorization', value: values[0]! } : undefined,
      }),
    ];
  },
};

function duration(seconds: number): string {
  const s = Math.abs(seconds);
  const [amount, unit] =
    s < 120 ? [s, 'second'] : s < 7200 ? [Math.round(s / 60), 'minute'] : s < 172800 ? [Math.round(s / 3600), 'hour'] : [Math.round(s / 86400), 'day'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

function jwtFindings(rule: LintRule, parts: AuthorizationParts, context: LintContext): LintFinding[] {
  const field = 'header:Authorization';
  const now = context.now ?? new Date();
  const decoded = decodeJwt(parts.credentials, now);
  if (!decoded.ok) {
    const severity = parts.key === 'jwt' ? 'error' : 'warning';
    return [findingOf(rule, severity, `Authorization: the ${parts.scheme} token is not a readable JWT: ${decoded.error.message}`, { field })];
  }
  const jwt = decoded.value;
  if (jwt.expired && jwt.exp) {
    return [
      findingOf(rule, 'error', `Authorization: the ${parts.scheme} token expired at ${jwt.exp.toISOString()} (${duration(jwt.expiresInSeconds ?? 0)} ago); the server will reject it with 401. Get a new access token (spec §4.1).`, {
        field,
      }),
    ];
  }
  if (jwt.notYetValid && jwt.nbf) {
    return [
      findingOf(rule, 'warning', `Authorization: the ${parts.scheme} token is not valid before ${jwt.nbf.toISOString()} (in ${duration((jwt.nbf.getTime() - now.getTime()) / 1000)}); the server will reject it until then, unless the clocks disagree.`, {
        field,
      }),
    ];
  }
  if (jwt.expiresInSeconds !== undefined && jwt.expiresInSeconds <= 60) {
    return [findingOf(rule, 'info', `Authorization: the ${parts.scheme} token expires in ${duration(jwt.expiresInSeconds)}, possibly before the server checks it.`, { field })];
  }
  return [];
}

/** A JWT in Authorization that is expired, not yet valid, about to expire or unreadable. */
export const jwtValidityRule: LintRule = {
  id: 'jwt-validity',
  title: 'JWT lifetime',
  why: 'A JWT is not accepted on or after its "exp" time nor before its "nbf" time (RFC 7519 §4.1.4, §4.1.5); the JWT scheme carries a signed JSON Web Token (spec §5 JWT), and a token that fails validation is rejected with 401 (spec §5 Bearer).',
  check(request, context) {
    const findings: LintFinding[] = [];
    for (const { parts } of authorizations(request)) {
      if (!parts || (parts.key !== 'bearer' && parts.key !== 'jwt') || !isToken68(parts.credentials)) continue;
      if (parts.key === 'bearer' && !parts.credentials.startsWith('eyJ')) continue; // an opaque token
      findings.push(...jwtFindings(this, parts, context));
    }
    return findings;
  },
};

/** The credential rules in registry order. */
export const AUTH_RULES: readonly LintRule[] = [
  credentialsOverHttpRule,
  credentialsInQueryRule,
  authorizationDuplicateRule,
  authorizationSyntaxRule,
  basicCredentialsRule,
  jwtValidityRule,
];
