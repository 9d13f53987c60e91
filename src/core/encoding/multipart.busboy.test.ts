/**
 * Bodies built by `buildMultipart` read by busboy, the parser most Node servers use: the
 * receiver's view is the one that matters. (Node-only test: it may import busboy.)
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import busboy from 'busboy';
import { Buffer } from 'node:buffer';
import type { BodyChunk } from '../types';
import { decodeBase64, utf8Decode, utf8Encode } from './base64';
import { buildMultipart, type MultipartPart } from './multipart';

interface Received {
  kind: 'field' | 'file';
  name: string | undefined;
  filename?: string;
  mimeType: string;
  encoding: string;
  bytes: Uint8Array;
}

function receive(body: Uint8Array, contentType: string): Promise<Received[]> {
  return new Promise((resolve, reject) => {
    const parser = busboy({ headers: { 'content-type': contentType }, defParamCharset: 'utf8', preservePath: true });
    const received: Received[] = [];
    parser.on('field', (name, value, info) => {
      received.push({ kind: 'field', name, mimeType: info.mimeType, encoding: info.encoding, bytes: utf8Encode(value) });
    });
    parser.on('file', (name, stream, info) => {
      const entry: Received = { kind: 'file', name, filename: info.filename, mimeType: info.mimeType, encoding: info.encoding, bytes: new Uint8Array() };
      received.push(entry);
      const pieces: Buffer[] = [];
      stream.on('data', (piece: Buffer) => pieces.push(piece));
      stream.on('end', () => {
        entry.bytes = new Uint8Array(Buffer.concat(pieces));
      });
    });
    parser.on('close', () => resolve(received));
    parser.on('error', reject);
    parser.end(Buffer.from(body));
  });
}

function bodyBytes(chunks: BodyChunk[]): Uint8Array {
  return new Uint8Array(
    Buffer.concat(
      chunks.map((chunk) => {
        if (typeof chunk === 'string') return Buffer.from(utf8Encode(chunk));
        if (chunk instanceof Uint8Array) return Buffer.from(chunk);
        throw new Error('file chunks are not used here');
      }),
    ),
  );
}

/** How a name or filename reads on the wire: UTF-8, with `"` CR LF percent-encoded. */
const onWire = (s: string) =>
  utf8Decode(utf8Encode(s)).replace(/["\r\n]/g, (c) => (c === '"' ? '%22' : c === '\r' ? '%0D' : '%0A'));

// No backslash (see multipart.ts: browsers do not escape it either).
const label = fc.string({
  unit: fc.oneof(fc.constantFrom('"', '\r', '\n', ';', '=', ' ', '-', 'é', '😀'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })).filter((c) => c !== '\\' && !/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/.test(c)),
  minLength: 1,
  maxLength: 12,
});
const contentType = fc.constantFrom('text/plain', 'application/json', 'image/png', 'application/pdf; name="a;b.pdf"');

const fieldPart = fc.record(
  { name: label, contentType, transferEncoding: fc.constant('base64' as const), content: fc.string({ unit: 'binary', maxLength: 60 }) },
  { requiredKeys: ['name', 'content'] },
);
const filePart = fc.record(
  {
    name: label,
    filename: label,
    contentType,
    transferEncoding: fc.constant('base64' as const),
    content: fc.oneof(fc.uint8Array({ maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 40 })),
  },
  { requiredKeys: ['name', 'filename', 'content'] },
);

describe('buildMultipart read by busboy', () => {
  it('delivers the same names, filenames, content types and bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(fieldPart, filePart), { maxLength: 5 }), async (parts: MultipartPart[]) => {
        const built = buildMultipart(parts);
        expect(built.ok).toBe(true);
        if (!built.ok) return;
        const received = await receive(bodyBytes(built.value.chunks), built.value.contentType);
        expect(received).toHaveLength(parts.length);
        parts.forEach((part, i) => {
          const got = received[i]!;
          const isFile = part.filename !== undefined;
          expect(got.kind).toBe(isFile ? 'file' : 'field');
          expect(got.name).toBe(onWire(part.name));
          if (isFile) expect(got.filename).toBe(onWire(part.filename!));
          const essence = part.contentType?.split(';')[0];
          // RFC 7578 §4.4 defaults: file data is labelled octet-stream, other parts read as text/plain.
          expect(got.mimeType).toBe(essence ?? (isFile ? 'application/octet-stream' : 'text/plain'));
          const sent = typeof part.content === 'string' ? utf8Encode(part.content) : (part.content as Uint8Array);
          if (part.transferEncoding === 'base64') {
            expect(got.encoding).toBe('base64');
            const decoded = decodeBase64(utf8Decode(got.bytes));
            expect(decoded.ok && decoded.value).toEqual(sent);
          } else {
            expect(got.bytes).toEqual(sent);
          }
        });
      }),
      { numRuns: 200 },
    );
  });

  it('reads a file and JSON metadata sent in one request (spec §4.3)', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const built = buildMultipart([
      { name: 'metadata', contentType: 'application/json', content: '{"title":"Cat","tags":["a","b"]}' },
      { name: 'image', filename: 'cat.png', contentType: 'image/png', content: png },
    ]);
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    const received = await receive(bodyBytes(built.value.chunks), built.value.contentType);
    expect(received.map((r) => [r.kind, r.name, r.filename, r.mimeType])).toEqual([
      ['field', 'metadata', undefined, 'application/json'],
      ['file', 'image', 'cat.png', 'image/png'],
    ]);
    expect(JSON.parse(utf8Decode(received[0]!.bytes))).toEqual({ title: 'Cat', tags: ['a', 'b'] });
    expect(received[1]!.bytes).toEqual(png);
  });

  it('agrees on a quoted boundary that is not a token', async () => {
    const built = buildMultipart([{ name: 'a', content: 'x' }], { boundary: "it's a (boundary)" });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    const received = await receive(bodyBytes(built.value.chunks), built.value.contentType);
    expect(received.map((r) => [r.name, utf8Decode(r.bytes)])).toEqual([['a', 'x']]);
  });
});
