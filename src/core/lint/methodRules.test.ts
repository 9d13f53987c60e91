import { describe, it, expect } from 'vitest';
import { wireRequest } from '../http/exchangeFixtures';
import type { WireRequest } from '../types';
import type { LintContext, LintRule } from './lintFinding';
import { bodyWithoutSemanticsRule, methodOverrideRule, methodTokenRule, repeatNeedsConsentRule } from './methodRules';

const run = (rule: LintRule, request: WireRequest, context: LintContext = {}) => rule.check(request, context);
const withMethod = (method: string, headers: string[] = [], body?: string): WireRequest => ({
  ...wireRequest('GET https://api.example.com/x', headers, ...(body === undefined ? [] : [body])),
  method,
});

describe('body-without-semantics', () => {
  it('warns about a HEAD body and offers POST', () => {
    const [finding] = run(bodyWithoutSemanticsRule, withMethod('HEAD', [], 'x=1'));
    expect(finding).toMatchObject({ severity: 'warning', fix: { kind: 'set-method', method: 'POST' } });
    expect(finding?.message).toContain('This HEAD carries a body of 3 bytes');
  });

  it('is an error for TRACE and CONNECT, which must not carry content', () => {
    for (const method of ['TRACE', 'CONNECT']) expect(run(bodyWithoutSemanticsRule, withMethod(method, [], 'x'))[0]?.severity).toBe('error');
  });

  it('only informs for DELETE and OPTIONS, without suggesting another method', () => {
    const [finding] = run(bodyWithoutSemanticsRule, withMethod('DELETE', [], '{"ids":[1]}'));
    expect(finding).toMatchObject({ severity: 'info' });
    expect(finding?.fix).toBeUndefined();
  });

  it('counts a file as a body and an empty string as none', () => {
    const file = { kind: 'file' as const, id: 'f', name: 'a.bin', size: 0 };
    expect(run(bodyWithoutSemanticsRule, { ...withMethod('GET'), body: [file] })).toHaveLength(1);
    expect(run(bodyWithoutSemanticsRule, { ...withMethod('GET'), body: [''] })).toEqual([]);
  });
});

describe('method-token', () => {
  it('refuses a method with a space, naming its position', () => {
    const [finding] = run(methodTokenRule, withMethod('GE T'));
    expect(finding?.message).toBe('The method "GE T" is not a token: a space at position 3 is not allowed, so it cannot be sent.');
    expect(finding?.fix).toBeUndefined();
  });

  it('offers the trimmed method when only surrounding whitespace is wrong', () => {
    expect(run(methodTokenRule, withMethod(' POST '))[0]?.fix).toEqual({ label: 'Use POST', kind: 'set-method', method: 'POST' });
  });

  it('refuses an empty method, and lets extension methods through', () => {
    expect(run(methodTokenRule, withMethod(''))[0]?.severity).toBe('error');
    expect(run(methodTokenRule, withMethod('PROPFIND'))).toEqual([]);
    expect(run(methodTokenRule, withMethod('Purge'))).toEqual([]);
  });
});

describe('method-override', () => {
  it('is an error when the override does not name a method', () => {
    const [finding] = run(methodOverrideRule, withMethod('POST', ['X-HTTP-Method-Override: DELETE NOW']));
    expect(finding).toMatchObject({ severity: 'error', field: 'header:X-HTTP-Method-Override' });
    expect(finding?.message).toContain('"DELETE NOW" does not name a method');
  });

  it('is an error when two overrides disagree', () => {
    const findings = run(methodOverrideRule, withMethod('POST', ['X-HTTP-Method-Override: PUT', 'x-http-method-override: DELETE']));
    expect(findings.map((f) => f.message)).toEqual([expect.stringContaining('sent 2 times with different methods (PUT, DELETE)')]);
  });

  it('is silent on a POST naming a method', () => {
    expect(run(methodOverrideRule, withMethod('POST', ['X-HTTP-Method-Override: PATCH']))).toEqual([]);
  });
});

describe('repeat-needs-consent', () => {
  it.each(['POST', 'PATCH', 'PROPPATCH'])('asks before repeating %s', (method) => {
    const [finding] = run(repeatNeedsConsentRule, withMethod(method), { repeating: true });
    expect(finding).toMatchObject({ id: 'repeat-needs-consent', severity: 'error', field: 'method' });
    expect(finding?.message).toContain(`${method} is not idempotent and was already sent`);
  });

  it.each(['GET', 'PUT', 'DELETE', 'HEAD'])('lets idempotent %s repeat', (method) => {
    expect(run(repeatNeedsConsentRule, withMethod(method), { repeating: true })).toEqual([]);
  });

  it('says nothing on a first send', () => {
    expect(run(repeatNeedsConsentRule, withMethod('POST'), { repeating: false })).toEqual([]);
    expect(run(repeatNeedsConsentRule, withMethod('POST'))).toEqual([]);
  });
});
