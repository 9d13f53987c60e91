/**
 * AWS Signature Version 4 through `@smithy/signature-v4`, the signer the AWS SDK uses.
 * The signer's own canonical request and string to sign are kept (read from its
 * `createCanonicalRequest` / `createStringToSign`), so the debug view shows exactly what
 * was signed, not a second computation that could disagree. Loaded on demand: it is only
 * needed when a SigV4 request is previewed or sent.
 */
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import type { HeaderBag, HttpRequest, QueryParameterBag } from '@smithy/types';
import type { HeaderField, Result, WireRequest } from '../types';
import { fail, ok } from '../types';
import type { AuthSigningContext, SignedWire } from './authTypes';
import { sigV4InputOfWire, type SigV4Input } from './sigv4Input';
import type { SigV4Settings } from './sigv4Settings';

/** What signing produced: the headers to add and how the signature was made. */
export interface SigV4Signature {
  /** X-Amz-Date, X-Amz-Security-Token, x-amz-content-sha256 (when added), Authorization — in that order. */
  headers: HeaderField[];
  canonicalRequest: string;
  stringToSign: string;
  authorization: string;
  signature: string;
  /** The lower-case header names signed, sorted, as in SignedHeaders. */
  signedHeaders: string[];
}

/** Headers the signer writes itself: any typed value is replaced by the signed one. */
const SIGNER_HEADERS = new Set(['authorization', 'x-amz-date']);

/** The signer, remembering the canonical request and string to sign of its last signature. */
export class RecordingSignatureV4 extends SignatureV4 {
  canonicalRequest = '';
  stringToSign = '';

  protected override createCanonicalRequest(request: HttpRequest, canonicalHeaders: HeaderBag, payloadHash: string): string {
    this.canonicalRequest = super.createCanonicalRequest(request, canonicalHeaders, payloadHash);
    return this.canonicalRequest;
  }

  protected override async createStringToSign(longDate: string, credentialScope: string, canonicalRequest: string, algorithmIdentifier: string): Promise<string> {
    this.stringToSign = await super.createStringToSign(longDate, credentialScope, canonicalRequest, algorithmIdentifier);
    return this.stringToSign;
  }
}

/** RFC 3986 encoding of everything but unreserved characters, as AWS's UriEncode. */
export function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The path the signer is given. Every service but S3 signs the path as sent, encoded once
 * more by the signer (with dot segments and empty segments normalised); S3 signs each
 * segment decoded and encoded once, and never normalises (`a//b` is a different key).
 */
export function signerPath(path: string, service: string): string {
  if (service !== 's3') return path;
  return path.split('/').map((segment) => uriEncode(decodeSegment(segment))).join('/');
}

