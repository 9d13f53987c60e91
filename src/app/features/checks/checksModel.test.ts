import { describe, expect, it } from 'vitest';
import { restoreKeptSecrets } from '../../../core';
import { checksOfSaved, hasChecks, keepScriptSecrets, newAssertion, newCapture, savedChecksFields, storableChecks, subjectExpression, subjectOf, withScriptText, NO_CHECKS } from './checksModel';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';

describe('checks model', () => {
  it('saves only the lists that have something, so an emptied list leaves the record', () => {
    expect(savedChecksFields(NO_CHECKS)).toEqual({ captures: undefined, assertions: undefined, scripts: undefined });
    const capture = newCapture({ variable: 'token' });
    const fields = savedChecksFields({ captures: [capture], assertions: [], scripts: [{ phase: 'pre-request', dialect: 'postman', text: '  ' }] });
    expect(fields).toEqual({ captures: [capture], assertions: undefined, scripts: undefined });
    expect(checksOfSaved(fields)).toEqual({ captures: [capture], assertions: [], scripts: [] });
  });

  it('counts an empty script editor as no check, an imported file script as one', () => {
    expect(hasChecks({ captures: [], assertions: [], scripts: [{ phase: 'post-response', dialect: 'postman', text: '' }] })).toBe(false);
    expect(hasChecks({ captures: [], assertions: [], scripts: [{ phase: 'post-response', dialect: 'jetbrains', file: './h.js' }] })).toBe(true);
    expect(hasChecks({ captures: [], assertions: [newAssertion('conforms')], scripts: [] })).toBe(true);
  });

  it('adds the first script of a phase on the first keystroke, then edits it in place', () => {
    const one = withScriptText(NO_CHECKS, 'post-response', -1, 'p');
    expect(one.scripts).toEqual([{ phase: 'post-response', dialect: 'postman', text: 'p' }]);
    expect(withScriptText(one, 'post-response', 0, 'pm.test').scripts).toEqual([{ phase: 'post-response', dialect: 'postman', text: 'pm.test' }]);
  });

  it('keeps the expression typed when the subject kind changes, and has none for status', () => {
    expect(subjectOf('header', 'Location')).toEqual({ kind: 'header', name: 'Location' });
    expect(subjectExpression(subjectOf('regex', 'id=(\\d+)'))).toBe('id=(\\d+)');
    expect(subjectOf('jsonpath')).toEqual({ kind: 'jsonpath', path: '$.' });
    expect(subjectExpression(subjectOf('status', 'x'))).toBeUndefined();
    expect(() => subjectOf('nope' as never)).toThrow(RangeError);
  });

  it('keeps a token pasted into a script aside, and puts it back when read', () => {
    const text = `pm.request.headers.add({ key: 'Authorization', value: 'Bearer ' + "${JWT}" });\nconst name = 'ada';`;
    const kept = keepScriptSecrets(text, 'req-1');
    expect(kept.text).not.toContain(JWT);
    expect(kept.text).toContain("const name = 'ada'");
    expect(Object.values(kept.kept)).toEqual([JWT]);
    expect(restoreKeptSecrets(kept.text, kept.kept)).toBe(text);
    expect(keepScriptSecrets('pm.test("ok", () => {})', 'r').text).toBe('pm.test("ok", () => {})');
  });

  it('stores checks with secret scripts and expected values as references, handing the values over', () => {
    const handed: Record<string, string>[] = [];
    const checks = {
      captures: [],
      assertions: [{ id: 'a1', kind: 'compare' as const, subject: { kind: 'header' as const, name: 'Authorization' }, operator: '==' as const, expected: JWT }],
      scripts: [{ phase: 'pre-request' as const, dialect: 'postman', text: `const t = '${JWT}';` }],
    };
    const stored = storableChecks(checks, 'tab-1', (values) => handed.push(values));
    expect(JSON.stringify(stored)).not.toContain(JWT);
    expect(handed).toHaveLength(1);
    expect(restoreKeptSecrets(stored, handed[0]!)).toEqual(checks);
  });
});
