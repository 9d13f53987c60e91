/**
 * The sandbox's check of AWS Signature Version 4 in the query string — a presigned URL —
 * written from S3's "Authenticating Requests: Using Query Parameters" with node:crypto, like
 * the header verifier beside it (whose canonical forms it shares). The canonical query is
 * every parameter but X-Amz-Signature; the URL is accepted from X-Amz-Date until
 * X-Amz-Date + X-Amz-Expires, and refused after that with the moment it expired.
 */
import type { ArrivedRequest, SigV4Expectation, SigV4Verdict } from './sigv4Verifier';
import { amzDate, amzDateMs, canonicalHeaderValue, canonicalQuery, canonicalUri, checkSignature, percentDecode, refuse, sha256Hex } from './sigv4Verifier';

/** AWS's limit for X-Amz-Expires: 7 days in seconds. */
const MAX_EXPIRES = 604_800;

const REQUIRED = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Signature', 'X-Amz-Date', 'X-Amz-SignedHeaders', 'X-Amz-Expires'] as const;

/** The decoded query pairs of a request-target, and its raw query without X-Amz-Signature. */
function readQuery(target: string): { params: Map<string, string>; signedQuery: string } {
  const question = target.indexOf('?');
  const raw = question < 0 ? '' : target.slice(question + 1);
  const params = new Map<string, string>();
  const signed: string[] = [];
  for (const piece of raw.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const name = percentDecode(eq < 0 ? piece : piece.slice(0, eq));
    if (!params.has(name)) params.set(name, percentDecode(eq < 0 ? '' : piece.slice(eq + 1)));
    if (name !== 'X-Amz-Signature') signed.push(piece);
  }
  return { params, signedQuery: signed.join('&') };
}

/** True when the request-target carries a query-string signature (X-Amz-Algorithm, X-Amz-Credential or X-Amz-Signature). */
export function hasQuerySignature(target: string): boolean {
  const { params } = readQuery(target);
  return params.has('X-Amz-Algorithm') || params.has('X-Amz-Credential') || params.has('X-Amz-Signature');
}

