import { describe, it, expect } from 'vitest';
import type { HeaderField, WireRequest } from '../types';
import { headerNameRule, headerValueRule, headerWhitespaceRule } from './headerRules';
import { applyLintFix } from './lintFix';

const request = (...headers: HeaderField[]): WireRequest => ({ method: 'GET', url: 'https://api.example.com/', headers });

describe('header-name-token', () => {
  it('names the bad character and suggests the name without a pasted colon', () => {
    const [finding] = headerNameRule.check(request({ name: 'Accept:', value: '*/*' }), {});
    expect(finding?.message).toBe('Header name "Accept:" is not a token: \':\' (U+003A) at position 7 is not allowed. Did you mean "Accept"?');
  });

  it('refuses an empty name and a name with a space', () => {
    const findings = headerNameRule.check(request({ name: '', value: 'x' }, { name: 'X Id', value: '1' }), {});
    expect(findings.map((f) => f.message)).toEqual(['A header has an empty name.', 'Header name "X Id" is not a token: a space at position 2 is not allowed.']);
  });
});

describe('header-value-invalid', () => {
  it('explains a line break as header splitting, with its position', () => {
    const [finding] = headerValueRule.check(request({ name: 'X-Note', value: 'ok\nInjected: 1' }), {});
    expect(finding?.message).toMatch(/^Header X-Note has a line feed \(U\+000A\) at position 3, which would split the header/);
  });

  it('refuses characters beyond Latin-1 but allows obsolete Latin-1 text', () => {
    expect(headerValueRule.check(request({ name: 'X-City', value: 'Kraków' }), {})).toEqual([]);
    expect(headerValueRule.check(request({ name: 'X-City', value: 'Łódź' }), {})[0]?.message).toContain("'Ł' (U+0141) at position 1, which is not a byte");
    expect(headerValueRule.check(request({ name: 'X-Emoji', value: 'hi 😀' }), {})[0]?.message).toContain("'😀' (U+1F600) at position 4");
  });
});

describe('header-value-whitespace', () => {
  it('trims the value as its fix', () => {
    const bad = request({ name: 'Authorization', value: 'Bearer abc\t' });
    const [finding] = headerWhitespaceRule.check(bad, {});
    expect(finding?.message).toBe('Header Authorization ends with whitespace; the server strips it and sees a different value than the one typed.');
    expect(applyLintFix(bad, finding!.fix!).headers).toEqual([{ name: 'Authorization', value: 'Bearer abc' }]);
  });

  it('offers no fix when the name is repeated, since one fix would merge the lines', () => {
    const [finding] = headerWhitespaceRule.check(request({ name: 'Accept', value: ' a' }, { name: 'Accept', value: 'b' }), {});
    expect(finding?.fix).toBeUndefined();
  });
});
