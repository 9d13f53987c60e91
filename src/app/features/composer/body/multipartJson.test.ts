import { describe, expect, it } from 'vitest';
import { emptyDraft, type MultipartPartDraft } from '../../../../core';
import { composerView, sendGateReasons } from '../composerModel';
import { multipartJsonError, multipartJsonFindings } from './multipartJson';

const part = (patch: Partial<MultipartPartDraft>): MultipartPartDraft => ({ id: 'p', enabled: true, name: 'meta', kind: 'json', value: '', contentType: '', base64: false, headers: [], ...patch });

describe('JSON parts of a multipart body', () => {
  it('reports a syntax error with its line and column; text parts and valid or empty JSON are fine', () => {
    expect(multipartJsonError(part({ value: '{"a": 1,\n "b" 2}' }))).toMatchObject({ line: 2, column: 6 });
    expect(multipartJsonError(part({ value: '{"a": {{n}}}' }))).toBeUndefined();
    expect(multipartJsonError(part({ value: '' }))).toBeUndefined();
    expect(multipartJsonError(part({ kind: 'text', value: '{oops' }))).toBeUndefined();
  });

  it('is a lint error the send gate asks about, for enabled parts of a multipart body only', () => {
    const draft = { ...emptyDraft('http://h/upload'), method: 'POST', body: { ...emptyDraft().body, kind: 'multipart' as const, multipart: [part({ value: '{"a": 1,\n "b" 2}' }), part({ id: 'q', enabled: false, value: '{' })] } };
    const findings = multipartJsonFindings(draft);
    expect(findings).toHaveLength(1);
    expect(findings[0]!.message).toBe('Part 1 "meta" is marked JSON, but its content is not JSON: ' + multipartJsonError(draft.body.multipart[0]!)!.message + ' at line 2, column 6. The server will likely answer 400.');
    const view = composerView(draft, {});
    expect(sendGateReasons(view, 'tab').map((r) => r.kind)).toContain('lint');
    expect(multipartJsonFindings({ ...draft, body: { ...draft.body, kind: 'json' } })).toEqual([]);
  });
});
