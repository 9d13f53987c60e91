import { describe, expect, it } from 'vitest';
import { wireResponse } from '../http/exchangeFixtures';
import { exchangeView, type ExchangeView } from './exchangeView';
import { describeSubject, readSubject, subjectText } from './subject';
import type { ExchangeSubject } from './types';
import { xmlXPath } from './xmlXPath';

const request = { method: 'GET', url: 'https://api.test/x', headers: [] };
/** `view(200, ['Name: value'], 'body')`: an exchange in one line. */
function view(status: number, headers: string[] = [], body?: string, extra: Partial<ExchangeView> = {}): ExchangeView {
  return { ...exchangeView({ request, response: wireResponse(status, headers), body: body === undefined ? { absent: 'not-kept' } : { text: body }, durationMs: 35 }), ...extra };
}
const read = (subject: ExchangeSubject, v: ExchangeView) => readSubject(subject, v, { now: new Date('2026-06-01T00:00:00Z'), xpath: xmlXPath });
const value = (subject: ExchangeSubject, v: ExchangeView) => {
  const r = read(subject, v);
  if (!r.ok) throw new Error(`expected a value, got ${r.error.kind}: ${r.error.message}`);
  return r.value.value;
};
const error = (subject: ExchangeSubject, v: ExchangeView) => {
  const r = read(subject, v);
  if (r.ok) throw new Error(`expected an error, got ${JSON.stringify(r.value)}`);
  return r.error;
};

const json = view(200, ['Content-Type: application/json'], '{"id": 7, "name": "Zoë", "items": [{"n": 1}, {"n": 2}], "flag": true, "none": null, "count": "12"}');
const xml = view(
  200,
  ['Content-Type: application/xml'],
  `<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><m:Order xmlns:m="urn:shop" id="42"><m:Line>a</m:Line><m:Line>b</m:Line></m:Order></soap:Body></soap:Envelope>`,
);

describe('readSubject: status, headers, body, duration, size', () => {
  it.each<[string, ExchangeSubject, ExchangeView, unknown]>([
    ['status', { kind: 'status' }, view(201), 201],
    ['a header, any case', { kind: 'header', name: 'content-TYPE' }, json, 'application/json'],
    ['a repeated header, combined', { kind: 'header', name: 'Vary' }, view(200, ['Vary: Accept', 'Vary: Origin']), 'Accept, Origin'],
    ['repeated Set-Cookie, as a list', { kind: 'header', name: 'Set-Cookie' }, view(200, ['Set-Cookie: a=1', 'Set-Cookie: b=2']), ['a=1', 'b=2']],
    ['the body', { kind: 'body' }, view(200, [], 'plain ✓'), 'plain ✓'],
    ['an empty body', { kind: 'body' }, view(204, [], ''), ''],
    ['the duration', { kind: 'duration' }, view(200), 35],
    ['the size', { kind: 'size' }, view(200, [], 'ü'), 2],
  ])('%s', (_name, subject, v, expected) => {
    expect(value(subject, v)).toEqual(expected);
  });

  it.each<[string, ExchangeSubject, ExchangeView, string, RegExp]>([
    ['a header not there', { kind: 'header', name: 'X-Id' }, view(200), 'missing', /no X-Id header/],
    ['a header with no name', { kind: 'header', name: ' ' }, view(200), 'invalid-expression', /empty/],
    ['a body not kept', { kind: 'body' }, view(200), 'unreadable', /not kept/],
    ['a binary body', { kind: 'body' }, view(200, [], undefined, { bodyAbsence: 'binary' }), 'unreadable', /binary/],
    ['a duration not measured', { kind: 'duration' }, view(200, [], '', { durationMs: undefined }), 'missing', /not measured/],
  ])('%s is an error value', (_name, subject, v, kind, message) => {
    expect(error(subject, v)).toMatchObject({ kind, message: expect.stringMatching(message) });
  });

  it('flags a credential header as secret', () => {
    expect(read({ kind: 'header', name: 'X-Api-Key' }, view(200, ['X-Api-Key: k']))).toMatchObject({ value: { secret: true } });
    expect(read({ kind: 'header', name: 'Content-Type' }, json)).toMatchObject({ value: { secret: false } });
  });
});

