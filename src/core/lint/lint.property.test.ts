import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { BodyChunk, FileRef, WireRequest } from '../types';
import { LINT_RULES, lintRequest, lintRuleById } from './lint';
import { applyLintFix } from './lintFix';
import type { LintContext } from './lintFinding';
import { fixtureBasic, fixtureEpoch, fixtureJwt, soap11Envelope } from './lintFixtures';

const headerNames = fc.oneof(
  fc.constantFrom(
    'Authorization',
    'Content-Type',
    'Content-Length',
    'SOAPAction',
    'X-HTTP-Method-Override',
    'Ocp-Apim-Subscription-Key',
    'X-API-Key',
    'Transfer-Encoding',
    'Accept',
  ),
  fc.string({ maxLength: 12 }),
);

const headerValuesArb = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    'Bearer abc',
    'Bearer ',
    `Bearer ${fixtureJwt({ exp: fixtureEpoch(-10) })}`,
    `JWT ${fixtureJwt({ nbf: fixtureEpoch(100) })}`,
    'JWT not-a-jwt',
    fixtureBasic('a:b'),
    'Basic YWJj',
    'Basic ===',
    'Custom a=b c',
    'application/json',
    'text/xml',
    'text/xml; charset=iso-8859-1',
    'application/soap+xml; action="urn:x"',
    'multipart/form-data; boundary=abc',
    'multipart/form-data; boundary="a b"',
    'multipart/form-data',
    'application/x-www-form-urlencoded',
    '"urn:a"',
    'urn:a',
    '12',
    ' padded ',
    'line\r\nbreak',
    'caf\u00e9 \u20ac',
    'GET',
  ),
);

const urls = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.string({ maxLength: 60 }),
  fc.constantFrom(
    'http://localhost:8080/x?access_token=abc',
    'http://[::1]/x?key=1&key=2',
    'https://api.example.com/x?phone=+491234567&tz=10:00+02:00&b64=QUJDREVGR0hhYmNkMTIz+w==',
    `https://api.example.com/?jwt=${fixtureJwt({ sub: 'x' })}`,
    'https://api.example.com/?token=a%0Ab',
    'https://shop.example.com/soap?WSDL',
    '{{baseUrl}}/x?api_key={{key}}',
  ),
);

const fileRef: fc.Arbitrary<FileRef> = fc.record({
  kind: fc.constant('file' as const),
  id: fc.string({ maxLength: 5 }),
  name: fc.string({ maxLength: 8 }),
  size: fc.nat(10_000),
  type: fc.option(fc.constantFrom('image/png', 'application/json', ''), { nil: undefined }),
}, { requiredKeys: ['kind', 'id', 'name', 'size'] });

const chunk: fc.Arbitrary<BodyChunk> = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.uint8Array({ maxLength: 40 }),
  fileRef,
  fc.constantFrom(
    '{"a":1}',
    '{"a":',
    'a=b&c=d',
    '<a/>',
    '<a>',
    soap11Envelope(),
    soap11Envelope('<?xml version="1.0" encoding="latin1"?>'),
    soap11Envelope('').replace('schemas.xmlsoap.org/soap/envelope/', 'www.w3.org/2003/05/soap-envelope'),
    '--abc\r\nContent-Disposition: form-data; name="a"\r\n\r\nx abc\r\n--abc--\r\n',
    '--abc\r\n',
    '\r\n--abc--\r\n',
  ),
);

const looseRequests: fc.Arbitrary<WireRequest> = fc.record(
  {
    method: fc.oneof(fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'TRACE', 'get', ' GET'), fc.string({ maxLength: 8 })),
    url: urls,
    headers: fc.array(fc.record({ name: headerNames, value: headerValuesArb }), { maxLength: 6 }),
    body: fc.option(fc.array(chunk, { maxLength: 4 }), { nil: undefined }),
  },
  { requiredKeys: ['method', 'url', 'headers'] },
);

/** Requests whose Content-Type and body are chosen together, so the body rules get to speak. */
const coherentRequests: fc.Arbitrary<WireRequest> = fc
  .record({
    method: fc.constantFrom('GET', 'POST', 'PUT'),
    url: urls,
    contentType: fc.option(
      fc.constantFrom(
        'application/json',
        'text/xml',
        'text/xml; charset=utf-8',
        'text/xml; charset=ISO-8859-1',
        'application/soap+xml; charset=utf-8',
        'application/xml; charset=latin1',
        'multipart/form-data; boundary=abc',
        'multipart/form-data',
        'application/x-www-form-urlencoded',
      ),
      { nil: undefined },
    ),
    body: fc.array(chunk, { minLength: 1, maxLength: 3 }),
    headers: fc.array(fc.record({ name: headerNames, value: headerValuesArb }), { maxLength: 2 }),
  })
  .map(({ method, url, contentType, body, headers }) => ({
    method,
    url,
    headers: contentType === undefined ? headers : [{ name: 'Content-Type', value: contentType }, ...headers],
    body,
  }));

const requests = fc.oneof(looseRequests, coherentRequests);

const contexts: fc.Arbitrary<LintContext> = fc.record(
  {
    now: fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
    repeating: fc.boolean(),
    basicUsername: fc.string({ maxLength: 8 }),
    soap: fc.record(
      { version: fc.constantFrom('1.1' as const, '1.2' as const), action: fc.string({ maxLength: 10 }), endpoint: fc.oneof(fc.webUrl(), fc.string({ maxLength: 10 })) },
      { requiredKeys: ['version'] },
    ),
    keyParams: fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 }),
  },
  { requiredKeys: [] },
);

describe('lintRequest on arbitrary requests', () => {
  it('never throws, and every finding names a known rule and cites its convention', () => {
    fc.assert(
      fc.property(requests, contexts, (request, context) => {
        for (const finding of lintRequest(request, context)) {
          expect(lintRuleById(finding.id)).toBeDefined();
          expect(['error', 'warning', 'info']).toContain(finding.severity);
          expect(finding.message.length).toBeGreaterThan(10);
          expect(finding.why).toMatch(/spec §\d|RFC \d+/);
        }
      }),
      { numRuns: 600 },
    );
  });

  it('every offered fix applies, and the finding it fixes is gone afterwards', () => {
    fc.assert(
      fc.property(requests, contexts, (request, context) => {
        for (const finding of lintRequest(request, context)) {
          if (!finding.fix) continue;
          const fixed = applyLintFix(request, finding.fix);
          const again = lintRuleById(finding.id)!.check(fixed, context);
          expect(again.map((f) => f.message)).not.toContain(finding.message);
        }
      }),
      { numRuns: 600 },
    );
  });

  it('does not modify the request it checks', () => {
    fc.assert(
      fc.property(requests, contexts, (request, context) => {
        const before = JSON.stringify(request, (_k, v: unknown) => (v instanceof Uint8Array ? [...v] : v));
        lintRequest(request, context);
        expect(JSON.stringify(request, (_k, v: unknown) => (v instanceof Uint8Array ? [...v] : v))).toBe(before);
      }),
      { numRuns: 200 },
    );
  });

  it('runs each rule on its own without throwing', () => {
    fc.assert(
      fc.property(requests, (request) => {
        for (const rule of LINT_RULES) rule.check(request, {});
      }),
      { numRuns: 200 },
    );
  });
});
