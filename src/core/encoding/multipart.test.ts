import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { BodyChunk, FileRef } from '../types';
import { utf8Decode, utf8Encode } from './base64';
import { buildMultipart, multipartLength, multipartPreview, type MultipartBody, type MultipartPart } from './multipart';
import { parseMultipart } from './multipartParse';

/** The bytes of a body made only of text and byte chunks. */
function bodyBytes(body: Pick<MultipartBody, 'chunks'>): Uint8Array {
  const pieces = body.chunks.map((chunk: BodyChunk) => {
    if (typeof chunk === 'string') return utf8Encode(chunk);
    if (chunk instanceof Uint8Array) return chunk;
    throw new Error('a file chunk has no bytes here');
  });
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    out.set(piece, offset);
    offset += piece.length;
  }
  return out;
}

function built(parts: MultipartPart[], boundary = 'XyZ'): MultipartBody {
  const result = buildMultipart(parts, { boundary });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const photo: FileRef = { kind: 'file', id: 'f1', name: 'cat.png', size: 1234, type: 'image/png' };

describe('buildMultipart', () => {
  it('writes RFC 7578 parts: delimiter, headers, blank line, content, CRLF, closing delimiter', () => {
    const body = built([
      { name: 'user', content: 'ada' },
      { name: 'meta', contentType: 'application/json', content: '{"a":1}' },
    ]);
    expect(body.contentType).toBe('multipart/form-data; boundary=XyZ');
    expect(body.chunks).toEqual([
      '--XyZ\r\nContent-Disposition: form-data; name="user"\r\n\r\nada\r\n' +
        '--XyZ\r\nContent-Disposition: form-data; name="meta"\r\nContent-Type: application/json\r\n\r\n{"a":1}\r\n' +
        '--XyZ--\r\n',
    ]);
  });

  it('escapes quotes and line breaks in names and filenames as browsers do', () => {
    const body = built([{ name: 'a"b\r\nc', filename: 'x"y\n.txt', content: '' }]);
    expect(body.chunks[0]).toContain('Content-Disposition: form-data; name="a%22b%0D%0Ac"; filename="x%22y%0A.txt"\r\n');
  });

  it('sends non-ASCII names as raw UTF-8', () => {
    expect(built([{ name: 'prénom', content: 'é' }]).chunks[0]).toContain('name="prénom"');
  });

  it('streams a file as its own chunk with its name and type', () => {
    const body = built([{ name: 'note', content: 'hi' }, { name: 'photo', content: photo }]);
    expect(body.chunks).toEqual([
      '--XyZ\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n' +
        '--XyZ\r\nContent-Disposition: form-data; name="photo"; filename="cat.png"\r\nContent-Type: image/png\r\n\r\n',
      photo,
      '\r\n--XyZ--\r\n',
    ]);
  });

  it('falls back to application/octet-stream for a file without a type, and lets the part override', () => {
    const untyped: FileRef = { kind: 'file', id: 'f2', name: 'blob', size: 3 };
    expect(built([{ name: 'f', content: untyped }]).chunks[0]).toContain('Content-Type: application/octet-stream\r\n');
    const overridden = built([{ name: 'f', filename: 'a.txt', contentType: 'text/plain', content: photo }]).chunks[0];
    expect(overridden).toContain('filename="a.txt"\r\nContent-Type: text/plain\r\n');
  });

  it('keeps bytes as bytes, labels file data as octet-stream, and adds extra headers last', () => {
    const data = new Uint8Array([0, 255, 10]);
    const body = built([{ name: 'bin', filename: 'b.dat', headers: [{ name: 'X-Part', value: '1' }], content: data }]);
    expect(body.chunks[0]).toBe(
      '--XyZ\r\nContent-Disposition: form-data; name="bin"; filename="b.dat"\r\nContent-Type: application/octet-stream\r\nX-Part: 1\r\n\r\n',
    );
    expect(body.chunks[1]).toBe(data);
  });

  it('base64-encodes a part in 76-character lines when asked', () => {
    const data = new Uint8Array(100).map((_, i) => i);
    const body = built([{ name: 'img', contentType: 'image/png', transferEncoding: 'base64', content: data }]);
    const text = body.chunks.join('');
    expect(text).toContain('Content-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n\r\n');
    const encoded = text.split('\r\n\r\n')[1]!.split('\r\n--XyZ--')[0]!;
    expect(encoded.split('\r\n').map((l) => l.length)).toEqual([76, 60]);
    const parsed = parseMultipart(bodyBytes(body), body.contentType);
    expect(parsed.ok && parsed.value[0]!.decoded).toEqual(data);
    expect(parsed.ok && parsed.value[0]!.transferEncoding).toBe('base64');
  });

  it('refuses to base64-encode a file reference it cannot read', () => {
    const result = buildMultipart([{ name: 'photo', transferEncoding: 'base64', content: photo }]);
    expect(result).toMatchObject({ ok: false, error: { kind: 'base64-file-unsupported', field: 'photo' } });
    expect(!result.ok && result.error.message).toMatch(/without reading the whole file/);
  });

  it('refuses a given boundary that occurs in text, bytes, encoded content or headers', () => {
    const cases: MultipartPart[][] = [
      [{ name: 'a', content: 'ok' }, { name: 'b', content: 'has --XyZ inside' }],
      [{ name: 'c', content: utf8Encode('..XyZ..') }],
      [{ name: 'd', transferEncoding: 'base64', content: Uint8Array.from(atob('aXyZ'), (c) => c.charCodeAt(0)) }],
      [{ name: 'e', headers: [{ name: 'X-Note', value: 'XyZ' }], content: '' }],
    ];
    const fields = ['b', 'c', 'd', 'e'];
    cases.forEach((parts, i) => {
      expect(buildMultipart(parts, { boundary: 'XyZ' })).toMatchObject({
        ok: false,
        error: { kind: 'boundary-in-content', field: fields[i] },
      });
    });
  });

  it('refuses boundaries RFC 2046 does not allow', () => {
    for (const boundary of ['', 'a'.repeat(71), 'a;b', 'trailing ', 'é']) {
      expect(buildMultipart([], { boundary })).toMatchObject({ ok: false, error: { kind: 'invalid-boundary', field: 'boundary' } });
    }
    expect(buildMultipart([], { boundary: 'a'.repeat(70) }).ok).toBe(true);
  });

  it('quotes a valid boundary that is not an HTTP token', () => {
    expect(built([], "it's (a) b=c?").contentType).toBe('multipart/form-data; boundary="it\'s (a) b=c?"');
  });

  it('generates a random boundary, and a new one when it occurs in the content', () => {
    const first = new Uint8Array(18).fill(0);
    const second = new Uint8Array(18).fill(1);
    const sources = [first, second];
    const random = () => sources.shift()!;
    const collidingText = `x----WirebenchBoundaryAAAAAAAAAAAAAAAAAAAAAAAAx`;
    const result = buildMultipart([{ name: 'a', content: collidingText }], { random });
    expect(result.ok && result.value.boundary).toBe('----WirebenchBoundaryAQEBAQEBAQEBAQEBAQEBAQEB');
    expect(sources).toHaveLength(0);
  });

  it('uses crypto for boundaries by default, different each time', () => {
    const a = buildMultipart([]);
    const b = buildMultipart([]);
    expect(a.ok && a.value.boundary).toMatch(/^----WirebenchBoundary[A-Za-z0-9_-]{24}$/);
    expect(a.ok && b.ok && a.value.boundary !== b.value.boundary).toBe(true);
  });

  it('gives up on a random source that keeps colliding, and throws on one that is too short', () => {
    const stuck = () => new Uint8Array(18);
    expect(buildMultipart([{ name: 'a', content: '----WirebenchBoundaryAAAAAAAAAAAAAAAAAAAAAAAA' }], { random: stuck })).toMatchObject({
      ok: false,
      error: { kind: 'boundary-collision' },
    });
    expect(() => buildMultipart([], { random: () => new Uint8Array(4) })).toThrow(RangeError);
  });

  it('refuses control characters no header can carry in names and filenames', () => {
    expect(buildMultipart([{ name: 'a\u0000b', content: '' }])).toMatchObject({
      ok: false,
      error: { kind: 'invalid-part-header', message: 'The name of part "a\u0000b" contains control character U+0000 at index 1, which no header can carry' },
    });
    expect(buildMultipart([{ name: 'f', filename: 'x\u007f', content: '' }])).toMatchObject({ ok: false, error: { field: 'f' } });
    expect(buildMultipart([{ name: 'tab\there', content: '' }]).ok).toBe(true);
  });

  it('refuses header injection through content types and extra headers', () => {
    expect(buildMultipart([{ name: 'a', contentType: 'text/plain\r\nX-Evil: 1', content: '' }])).toMatchObject({
      ok: false,
      error: { kind: 'invalid-part-header', field: 'a' },
    });
    expect(buildMultipart([{ name: 'a', headers: [{ name: 'X', value: 'a\nb' }], content: '' }])).toMatchObject({ ok: false });
    expect(buildMultipart([{ name: 'a', headers: [{ name: 'Bad Name', value: 'x' }], content: '' }])).toMatchObject({ ok: false });
    expect(buildMultipart([{ name: 'a', headers: [{ name: 'content-type', value: 'x/y' }], content: '' }])).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/use the part's/) },
    });
  });

  it('writes just the closing delimiter for an empty form', () => {
    expect(built([]).chunks).toEqual(['--XyZ--\r\n']);
  });
});

