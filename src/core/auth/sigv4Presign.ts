/**
 * AWS Signature Version 4 in the query string — a presigned URL, S3's and API Gateway's
 * "query string authentication" — through `@smithy/signature-v4`'s `presign`, the call the
 * AWS SDK's presigners make. Only Host and x-amz-* headers are signed, the x-amz-* ones
 * moved into the query as the SDK does, so the URL works from any client until it expires.
 * S3 signs UNSIGNED-PAYLOAD without saying so in the URL, as S3 expects of presigned URLs;
 * another service signs the body's hash, or UNSIGNED-PAYLOAD declared in the query
 * (x-amz-content-sha256) when the payload is unsigned. Loaded on demand, like the header
 * signer, and keeping the signer's own canonical request and string to sign.
 */
import type { HeaderBag } from '@smithy/types';
import { percentDecode } from '../encoding/percentEncoding';
import type { Result, WireRequest } from '../types';
import { fail, ok } from '../types';
import type { AuthSigningContext, SignedWire } from './authTypes';
import { recordingSigner, signerRequest, uriEncode } from './sigv4';
import { sigV4InputOfWire, type SigV4Input } from './sigv4Input';
import { SIGV4_MAX_EXPIRES, type SigV4Settings } from './sigv4Settings';

/** The query parameters of a presigned URL's signature before X-Amz-Signature, in the order AWS's documentation writes them. */
export const PRESIGN_QUERY_PARAMS = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Security-Token'] as const;

const SIGNATURE_PARAM = 'X-Amz-Signature';

/** Query parameters (lower case) a new signature replaces: those of an earlier presigned URL, pasted and signed again. */
const OWNED_QUERY = new Set([...PRESIGN_QUERY_PARAMS, SIGNATURE_PARAM, 'x-amz-content-sha256'].map((n) => n.toLowerCase()));

/** Headers with no place beside a query signature: AWS refuses a request signed two ways. */
const OWNED_HEADERS = new Set(['authorization', 'x-amz-date', 'x-amz-security-token', 'x-amz-content-sha256']);

/** What presigning produced. */
export interface SigV4Presignature {
  /** The query parameters to append, decoded: the X-Amz-* of the signature, hoisted x-amz-* headers, X-Amz-Signature last. */
  query: { name: string; value: string }[];
  /** Header names (lower case) moved into the query, so no longer sent as headers. */
  hoisted: string[];
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
  /** The lower-case header names signed, as in X-Amz-SignedHeaders. */
  signedHeaders: string[];
}

const first = (value: string | (string | null)[] | null | undefined): string | undefined => (Array.isArray(value) ? (value[0] ?? undefined) : (value ?? undefined));

/**
 * Presigns `input` at `now`, valid for `expiresIn` seconds (1..604800, AWS's limit; a
 * caller's error otherwise, thrown as a RangeError). A session token goes in the query as
 * X-Amz-Security-Token and is signed there.
 */
export async function presignSigV4Input(input: SigV4Input, settings: SigV4Settings, expiresIn: number, now: Date): Promise<SigV4Presignature> {
  if (!Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > SIGV4_MAX_EXPIRES) {
    throw new RangeError(`expiresIn must be a whole number of seconds from 1 to ${SIGV4_MAX_EXPIRES}, got ${expiresIn}`);
  }
  const s3 = settings.service === 's3';
  const headers: HeaderBag = {};
  for (const { name, value } of input.headers) {
    const lower = name.toLowerCase();
    if ((lower !== 'host' && !lower.startsWith('x-amz-')) || OWNED_HEADERS.has(lower)) continue;
    headers[lower] = lower in headers ? `${headers[lower]},${value.trim()}` : value.trim();
  }
  const unsigned = s3 || settings.unsignedPayload;
  // The signer takes the payload hash from x-amz-content-sha256 when the request has it.
  // Unless a non-S3 service must be told the payload is unsigned, that header stays out of
  // the URL and out of the signed headers: it only carries the hash to the signer.
  const payloadHash = unsigned ? 'UNSIGNED-PAYLOAD' : input.payloadHash;
  if (payloadHash !== undefined) headers['x-amz-content-sha256'] = payloadHash;
  const quiet = new Set(unsigned && !s3 ? [] : ['x-amz-content-sha256']);
  const hoisted = Object.keys(headers).filter((name) => name !== 'host' && !quiet.has(name)).sort();
  const request = signerRequest(input, settings, headers, unsigned ? undefined : input.body);
  const signer = recordingSigner(settings);
  const presigned = (await signer.presign(request, { signingDate: now, expiresIn, unhoistableHeaders: quiet, unsignableHeaders: quiet })).query ?? {};
  const query: { name: string; value: string }[] = [];
  for (const name of [...PRESIGN_QUERY_PARAMS, ...hoisted, SIGNATURE_PARAM]) {
    const value = first(presigned[name]);
    if (value !== undefined) query.push({ name, value });
  }
  return {
    query,
    hoisted,
    canonicalRequest: signer.canonicalRequest,
    stringToSign: signer.stringToSign,
    signature: first(presigned[SIGNATURE_PARAM]) ?? '',
    signedHeaders: (first(presigned['X-Amz-SignedHeaders']) ?? '').split(';'),
  };
}