/** Checks one request's presigned-URL signature against `expect`. */
export function verifyPresignedSigV4(request: ArrivedRequest, expect: SigV4Expectation): SigV4Verdict {
  const header = (name: string) => canonicalHeaderValue(request.rawHeaders, name);
  const { params, signedQuery } = readQuery(request.target);
  if (header('authorization') !== undefined) {
    return refuse(400, 'InvalidArgument', 'Only one auth mechanism allowed: the X-Amz-Algorithm query parameter or the Authorization header, not both.');
  }
  const missing = REQUIRED.filter((name) => !params.get(name));
  if (missing.length > 0) {
    return refuse(400, 'AuthorizationQueryParametersError', `Query-string authentication version 4 requires the ${REQUIRED.join(', ')} parameters; missing: ${missing.join(', ')}.`);
  }
  const get = (name: (typeof REQUIRED)[number]) => params.get(name)!;
  if (get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return refuse(400, 'AuthorizationQueryParametersError', `X-Amz-Algorithm only supports "AWS4-HMAC-SHA256", got '${get('X-Amz-Algorithm')}'.`);
  const scope = get('X-Amz-Credential').split('/');
  if (scope.length !== 5 || scope[4] !== 'aws4_request') return refuse(400, 'AuthorizationQueryParametersError', `X-Amz-Credential should be <access key>/<date>/<region>/<service>/aws4_request, got '${get('X-Amz-Credential')}'.`);
  const [accessKeyId, date, region, service] = scope as [string, string, string, string, string];
  const key = expect.keys.find((k) => k.accessKeyId === accessKeyId);
  if (!key) return refuse(403, 'InvalidClientTokenId', `The security token included in the request is invalid: no access key ID '${accessKeyId}' here.`);
  if (key.sessionToken !== undefined && params.get('X-Amz-Security-Token') !== key.sessionToken) {
    return refuse(403, 'InvalidClientTokenId', `The security token included in the request is invalid: ${accessKeyId} is a temporary credential, so X-Amz-Security-Token must carry its session token.`);
  }
  const longDate = get('X-Amz-Date');
  const signedMs = amzDateMs(longDate);
  if (Number.isNaN(signedMs)) return refuse(400, 'AuthorizationQueryParametersError', `X-Amz-Date must be a basic ISO 8601 time such as 20130524T000000Z, got '${longDate}'.`);
  const expires = get('X-Amz-Expires');
  if (!/^\d+$/.test(expires) || Number(expires) < 1 || Number(expires) > MAX_EXPIRES) {
    return refuse(400, 'AuthorizationQueryParametersError', `X-Amz-Expires must be a whole number of seconds from 1 to ${MAX_EXPIRES} (one week), got '${expires}'.`);
  }
  const expiresMs = signedMs + Number(expires) * 1000;
  if (expect.nowMs > expiresMs) {
    return refuse(
      403,
      'SignatureExpired',
      `Request has expired: signed at ${longDate} for ${expires} seconds (X-Amz-Expires), so valid until ${amzDate(expiresMs)}; the server's time is ${amzDate(expect.nowMs)}. Presign the URL again.`,
    );
  }
  if (signedMs - expect.nowMs > expect.maxSkewMs) {
    return refuse(403, 'SignatureNotYetCurrent', `Request is not yet valid: X-Amz-Date ${longDate} is later than ${amzDate(expect.nowMs + expect.maxSkewMs)} (${amzDate(expect.nowMs)} + ${expect.maxSkewMs / 60_000} min.)`);
  }
  if (date !== longDate.slice(0, 8)) return refuse(403, 'SignatureDoesNotMatch', `Date in Credential scope does not match YYYYMMDD from X-Amz-Date: '${date}' != '${longDate.slice(0, 8)}'.`);
  if (region !== expect.region) return refuse(403, 'SignatureDoesNotMatch', `Credential should be scoped to a valid region, not '${region}'; this endpoint is in '${expect.region}'.`);
  if (service !== expect.service) return refuse(403, 'SignatureDoesNotMatch', `Credential should be scoped to correct service: '${expect.service}', not '${service}'.`);
  const signedHeaders = get('X-Amz-SignedHeaders').split(';');
  if (!signedHeaders.includes('host')) return refuse(400, 'AuthorizationQueryParametersError', "'host' must be one of X-Amz-SignedHeaders.");

  // The payload: declared in the query (or a header) as UNSIGNED-PAYLOAD or a hash, else the body's hash.
  const bodyHash = sha256Hex(request.body);
  const declared = [...params].find(([name]) => name.toLowerCase() === 'x-amz-content-sha256')?.[1] ?? header('x-amz-content-sha256');
  if (declared !== undefined && declared !== 'UNSIGNED-PAYLOAD' && declared !== bodyHash) {
    return refuse(400, 'XAmzContentSHA256Mismatch', `The provided 'x-amz-content-sha256' does not match what was computed: ${declared} sent, ${bodyHash} computed.`);
  }
  const question = request.target.indexOf('?');
  const canonicalRequest = [
    request.method,
    canonicalUri(question < 0 ? request.target : request.target.slice(0, question)),
    canonicalQuery(signedQuery),
    ...signedHeaders.map((name) => `${name}:${header(name) ?? ''}`),
    '',
    signedHeaders.join(';'),
    declared ?? bodyHash,
  ].join('\n');
  const mismatch = checkSignature(key, { date, region, service }, longDate, canonicalRequest, get('X-Amz-Signature'));
  if (mismatch) return mismatch;
  return { ok: true, accessKeyId, signedHeaders, temporary: key.sessionToken !== undefined, expiresAt: new Date(expiresMs).toISOString() };
}
