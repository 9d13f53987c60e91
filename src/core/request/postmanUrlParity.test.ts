import { describe, expect, it } from 'vitest';
import { importPostman } from '../formats/postmanImport';
import { mimeOfFileName } from '../formats/fileMime';
import { buildWireRequest } from './wire';
import type { RequestDraft } from './draftTypes';

/** Postman collection details newman's integration suite checks (whatwg-url, tc4, echo-v2): what the importer keeps and what goes on the wire. */
function importOne(item: object): RequestDraft {
  const result = importPostman(JSON.stringify({ info: { name: 'c', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' }, item: [item] }));
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  const first = result.value.collection.items[0] as { draft: RequestDraft };
  return first.draft;
}

describe('Postman URLs and names as newman sends them', () => {
  it('sends line breaks in a query value percent-encoded, and keeps the ? of an empty query', () => {
    const newlines = importOne({ name: 'newlines', request: { method: 'GET', url: { raw: 'http://localhost:4040/get?foo=\nbar\n', host: ['localhost'], port: '4040', path: ['get'], query: [{ key: 'foo', value: '\nbar\n' }] } } });
    const built = buildWireRequest(newlines, {});
    expect(built.ok && built.value.wire.url).toBe('http://localhost:4040/get?foo=%0Abar%0A');
    const empty = buildWireRequest(importOne({ name: 'empty', request: { method: 'GET', url: 'http://localhost:4040/get?' } }), {});
    expect(empty.ok && empty.value.wire.url).toBe('http://localhost:4040/get?');
  });

  it('keeps spaces at the end of a request name ("GET Request " is its own name)', () => {
    expect(importOne({ name: 'GET Request ', request: { method: 'GET', url: 'http://localhost/get' } }).name).toBe('GET Request ');
  });

  it('gives a form-data file without a contentType the type of its extension', () => {
    const draft = importOne({ name: 'upload', request: { method: 'POST', url: 'http://localhost/post', body: { mode: 'formdata', formdata: [{ key: 'file', type: 'file', src: 'tc4/upload-file.json' }] } } });
    expect(draft.body.multipart?.[0]?.file).toMatchObject({ name: 'tc4/upload-file.json', type: 'application/json' });
    expect(mimeOfFileName('a/b.PNG')).toBe('image/png');
    expect(mimeOfFileName('dir.v2/README')).toBe('application/octet-stream');
  });
});