/** `url` split around its query: what comes before `?`, the query's `&` pieces, and a fragment. */
function splitQuery(url: string): { base: string; pieces: string[]; fragment: string } {
  const hash = url.indexOf('#');
  const beforeHash = hash < 0 ? url : url.slice(0, hash);
  const question = beforeHash.indexOf('?');
  return {
    base: question < 0 ? beforeHash : beforeHash.slice(0, question),
    pieces: question < 0 ? [] : beforeHash.slice(question + 1).split('&').filter((p) => p !== ''),
    fragment: hash < 0 ? '' : url.slice(hash),
  };
}

function joinQuery(base: string, pieces: readonly string[], fragment: string): string {
  return `${base}${pieces.length > 0 ? `?${pieces.join('&')}` : ''}${fragment}`;
}

/** `url` without the parameters a presigned URL's signature consists of (other pieces kept as written). */
function withoutSignatureParams(url: string): string {
  const { base, pieces, fragment } = splitQuery(url);
  const kept = pieces.filter((piece) => {
    const eq = piece.indexOf('=');
    return !OWNED_QUERY.has(percentDecode(eq < 0 ? piece : piece.slice(0, eq)).toLowerCase());
  });
  return joinQuery(base, kept, fragment);
}

/**
 * `wire` presigned as it will go: the typed query kept as written, an earlier signature's
 * parameters dropped, the new ones appended (encoded as AWS's UriEncode, so X-Amz-Credential's
 * slashes are %2F); Authorization, X-Amz-Date, X-Amz-Security-Token and x-amz-content-sha256
 * headers dropped (the signature is in the query), and x-amz-* headers moved into it. The
 * steps are the canonical request and the string to sign.
 */
export async function presignWireSigV4(wire: WireRequest, settings: SigV4Settings, context: AuthSigningContext): Promise<Result<SignedWire>> {
  if (!settings.presign) throw new TypeError('presignWireSigV4 needs settings with presign (Sign with: query string)');
  const base: WireRequest = { ...wire, url: withoutSignatureParams(wire.url), headers: wire.headers.filter((h) => !OWNED_HEADERS.has(h.name.toLowerCase())) };
  const input = await sigV4InputOfWire(base, settings.service === 's3' || settings.unsignedPayload, context);
  if (!input.ok) return input;
  let presigned: SigV4Presignature;
  try {
    presigned = await presignSigV4Input(input.value, settings, settings.presign.expiresIn, context.now);
  } catch (err) {
    if (err instanceof RangeError || err instanceof TypeError) throw err;
    // smithy rejects some failures with a bare string.
    return fail({ kind: 'sigv4-failed', field: 'scheme', message: `The URL could not be presigned: ${err instanceof Error ? err.message : String(err)}` });
  }
  const hoisted = new Set(presigned.hoisted);
  const { base: path, pieces, fragment } = splitQuery(base.url);
  const url = joinQuery(path, [...pieces, ...presigned.query.map((p) => `${uriEncode(p.name)}=${uriEncode(p.value)}`)], fragment);
  return ok({
    wire: { ...base, url, headers: base.headers.filter((h) => !hoisted.has(h.name.toLowerCase())) },
    added: [],
    addedQuery: presigned.query,
    steps: [
      { label: 'Canonical request', text: presigned.canonicalRequest },
      { label: 'String to sign', text: presigned.stringToSign },
    ],
  });
}
