import { describe, expect, it } from 'vitest';
import { wireResponse } from '../http/exchangeFixtures';
import { evaluateCaptures, maskedValue, shownCaptureValue } from './captures';
import { exchangeView } from './exchangeView';
import type { Capture } from './types';

const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
const view = exchangeView({
  request: { method: 'POST', url: 'https://api.test/token', headers: [] },
  response: wireResponse(201, ['Content-Type: application/json', 'Location: /orders/9', 'Set-Cookie: sid=s3cr3t; HttpOnly'], JSON.stringify({ access_token: jwt, id: 9, tags: ['a', 'b'], name: 'Zoë' })),
  durationMs: 20,
});
const capture = (id: string, from: Capture['from'], extra: Partial<Capture> = {}): Capture => ({ id, variable: id, scope: 'run', from, ...extra });

describe('evaluateCaptures', () => {
  it.each<[string, Capture, { value?: string; secret: boolean; error?: RegExp }]>([
    ['the status, as text', capture('status', { kind: 'status' }), { value: '201', secret: false }],
    ['a header', capture('loc', { kind: 'header', name: 'location' }), { value: '/orders/9', secret: false }],
    ['a number from JSON', capture('id', { kind: 'jsonpath', path: '$.id' }), { value: '9', secret: false }],
    ['unicode text from JSON', capture('name', { kind: 'jsonpath', path: '$.name' }), { value: 'Zoë', secret: false }],
    ['an array from JSON, as JSON', capture('tags', { kind: 'jsonpath', path: '$.tags' }), { value: '["a","b"]', secret: false }],
    ['a JWT, secret by kind', capture('token', { kind: 'jsonpath', path: '$.access_token' }), { value: jwt, secret: true }],
    ['a cookie, secret by where it came from', capture('sid', { kind: 'cookie', name: 'sid' }), { value: 's3cr3t', secret: true }],
    ['a value flagged secret', capture('id2', { kind: 'jsonpath', path: '$.id' }, { secret: true }), { value: '9', secret: true }],
    ['nothing found', capture('x', { kind: 'header', name: 'X-Nope' }), { secret: false, error: /no X-Nope header/ }],
    ['a bad path', capture('y', { kind: 'jsonpath', path: '$[' }), { secret: false, error: /Not a valid JSONPath/ }],
  ])('%s', (_name, c, expected) => {
    const [result] = evaluateCaptures([c], view);
    expect(result).toMatchObject({ captureId: c.id, variable: c.variable, scope: 'run', secret: expected.secret });
    expect(result!.value).toBe(expected.value);
    if (expected.error) expect(result!.error).toMatch(expected.error);
    else expect(result!.error).toBeUndefined();
  });

  it('leaves out disabled captures and keeps the order of the rest', () => {
    const results = evaluateCaptures([capture('a', { kind: 'status' }), capture('b', { kind: 'status' }, { enabled: false }), capture('c', { kind: 'duration' }, { scope: 'environment' })], view);
    expect(results.map((r) => [r.captureId, r.scope, r.value])).toEqual([
      ['a', 'run', '201'],
      ['c', 'environment', '20'],
    ]);
  });

  it('reports a capture without a variable name', () => {
    expect(evaluateCaptures([capture(' ', { kind: 'status' })], view)[0]).toMatchObject({ error: 'The capture has no variable name.' });
  });
});

describe('shownCaptureValue', () => {
  it('masks secrets down to their length', () => {
    const [token, id] = evaluateCaptures([capture('token', { kind: 'jsonpath', path: '$.access_token' }), capture('id', { kind: 'jsonpath', path: '$.id' })], view);
    expect(shownCaptureValue(token!)).toBe(`•••• (secret, ${jwt.length} characters)`);
    expect(shownCaptureValue(token!)).not.toContain('eyJ');
    expect(shownCaptureValue(id!)).toBe('9');
    expect(maskedValue('é')).toBe('•••• (secret, 1 character)');
  });
});

describe('evaluateCaptures with XPath', () => {
  it('reads through the engine it is given', async () => {
    const { xmlXPath } = await import('./xmlXPath');
    const xml = exchangeView({ request: { method: 'GET', url: 'https://api.test/', headers: [] }, response: wireResponse(200, ['Content-Type: text/xml'], '<r xmlns:a="urn:a"><a:id>7</a:id></r>') });
    expect(evaluateCaptures([capture('id', { kind: 'xpath', expression: '/r/a:id' })], xml, { xpath: xmlXPath })[0]).toMatchObject({ value: '7', secret: false });
  });
});
