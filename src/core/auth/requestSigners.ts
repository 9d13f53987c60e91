/**
 * OAuth 1.0a (RFC 5849 §3) and Hawk (hueniverse/hawk, header scheme v1) as signing schemes:
 * both sign the final request at send time (method, URL, and for OAuth 1.0 the form body's
 * parameters) with a shared secret, as Postman signs them. HMACs come from Web Crypto
 * (`crypto.subtle`, in browsers and Node alike); the moment and the nonce are the caller's
 * clock and the CSPRNG unless the form fixes them (Postman's timestamp and nonce fields).
 */
import type { HeaderField, Result, WireRequest } from '../types';
import { fail, ok } from '../types';
import type { AuthSchemeDescriptor, AuthSigningContext, SignedWire } from './authTypes';

/** RFC 3986 percent-encoding (unreserved characters kept), as OAuth 1.0 signs (RFC 5849 §3.6). */
export function oauthEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const textEncoder = new TextEncoder();

async function hmacBase64(algorithm: 'SHA-1' | 'SHA-256', key: string, data: string): Promise<string> {
  const cryptoKey = await globalThis.crypto.subtle.importKey('raw', textEncoder.encode(key), { name: 'HMAC', hash: algorithm }, false, ['sign']);
  const signature = new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', cryptoKey, textEncoder.encode(data)));
  let binary = '';
  for (const byte of signature) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function nonce(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}

function withHeader(wire: WireRequest, header: HeaderField): WireRequest {
  return { ...wire, headers: [...wire.headers.filter((h) => h.name.toLowerCase() !== header.name.toLowerCase()), header] };
}

/** The form body's fields when the request is application/x-www-form-urlencoded (they are signed, RFC 5849 §3.4.1.3.1). */
function formFields(wire: WireRequest): [string, string][] {
  const type = wire.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(type) || !wire.body) return [];
  // Text and byte chunks only: a file's bytes are not read here (a form body is never a file).
  const chunks = wire.body.map((chunk) => (typeof chunk === 'string' ? chunk : chunk instanceof Uint8Array ? new TextDecoder().decode(chunk) : null));
  if (chunks.some((chunk) => chunk === null)) return [];
  const text = chunks.join('');
  return [...new URLSearchParams(text)];
}

const OAUTH_METHODS = ['HMAC-SHA1', 'HMAC-SHA256', 'PLAINTEXT'] as const;

async function signOAuth1(wire: WireRequest, values: Record<string, string>, context: AuthSigningContext): Promise<Result<SignedWire>> {
  const consumerKey = values.consumerKey ?? '';
  if (consumerKey === '') return fail({ kind: 'auth-field-empty', field: 'consumerKey', message: 'The consumer key is empty.' });
  const method = (values.signatureMethod || 'HMAC-SHA1').toUpperCase();
  if (!(OAUTH_METHODS as readonly string[]).includes(method)) return fail({ kind: 'auth-field-invalid', field: 'signatureMethod', message: `The signature method must be one of ${OAUTH_METHODS.join(', ')}, not "${values.signatureMethod}".` });
  const url = new URL(wire.url);
  const oauth: [string, string][] = [
    ['oauth_consumer_key', consumerKey],
    ['oauth_nonce', values.nonce || nonce(11)],
    ['oauth_signature_method', method],
    ['oauth_timestamp', values.timestamp || String(Math.floor(context.now.getTime() / 1000))],
    ['oauth_token', values.token ?? ''],
    ['oauth_version', values.version ?? '1.0'],
  ];
  // As Postman without "add empty parameters to signature": empty oauth_* parameters are left out.
  const sent = oauth.filter(([, value]) => value !== '');
  const params = [...sent, ...url.searchParams, ...formFields(wire)]
    .map(([k, v]) => [oauthEncode(k), oauthEncode(v)] as const)
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const baseUri = `${url.protocol}//${url.host.toLowerCase()}${url.pathname}`;
  const baseString = `${wire.method.toUpperCase()}&${oauthEncode(baseUri)}&${oauthEncode(params)}`;
  const key = `${oauthEncode(values.consumerSecret ?? '')}&${oauthEncode(values.tokenSecret ?? '')}`;
  const signature = method === 'PLAINTEXT' ? key : await hmacBase64(method === 'HMAC-SHA1' ? 'SHA-1' : 'SHA-256', key, baseString);
  const realm = values.realm ? [`realm="${values.realm.replace(/["\\]/g, '\\$&')}"`] : [];
  const header = { name: 'Authorization', value: `OAuth ${[...realm, ...[...sent, ['oauth_signature', signature]].map(([k, v]) => `${k}="${oauthEncode(v!)}"`)].join(',')}` };
  return ok({ wire: withHeader(wire, header), added: [header], steps: [{ label: 'Signature base string', text: baseString }] });
}

