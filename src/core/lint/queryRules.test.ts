import { describe, it, expect } from 'vitest';
import { wireRequest } from '../http/exchangeFixtures';
import { applyLintFix } from './lintFix';
import { queryLiteralPlusRule } from './queryRules';

const check = (url: string) => queryLiteralPlusRule.check(wireRequest(`GET ${url}`), {});

describe('query-literal-plus', () => {
  it.each([
    ['phone=+49 30 1234567', 'a phone number in international format'],
    ['email=ann+news@example.com', 'an email address with a +tag'],
    ['since=2025-03-01T10:00:00+02:00', 'a time with a UTC offset'],
    ['lang=c++', 'a name with "++" such as C++'],
    ['sig=QUJDREVGR0hhYmNkMTIz+w==', 'a base64 string'],
  ])('%s looks like %s', (query, description) => {
    const [finding] = check(`https://api.example.com/x?${query}`);
    expect(finding?.severity).toBe('warning');
    expect(finding?.message).toContain(`looks like ${description}`);
  });

  it('shows the value as meant, except for base64 which may be a secret', () => {
    expect(check('https://x/?phone=+4930123456')[0]?.message).toContain('holds "+4930123456" with a bare "+"');
    expect(check('https://x/?sig=QUJDREVGR0hhYmNkMTIz+w==')[0]?.message).not.toContain('QUJD');
  });

  it('leaves "+" meant as a space alone, and %2B and path pluses too', () => {
    expect(check('https://x/search?q=red+shoes')).toEqual([]);
    expect(check('https://x/?phone=%2B4930123456')).toEqual([]);
    expect(check('https://x/c++/items')).toEqual([]);
  });

  it('fixes only that parameter, writing the others back byte for byte', () => {
    const request = wireRequest('GET https://x/a?b=%7e&phone=+4930123456&c=d+e#top');
    const [finding] = queryLiteralPlusRule.check(request, {});
    expect(applyLintFix(request, finding!.fix!).url).toBe('https://x/a?b=%7e&phone=%2B4930123456&c=d+e#top');
  });
});
