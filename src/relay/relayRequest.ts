/**
 * The page's side of a relay call: the length-prefixed request description that starts
 * `POST /api/relay`, checked before anything is sent (method and header names are RFC 9110
 * tokens, no CR/LF/NUL in values, an absolute http(s) URL).
 */
import type http from 'node:http';
import { DIGEST_ALGORITHMS, digestAlgorithm, isHttpToken, RELAY_PROTOCOL_CHOICES, type RelayRequestMeta } from '../core';
import { isStoredCookie } from '../core/cookies';
import { RelayFailure } from './failures';

const MAX_META_BYTES = 4 * 1024 * 1024;

/**
 * Reads the length-prefixed metadata. The bytes after it (the start of the body) are put
 * back, and the request is left paused, so the body can be piped on from there.
 */
export function readMeta(req: http.IncomingMessage): Promise<{ meta: RelayRequestMeta; metaBytes: number }> {
  return new Promise((resolve, reject) => {
    let buffered: Buffer = Buffer.alloc(0);
    let metaLength = -1;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.pause();
    };
    const onData = (chunk: Buffer) => {
      buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
      if (metaLength < 0 && buffered.length >= 4) {
        metaLength = buffered.readUInt32BE(0);
        if (metaLength > MAX_META_BYTES) {
          stop();
          reject(new RelayFailure('too_large', `Request description of ${metaLength} bytes exceeds ${MAX_META_BYTES}`));
          return;
        }
      }
      if (metaLength < 0 || buffered.length < 4 + metaLength) return;
      stop();
      const rest = buffered.subarray(4 + metaLength);
      if (rest.length) req.unshift(rest);
      let meta: RelayRequestMeta;
      try {
        meta = JSON.parse(buffered.subarray(4, 4 + metaLength).toString('utf8')) as RelayRequestMeta;
      } catch (err) {
        reject(new RelayFailure('bad_request', `The request description is not JSON: ${(err as Error).message}`));
        return;
      }
      try {
        checkMeta(meta);
      } catch (err) {
        reject(err);
        return;
      }
      resolve({ meta, metaBytes: 4 + metaLength });
    };
    const onEnd = () => {
      stop();
      reject(new RelayFailure('bad_request', 'The relay request ended before its description was complete.'));
    };
    const onError = (err: Error) => {
      stop();
      reject(err);
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
  });
}

/** Allowed range of the request timeout, ms. */
export const TIMEOUT_BOUNDS = { min: 100, max: 3_600_000 } as const;
/** Allowed range of redirects followed. */
export const REDIRECT_BOUNDS = { min: 0, max: 50 } as const;

/**
 * A numeric field of the description must be a finite integer within bounds when present:
 * `"ten"` would otherwise become NaN, which `Math.min`/`Math.max` pass straight through
 * (unbounded redirects, or a timeout that fires at once).
 */
function checkNumber(meta: RelayRequestMeta, field: 'timeoutMs' | 'maxRedirects', bounds: { min: number; max: number }): void {
  const value: unknown = meta[field];
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || !Number.isInteger(value) || value < bounds.min || value > bounds.max) {
    throw new RelayFailure(
      'bad_request',
      `The field ${field} must be a whole number from ${bounds.min} to ${bounds.max}, not ${JSON.stringify(value) ?? String(value)}.`,
    );
  }
}

/** Digest credentials must be strings; their values are never echoed in an error (they are secrets). */
function checkDigest(digest: unknown): void {
  const d = digest as Record<string, unknown> | null;
  if (!d || typeof d !== 'object' || typeof d.username !== 'string' || typeof d.password !== 'string') {
    throw new RelayFailure('bad_request', 'The field digest must hold a string username and password.');
  }
  if (d.algorithm !== undefined && (typeof d.algorithm !== 'string' || !digestAlgorithm(d.algorithm))) {
    throw new RelayFailure('bad_request', `The Digest algorithm ${JSON.stringify(d.algorithm)} is not one of ${DIGEST_ALGORITHMS.join(', ')}.`);
  }
  if (d.algorithm !== undefined) d.algorithm = digestAlgorithm(d.algorithm);
}

/** Most cookies a jar may hand the relay (browsers keep a few thousand in all). */
const MAX_JAR_COOKIES = 10_000;

/** A cookie jar must be a bounded list of cookies with string fields; values are never echoed in an error. */
function checkCookies(cookies: unknown): void {
  const list = (cookies as { cookies?: unknown } | null)?.cookies;
  if (!cookies || typeof cookies !== 'object' || !Array.isArray(list)) throw new RelayFailure('bad_request', 'The field cookies must be { cookies: [...] }.');
  if (list.length > MAX_JAR_COOKIES) throw new RelayFailure('too_large', `The cookie jar holds ${list.length} cookies, more than ${MAX_JAR_COOKIES}.`);
  const bad = list.findIndex((c) => !isStoredCookie(c));
  if (bad >= 0) throw new RelayFailure('bad_request', `Cookie ${bad + 1} of the jar needs a string key, value, domain and path.`);
}

/** A proxy choice must be one of the three modes with string fields; credentials are never echoed. */
function checkProxy(proxy: unknown): void {
  const p = proxy as Record<string, unknown> | null;
  const mode = p && typeof p === 'object' ? p.mode : undefined;
  if (mode !== 'environment' && mode !== 'none' && mode !== 'manual') {
    throw new RelayFailure('bad_request', 'The field proxy must have mode environment, none or manual.');
  }
  for (const field of ['httpProxy', 'httpsProxy', 'noProxy', 'username', 'password'] as const) {
    if (p![field] !== undefined && typeof p![field] !== 'string') throw new RelayFailure('bad_request', `The proxy field ${field} must be a string.`);
  }
  if (p!.proxyLoopback !== undefined && typeof p!.proxyLoopback !== 'boolean') throw new RelayFailure('bad_request', 'The proxy field proxyLoopback must be true or false.');
}

