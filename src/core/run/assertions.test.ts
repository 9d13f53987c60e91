import { describe, expect, it } from 'vitest';
import { wireResponse } from '../http/exchangeFixtures';
import { assertionLabel, evaluateAssertions } from './assertions';
import { exchangeView, type ExchangeView } from './exchangeView';
import type { Assertion, AssertionOperator, ExchangeSubject } from './types';
import { xmlXPath } from './xmlXPath';

const now = new Date('2026-06-01T00:00:00Z');
const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
const view = (status: number, headers: string[], body?: string): ExchangeView =>
  exchangeView({ request: { method: 'POST', url: 'https://api.test/orders', headers: [] }, response: wireResponse(status, headers, body), durationMs: 42 });
const created = view(
  201,
  ['Content-Type: application/json', 'Location: /orders/9', 'Set-Cookie: sid=s3cr3tv4lue; HttpOnly'],
  JSON.stringify({ id: 9, items: [{ sku: 'a' }, { sku: 'b' }, { sku: 'c' }], token: jwt, total: '12.50' }),
);

let n = 0;
const compare = (subject: ExchangeSubject, operator: AssertionOperator, expected?: string): Assertion => ({ id: `a${++n}`, kind: 'compare', subject, operator, ...(expected !== undefined ? { expected } : {}) });
const one = (assertion: Assertion, v: ExchangeView = created) => evaluateAssertions([assertion], v, { now })[0]!;

describe('evaluateAssertions: labels, actual values and reasons', () => {
  it.each<[Assertion, string, boolean, string | undefined, RegExp | undefined]>([
    [compare({ kind: 'status' }, '==', '201'), 'status == 201', true, '201', undefined],
    [compare({ kind: 'status' }, '==', '200'), 'status == 200', false, '201', /^Expected 200, got 201\.$/],
    [compare({ kind: 'header', name: 'Location' }, 'exists'), 'header Location exists', true, '/orders/9', undefined],
    [compare({ kind: 'header', name: 'Retry-After' }, 'exists'), 'header Retry-After exists', false, undefined, /no Retry-After header/],
    [compare({ kind: 'header', name: 'Retry-After' }, 'not-exists'), 'header Retry-After not-exists', true, undefined, undefined],
    [compare({ kind: 'header', name: 'content-type' }, 'matches', '^application/(.+\\+)?json'), 'header content-type matches ^application/(.+\\+)?json', true, 'application/json', undefined],
    [compare({ kind: 'jsonpath', path: '$.items' }, 'length', '>= 3'), '$.items length >= 3', true, '[{"sku":"a"},{"sku":"b"},{"sku":"c"}]', undefined],
    [compare({ kind: 'jsonpath', path: '$.items[*].sku' }, 'contains', 'b'), '$.items[*].sku contains b', true, '["a","b","c"]', undefined],
    [compare({ kind: 'jsonpath', path: '$.total' }, '>', '10'), '$.total > 10', true, '12.50', undefined],
    [compare({ kind: 'jsonpath', path: '$.total' }, 'type', 'number'), '$.total type number', false, '12.50', /Expected a number, got string "12.50"/],
    [compare({ kind: 'jsonpath', path: '$.missing' }, 'not-exists'), '$.missing not-exists', true, undefined, undefined],
    [compare({ kind: 'jsonpath', path: '$[' }, 'not-exists'), '$[ not-exists', false, undefined, /Not a valid JSONPath/],
    [compare({ kind: 'duration' }, '<', '500'), 'duration < 500', true, '42', undefined],
    [compare({ kind: 'duration' }, '<', 'fast'), 'duration < fast', false, '42', /needs a number/],
    [compare({ kind: 'size' }, '<=', '1024'), 'size <= 1024', true, undefined, undefined],
    [compare({ kind: 'body' }, 'matches', '(['), 'body matches ([', false, undefined, /not a valid regular expression/],
  ])('%#: %s', (assertion, label, passed, actual, message) => {
    const result = one(assertion);
    expect(result).toMatchObject({ assertionId: assertion.id, label, passed });
    if (actual !== undefined) expect(result.actual).toBe(actual);
    if (message) expect(result.message).toMatch(message);
    else expect(result.message).toBeUndefined();
  });

  it('never throws for what a person typed', () => {
    const typed: Assertion[] = [
      compare({ kind: 'regex', pattern: '(' }, '==', 'x'),
      compare({ kind: 'xpath', expression: '//[' }, 'exists'),
      compare({ kind: 'jsonpath', path: '$.id' }, 'length', 'lots'),
      compare({ kind: 'jsonpath', path: '$.id' }, 'type', 'text'),
      { id: 's', kind: 'json-schema', schema: '{nope' },
    ];
    const results = evaluateAssertions(typed, created, { now, xpath: xmlXPath });
    expect(results.map((r) => r.passed)).toEqual([false, false, false, false, false]);
    for (const r of results) expect(r.message).toMatch(/\S/);
  });
});

