/**
 * How the sandbox API authenticates and authorizes a request, one function per scheme of
 * spec §5: Basic, Bearer, `JWT`, an API key header and the custom `Sandbox` scheme. Each
 * reads the header with the core parsers and says who the caller is and whether it may
 * write, or why not: 400 for a header that does not parse (with its position), 401 with
 * the scheme's challenge for missing or wrong credentials, 403 for a caller that may not
 * do what it asked (spec §5 rule 1: authorization follows authentication).
 */
import type http from 'node:http';
import { DEFAULT_API_KEY_HEADER, formatChallenge, parseBasic, parseCredentials, parseForm, type AuthParam, type TextPosition } from '../../core';
import { sandboxNow } from '../clock';
import { verifyAccessToken } from './accessTokens';
import { CUSTOM_SCHEME, DEMO_API_KEYS, DEMO_USER, secretsEqual } from './demoCredentials';

/** The realm every sandbox challenge names. */
export const SANDBOX_REALM = 'sandbox';

/** A caller the scheme recognised. */
export interface SchemeCaller {
  scheme: string;
  /** Who it is: the user, the client of a token, or the key's label. */
  principal: string;
  /** Whether it may change state (POST). */
  canWrite: boolean;
  /** Why it may not write, when it may not (the 403 detail). */
  writeRefusal?: string;
  /** The challenge to send with a 403 (RFC 6750 `insufficient_scope`). */
  writeChallenge?: string;
  details: Record<string, unknown>;
}

/** A refusal: the status, an RFC 9457 problem and the headers to send with it. */
export interface SchemeRefusal {
  status: 400 | 401;
  title: string;
  detail: string;
  challenge: string;
  position?: TextPosition;
}

/** What a check concluded. */
export type SchemeVerdict = { ok: true; caller: SchemeCaller } | { ok: false; refusal: SchemeRefusal };

function challenge(scheme: string, params: AuthParam[] = []): string {
  return formatChallenge({ scheme, params: [{ name: 'realm', value: SANDBOX_REALM }, ...params] });
}

const refuse = (status: 400 | 401, title: string, detail: string, challengeValue: string, position?: TextPosition): { ok: false; refusal: SchemeRefusal } => ({
  ok: false,
  refusal: { status, title, detail, challenge: challengeValue, ...(position ? { position } : {}) },
});

/** The Authorization header parsed, or the refusal for its absence, its syntax or another scheme. */
function credentialsFor(req: http.IncomingMessage, scheme: string, challengeValue: string) {
  const header = req.headers.authorization;
  if (header === undefined || header.trim() === '') {
    return refuse(401, 'Authentication required', `This resource needs Authorization: ${scheme} …; the request has no Authorization header.`, challengeValue);
  }
  const parsed = parseCredentials(header);
  if (!parsed.ok) {
    return refuse(400, 'Malformed Authorization header', parsed.error.message, challengeValue, parsed.error.position);
  }
  if (parsed.value.scheme.toLowerCase() !== scheme.toLowerCase()) {
    return refuse(401, 'Wrong authentication scheme', `This resource takes the ${scheme} scheme, but the request used "${parsed.value.scheme}".`, challengeValue);
  }
  return { ok: true as const, header, credentials: parsed.value };
}

/** Basic (RFC 7617): the demo user, whose password contains a colon. */
export function checkBasic(req: http.IncomingMessage): SchemeVerdict {
  const basicChallenge = challenge('Basic', [{ name: 'charset', value: 'UTF-8' }]);
  const header = req.headers.authorization ?? '';
  // Basic credentials are one base64 token68; its own parser says where base64 breaks,
  // which the generic auth-param grammar would misread as a broken param.
  if (!/^\s*basic(\s|$)/i.test(header)) {
    const read = credentialsFor(req, 'Basic', basicChallenge);
    if (!read.ok) return read;
  }
  const basic = parseBasic(header);
  if (!basic.ok) return refuse(400, 'Malformed Basic credentials', basic.error.message, basicChallenge, basic.error.position);
  const { user, pass } = basic.value;
  if (!secretsEqual(user, DEMO_USER.user) || !secretsEqual(pass, DEMO_USER.pass)) {
    return refuse(401, 'Wrong user name or password', `The credentials decode to user "${user}" and a password that does not match; the server split them at the first colon.`, basicChallenge);
  }
  return { ok: true, caller: { scheme: 'Basic', principal: user, canWrite: true, details: { user } } };
}

/**
 * A bearer access token from the token service, sent as `Bearer` (RFC 6750) or as `JWT`.
 * Failures carry RFC 6750 §3 error codes in the challenge.
 */
