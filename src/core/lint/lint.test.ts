import { describe, it, expect } from 'vitest';
import { wireRequest } from '../http/exchangeFixtures';
import type { WireRequest } from '../types';
import { LINT_RULES, lintRequest, lintRuleById } from './lint';
import { applyLintFix } from './lintFix';
import type { LintContext, LintFinding } from './lintFinding';
import { FIXTURE_NOW, SOAP_FIXTURE, fixtureBasic, fixtureEpoch, fixtureJwt, soap11Envelope, soap11Request } from './lintFixtures';

const NOW: LintContext = { now: FIXTURE_NOW };
const JSON_TYPE = 'Content-Type: application/json';
const VALID_JWT = fixtureJwt({ sub: 'u1', exp: fixtureEpoch(3600) });
const multipartBody = (boundary: string, content: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n${content}\r\n--${boundary}--\r\n`;

/** One rule, one minimal request that breaks it, and the corrected request. */
interface RuleCase {
  rule: string;
  bad: WireRequest;
  good: WireRequest;
  context?: LintContext;
  /** The context of the corrected request when it differs (the auth tab was corrected too). */
  goodContext?: LintContext;
  severity: LintFinding['severity'];
  fixable: boolean;
}

const cases: RuleCase[] = [
  {
    rule: 'method-token',
    bad: wireRequest('get https://api.example.com/items'),
    good: wireRequest('GET https://api.example.com/items'),
    severity: 'warning',
    fixable: true,
  },
  {
    rule: 'body-without-semantics',
    bad: wireRequest('GET https://api.example.com/search', [JSON_TYPE], '{"q":"shoes"}'),
    good: wireRequest('POST https://api.example.com/search', [JSON_TYPE], '{"q":"shoes"}'),
    severity: 'warning',
    fixable: true,
  },
  {
    rule: 'method-override',
    bad: wireRequest('PUT https://api.example.com/items/1', ['X-HTTP-Method-Override: DELETE']),
    good: wireRequest('POST https://api.example.com/items/1', ['X-HTTP-Method-Override: DELETE']),
    severity: 'warning',
    fixable: true,
  },
  {
    rule: 'repeat-needs-consent',
    bad: wireRequest('POST https://api.example.com/orders', [JSON_TYPE], '{"item":1}'),
    good: wireRequest('PUT https://api.example.com/orders/7', [JSON_TYPE], '{"item":1}'),
    context: { repeating: true },
    severity: 'error',
    fixable: false,
  },
  {
    rule: 'credentials-over-http',
    bad: wireRequest('GET http://api.example.com/me', [`Authorization: Bearer ${VALID_JWT}`]),
    good: wireRequest('GET https://api.example.com/me', [`Authorization: Bearer ${VALID_JWT}`]),
    severity: 'error',
    fixable: true,
  },
  {
    rule: 'credentials-in-query',
    bad: wireRequest('GET https://api.example.com/items?api_key=k3y&sort=name'),
    good: wireRequest('GET https://api.example.com/items?sort=name', ['Ocp-Apim-Subscription-Key: k3y']),
    severity: 'error',
    fixable: true,
  },
  {
    rule: 'authorization-duplicate',
    bad: wireRequest('GET https://api.example.com/me', [`Authorization: Bearer ${VALID_JWT}`, 'Authorization: Basic dXNlcjpwdw==']),
    good: wireRequest('GET https://api.example.com/me', [`Authorization: Bearer ${VALID_JWT}`]),
    severity: 'error',
    fixable: true,
  },
  {
    rule: 'authorization-syntax',
    bad: wireRequest('GET https://api.example.com/me', ['Authorization: Hawk id=abc mac']),
    good: wireRequest('GET https://api.example.com/me', ['Authorization: Hawk id="abc", mac="x1"']),
    severity: 'error',
    fixable: false,
  },
  {
    rule: 'basic-credentials',
    bad: wireRequest('GET https://api.example.com/me', [`Authorization: ${fixtureBasic('dom:ann:secret')}`]),
    good: wireRequest('GET https://api.example.com/me', [`Authorization: ${fixtureBasic('ann:se:cret')}`]),
    context: { basicUsername: 'dom:ann' },
    goodContext: { basicUsername: 'ann' },
    severity: 'error',
    fixable: false,
  },
  {
    rule: 'jwt-validity',
    bad: wireRequest('GET https://api.example.com/me', [`Authorization: Bearer ${fixtureJwt({ exp: fixtureEpoch(-600) })}`]),
    good: wireRequest('GET https://api.example.com/me', [`Authorization: Bearer ${VALID_JWT}`]),
    context: NOW,
    severity: 'error',
    fixable: false,
  },
  {
    rule: 'content-type-missing',
    bad: wireRequest('POST https://api.example.com/items', [], '{"name":"cup"}'),
    good: wireRequest('POST https://api.example.com/items', [JSON_TYPE], '{"name":"cup"}'),
    severity: 'warning',
    fixable: true,
  },
  {
    rule: 'content-type-syntax',
    bad: wireRequest('POST https://api.example.com/items', ['Content-Type: application json'], '{"name":"cup"}'),
    good: wireRequest('POST https://api.example.com/items', [JSON_TYPE], '{"name":"cup"}'),
    severity: 'error',
    fixable: false,
  },
  {
    rule: 'body-matches-content-type',
    bad: wireRequest('POST https://api.example.com/items', ['Content-Type: application/x-www-form-urlencoded'], '{"name":"cup"}'),
    good: wireRequest('POST https://api.example.com/items', ['Content-Type: application/x-www-form-urlencoded'], 'name=cup'),
    severity: 'error',
    fixable: true,
  },
  {
    rule: 'content-length-mismatch',
    bad: wireRequest('POST https://api.example.com/items', [JSON_TYPE, 'Content-Length: 99'], '{"name":"cup"}'),
    good: wireRequest('POST https://api.example.com/items', [JSON_TYPE, 'Content-Length: 14'], '{"name":"cup"}'),
    severity: 'error',
    fixable: true,
  },
  {
    rule: 'multipart-boundary',
    bad: wireRequest('POST https://api.example.com/upload', ['Content-Type: multipart/form-data'], multipartBody('xyz123', 'hello')),
    good: wireRequest('POST https://api.example.com/upload', ['Content-Type: multipart/form-data; boundary=xyz123'], multipartBody('xyz123', 'hello')),
    severity: 'error',
    fixable: true,
  },
  {
    rule: 'query-literal-plus',
    bad: wireRequest('GET https://api.example.com/contacts?phone=+4930123456'),
    good: wireRequest('GET https://api.example.com/contacts?phone=%2B4930123456'),
    severity: 'warning',
    fixable: true,
  },
  {
    rule: 'query-escape-kept',
    bad: wireRequest('GET https://api.example.com/search?q=red%20apples'),
    good: wireRequest('GET https://api.example.com/search?q=red%20apples'),
    context: { keptEscapes: [{ kind: 'query', name: 'q', escapes: ['%20'] }] },
    goodContext: {},
    severity: 'info',
    fixable: false,
  },
  {
    rule: 'soap-binding',
    bad: soap11Request({ method: 'PUT' }),
    good: soap11Request(),
    context: { soap: SOAP_FIXTURE },
    severity: 'error',
    fixable: true,
  },
  {
    rule: 'soap-action',
    bad: soap11Request({ headers: [{ name: 'Content-Type', value: 'text/xml; charset=utf-8' }] }),
    good: soap11Request(),
    context: { soap: SOAP_FIXTURE },
    severity: 'error',
    fixable: true,
  },
  {
    rule: 'soap-endpoint',
    bad: soap11Request({ url: 'https://shop.example.com/soap?WSDL' }),
    good: soap11Request(),
    context: { soap: SOAP_FIXTURE },
    severity: 'warning',
    fixable: true,
  },
  {
    rule: 'xml-charset-missing',
    bad: soap11Request({ headers: [{ name: 'Content-Type', value: 'text/xml' }, { name: 'SOAPAction', value: `"${SOAP_FIXTURE.action}"` }] }),
    good: soap11Request(),
    severity: 'warning',
    fixable: true,
  },
  {
    rule: 'xml-declaration-encoding',
    bad: soap11Request({ body: [soap11Envelope('<?xml version="1.0" encoding="ISO-8859-1"?>\n')] }),
    good: soap11Request(),
    severity: 'error',
    fixable: true,
  },
  {
    rule: 'header-name-token',
    bad: { method: 'GET', url: 'https://api.example.com/items', headers: [{ name: 'Accept:', value: 'application/json' }] },
    good: wireRequest('GET https://api.example.com/items', ['Accept: application/json']),
    severity: 'error',
    fixable: false,
  },
  {
    rule: 'header-value-invalid',
    bad: { method: 'GET', url: 'https://api.example.com/items', headers: [{ name: 'X-Trace', value: 'a\r\nInjected: 1' }] },
    good: { method: 'GET', url: 'https://api.example.com/items', headers: [{ name: 'X-Trace', value: 'a-1' }] },
    severity: 'error',
    fixable: false,
  },
  {
    rule: 'header-value-whitespace',
    bad: { method: 'GET', url: 'https://api.example.com/items', headers: [{ name: 'Ocp-Apim-Subscription-Key', value: 'k3y ' }] },
    good: { method: 'GET', url: 'https://api.example.com/items', headers: [{ name: 'Ocp-Apim-Subscription-Key', value: 'k3y' }] },
    severity: 'warning',
    fixable: true,
  },
];

function ruleFindings(id: string, request: WireRequest, context: LintContext = {}): LintFinding[] {
  const rule = lintRuleById(id);
  if (!rule) throw new RangeError(`No rule ${id}`);
  return rule.check(request, context);
}

describe('the rule registry', () => {
  it('has one fixture pair per rule, and unique ids', () => {
    const ids = LINT_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(cases.map((c) => c.rule).sort()).toEqual([...ids].sort());
  });

  it.each(LINT_RULES.map((r) => [r.id, r] as const))('%s has a title and a why citing the spec or an RFC', (_id, rule) => {
    expect(rule.title.length).toBeGreaterThan(3);
    expect(rule.why).toMatch(/spec §\d|RFC \d+/);
  });

  it('lintRuleById answers undefined for an unknown id', () => {
    expect(lintRuleById('no-such-rule')).toBeUndefined();
  });
});

describe.each(cases)('rule $rule', ({ rule, bad, good, context, goodContext, severity, fixable }) => {
  it(`fires once on the bad request, as ${severity}${fixable ? ', with a fix' : ''}`, () => {
    const found = ruleFindings(rule, bad, context);
    expect(found).toHaveLength(1);
    expect(found[0]!.id).toBe(rule);
    expect(found[0]!.severity).toBe(severity);
    expect(found[0]!.why).toMatch(/spec §\d|RFC \d+/);
    expect(found[0]!.fix !== undefined).toBe(fixable);
  });

  it('is reported by lintRequest too', () => {
    expect(lintRequest(bad, context).map((f) => f.id)).toContain(rule);
  });

  it('the corrected request draws no finding at all', () => {
    expect(lintRequest(good, { ...NOW, ...(goodContext ?? context) })).toEqual([]);
  });

  if (fixable) {
    it('after its fix is applied, the rule no longer fires', () => {
      const [finding] = ruleFindings(rule, bad, context);
      const fixed = applyLintFix(bad, finding!.fix!);
      expect(ruleFindings(rule, fixed, context)).toEqual([]);
      expect(fixed).not.toBe(bad);
    });
  }
});

describe('lintRequest', () => {
  it('lists errors first, then warnings, then info', () => {
    const request = wireRequest('GET http://api.example.com/search?access_token=abc&tz=10:00:00+02:00', [], '{"q":1}');
    const severities = lintRequest(request, { repeating: false }).map((f) => f.severity);
    expect(severities.length).toBeGreaterThan(2);
    expect([...severities].sort((a, b) => ['error', 'warning', 'info'].indexOf(a) - ['error', 'warning', 'info'].indexOf(b))).toEqual(severities);
  });

  it('returns nothing for a plain GET', () => {
    expect(lintRequest(wireRequest('GET https://api.example.com/items?sort=name'))).toEqual([]);
  });

  it('throws a TypeError for a request that is not a WireRequest, or an invalid clock', () => {
    expect(() => lintRequest(null as unknown as WireRequest)).toThrow(TypeError);
    expect(() => lintRequest({ method: 'GET', url: 'https://x' } as unknown as WireRequest)).toThrow(/headers/);
    expect(() => lintRequest(wireRequest('GET https://x'), { now: new Date('nope') })).toThrow(/context.now/);
  });

  it('judges a request changed in place by its new content', () => {
    const request = wireRequest('POST https://api.example.com/items', [JSON_TYPE], '{"a":1}');
    expect(lintRequest(request)).toEqual([]);
    request.body = ['{"a":'];
    expect(lintRequest(request).map((f) => f.id)).toEqual(['body-matches-content-type']);
  });

  it('never puts a credential value in a message', () => {
    const secret = 'S3cretT0kenValue';
    const request = wireRequest(`GET http://api.example.com/x?access_token=${secret}`, [`Authorization: Bearer ${secret} x`, `Authorization: Bearer ${secret}`]);
    for (const finding of lintRequest(request)) expect(finding.message).not.toContain(secret);
  });
});
