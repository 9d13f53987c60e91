/**
 * The authentication endpoints of the postman-echo stand-in, checked the way postman-echo
 * checks them (real signatures, not "any header passes"): Basic (postman / password),
 * Digest (realm "Users", MD5, with or without qop), OAuth 1.0a HMAC-SHA1 (postman-echo's
 * published consumer key and secret, no token), and Hawk (its published id and key).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const ECHO_USER = 'postman';
export const ECHO_PASSWORD = 'password';
const DIGEST_REALM = 'Users';
const OAUTH1_CONSUMER = { key: 'RKCGzna7bv9YD57c', secret: 'D+EdQ-gs$-%@2Nu7' };
const HAWK_CREDENTIALS: Record<string, { key: string; algorithm: string }> = {
  dh37fgj492je: { key: 'werxhqb98rpaxn39848xrunpaw3489ruxnpa98w4rxn', algorithm: 'sha256' },
};

/** What an endpoint answers: status, JSON or text body, extra headers. */
export interface AuthAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** `key="value", key=value` pairs of an auth header (after its scheme word). */
function authParams(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of header.matchAll(/([a-zA-Z_]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))/g)) out[m[1]!] = m[2] ?? m[3] ?? '';
  return out;
}

export function basicAuth(req: IncomingMessage): AuthAnswer {
  const header = req.headers.authorization ?? '';
  const match = /^Basic\s+(.+)$/i.exec(header);
  const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
  if (decoded === `${ECHO_USER}:${ECHO_PASSWORD}`) return { status: 200, body: { authenticated: true } };
  return { status: 401, body: 'Unauthorized', headers: { 'www-authenticate': 'Basic realm="Users"' } };
}

export function digestAuth(req: IncomingMessage): AuthAnswer {
  const header = req.headers.authorization ?? '';
  const challenge = (): AuthAnswer => ({
    status: 401,
    body: 'Unauthorized',
    headers: { 'www-authenticate': `Digest realm="${DIGEST_REALM}", nonce="${randomBytes(24).toString('base64url').slice(0, 32)}", qop="auth"` },
  });
  if (!/^Digest\s/i.test(header)) return challenge();
  const p = authParams(header.replace(/^Digest\s+/i, ''));
  if (p.username !== ECHO_USER || !p.nonce || !p.response) return challenge();
  const ha1 = md5(`${p.username}:${p.realm ?? ''}:${ECHO_PASSWORD}`);
  const ha2 = md5(`${req.method}:${p.uri ?? req.url}`);
  const expected = p.qop ? md5(`${ha1}:${p.nonce}:${p.nc}:${p.cnonce}:${p.qop}:${ha2}`) : md5(`${ha1}:${p.nonce}:${ha2}`);
  if (p.realm === DIGEST_REALM && expected === p.response) return { status: 200, body: { authenticated: true } };
  return challenge();
}

/** RFC 3986 percent-encoding, as OAuth 1.0a signs. */
const rfc3986 = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function oauth1(req: IncomingMessage, form: [string, string][]): AuthAnswer {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  const header = req.headers.authorization ?? '';
  const params: [string, string][] = [];
  let signature = '';
  const fromHeader = /^OAuth\s/i.test(header) ? authParams(header.replace(/^OAuth\s+/i, '')) : {};
  for (const [k, v] of Object.entries(fromHeader)) {
    const key = decodeURIComponent(k);
    const value = decodeURIComponent(v);
    if (key === 'oauth_signature') signature = value;
    else if (key !== 'realm') params.push([key, value]);
  }
  for (const [k, v] of url.searchParams) {
    if (k === 'oauth_signature') signature = v;
    else params.push([k, v]);
  }
  for (const [k, v] of form) {
    if (k === 'oauth_signature') signature = v;
    else params.push([k, v]);
  }
  const normalized = params
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const baseUri = `http://${(req.headers.host ?? 'localhost').toLowerCase()}${url.pathname}`;
  const baseString = `${req.method}&${rfc3986(baseUri)}&${rfc3986(normalized)}`;
  const signingKey = `${rfc3986(OAUTH1_CONSUMER.secret)}&`;
  const expected = createHmac('sha1', signingKey).update(baseString).digest('base64');
  const consumer = params.find(([k]) => k === 'oauth_consumer_key')?.[1];
  if (consumer === OAUTH1_CONSUMER.key && signature === expected) {
    return { status: 200, body: { status: 'pass', message: 'OAuth-1.0a signature verification was successful' } };
  }
  return {
    status: 401,
    body: { status: 'fail', message: 'HMAC-SHA1 verification failed', base_uri: baseUri, normalized_param_string: normalized, base_string: baseString, signing_key: signingKey },
  };
}

export function hawk(req: IncomingMessage): AuthAnswer {
  const header = req.headers.authorization ?? '';
  const fail = (message: string): AuthAnswer => ({ status: 401, body: { statusCode: 401, error: 'Unauthorized', message }, headers: { 'www-authenticate': `Hawk error="${message}"` } });
  if (!/^Hawk\s/i.test(header)) return fail('Missing authentication');
  const p = authParams(header.replace(/^Hawk\s+/i, ''));
  const credentials = p.id ? HAWK_CREDENTIALS[p.id] : undefined;
  if (!credentials) return fail('Unknown credentials');
  const [host, port] = (req.headers.host ?? 'localhost').split(':');
  const normalized =
    ['hawk.1.header', p.ts, p.nonce, req.method, req.url, host!.toLowerCase(), port ?? '80', p.hash ?? '', (p.ext ?? '').replace(/\\/g, '\\\\').replace(/\n/g, '\\n')].join('\n') +
    '\n' +
    (p.app ? `${p.app}\n${p.dlg ?? ''}\n` : '');
  const mac = createHmac(credentials.algorithm, credentials.key).update(normalized).digest('base64');
  if (mac !== p.mac) return fail('Bad mac');
  return { status: 200, body: { message: 'Hawk Authentication Successful' } };
}

/** The bearer token postman-echo's OAuth 2.0 demo resource accepts. */
const OAUTH2_TOKEN = 'vp7jxTwqgczoFHs0uIdOvv4VdBWmvCkbVbNBCuaTQ3JZplPS40BaNV47HD1zt7MztQPILJvqYsOs6PfJpFYBgwbaE3CVEKOj';

export function oauth2Token(): AuthAnswer {
  return { status: 200, body: { access_token: OAUTH2_TOKEN, token_type: 'Bearer', expires_in: 3600 } };
}

export function oauth2UserInfo(req: IncomingMessage): AuthAnswer {
  if (req.headers.authorization === `Bearer ${OAUTH2_TOKEN}`) return { status: 200, body: { user_id: 1, name: 'Postman Echo' } };
  return { status: 401, body: { error: 'invalid_token' } };
}