describe('multipartLength', () => {
  it('counts UTF-8 bytes of text, bytes and file sizes', () => {
    expect(multipartLength({ chunks: ['é€😀\uD800', new Uint8Array(5), photo] })).toBe(2 + 3 + 4 + 3 + 5 + 1234);
  });

  it('equals the length of the concatenated bytes', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: 'binary' }), fc.string(), fc.uint8Array())), (chunks) => {
        expect(multipartLength({ chunks })).toBe(bodyBytes({ chunks }).length);
      }),
    );
  });
});

describe('multipartPreview', () => {
  it('shows small bodies exactly, binary and files as markers', () => {
    const body = built([
      { name: 't', content: 'text' },
      { name: 'b', filename: 'b.bin', content: new Uint8Array([0, 1, 2]) },
      { name: 'u', filename: 'u.txt', content: utf8Encode('plain bytes é') },
      { name: 'f', content: photo },
    ]);
    expect(multipartPreview(body, 10_000)).toBe(
      '--XyZ\r\nContent-Disposition: form-data; name="t"\r\n\r\ntext\r\n' +
        '--XyZ\r\nContent-Disposition: form-data; name="b"; filename="b.bin"\r\nContent-Type: application/octet-stream\r\n\r\n<binary 3 bytes>\r\n' +
        '--XyZ\r\nContent-Disposition: form-data; name="u"; filename="u.txt"\r\nContent-Type: application/octet-stream\r\n\r\nplain bytes é\r\n' +
        '--XyZ\r\nContent-Disposition: form-data; name="f"; filename="cat.png"\r\nContent-Type: image/png\r\n\r\n<file cat.png (1234 bytes)>\r\n' +
        '--XyZ--\r\n',
    );
  });

  it('cuts long bodies at the limit and says how big the body is', () => {
    const body = built([{ name: 'big', content: 'x'.repeat(1000) }]);
    const preview = multipartPreview(body, 20);
    expect(preview).toBe(`--XyZ\r\nContent-Dispo\n… preview cut at 20 characters; the body is ${multipartLength(body)} bytes`);
  });
});