function headerBag(input: SigV4Input, settings: SigV4Settings): HeaderBag {
  const bag: HeaderBag = {};
  for (const { name, value } of input.headers) {
    const lower = name.toLowerCase();
    if (SIGNER_HEADERS.has(lower) || (lower === 'x-amz-security-token' && settings.sessionToken)) continue;
    // Repeated fields are one field to AWS: values trimmed and joined by commas, in order.
    bag[lower] = lower in bag ? `${bag[lower]},${value.trim()}` : value.trim();
  }
  if (settings.unsignedPayload) bag['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
  else if (input.payloadHash !== undefined && !('x-amz-content-sha256' in bag)) bag['x-amz-content-sha256'] = input.payloadHash;
  return bag;
}

/** The query pairs as the signer takes them: a repeated name becomes a list, in order. */
export function queryBag(input: SigV4Input): QueryParameterBag {
  const bag: QueryParameterBag = {};
  for (const { name, value } of input.query) {
    const had = Object.prototype.hasOwnProperty.call(bag, name) ? bag[name] : undefined;
    bag[name] = had === undefined || had === null ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return bag;
}

/** Display names of the headers the signer adds. */
const ADDED_NAMES: Record<string, string> = {
  'x-amz-date': 'X-Amz-Date',
  'x-amz-security-token': 'X-Amz-Security-Token',
  'x-amz-content-sha256': 'x-amz-content-sha256',
  authorization: 'Authorization',
};

/**
 * A signer for `settings`: S3 keeps the path as the key (no second encoding) and hashes the
 * payload into x-amz-content-sha256; every other service encodes the path once more.
 */
export function recordingSigner(settings: SigV4Settings): RecordingSignatureV4 {
  const s3 = settings.service === 's3';
  return new RecordingSignatureV4({
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, ...(settings.sessionToken ? { sessionToken: settings.sessionToken } : {}) },
    region: settings.region,
    service: settings.service,
    sha256: Sha256,
    uriEscapePath: !s3,
    applyChecksum: s3,
  });
}

/** The request as smithy's signer takes it: method, target, path as the service signs it, query, `headers`, and `body` when given. */
export function signerRequest(input: SigV4Input, settings: SigV4Settings, headers: HttpRequest['headers'], body: SigV4Input['body'] | undefined): HttpRequest {
  return {
    method: input.method,
    protocol: input.protocol,
    hostname: input.hostname,
    ...(input.port !== undefined ? { port: input.port } : {}),
    path: signerPath(input.path, settings.service),
    query: queryBag(input),
    headers,
    ...(body === undefined ? {} : { body }),
  };
}

/**
 * Signs `input` at `settings.now`. S3 (`service` "s3") gets x-amz-content-sha256 with the
 * body's hash, as S3 requires; other services only when the payload is unsigned or was
 * hashed in pieces. A session token is sent as X-Amz-Security-Token and signed.
 */
export async function signSigV4Input(input: SigV4Input, settings: SigV4Settings, now: Date): Promise<SigV4Signature> {
  const signer = recordingSigner(settings);
  const request = signerRequest(input, settings, headerBag(input, settings), input.body);
  const signed = await signer.sign(request, { signingDate: now });
  const typed = new Set(input.headers.map((h) => h.name.toLowerCase()));
  const added: HeaderField[] = [];
  for (const name of ['x-amz-date', 'x-amz-security-token', 'x-amz-content-sha256', 'authorization']) {
    const value = signed.headers[name];
    if (value === undefined) continue;
    // A value the person typed stays where it was typed (x-amz-content-sha256 they chose).
    if (name === 'x-amz-content-sha256' && typed.has(name)) continue;
    added.push({ name: ADDED_NAMES[name]!, value });
  }
  const authorization = signed.headers.authorization ?? '';
  const signedHeaders = /SignedHeaders=([^,]*)/.exec(authorization)?.[1]?.split(';') ?? [];
  const signature = /Signature=([0-9a-f]+)/.exec(authorization)?.[1] ?? '';
  return { headers: added, canonicalRequest: signer.canonicalRequest, stringToSign: signer.stringToSign, authorization, signature, signedHeaders };
}

/**
 * `wire` signed as it will go: headers the signer writes (Authorization, X-Amz-Date, and
 * X-Amz-Security-Token / x-amz-content-sha256 when it sets them) are taken out of the typed
 * ones and appended signed. The steps are the canonical request and the string to sign.
 */
export async function signWireSigV4(wire: WireRequest, settings: SigV4Settings, context: AuthSigningContext): Promise<Result<SignedWire>> {
  const input = await sigV4InputOfWire(wire, settings.unsignedPayload, context);
  if (!input.ok) return input;
  let signature: SigV4Signature;
  try {
    signature = await signSigV4Input(input.value, settings, context.now);
  } catch (err) {
    return fail({ kind: 'sigv4-failed', field: 'scheme', message: `The request could not be signed: ${(err as Error).message}` });
  }
  const replaced = new Set(signature.headers.map((h) => h.name.toLowerCase()));
  const headers = [...wire.headers.filter((h) => !replaced.has(h.name.toLowerCase())), ...signature.headers];
  return ok({
    wire: { ...wire, headers },
    added: signature.headers,
    steps: [
      { label: 'Canonical request', text: signature.canonicalRequest },
      { label: 'String to sign', text: signature.stringToSign },
    ],
  });
}