describe('readSubject: cookies', () => {
  const cookies = view(200, ['Set-Cookie: sid=abc123; Path=/; HttpOnly', 'Set-Cookie: theme=dark', 'Set-Cookie: sid=def456; Secure', 'Set-Cookie: old=x; Max-Age=0', 'Set-Cookie: gone=y; Expires=Thu, 01 Jan 2015 00:00:00 GMT']);
  it('reads the last Set-Cookie of a name, as a secret', () => {
    expect(read({ kind: 'cookie', name: 'sid' }, cookies)).toEqual({ ok: true, value: { value: 'def456', secret: true } });
    expect(value({ kind: 'cookie', name: 'theme' }, cookies)).toBe('dark');
  });
  it.each([
    ['old', /deletes the cookie old \(Max-Age=0\)/],
    ['gone', /Expires in the past/],
    ['nope', /sets no cookie named nope/],
  ])('cookie %s reads nothing', (name, message) => {
    expect(error({ kind: 'cookie', name }, cookies)).toMatchObject({ kind: 'missing', message: expect.stringMatching(message) });
  });
});

describe('readSubject: JSONPath', () => {
  it.each<[string, unknown]>([
    ['$.id', 7],
    ['$.name', 'Zoë'],
    ['$.items[1].n', 2],
    ['$.items[*].n', [1, 2]],
    ['$.flag', true],
    ['$.none', null],
    ['$.count', '12'],
    ['$', { id: 7, name: 'Zoë', items: [{ n: 1 }, { n: 2 }], flag: true, none: null, count: '12' }],
  ])('%s', (path, expected) => {
    expect(value({ kind: 'jsonpath', path }, json)).toEqual(expected);
  });

  it('counts the nodes of a multi-node match', () => {
    expect(read({ kind: 'jsonpath', path: '$.items[*]' }, json)).toMatchObject({ value: { count: 2 } });
  });

  it.each<[string, string, ExchangeView, string, RegExp]>([
    ['no match', '$.nope', json, 'missing', /matched nothing/],
    ['a syntax error', '$.[', json, 'invalid-expression', /Not a valid JSONPath.*column/],
    ['a non-JSON body', '$.a', view(200, [], '<html>'), 'unreadable', /not JSON.*line 1, column 1/],
    ['an empty body', '$.a', view(204, [], ''), 'unreadable', /empty, not JSON/],
    ['a body not kept', '$.a', view(200), 'unreadable', /not kept/],
  ])('%s', (_name, path, v, kind, message) => {
    expect(error({ kind: 'jsonpath', path }, v)).toMatchObject({ kind, message: expect.stringMatching(message) });
  });
});

describe('readSubject: XPath', () => {
  it.each<[string, unknown]>([
    ['//m:Order/@id', '42'],
    ['/soap:Envelope/soap:Body/m:Order/m:Line[2]', 'b'],
    ['//m:Line', ['a', 'b']],
    ['count(//m:Line)', 2],
    ['string(//m:Line[1])', 'a'],
    ['boolean(//m:Order)', true],
  ])('%s', (expression, expected) => {
    expect(value({ kind: 'xpath', expression }, xml)).toEqual(expected);
  });

  it.each<[string, string, ExchangeView, string, RegExp]>([
    ['no match', '//m:Missing', xml, 'missing', /matched nothing/],
    ['an undeclared prefix', '//x:Order', xml, 'invalid-expression', /Not a valid XPath/],
    ['a syntax error', '//m:Line[', xml, 'invalid-expression', /Not a valid XPath/],
    ['a JSON body', '//a', json, 'unreadable', /not well-formed XML/],
    ['unclosed XML', '//a', view(200, [], '<a><b></a>'), 'unreadable', /not well-formed XML/],
    ['entities not expanded', '/x', view(200, [], '<!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]><x>&b;</x>'), 'unreadable', /^The body is not well-formed XML: entity not found:&b;$/],
    ['an empty body', '//a', view(204, [], ''), 'unreadable', /empty, not XML/],
  ])('%s', (_name, expression, v, kind, message) => {
    expect(error({ kind: 'xpath', expression }, v)).toMatchObject({ kind, message: expect.stringMatching(message) });
  });
});

describe('readSubject: XPath needs its engine', () => {
  it('throws a TypeError naming the option when none is given (a programmer error)', () => {
    expect(() => readSubject({ kind: 'xpath', expression: '//a' }, xml)).toThrow(new TypeError('readSubject: an xpath subject needs options.xpath (xmlXPath from core/run/xmlXPath)'));
  });
});