const MAX_TLS_ENTRIES = 64;

/**
 * Client certificates need a label, host patterns, and a PEM certificate with its key or a
 * PKCS#12 file; CA bundles a label, patterns and PEM. Values are never echoed (keys are secrets).
 */
function checkTlsIdentities(meta: RelayRequestMeta): void {
  const strings = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
  const optional = (v: unknown) => v === undefined || typeof v === 'string';
  for (const field of ['clientCertificates', 'caBundles'] as const) {
    const list: unknown = meta[field];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.length > MAX_TLS_ENTRIES) throw new RelayFailure('bad_request', `The field ${field} must be a list of at most ${MAX_TLS_ENTRIES}.`);
    list.forEach((entry: Record<string, unknown>, i) => {
      if (!entry || typeof entry !== 'object' || typeof entry.label !== 'string' || !strings(entry.hosts)) {
        throw new RelayFailure('bad_request', `Entry ${i + 1} of ${field} needs a label and a list of host patterns.`);
      }
      if (field === 'caBundles' && typeof entry.pem !== 'string') throw new RelayFailure('bad_request', `CA bundle "${entry.label}" has no PEM text.`);
      if (field === 'clientCertificates') {
        if (!['certPem', 'keyPem', 'pfxBase64', 'passphrase'].every((k) => optional(entry[k]))) {
          throw new RelayFailure('bad_request', `Client certificate "${entry.label}": certificate, key, PKCS#12 and passphrase must be text.`);
        }
        if (!entry.pfxBase64 && !(entry.certPem && entry.keyPem)) {
          throw new RelayFailure('bad_request', `Client certificate "${entry.label}" needs a PEM certificate and its key, or a PKCS#12 file.`);
        }
      }
    });
  }
}

/**
 * Checks a request description as the relay takes it (from the page or in-process): throws a
 * typed `bad_request` or `too_large` `RelayFailure` naming the field. Normalises the Digest
 * algorithm's spelling in place.
 */
export function checkMeta(meta: RelayRequestMeta): void {
  if (!meta || typeof meta !== 'object') throw new RelayFailure('bad_request', 'The request description must be an object.');
  if (typeof meta.method !== 'string' || !isHttpToken(meta.method)) {
    throw new RelayFailure('bad_request', `The method ${JSON.stringify(meta.method)} is not an HTTP token (RFC 9110 §9.1).`);
  }
  if (typeof meta.url !== 'string') throw new RelayFailure('bad_request', 'The request has no URL.');
  checkNumber(meta, 'timeoutMs', TIMEOUT_BOUNDS);
  checkNumber(meta, 'maxRedirects', REDIRECT_BOUNDS);
  for (const flag of ['followRedirects', 'insecureTls', 'liveStream'] as const) {
    if (meta[flag] !== undefined && typeof meta[flag] !== 'boolean') {
      throw new RelayFailure('bad_request', `The field ${flag} must be true or false, not ${JSON.stringify(meta[flag])}.`);
    }
  }
  if (meta.trustedFingerprints !== undefined && (!Array.isArray(meta.trustedFingerprints) || meta.trustedFingerprints.some((f) => typeof f !== 'string'))) {
    throw new RelayFailure('bad_request', 'The field trustedFingerprints must be a list of strings.');
  }
  if (meta.postmanRedirects !== undefined) {
    const rules = meta.postmanRedirects as unknown as Record<string, unknown> | null;
    if (!rules || typeof rules !== 'object' || typeof rules.followOriginalMethod !== 'boolean' || typeof rules.removeReferer !== 'boolean') {
      throw new RelayFailure('bad_request', 'The field postmanRedirects must be { followOriginalMethod: true or false, removeReferer: true or false }.');
    }
  }
  if (meta.digest !== undefined) checkDigest(meta.digest);
  if (meta.proxy !== undefined) checkProxy(meta.proxy);
  if (meta.protocol !== undefined && !RELAY_PROTOCOL_CHOICES.includes(meta.protocol)) {
    throw new RelayFailure('bad_request', `The field protocol must be one of ${RELAY_PROTOCOL_CHOICES.join(', ')}, not ${JSON.stringify(meta.protocol)}.`);
  }
  if (meta.cookies !== undefined) checkCookies(meta.cookies);
  checkTlsIdentities(meta);
  if (!Array.isArray(meta.headers)) throw new RelayFailure('bad_request', 'The request headers must be a list.');
  meta.headers.forEach((h, i) => {
    if (!h || typeof h.name !== 'string' || typeof h.value !== 'string') {
      throw new RelayFailure('bad_request', `Header ${i + 1} must have a string name and value.`);
    }
    if (!isHttpToken(h.name)) {
      throw new RelayFailure('bad_request', `Header ${i + 1} name ${JSON.stringify(h.name)} is not a valid field name (RFC 9110 §5.1).`);
    }
    if (/[\r\n\0]/.test(h.value)) {
      throw new RelayFailure('bad_request', `Header ${i + 1} (${h.name}) value contains CR, LF or NUL, which would split the header (RFC 9110 §5.5).`);
    }
  });
}

/** The target URL, which must be absolute and http: or https:. */
export function parseTarget(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new RelayFailure('bad_request', `${JSON.stringify(url)} is not an absolute URL.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new RelayFailure('bad_request', `Only http: and https: URLs can be sent, not ${parsed.protocol}`);
  }
  return parsed;
}
