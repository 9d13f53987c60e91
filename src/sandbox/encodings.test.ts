import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MULTIPART_LIMIT } from './encodings';
import { startSandboxHarness, type SandboxHarness } from '../testing/sandboxHarness';

let sb: SandboxHarness;
beforeAll(async () => (sb = await startSandboxHarness()));
afterAll(() => sb.close());

const FILE = Buffer.from([0, 1, 2, 250, 255, 10, 13]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A multipart body from parts written as header lines plus content, CRLF throughout. */
function multipart(boundary: string, parts: { headers: string[]; content: string | Buffer }[]): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n${p.headers.join('\r\n')}\r\n\r\n`), Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const jsonPart = (value: unknown) => ({ headers: ['Content-Disposition: form-data; name="metadata"', 'Content-Type: application/json'], content: JSON.stringify(value) });
const base64File = (content = FILE.toString('base64')) => ({
  headers: ['Content-Disposition: form-data; name="file"; filename="blob.bin"', 'Content-Type: application/octet-stream', 'Content-Transfer-Encoding: base64'],
  content,
});
const post = (body: Buffer, query = '', boundary = 'XyZ') =>
  sb.call(`/sandbox/encodings/multipart${query}`, { method: 'POST', headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` }, body });

describe('/encodings/json', () => {
  it('accepts only JSON, reporting what arrived and the numbers JavaScript cannot keep', async () => {
    const answer = await sb.call('/sandbox/encodings/json', { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: '{"id": 12345678901234567890, "list": [3, 1]}' });
    expect(answer.status).toBe(200);
    expect(answer.json.value.list).toEqual([3, 1]);
    expect(answer.json.notes.join(' ')).toContain('12345678901234567890');
    expect(answer.json.received.bytes).toBe(44);
  });

  it('answers a form body with 415 and bad JSON with 400 at its position', async () => {
    const form = await sb.call('/sandbox/encodings/json', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    expect(form.status).toBe(415);
    expect(form.headers['accept-post']).toBe('application/json');
    const bad = await sb.call('/sandbox/encodings/json', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '[1, 2' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ line: 1, column: 6 });
  });
});

describe('/encodings/form', () => {
  it('turns "+" into a space and %2B into a plus, and says so', async () => {
    const answer = await sb.call('/sandbox/encodings/form', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'q=a+b&sum=1%2B1&space=a%20b&q=again' });
    expect(answer.status).toBe(200);
    expect(answer.json.pairs.map((p: { name: string; value: string }) => [p.name, p.value])).toEqual([
      ['q', 'a b'],
      ['sum', '1+1'],
      ['space', 'a b'],
      ['q', 'again'],
    ]);
    expect(answer.json.pairs[0].notes[0]).toMatch(/became a space/);
  });

  it('accepts only a form body', async () => {
    expect((await sb.call('/sandbox/encodings/form', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(415);
  });
});

describe('/encodings/path/{segment}', () => {
  it('keeps "+" as a plus in the path while the query reads it as a space', async () => {
    const answer = await sb.call('/sandbox/encodings/path/a+b%20c%2Fd?q=a+b');
    expect(answer.json.segment).toEqual({ raw: 'a+b%20c%2Fd', decoded: 'a+b c/d' });
    expect(answer.json.query).toEqual([{ raw: 'q=a+b', name: 'q', value: 'a b' }]);
    expect(answer.json.notes.join(' ')).toMatch(/stayed a plus/);
  });

  it('reports a segment that does not decode instead of failing', async () => {
    const answer = await sb.call('/sandbox/encodings/path/%E0%A4%A');
    expect(answer.status).toBe(200);
    expect(answer.json.segment.decoded).toBeNull();
  });
});

describe('/encodings/multipart', () => {
  it('reads a JSON part and a base64 file part, decodes the file and verifies its SHA-256 from the JSON part', async () => {
    const answer = await post(multipart('XyZ', [jsonPart({ title: 'blob', sha256: sha(FILE) }), base64File()]));
    expect(answer.status).toBe(200);
    const [meta, file] = answer.json.parts;
    expect(meta).toMatchObject({ name: 'metadata', contentType: 'application/json', json: { title: 'blob' } });
    expect(file).toMatchObject({ name: 'file', filename: 'blob.bin', contentType: 'application/octet-stream', transferEncoding: 'base64', decodedSize: FILE.length, sha256: sha(FILE) });
    expect(answer.json.verification).toEqual({ checked: true, expected: sha(FILE), actual: sha(FILE), matches: true });
  });

  it('takes the expected hash from a sha256 field or ?sha256=, and refuses a mismatch with 422', async () => {
    const field = { headers: ['Content-Disposition: form-data; name="sha256"'], content: sha(FILE) };
    expect((await post(multipart('XyZ', [jsonPart({}), base64File(), field]))).json.verification.matches).toBe(true);
    expect((await post(multipart('XyZ', [jsonPart({}), base64File()]), `?sha256=${sha(FILE)}`)).status).toBe(200);
    const wrong = await post(multipart('XyZ', [jsonPart({ sha256: 'f'.repeat(64) }), base64File()]));
    expect(wrong.status).toBe(422);
    expect(wrong.json.detail).toMatch(/after base64 decoding/);
  });

  it('hashes a binary part without transfer encoding as sent', async () => {
    const raw = { headers: ['Content-Disposition: form-data; name="file"; filename="raw.bin"', 'Content-Type: application/octet-stream'], content: FILE };
    const answer = await post(multipart('XyZ', [jsonPart({ sha256: sha(FILE) }), raw]));
    expect(answer.status).toBe(200);
    expect(answer.json.parts[1].transferEncoding).toBeUndefined();
  });

  it('answers bad base64 and a broken JSON part with 400, missing parts with 422', async () => {
    const badBase64 = await post(multipart('XyZ', [jsonPart({}), base64File('AAE*')]));
    expect(badBase64.status).toBe(400);
    expect(badBase64.json.title).toBe('Bad base64 part');
    const badJson = await post(multipart('XyZ', [{ headers: ['Content-Disposition: form-data; name="metadata"', 'Content-Type: application/json'], content: '{"a":' }, base64File()]));
    expect(badJson.status).toBe(400);
    expect(badJson.json.part).toBe('metadata');
    expect((await post(multipart('XyZ', [base64File()]))).json.detail).toMatch(/no JSON part/);
    expect((await post(multipart('XyZ', [jsonPart({})]))).status).toBe(422);
  });

  it('answers a body that does not match its boundary with 400, other types with 415, huge bodies with 413', async () => {
    const mismatch = await post(multipart('XyZ', [jsonPart({}), base64File()]), '', 'Other');
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.kind).toBe('missing-delimiter');
    expect((await sb.call('/sandbox/encodings/multipart', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(415);
    const huge = await post(Buffer.alloc(MULTIPART_LIMIT + 1));
    expect(huge.status).toBe(413);
  });
});