describe('evaluateAssertions: secrets', () => {
  it('masks a secret actual value and keeps it out of the message', () => {
    for (const assertion of [compare({ kind: 'jsonpath', path: '$.token' }, '==', 'other'), compare({ kind: 'cookie', name: 'sid' }, 'contains', 'zzz'), compare({ kind: 'cookie', name: 'sid' }, '>', '1')]) {
      const result = one(assertion);
      expect(result.passed).toBe(false);
      expect(result.actual).toMatch(/^•••• \(secret, \d+ characters\)$/);
      expect(JSON.stringify(result)).not.toContain('s3cr3t');
      expect(JSON.stringify(result)).not.toContain('eyJ');
    }
  });

  it('still compares the real value', () => {
    expect(one(compare({ kind: 'cookie', name: 'sid' }, '==', 's3cr3tv4lue')).passed).toBe(true);
  });
});

describe('evaluateAssertions: JSON Schema and conforms', () => {
  it('validates the body', () => {
    expect(one({ id: 's', kind: 'json-schema', schema: '{"required": ["id", "items"]}' })).toEqual({ assertionId: 's', label: 'body matches the JSON Schema', passed: true });
    expect(one({ id: 's', kind: 'json-schema', schema: '{"properties": {"id": {"type": "string"}}}' })).toMatchObject({ passed: false, actual: '1 error', message: expect.stringContaining('/id: Instance type "number" is invalid') });
  });

  it('checks the conventions on the explanation it makes, or on the one given', () => {
    const noChallenge = view(401, []);
    expect(one({ id: 'c', kind: 'conforms' }, noChallenge)).toMatchObject({ label: 'conforms to the conventions', passed: false, message: expect.stringContaining('401 without WWW-Authenticate') });
    expect(evaluateAssertions([{ id: 'c', kind: 'conforms' }], noChallenge, { explanation: [] })[0]!.passed).toBe(true);
  });

  it('strict also fails on warnings (a 204 with a body)', () => {
    const noContent = view(204, [], 'oops');
    expect(one({ id: 'c', kind: 'conforms' }, noContent).passed).toBe(true);
    expect(one({ id: 'c', kind: 'conforms', strict: true }, noContent)).toMatchObject({ label: 'conforms to the conventions (strict: no warnings)', passed: false, message: expect.stringContaining('(warning)') });
  });
});

describe('evaluateAssertions: order and switches', () => {
  it('skips disabled assertions and keeps the order', () => {
    const results = evaluateAssertions([compare({ kind: 'status' }, '==', '201'), { ...compare({ kind: 'status' }, '==', '500'), enabled: false }, { id: 'c', kind: 'conforms' }], created, { now });
    expect(results.map((r) => r.label)).toEqual(['status == 201', 'conforms to the conventions']);
  });

  it('labels exists without an expected value', () => {
    expect(assertionLabel(compare({ kind: 'cookie', name: 'sid' }, 'exists', 'ignored'))).toBe('cookie sid exists');
  });

  it('reads XPath through the engine given, and needs one', () => {
    const xml = view(200, ['Content-Type: application/xml'], '<o:Order xmlns:o="urn:o"><o:Id>9</o:Id></o:Order>');
    const idIs9 = compare({ kind: 'xpath', expression: '//o:Id' }, '==', '9');
    expect(evaluateAssertions([idIs9], xml, { xpath: xmlXPath })[0]).toMatchObject({ label: 'xpath //o:Id == 9', passed: true, actual: '9' });
    expect(() => evaluateAssertions([idIs9], xml)).toThrow(/needs options.xpath/);
  });

  it('throws a TypeError for an unknown kind', () => {
    expect(() => evaluateAssertions([{ id: 'x', kind: 'nope' } as unknown as Assertion], created)).toThrow(TypeError);
  });
});
