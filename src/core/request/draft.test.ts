import { describe, expect, it } from 'vitest';
import { emptyDraft, normaliseDraft } from './draft';

describe('emptyDraft', () => {
  it('reads the query and path-parameter tables from the URL', () => {
    const draft = emptyDraft('https://api.example.com/users/{id}/orders/{orderId}?status=open&tag=a&tag=b');
    expect(draft.method).toBe('GET');
    expect(draft.pathParams).toEqual([
      { name: 'id', value: '' },
      { name: 'orderId', value: '' },
    ]);
    expect(draft.query.map((r) => [r.name, r.value])).toEqual([
      ['status', 'open'],
      ['tag', 'a'],
      ['tag', 'b'],
    ]);
  });

  it('starts with no body, no auth, a valid boundary and default options', () => {
    const draft = emptyDraft();
    expect(draft.body.kind).toBe('none');
    expect(draft.body.texts).toEqual({ json: '', xml: '', text: '' });
    expect(draft.body.boundary).toMatch(/^----WirebenchBoundary[A-Za-z0-9_-]{24}$/);
    expect(draft.auth).toEqual({ scheme: 'none', values: {} });
    expect(draft.options).toEqual({ methodOverride: false, followRedirects: false, timeoutMs: 30_000, insecureTls: false });
  });

  it('gives every draft its own id and boundary', () => {
    const a = emptyDraft();
    const b = emptyDraft();
    expect(a.id).not.toBe(b.id);
    expect(a.body.boundary).not.toBe(b.body.boundary);
  });
});

describe('normaliseDraft', () => {
  it('completes a partial draft as history or a lesson hands it over', () => {
    const draft = normaliseDraft({
      method: 'POST',
      url: 'http://h/users/{id}?q=1',
      headers: [{ name: 'Accept', value: 'application/json' }],
      body: { kind: 'json', texts: { json: '{"a":1}' } },
      pathParams: [{ name: 'id', value: '7' }, { name: 'gone', value: 'x' }],
    });
    expect(draft.headers).toEqual([{ id: expect.any(String), enabled: true, name: 'Accept', value: 'application/json' }]);
    expect(draft.body.kind).toBe('json');
    expect(draft.body.texts).toEqual({ json: '{"a":1}', xml: '', text: '' });
    expect(draft.pathParams).toEqual([{ name: 'id', value: '7' }]);
    expect(draft.query.map((r) => r.name)).toEqual(['q']);
    expect(draft.options.timeoutMs).toBe(30_000);
  });

  it('keeps given ids, a given boundary and disabled rows', () => {
    const draft = normaliseDraft({
      id: 'draft-1',
      headers: [{ id: 'h1', enabled: false, name: 'X', value: '1' }],
      body: { boundary: 'fixed', multipart: [{ name: 'a', kind: 'text', value: 'v', contentType: '', base64: false } as never] },
    });
    expect(draft.id).toBe('draft-1');
    expect(draft.headers[0]).toEqual({ id: 'h1', enabled: false, name: 'X', value: '1' });
    expect(draft.body.boundary).toBe('fixed');
    expect(draft.body.multipart[0]).toMatchObject({ name: 'a', enabled: true, headers: [] });
    expect(draft.body.multipart[0]!.id).toEqual(expect.any(String));
  });
});
