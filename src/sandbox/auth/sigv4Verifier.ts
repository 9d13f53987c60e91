/**
 * An AWS Signature Version 4 verifier for the sandbox, written from AWS's "Create a signed
 * AWS API request" steps with node:crypto and nothing of the workbench's signer, so the
 * two check each other. It plays an API Gateway-like service (`execute-api`): the path is
 * normalised and encoded once more, as every AWS service but S3 does. Like AWS, a refusal
 * carries the canonical request and string to sign the server computed.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** A published demo identity; `sessionToken` makes it a temporary credential. */
export interface SigV4DemoKey {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** The request as it arrived. */
export interface ArrivedRequest {
  method: string;
  /** The raw request-target (path and query as sent). */
  target: string;
  /** Node's `rawHeaders`: name, value, name, value… */
  rawHeaders: readonly string[];
  body: Uint8Array;
}

/** What the server expects and when it is. */
export interface SigV4Expectation {
  keys: readonly SigV4DemoKey[];
  region: string;
  service: string;
  nowMs: number;
  /** How far X-Amz-Date may be from the server's clock (AWS: 5 minutes). */
  maxSkewMs: number;
}

/** An AWS-style refusal: status, error code and message; the computed strings when the signature was checked. */
export interface SigV4Refusal {
  status: 400 | 403;
  code: string;
  message: string;
  canonicalRequest?: string;
  stringToSign?: string;
  signatureProvided?: string;
}

/** A signature accepted (with when a presigned URL stops being accepted), or refused. */
export type SigV4Verdict = { ok: true; accessKeyId: string; signedHeaders: string[]; temporary: boolean; expiresAt?: string } | { ok: false; refusal: SigV4Refusal };

/** A refusal verdict. */
export const refuse = (status: 400 | 403, code: string, message: string, extra: Partial<SigV4Refusal> = {}): SigV4Verdict => ({ ok: false, refusal: { status, code, message, ...extra } });

/** SHA-256 in lower-case hex. */
export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** UriEncode of AWS's steps: every byte but A-Z a-z 0-9 - _ . ~ as %XY (upper-case hex). */
export function uriEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Percent-decoding that keeps a malformed escape as written. */
export function percentDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Non-S3 canonical URI: dot segments and empty segments removed, each segment encoded (again). */
export function canonicalUri(path: string): string {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(uriEncode(segment));
  }
  if (segments.length === 0) return '/';
  return `/${segments.join('/')}${path.endsWith('/') ? '/' : ''}`;
}

/** The canonical query string: pairs decoded, encoded the AWS way, sorted by name then value. */
export function canonicalQuery(query: string): string {
  const pairs = query
    .split('&')
    .filter((piece) => piece !== '')
    .map((piece) => {
      const eq = piece.indexOf('=');
      const name = uriEncode(percentDecode(eq < 0 ? piece : piece.slice(0, eq)));
      const value = uriEncode(percentDecode(eq < 0 ? '' : piece.slice(eq + 1)));
      return [name, value] as const;
    });
  pairs.sort(([an, av], [bn, bv]) => (an < bn ? -1 : an > bn ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return pairs.map(([n, v]) => `${n}=${v}`).join('&');
}

/** Every value of header `name`, trimmed with inner runs of spaces collapsed, joined by commas. */
export function canonicalHeaderValue(rawHeaders: readonly string[], name: string): string | undefined {
  const values: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i]!.toLowerCase() === name) values.push(rawHeaders[i + 1]!.trim().replace(/\s+/g, ' '));
  }
  return values.length === 0 ? undefined : values.join(',');
}