describe('readSubject: regex', () => {
  const page = view(200, ['Content-Type: text/html'], '<input name="csrf" value="t0k-3n"> total: 12 items');
  it.each<[string, ExchangeSubject, unknown]>([
    ['group 1 by default', { kind: 'regex', pattern: 'value="([^"]+)"' }, 't0k-3n'],
    ['the match when there is no group', { kind: 'regex', pattern: '\\d+ items' }, '12 items'],
    ['a chosen group', { kind: 'regex', pattern: '(total): (\\d+)', group: 2 }, '12'],
    ['group 0', { kind: 'regex', pattern: 'total: (\\d+)', group: 0 }, 'total: 12'],
    ['flags', { kind: 'regex', pattern: 'TOTAL: (\\d+)', flags: 'i' }, '12'],
  ])('%s', (_name, subject, expected) => {
    expect(value(subject, page)).toBe(expected);
  });

  it.each<[string, ExchangeSubject, string, RegExp]>([
    ['no match', { kind: 'regex', pattern: 'absent' }, 'missing', /matched nothing/],
    ['an invalid pattern', { kind: 'regex', pattern: '(' }, 'invalid-expression', /Not a valid regular expression/],
    ['a group past the last', { kind: 'regex', pattern: '(total)', group: 3 }, 'invalid-expression', /has 1 group; group 3/],
    ['a group that took no part', { kind: 'regex', pattern: 'total(x)?' }, 'missing', /took no part/],
  ])('%s', (_name, subject, kind, message) => {
    expect(error(subject, page)).toMatchObject({ kind, message: expect.stringMatching(message) });
  });
});

describe('describeSubject and subjectText', () => {
  it.each<[ExchangeSubject, string]>([
    [{ kind: 'status' }, 'status'],
    [{ kind: 'header', name: 'Location' }, 'header Location'],
    [{ kind: 'jsonpath', path: '$.id' }, '$.id'],
    [{ kind: 'xpath', expression: '//a' }, 'xpath //a'],
    [{ kind: 'regex', pattern: 'a(b)', flags: 'i', group: 1 }, 'regex /a(b)/i group 1'],
  ])('%j → %s', (subject, label) => {
    expect(describeSubject(subject)).toBe(label);
  });

  it.each<[unknown, string]>([
    ['text', 'text'],
    [12, '12'],
    [null, 'null'],
    [[1, 'a'], '[1,"a"]'],
    [{ a: true }, '{"a":true}'],
  ])('%j as text is %s', (v, text) => {
    expect(subjectText(v)).toBe(text);
  });
});

describe('a JSON body nested too deeply (issue 26.4)', () => {
  const nested = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
  const tooDeep = view(200, ['Content-Type: application/json'], `{"a":\n${nested(20_000)}}`);
  // "{" is level 1, so the 1000th "[" (line 2, column 1000) is level 1001.
  const refusal = { kind: 'unreadable', message: 'The body is nested more than 1000 levels deep (line 2, column 1000), too deep to read as JSON; check it as text (body contains, matches) instead.' };

  it('is refused with the position for every JSONPath reading, never a RangeError', () => {
    for (const path of ['$', '$.a', '$..x', '$[?@ == $]']) expect(error({ kind: 'jsonpath', path }, tooDeep)).toEqual(refusal);
  });

  it('is refused the same way for assertions and captures on it', async () => {
    const { evaluateAssertions } = await import('./assertions');
    const { evaluateCaptures } = await import('./captures');
    const [equals, length] = evaluateAssertions(
      [
        { id: 'a', kind: 'compare', subject: { kind: 'jsonpath', path: '$.a' }, operator: '==', expected: nested(20_000) },
        { id: 'b', kind: 'compare', subject: { kind: 'jsonpath', path: '$.a' }, operator: 'length', expected: '1' },
      ],
      tooDeep,
    );
    expect([equals?.passed, length?.passed]).toEqual([false, false]);
    expect(equals?.message).toContain('nested more than 1000 levels deep');
    const [capture] = evaluateCaptures([{ id: 'c', variable: 'v', scope: 'run', from: { kind: 'jsonpath', path: '$.a' } }], tooDeep);
    expect(capture?.error).toBe(refusal.message);
  });

  it('reads a body nested 1000 levels deep', () => {
    const v = view(200, ['Content-Type: application/json'], nested(1000));
    expect(subjectText(value({ kind: 'jsonpath', path: '$' }, v))).toBe(nested(1000));
    expect(value({ kind: 'jsonpath', path: '$..*' }, v)).toHaveLength(1000);
  });
});
