import { describe, expect, it } from 'vitest';
import { normaliseDraft, type DraftInput, type RequestDraft } from './draft';
import { applyLintFixToDraft, draftLintContext, lintDraft } from './draftLint';
import { buildWireRequest } from './wire';

function wireOf(draft: RequestDraft, env: Record<string, string> = {}) {
  const built = buildWireRequest(draft, env);
  if (!built.ok) throw new Error(built.error.message);
  return built.value.wire;
}

function lint(input: DraftInput, env: Record<string, string> = {}) {
  const draft = normaliseDraft(input);
  return { draft, wire: wireOf(draft, env), findings: lintDraft(draft, wireOf(draft, env)) };
}

describe('draftLintContext', () => {
  it('passes the typed Basic username, the repeat flag and an API key query name to the rules', () => {
    const basic = normaliseDraft({ url: 'http://h/', auth: { scheme: 'basic', values: { username: 'ann' } } });
    expect(draftLintContext(basic, { repeating: true })).toMatchObject({ basicUsername: 'ann', repeating: true });
    const apikey = normaliseDraft({ url: 'http://h/', auth: { scheme: 'apikey', values: { placement: 'query', headerName: 'sub-key', key: 'k' } } });
    expect(draftLintContext(apikey).keyParams).toContain('sub-key');
  });
});

describe('lint fixes applied to the draft', () => {
  it('an API key sent in the query is linted as wrong, and its fix moves it back to a header in the auth tab', () => {
    const { draft, wire, findings } = lint({ url: 'https://h/x', auth: { scheme: 'apikey', values: { placement: 'query', headerName: 'subscription-key', key: 'k' } } });
    const finding = findings.find((f) => f.id === 'credentials-in-query');
    expect(finding?.severity).toBe('error');
    const fixed = applyLintFixToDraft(draft, finding!.fix!, wire);
    expect(fixed.auth.values).toMatchObject({ placement: 'header', headerName: 'Ocp-Apim-Subscription-Key', key: 'k' });
    expect(wireOf(fixed).url).toBe('https://h/x');
  });

  it('a token typed in the query moves into Bearer auth, keeping the other parameters and their variables', () => {
    const { draft, wire, findings } = lint({ url: 'https://h/x?access_token=abc&q={{term}}' }, { term: 'z' });
    const finding = findings.find((f) => f.id === 'credentials-in-query')!;
    const fixed = applyLintFixToDraft(draft, finding.fix!, wire);
    expect(fixed.url).toBe('https://h/x?q={{term}}');
    expect(fixed.auth).toMatchObject({ scheme: 'bearer', values: { token: 'abc' } });
  });

  it('"Use https://" changes only the scheme of the template', () => {
    const { draft, wire, findings } = lint({ url: 'http://api.example.com/{{path}}', auth: { scheme: 'bearer', values: { token: 't' } } }, { path: 'p' });
    const finding = findings.find((f) => f.fix?.kind === 'set-url' && f.fix.label === 'Use https://')!;
    expect(applyLintFixToDraft(draft, finding.fix!, wire).url).toBe('https://api.example.com/{{path}}');
  });

  it('sets and removes header rows, and switches auth off when the typed row is the one kept', () => {
    const draft = normaliseDraft({
      url: 'http://h/',
      headers: [{ name: 'Authorization', value: 'Bearer a' }, { name: 'X', value: '1' }, { name: 'authorization', value: 'Bearer b' }],
      auth: { scheme: 'bearer', values: { token: 'c' } },
    });
    const kept = applyLintFixToDraft(draft, { label: 'Keep only the first', kind: 'set-header', name: 'Authorization', value: 'Bearer a' });
    expect(kept.headers.map((h) => [h.name, h.value])).toEqual([
      ['Authorization', 'Bearer a'],
      ['X', '1'],
    ]);
    expect(kept.auth.scheme).toBe('none');
    const removed = applyLintFixToDraft(normaliseDraft({ url: 'http://h/', headers: [{ name: 'Content-Length', value: '3' }] }), { label: 'Remove', kind: 'remove-header', name: 'content-length' });
    expect(removed.headers).toEqual([]);
  });

  it('a Content-Type fix adds a typed row, which then takes the place of the computed one', () => {
    const draft = normaliseDraft({ method: 'POST', url: 'http://h/', body: { kind: 'text', texts: { text: 'hi' } } });
    const fixed = applyLintFixToDraft(draft, { label: 'x', kind: 'set-header', name: 'Content-Type', value: 'text/csv' });
    expect(wireOf(fixed).headers).toEqual([{ name: 'Content-Type', value: 'text/csv' }]);
  });

  it('"Use POST" sets the method, and the XML declaration fix edits the body text', () => {
    const draft = normaliseDraft({ method: 'GET', url: 'http://h/', body: { kind: 'xml', texts: { xml: '<?xml version="1.0"?><a/>' } } });
    expect(applyLintFixToDraft(draft, { label: 'Use POST', kind: 'set-method', method: 'POST' }).method).toBe('POST');
    const fixed = applyLintFixToDraft(draft, { label: 'utf-8', kind: 'set-xml-encoding', encoding: 'utf-8' });
    expect(fixed.body.texts.xml).toBe('<?xml version="1.0" encoding="utf-8"?><a/>');
    expect(() => applyLintFixToDraft({ ...draft, body: { ...draft.body, kind: 'form' } }, { label: 'x', kind: 'set-xml-encoding', encoding: 'utf-8' })).toThrow(RangeError);
  });
});