interface ParsedAuthorization {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

function parseAuthorization(value: string): ParsedAuthorization | string {
  const match = /^AWS4-HMAC-SHA256\s+(.*)$/.exec(value.trim());
  if (!match) return `Authorization header must use the AWS4-HMAC-SHA256 algorithm, got '${value.split(/\s/)[0] ?? ''}'.`;
  const params = new Map<string, string>();
  for (const part of match[1]!.split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  for (const name of ['Credential', 'SignedHeaders', 'Signature']) {
    if (!params.get(name)) return `Authorization header requires '${name}' parameter. Authorization=${value}`;
  }
  const scope = params.get('Credential')!.split('/');
  if (scope.length !== 5 || scope[4] !== 'aws4_request') return `Credential should be <access key>/<date>/<region>/<service>/aws4_request, got '${params.get('Credential')}'.`;
  return {
    accessKeyId: scope[0]!,
    date: scope[1]!,
    region: scope[2]!,
    service: scope[3]!,
    signedHeaders: params.get('SignedHeaders')!.split(';'),
    signature: params.get('Signature')!,
  };
}

/** Milliseconds of an ISO 8601 basic date-time (20150830T123600Z), or NaN. */
export function amzDateMs(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : NaN;
}

/** An ISO 8601 basic date-time (20150830T123600Z) of `ms`. */
export function amzDate(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** Checks one request's SigV4 Authorization header against `expect`. */
export function verifySigV4(request: ArrivedRequest, expect: SigV4Expectation): SigV4Verdict {
  const header = (name: string) => canonicalHeaderValue(request.rawHeaders, name);
  const authorization = header('authorization');
  if (authorization === undefined) return refuse(403, 'MissingAuthenticationToken', 'Missing Authentication Token: send Authorization: AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=….');
  const parsed = parseAuthorization(authorization);
  if (typeof parsed === 'string') return refuse(403, 'IncompleteSignature', parsed);
  const key = expect.keys.find((k) => k.accessKeyId === parsed.accessKeyId);
  if (!key) return refuse(403, 'InvalidClientTokenId', `The security token included in the request is invalid: no access key ID '${parsed.accessKeyId}' here.`);
  if (key.sessionToken !== undefined && header('x-amz-security-token') !== key.sessionToken) {
    return refuse(403, 'InvalidClientTokenId', `The security token included in the request is invalid: ${parsed.accessKeyId} is a temporary credential, so X-Amz-Security-Token must carry its session token.`);
  }
  const dateHeader = header('x-amz-date');
  if (dateHeader === undefined) return refuse(403, 'IncompleteSignature', "Authorization header requires existence of a 'X-Amz-Date' header.");
  const sentMs = amzDateMs(dateHeader);
  if (Number.isNaN(sentMs)) return refuse(403, 'IncompleteSignature', `X-Amz-Date must be a basic ISO 8601 time such as 20150830T123600Z, got '${dateHeader}'.`);
  if (Math.abs(sentMs - expect.nowMs) > expect.maxSkewMs) {
    const minutes = expect.maxSkewMs / 60_000;
    return refuse(
      403,
      'SignatureExpired',
      sentMs < expect.nowMs
        ? `Signature expired: ${dateHeader} is now earlier than ${amzDate(expect.nowMs - expect.maxSkewMs)} (${amzDate(expect.nowMs)} - ${minutes} min.)`
        : `Signature not yet current: ${dateHeader} is still later than ${amzDate(expect.nowMs + expect.maxSkewMs)} (${amzDate(expect.nowMs)} + ${minutes} min.)`,
    );
  }
  if (parsed.date !== dateHeader.slice(0, 8)) return refuse(403, 'SignatureDoesNotMatch', `Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '${parsed.date}' != '${dateHeader.slice(0, 8)}'.`);
  if (parsed.region !== expect.region) return refuse(403, 'SignatureDoesNotMatch', `Credential should be scoped to a valid region, not '${parsed.region}'; this endpoint is in '${expect.region}'.`);
  if (parsed.service !== expect.service) return refuse(403, 'SignatureDoesNotMatch', `Credential should be scoped to correct service: '${expect.service}', not '${parsed.service}'.`);
  if (!parsed.signedHeaders.includes('host')) return refuse(403, 'IncompleteSignature', "'Host' must be a 'SignedHeader' in the AWS Authorization.");

  const bodyHash = sha256Hex(request.body);
  const declared = header('x-amz-content-sha256');
  if (declared !== undefined && declared !== 'UNSIGNED-PAYLOAD' && declared !== bodyHash) {
    return refuse(400, 'XAmzContentSHA256Mismatch', `The provided 'x-amz-content-sha256' header does not match what was computed: ${declared} sent, ${bodyHash} computed.`);
  }
  const question = request.target.indexOf('?');
  const canonicalRequest = [
    request.method,
    canonicalUri(question < 0 ? request.target : request.target.slice(0, question)),
    canonicalQuery(question < 0 ? '' : request.target.slice(question + 1)),
    ...parsed.signedHeaders.map((name) => `${name}:${header(name) ?? ''}`),
    '',
    parsed.signedHeaders.join(';'),
    declared ?? bodyHash,
  ].join('\n');
  const mismatch = checkSignature(key, parsed, dateHeader, canonicalRequest, parsed.signature);
  if (mismatch) return mismatch;
  return { ok: true, accessKeyId: key.accessKeyId, signedHeaders: parsed.signedHeaders, temporary: key.sessionToken !== undefined };
}

/**
 * Computes the signature of `canonicalRequest` (string to sign, signing key derived from the
 * secret, date, region and service) and compares it with `provided` in constant time: a
 * SignatureDoesNotMatch refusal carrying what the server computed, or undefined when equal.
 */
export function checkSignature(key: SigV4DemoKey, scope: { date: string; region: string; service: string }, longDate: string, canonicalRequest: string, provided: string): SigV4Verdict | undefined {
  const stringToSign = ['AWS4-HMAC-SHA256', longDate, `${scope.date}/${scope.region}/${scope.service}/aws4_request`, sha256Hex(canonicalRequest)].join('\n');
  let signingKey = hmac(`AWS4${key.secretAccessKey}`, scope.date);
  for (const part of [scope.region, scope.service, 'aws4_request']) signingKey = hmac(signingKey, part);
  const expected = Buffer.from(createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex'));
  const given = Buffer.from(provided);
  if (expected.length === given.length && timingSafeEqual(expected, given)) return undefined;
  return refuse(
    403,
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method: compare the canonical request and string to sign below with yours.',
    { canonicalRequest, stringToSign, signatureProvided: provided },
  );
}
