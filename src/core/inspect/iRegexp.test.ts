import { describe, expect, it } from 'vitest';
import { compileIRegexp } from './iRegexp';
import { queryJsonPath } from './jsonPath';

const re = (pattern: string) => {
  const compiled = compileIRegexp(pattern);
  if (!compiled.ok) throw new Error(compiled.error.message);
  return compiled.value;
};

describe('I-Regexp (RFC 9485) without backtracking', () => {
  it('matches like a regular expression: classes, escapes, categories, groups, alternation, counts', () => {
    expect(re('a.c').matchesWhole('abc')).toBe(true);
    expect(re('a.c').matchesWhole('a\nc')).toBe(false);
    expect(re('[0-9]{3}-[0-9]{4}').matchesWhole('555-1234')).toBe(true);
    expect(re('[0-9]{3}-[0-9]{4}').matchesWhole('555-123')).toBe(false);
    expect(re('(ab|cd)+').matchesWhole('abcdab')).toBe(true);
    expect(re('\\p{Lu}\\p{Ll}*').matchesWhole('Émile')).toBe(true);
    expect(re('[^a-z]').matchesWhole('Q')).toBe(true);
    expect(re('a\\.b').matchesWhole('a.b')).toBe(true);
    expect(re('a\\.b').matchesWhole('axb')).toBe(false);
    expect(re('x{2,}').matchesWhole('xxxx')).toBe(true);
    expect(re('x{2,3}').matchesWhole('xxxx')).toBe(false);
    expect(re('colou?r').matchesSomewhere('my favourite colour')).toBe(true);
    expect(re('^a$').matchesWhole('^a$')).toBe(true); // ^ and $ are ordinary characters in I-Regexp
    expect(re('').matchesSomewhere('anything')).toBe(true);
  });

  it('(a+)+$ against a long non-matching text answers at once (a JavaScript RegExp never would)', () => {
    const text = `${'a'.repeat(50_000)}!`;
    expect(re('(a+)+b').matchesSomewhere(text)).toBe(false);
    expect(re('(a|aa)*c').matchesWhole(text)).toBe(false);
    const result = queryJsonPath([{ s: text }, { s: 'aaa$' }], "$[?search(@.s, '(a+)+[$]')]");
    expect(result.ok && result.value.map((n) => (n.value as { s: string }).s)).toEqual(['aaa$']);
  });

  it('says where a pattern is not an I-Regexp, and refuses one that would expand too far', () => {
    const bad = compileIRegexp('a(b');
    expect(!bad.ok && bad.error).toMatchObject({ kind: 'iregexp-syntax', column: 4 });
    const backref = compileIRegexp('(a)\\1');
    expect(!backref.ok && backref.error.message).toMatch(/not an I-Regexp escape/);
    const huge = compileIRegexp('((a{1000}){1000}){1000}');
    expect(!huge.ok && huge.error.kind).toBe('iregexp-too-large');
  });
});

describe('JSONPath on deep input', () => {
  it('a document nested 200,000 levels deep gives a typed JsonPathTooDeep, not a RangeError', async () => {
    const { compileJsonPath, JsonPathTooDeep } = await import('./jsonPath');
    const deep = JSON.parse(`${'['.repeat(200_000)}1${']'.repeat(200_000)}`) as unknown;
    const compiled = compileJsonPath('$..x');
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return;
    expect(() => compiled.value.select(deep)).toThrow(JsonPathTooDeep);
  });
});

describe('I-Regexp groups nested deep (issue 26.4)', () => {
  it('refuses groups nested past 256 levels with the column, never a RangeError', () => {
    const result = compileIRegexp(`${'('.repeat(20_000)}a${')'.repeat(20_000)}`);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toEqual({ kind: 'iregexp-too-large', column: 257, message: 'Not an I-Regexp (RFC 9485) at column 257: groups nested more than 256 levels deep.' });
  });

  it('compiles nested groups once each (20 levels used to double the states per level, past the 20,000 cap)', () => {
    const result = compileIRegexp(`${'('.repeat(20)}a${')'.repeat(20)}b`);
    expect(result.ok && result.value.matchesWhole('ab')).toBe(true);
    const repeated = compileIRegexp('((a|b)c){2}(d)*');
    expect(repeated.ok && [repeated.value.matchesWhole('acbc'), repeated.value.matchesWhole('acbcddd'), repeated.value.matchesWhole('acd')]).toEqual([true, true, false]);
  });

  it('accepts 256 levels', () => {
    const result = compileIRegexp(`${'('.repeat(256)}a${')'.repeat(256)}`);
    expect(result.ok && result.value.matchesWhole('a')).toBe(true);
  });
});
