import { describe, it, expect } from 'vitest';
import { wireRequest } from '../http/exchangeFixtures';
import { applyLintFix } from './lintFix';
import type { LintContext } from './lintFinding';
import { queryEscapeKeptRule, queryLiteralPlusRule } from './queryRules';

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

describe('query-escape-kept', () => {
  const request = wireRequest('GET https://api.example.com/search?q=red%20%26%20green&api_key=a%2Bb');
  const messages = (keptEscapes: LintContext['keptEscapes'], keyParams?: string[]) =>
    queryEscapeKeptRule.check(request, { keptEscapes, ...(keyParams ? { keyParams } : {}) }).map((f) => [f.severity, f.field, f.message]);

  it('says once per parameter which escapes went as written and how to send a literal one', () => {
    expect(messages([{ kind: 'query', name: 'q', escapes: ['%20', '%26'] }])).toEqual([
      ['info', 'query:q', '"%20" and "%26" in query parameter "q" are already escapes and are sent as written; type %2520 to send a literal "%20".'],
    ]);
    expect(messages([{ kind: 'path', name: 'id', escapes: ['%2F', '%20', '%3F', '%41'] }])).toEqual([
      ['info', 'path:id', '"%2F", "%20" and 2 more in path parameter "id" are already escapes and are sent as written; type %252F to send a literal "%2F".'],
    ]);
  });

  it('says nothing without kept escapes, or for a parameter that carries a key', () => {
    expect(messages(undefined)).toEqual([]);
    expect(messages([{ kind: 'query', name: 'api_key', escapes: ['%2B'] }])).toEqual([]);
    expect(messages([{ kind: 'query', name: 'Token', escapes: ['%2B'] }], ['token'])).toEqual([]);
  });
});