export async function checkToken(req: http.IncomingMessage, scheme: 'Bearer' | 'JWT'): Promise<SchemeVerdict> {
  const bare = challenge(scheme);
  const read = credentialsFor(req, scheme, bare);
  if (!read.ok) return read;
  const token = read.credentials.token68;
  if (token === undefined) {
    const description = `The ${scheme} scheme carries one token, not auth-params`;
    return refuse(400, 'Malformed token', description, challenge(scheme, [{ name: 'error', value: 'invalid_request' }, { name: 'error_description', value: description }]));
  }
  const check = await verifyAccessToken(token);
  if (!check.ok) {
    const invalid = challenge(scheme, [{ name: 'error', value: 'invalid_token' }, { name: 'error_description', value: check.description }]);
    return refuse(401, check.reason === 'expired' ? 'Access token expired' : 'Invalid access token', check.description, invalid);
  }
  const scopes = check.claims.scope.split(' ');
  const caller: SchemeCaller = {
    scheme,
    principal: check.claims.client_id,
    canWrite: scopes.includes('orders:write'),
    details: { client_id: check.claims.client_id, sub: check.claims.sub, aud: check.claims.aud, scope: check.claims.scope, exp: check.claims.exp },
  };
  if (!caller.canWrite) {
    caller.writeRefusal = `The token's scope "${check.claims.scope}" does not include orders:write.`;
    caller.writeChallenge = challenge(scheme, [
      { name: 'error', value: 'insufficient_scope' },
      { name: 'error_description', value: caller.writeRefusal },
      { name: 'scope', value: 'orders:write' },
    ]);
  }
  return { ok: true, caller };
}

/** The API key in `Ocp-Apim-Subscription-Key`: one read-only key, one read-write key. */
export function checkApiKey(req: http.IncomingMessage, url: URL): SchemeVerdict {
  const keyChallenge = challenge('ApiKey', [{ name: 'header', value: DEFAULT_API_KEY_HEADER }]);
  const inQuery = parseForm(url.search.slice(1)).find((p) => /key/i.test(p.name) || DEMO_API_KEYS.some((k) => k.key === p.value));
  if (inQuery) {
    return refuse(
      400,
      'API key in the URL',
      `The query parameter "${inQuery.name}" carries a key. Keys go in the ${DEFAULT_API_KEY_HEADER} header: URLs are kept in server logs and browser history.`,
      keyChallenge,
    );
  }
  const value = req.headers[DEFAULT_API_KEY_HEADER.toLowerCase()];
  if (value === undefined || value === '') {
    return refuse(401, 'API key required', `Send the key in the ${DEFAULT_API_KEY_HEADER} header.`, keyChallenge);
  }
  const key = DEMO_API_KEYS.find((k) => secretsEqual(String(value), k.key));
  if (!key) return refuse(401, 'Unknown API key', `The ${DEFAULT_API_KEY_HEADER} value is not a key of this API.`, keyChallenge);
  const caller: SchemeCaller = { scheme: 'ApiKey', principal: key.key.slice(0, 7) + '…', canWrite: key.access === 'read-write', details: { access: key.access } };
  if (!caller.canWrite) caller.writeRefusal = 'This API key may only read; writing needs the read-write key.';
  return { ok: true, caller };
}

/** The custom scheme `Sandbox key="…", ts="…"` (RFC 9110 §11.4 auth-params; ts within 5 minutes). */
export function checkCustom(req: http.IncomingMessage): SchemeVerdict {
  const customChallenge = challenge(CUSTOM_SCHEME.scheme, [{ name: 'params', value: 'key ts' }]);
  const read = credentialsFor(req, CUSTOM_SCHEME.scheme, customChallenge);
  if (!read.ok) return read;
  const { credentials } = read;
  if (credentials.token68 !== undefined) {
    return refuse(400, 'Auth-params expected', `The ${CUSTOM_SCHEME.scheme} scheme takes auth-params (key="…", ts="…"), not a single token "${credentials.token68}". Each auth-param is token "=" (token / quoted-string).`, customChallenge);
  }
  const seen = new Set<string>();
  for (const p of credentials.params) {
    const name = p.name.toLowerCase();
    if (seen.has(name)) return refuse(400, 'Repeated auth-param', `The auth-param "${p.name}" appears more than once (RFC 9110 §11.2 allows each name once).`, customChallenge);
    seen.add(name);
  }
  const param = (name: string) => credentials.params.find((p) => p.name.toLowerCase() === name)?.value;
  const key = param('key');
  const ts = param('ts');
  const missing = [key === undefined ? 'key' : '', ts === undefined ? 'ts' : ''].filter(Boolean);
  if (missing.length) return refuse(400, 'Missing auth-param', `The credentials lack ${missing.join(' and ')}; send ${CUSTOM_SCHEME.scheme} key="…", ts="<unix seconds>".`, customChallenge);
  if (!/^\d{1,12}$/.test(ts!)) return refuse(400, 'Bad timestamp', `ts must be Unix time in whole seconds, not "${ts}".`, customChallenge);
  if (!secretsEqual(key!, CUSTOM_SCHEME.key)) return refuse(401, 'Unknown key', 'The key auth-param is not the sandbox key.', customChallenge);
  const skew = Number(ts) - Math.floor(sandboxNow() / 1000);
  if (Math.abs(skew) > CUSTOM_SCHEME.maxSkewSeconds) {
    const when = skew < 0 ? `${-skew} s in the past` : `${skew} s in the future`;
    return refuse(401, 'Stale timestamp', `ts is ${when}; it must be within ${CUSTOM_SCHEME.maxSkewSeconds} s of the server's clock, so a captured header cannot be replayed later.`, customChallenge);
  }
  return { ok: true, caller: { scheme: CUSTOM_SCHEME.scheme, principal: 'sandbox-demo-key', canWrite: true, details: { ts: Number(ts), skewSeconds: skew } } };
}
