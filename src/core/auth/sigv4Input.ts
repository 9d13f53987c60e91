/**
 * What AWS Signature Version 4 signs, read from a wire request: the request-target's path
 * and query as the relay will send them, the headers with duplicates combined (AWS joins
 * them with commas, in order), Host from the URL, and the body's bytes or their SHA-256.
 * Kept apart from the signer so the test suite's requests and the workbench's requests
 * enter the signer through one door.
 */
import { Sha256 } from '@aws-crypto/sha256-js';
import { utf8Encode } from '../encoding';
import { percentDecode } from '../encoding/percentEncoding';
import type { HeaderField, Result, WireRequest } from '../types';
import { fail, ok } from '../types';
import type { AuthSigningContext } from './authTypes';

/** A request as the SigV4 signer reads it. */
export interface SigV4Input {
  method: string;
  /** `https:` or `http:`. */
  protocol: string;
  hostname: string;
  port?: number;
  /** The path exactly as on the request line (percent-encoded as sent). */
  path: string;
  /** Query pairs, percent-decoded, in the order sent; a name without `=` has value "". */
  query: { name: string; value: string }[];
  headers: HeaderField[];
  /** The body bytes, when they are known here (text and bytes). */
  body?: Uint8Array;
  /** The body's SHA-256 in hex, when it was hashed in pieces (a file). */
  payloadHash?: string;
}

/** The SHA-256 of nothing, the payload hash of a request without a body. */
export const EMPTY_PAYLOAD_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** Hex of `bytes`, lower case, as SigV4 writes hashes and signatures. */
export function hex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/**
 * Reads a raw query (without `?`) into pairs. Pieces are split at `&` and the first `=`,
 * then percent-decoded; `+` stays a plus (AWS encodes a space as %20, never `+`).
 */
export function parseSigV4Query(raw: string): { name: string; value: string }[] {
  const pairs: { name: string; value: string }[] = [];
  for (const piece of raw.split('&')) {
    if (piece === '') continue;
    const eq = piece.indexOf('=');
    const name = eq < 0 ? piece : piece.slice(0, eq);
    const value = eq < 0 ? '' : piece.slice(eq + 1);
    pairs.push({ name: percentDecode(name), value: percentDecode(value) });
  }
  return pairs;
}

/**
 * The signer's input for `wire`: host and port from the URL (Host is added when the wire
 * has none, as the relay adds it), path and query as the WHATWG URL parser leaves them —
 * what the relay writes on the request line. The body is read only when it is text or
 * bytes; a file is hashed in pieces through `readFile`, or refused unless the payload is
 * unsigned.
 */
export async function sigV4InputOfWire(wire: WireRequest, unsignedPayload: boolean, context: AuthSigningContext): Promise<Result<SigV4Input>> {
  let url: URL;
  try {
    url = new URL(wire.url);
  } catch {
    throw new TypeError(`SigV4 signing needs an absolute URL, got "${wire.url}"`);
  }
  const headers = [...wire.headers];
  if (!headers.some((h) => h.name.toLowerCase() === 'host')) headers.unshift({ name: 'Host', value: url.host });
  const input: SigV4Input = {
    method: wire.method,
    protocol: url.protocol,
    hostname: url.hostname,
    path: url.pathname || '/',
    query: parseSigV4Query(url.search.slice(1)),
    headers,
  };
  if (url.port !== '') input.port = Number(url.port);
  if (unsignedPayload) return ok(input);
  const chunks = wire.body ?? [];
  if (chunks.every((c) => typeof c === 'string' || c instanceof Uint8Array)) {
    if (chunks.length > 0) input.body = concatBytes(chunks.map((c) => (typeof c === 'string' ? utf8Encode(c) : (c as Uint8Array))));
    return ok(input);
  }
  const readFile = context.readFile;
  if (!readFile) {
    return fail({
      kind: 'sigv4-file-unhashed',
      field: 'payload',
      message: 'The body includes a file, which cannot be read here to hash it: choose "Unsigned payload" (x-amz-content-sha256: UNSIGNED-PAYLOAD), which S3 accepts over HTTPS.',
    });
  }
  const hash = new Sha256();
  for (const chunk of chunks) {
    if (typeof chunk === 'string') hash.update(utf8Encode(chunk));
    else if (chunk instanceof Uint8Array) hash.update(chunk);
    else {
      try {
        for await (const piece of readFile(chunk)) hash.update(piece);
      } catch (err) {
        return fail({ kind: 'sigv4-file-unreadable', field: 'payload', message: `The file "${chunk.name}" could not be read to hash it (${(err as Error).message}); pick it again, or choose "Unsigned payload".` });
      }
    }
  }
  input.payloadHash = hex(await hash.digest());
  return ok(input);
}

function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
