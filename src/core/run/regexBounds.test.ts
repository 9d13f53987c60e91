import { describe, expect, it } from 'vitest';
import { wireResponse } from '../http/exchangeFixtures';
import { compareValue } from './compare';
import { exchangeView } from './exchangeView';
import { REGEX_MAX_INPUT, REGEX_MAX_PATTERN, boundedRegexInput, riskyRegexReason } from './regexBounds';
import { readSubject } from './subject';

const request = { method: 'GET', url: 'https://api.test/x', headers: [] };
const view = (body: string) => exchangeView({ request, response: wireResponse(200, ['Content-Type: text/plain']), body: { text: body } });

describe('riskyRegexReason', () => {
  it.each(['(a+)+$', '(\\w*)*x', '(x+){2,}', '((ab)+c)+', '(?:a|b+)*', '(a+?)+', '([a-z]+)*@', '(a{1,})+'])('refuses %s', (pattern) => {
    expect(riskyRegexReason(pattern)).toMatch(/repeats a group that itself repeats without bound.*catastrophic backtracking/);
  });

  it('names the nested part in its reason', () => {
    expect(riskyRegexReason('id=(\\d+)+;')).toMatch(/^\(\\d\+\)\+ repeats a group/);
  });

  it.each(['token=([^&]+)', '(ab)+c', '(a+)b', '(a+)?', '(a+){1}', '(a){3,}', '[(a+)+]', '\\(a+\\)+', '"access_token"\\s*:\\s*"([^"]+)"', '(?<id>\\d+)-(\\w+)', 'a{2,}b+'])('accepts %s', (pattern) => {
    expect(riskyRegexReason(pattern)).toBeUndefined();
  });

  it('refuses a pattern longer than the bound', () => {
    expect(riskyRegexReason('a'.repeat(REGEX_MAX_PATTERN + 1))).toMatch(/at most 4096/);
  });

  it('throws a TypeError for a non-string', () => {
    expect(() => riskyRegexReason(5 as unknown as string)).toThrow(new TypeError('riskyRegexReason expects a string'));
    expect(() => boundedRegexInput(undefined as unknown as string)).toThrow(TypeError);
  });
});

describe('a regex capture over a large body', () => {
  it('refuses a catastrophic pattern before running it, as an invalid subject', () => {
    // Run for real, this pattern over this text takes minutes: the refusal is what makes the test end.
    const r = readSubject({ kind: 'regex', pattern: '^(a+)+$' }, view('a'.repeat(40) + '!'));
    expect(r).toMatchObject({ ok: false, error: { kind: 'invalid-expression', message: expect.stringMatching(/^Refused: \(a\+\)\+ repeats a group/) } });
  });

  it('searches only the first MiB and says so when nothing matched', () => {
    const body = 'x'.repeat(REGEX_MAX_INPUT) + 'id=42';
    const r = readSubject({ kind: 'regex', pattern: 'id=(\\d+)' }, view(body));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toBe(`/id=(\\d+)/ matched nothing in the body (only its first 1 MiB of ${body.length.toLocaleString('en')} characters was searched, so a slow pattern cannot hold up the run; use JSONPath or XPath for large bodies).`);
  });

  it('still finds a match inside the first MiB of a large body', () => {
    const r = readSubject({ kind: 'regex', pattern: 'id=(\\d+)' }, view('id=42 ' + 'x'.repeat(2 * REGEX_MAX_INPUT)));
    expect(r).toMatchObject({ ok: true, value: { value: '42' } });
  });

  it('keeps the whole body of an ordinary size', () => {
    expect(boundedRegexInput('abc')).toEqual({ text: 'abc', cut: false });
    expect(boundedRegexInput('a'.repeat(REGEX_MAX_INPUT + 1))).toMatchObject({ cut: true });
  });
});

describe('the matches operator', () => {
  it('fails a risky expected pattern with the reason, without running it', () => {
    expect(compareValue('a'.repeat(40) + '!', 'matches', '/^(a|b+)*$/')).toEqual({ passed: false, message: expect.stringMatching(/^The expected regular expression is refused: \(a\|b\+\)\* repeats a group/) });
  });

  it('reads only the first MiB of a long value and says so', () => {
    const text = 'y'.repeat(REGEX_MAX_INPUT + 10) + 'END';
    const result = compareValue(text, 'matches', 'END$');
    expect(result.passed).toBe(false);
    expect(result.message).toMatch(/only its first 1 MiB of 1,048,589 characters was searched/);
  });
});