async function signHawk(wire: WireRequest, values: Record<string, string>, context: AuthSigningContext): Promise<Result<SignedWire>> {
  const id = values.authId ?? '';
  if (id === '') return fail({ kind: 'auth-field-empty', field: 'authId', message: 'The Hawk id is empty.' });
  if (!values.authKey) return fail({ kind: 'auth-field-empty', field: 'authKey', message: 'The Hawk key is empty.' });
  const algorithm = (values.algorithm || 'sha256').toLowerCase();
  if (algorithm !== 'sha256' && algorithm !== 'sha1') return fail({ kind: 'auth-field-invalid', field: 'algorithm', message: `The algorithm must be sha256 or sha1, not "${values.algorithm}".` });
  const url = new URL(wire.url);
  const ts = values.timestamp || String(Math.floor(context.now.getTime() / 1000));
  const nonceValue = values.nonce || nonce(6);
  const ext = values.ext ?? '';
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const normalized = ['hawk.1.header', ts, nonceValue, wire.method.toUpperCase(), `${url.pathname}${url.search}`, url.hostname.toLowerCase(), port, '', ext.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')].join('\n') + '\n' + (values.app ? `${values.app}\n${values.dlg ?? ''}\n` : '');
  const mac = await hmacBase64(algorithm === 'sha1' ? 'SHA-1' : 'SHA-256', values.authKey, normalized);
  const parts = [`id="${id}"`, `ts="${ts}"`, `nonce="${nonceValue}"`, ...(ext ? [`ext="${ext.replace(/["\\]/g, '\\$&')}"`] : []), `mac="${mac}"`, ...(values.app ? [`app="${values.app}"`, ...(values.dlg ? [`dlg="${values.dlg}"`] : [])] : [])];
  const header = { name: 'Authorization', value: `Hawk ${parts.join(', ')}` };
  return ok({ wire: withHeader(wire, header), added: [header], steps: [{ label: 'Normalized string', text: normalized }] });
}

const noHeaderYet = () => ok({ headers: [] });

/** OAuth 1.0a: `Authorization: OAuth …, oauth_signature="…"`, signed at send time. */
export const oauth1Scheme: AuthSchemeDescriptor = {
  id: 'oauth1',
  label: 'OAuth 1.0',
  summary: 'Authorization: OAuth oauth_consumer_key=…, oauth_signature=… — an HMAC of the method, URL and parameters, made at send time (RFC 5849 §3).',
  fields: [
    { name: 'consumerKey', label: 'Consumer key', kind: 'text' },
    { name: 'consumerSecret', label: 'Consumer secret', kind: 'secret', help: 'Never sent: it keys the signature.' },
    { name: 'token', label: 'Access token (optional)', kind: 'text' },
    { name: 'tokenSecret', label: 'Token secret (optional)', kind: 'secret' },
    { name: 'signatureMethod', label: 'Signature method', kind: 'select', default: 'HMAC-SHA1', options: OAUTH_METHODS.map((m) => ({ value: m, label: m })) },
    { name: 'timestamp', label: 'Timestamp (optional)', kind: 'text', help: 'Empty: the moment of sending, in seconds.' },
    { name: 'nonce', label: 'Nonce (optional)', kind: 'text', help: 'Empty: a fresh random one per send.' },
    { name: 'realm', label: 'Realm (optional)', kind: 'text' },
    { name: 'version', label: 'Version', kind: 'text', default: '1.0' },
  ],
  apply: noHeaderYet,
  sign: signOAuth1,
};

/** Hawk: `Authorization: Hawk id=…, ts=…, nonce=…, mac=…`, signed at send time. */
export const hawkScheme: AuthSchemeDescriptor = {
  id: 'hawk',
  label: 'Hawk',
  summary: 'Authorization: Hawk id=…, ts=…, nonce=…, mac=… — an HMAC of the moment, nonce, method, path, host and port, made at send time (Hawk header scheme).',
  fields: [
    { name: 'authId', label: 'Hawk id', kind: 'text' },
    { name: 'authKey', label: 'Hawk key', kind: 'secret', help: 'Never sent: it keys the MAC.' },
    { name: 'algorithm', label: 'Algorithm', kind: 'select', default: 'sha256', options: [{ value: 'sha256', label: 'SHA-256' }, { value: 'sha1', label: 'SHA-1' }] },
    { name: 'ext', label: 'Extra data (ext, optional)', kind: 'text' },
    { name: 'app', label: 'App id (optional)', kind: 'text' },
    { name: 'dlg', label: 'Delegation (dlg, optional)', kind: 'text' },
    { name: 'timestamp', label: 'Timestamp (optional)', kind: 'text', help: 'Empty: the moment of sending, in seconds.' },
    { name: 'nonce', label: 'Nonce (optional)', kind: 'text', help: 'Empty: a fresh random one per send.' },
  ],
  apply: noHeaderYet,
  sign: signHawk,
};