describe('buildMultipart then parseMultipart', () => {
  // No backslash: browsers do not escape it, so a name ending in one would swallow the
  // closing quote on any receiver (see the Windows-path case below for the rest).
  const text = fc.string({
    unit: fc.oneof(fc.constantFrom('"', '\r', '\n', '-', ' ', ';', '='), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })).filter((c) => c !== '\\' && !/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/.test(c)),
    maxLength: 10,
  });
  const part = fc.record(
    {
      name: text,
      filename: text,
      contentType: fc.constantFrom('text/plain', 'application/json', 'image/png', 'application/octet-stream; x="a;b"'),
      transferEncoding: fc.constant('base64' as const),
      content: fc.oneof(fc.string({ unit: 'binary', maxLength: 40 }), fc.uint8Array({ maxLength: 60 })),
    },
    { requiredKeys: ['name', 'content'] },
  );

  it('reads back every part: names (as escaped on the wire), filenames, types and bytes', () => {
    fc.assert(
      fc.property(fc.array(part, { maxLength: 5 }), (parts) => {
        const result = buildMultipart(parts);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const parsed = parseMultipart(bodyBytes(result.value), result.value.contentType);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        const wire = (s: string) => utf8Decode(utf8Encode(s)).replace(/["\r\n]/g, (c) => ({ '"': '%22', '\r': '%0D', '\n': '%0A' })[c]!);
        expect(parsed.value).toHaveLength(parts.length);
        parts.forEach((p, i) => {
          const got = parsed.value[i]!;
          expect(got.name).toBe(wire(p.name));
          expect(got.filename).toBe(p.filename === undefined ? undefined : wire(p.filename));
          expect(got.contentType).toBe(p.contentType ?? (p.filename === undefined ? undefined : 'application/octet-stream'));
          const bytes = typeof p.content === 'string' ? utf8Encode(p.content) : p.content;
          expect(p.transferEncoding === 'base64' ? got.decoded : got.body).toEqual(bytes);
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseMultipart', () => {
  const ct = 'multipart/form-data; boundary=AaB03x';
  const bytes = (text: string) => utf8Encode(text);

  it('keeps backslashes that escape nothing, so an unescaped Windows path survives', () => {
    const body = built([{ name: 'f', filename: 'C:\\dir\\a.txt', content: 'x' }]);
    const result = parseMultipart(bodyBytes(body), body.contentType);
    expect(result.ok && result.value[0]!.filename).toBe('C:\\dir\\a.txt');
  });

  it('reads the RFC 7578 §4.4 example part (closed with the final delimiter)', () => {
    const body = bytes(
      '--AaB03x\r\n' +
        'content-disposition: form-data; name="field1"\r\n' +
        'content-type: text/plain;charset=UTF-8\r\n' +
        'content-transfer-encoding: quoted-printable\r\n' +
        '\r\n' +
        'Joe owes =E2=82=AC100.\r\n' +
        '--AaB03x--\r\n',
    );
    const result = parseMultipart(body, ct);
    expect(result).toEqual({
      ok: true,
      value: [
        {
          name: 'field1',
          headers: [
            { name: 'content-disposition', value: 'form-data; name="field1"' },
            { name: 'content-type', value: 'text/plain;charset=UTF-8' },
            { name: 'content-transfer-encoding', value: 'quoted-printable' },
          ],
          contentType: 'text/plain;charset=UTF-8',
          transferEncoding: 'quoted-printable',
          body: bytes('Joe owes =E2=82=AC100.'),
          bodyOffset: 144,
        },
      ],
    });
  });

  it('ignores preamble and epilogue, tolerates transport padding and empty parts', () => {
    const body = bytes('preamble\r\n--AaB03x  \r\n\r\n\r\n--AaB03x\r\nX: 1\r\n\r\n\r\n--AaB03x--\r\nepilogue');
    const result = parseMultipart(body, ct);
    expect(result.ok && result.value.map((p) => [p.headers, utf8Decode(p.body)])).toEqual([
      [[], ''],
      [[{ name: 'X', value: '1' }], ''],
    ]);
  });

  it('unfolds folded header lines and decodes an RFC 8187 filename*', () => {
    const body = bytes(
      '--AaB03x\r\nContent-Disposition: form-data; name="f";\r\n filename="plain.txt"; filename*=UTF-8\'\'%E2%82%AC.txt\r\n\r\nx\r\n--AaB03x--',
    );
    const result = parseMultipart(body, ct);
    expect(result.ok && result.value[0]).toMatchObject({ name: 'f', filename: '€.txt' });
  });

  it('reports base64 that does not decode without failing the whole body', () => {
    const body = bytes('--AaB03x\r\nContent-Transfer-Encoding: BASE64\r\n\r\nab$d\r\n--AaB03x--');
    const result = parseMultipart(body, ct);
    expect(result.ok && result.value[0]).toMatchObject({
      transferEncoding: 'base64',
      decodeError: { kind: 'base64-syntax', position: { offset: 49 } },
    });
  });

  it('refuses a Content-Type that is not multipart or has no boundary', () => {
    expect(parseMultipart(bytes(''), 'application/json')).toMatchObject({ ok: false, error: { kind: 'not-multipart', field: 'Content-Type' } });
    expect(parseMultipart(bytes(''), 'multipart/form-data')).toMatchObject({ ok: false, error: { kind: 'missing-boundary' } });
    expect(parseMultipart(bytes(''), 'multipart/form-data; boundary=""')).toMatchObject({ ok: false, error: { kind: 'missing-boundary' } });
  });

  it('reports a body that never has the delimiter', () => {
    expect(parseMultipart(bytes('--Other\r\n\r\nx\r\n--Other--'), ct)).toMatchObject({
      ok: false,
      error: { kind: 'missing-delimiter', message: expect.stringContaining('"--AaB03x"') },
    });
  });

  it('reports a missing closing delimiter at the end of the body, naming where the part began', () => {
    const body = bytes('--AaB03x\r\nContent-Disposition: form-data; name="a"\r\n\r\ncut sho');
    expect(parseMultipart(body, ct)).toEqual({
      ok: false,
      error: {
        kind: 'missing-closing-delimiter',
        message: 'Part 1 (from byte 10) is never followed by a "--AaB03x" delimiter; the body is cut short or the boundary is wrong',
        position: { offset: body.length, line: 4, column: 8 },
      },
    });
    expect(parseMultipart(bytes('--AaB03x\r\n\r\nx\r\n--AaB03x'), ct)).toMatchObject({
      ok: false,
      error: { kind: 'missing-closing-delimiter', position: { offset: 23 } },
    });
  });

  it('reports bad part headers with their byte position', () => {
    const body = bytes('--AaB03x\r\nContent-Disposition: form-data; name="a"\r\nno colon here\r\n\r\nx\r\n--AaB03x--');
    expect(parseMultipart(body, ct)).toEqual({
      ok: false,
      error: {
        kind: 'bad-part-header',
        message: 'Part 1 has a header line without ":" ("no colon here")',
        position: { offset: 52, line: 3, column: 1 },
      },
    });
    const unterminated = bytes('--AaB03x\r\nX: 1\r\nx\r\n--AaB03x--');
    expect(parseMultipart(unterminated, ct)).toMatchObject({ ok: false, error: { kind: 'bad-part-header' } });
  });

  it('reports LF-only line endings where they start', () => {
    expect(parseMultipart(bytes('--AaB03x\nX: 1\n\nx\n--AaB03x--'), ct)).toMatchObject({
      ok: false,
      error: { kind: 'bad-delimiter', message: expect.stringContaining('a bare LF'), position: { offset: 8 } },
    });
  });

  it('never throws on arbitrary bytes and returns only its own error kinds', () => {
    const kinds = ['not-multipart', 'missing-boundary', 'missing-delimiter', 'bad-delimiter', 'missing-closing-delimiter', 'bad-part-header'];
    const piece = fc.oneof(
      fc.constantFrom('--AaB03x', '\r\n', '--', ':', 'Content-Transfer-Encoding: base64', '\r\n\r\n', ' ', 'x').map(bytes),
      fc.uint8Array({ maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.constantFrom(ct, 'multipart/mixed; boundary="AaB03x"', 'text/plain', 'multipart/x'), (pieces, type) => {
        const body = bodyBytes({ chunks: pieces });
        const result = parseMultipart(body, type);
        if (!result.ok) expect(kinds).toContain(result.error.kind);
      }),
      { numRuns: 2000 },
    );
  });
});
