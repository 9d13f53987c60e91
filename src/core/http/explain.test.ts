import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { explainResponse } from './explain';
import { statusInfo } from './status';
import { wireRequest, wireResponse } from './exchangeFixtures';
import type { Finding } from './finding';
import type { WireRequest, WireResponse } from '../types';

const ids = (findings: Finding[]) => findings.map((f) => f.id);
const byId = (findings: Finding[], id: string) => {
  const found = findings.find((f) => f.id === id);
  if (!found) throw new Error(`No finding "${id}" in ${ids(findings).join(', ')}`);
  return found;
};
const now = new Date('2025-01-01T00:00:00Z');
const get = wireRequest('GET https://api.test/items/7');

describe('the summary finding', () => {
  it.each([
    [200, 'success', { outcome: 'succeeded' }],
    [101, 'info', undefined],
    [302, 'info', undefined],
    [404, 'error', { blame: 'request', outcome: 'failed' }],
    [500, 'error', { blame: 'server', outcome: 'failed' }],
    [299, 'success', { outcome: 'succeeded' }],
    [700, 'error', { outcome: 'failed' }],
  ])('%i comes first, with severity %s and the class verdict, from statusInfo', (status, severity, verdict) => {
    const [first] = explainResponse(get, wireResponse(status), { now });
    const info = statusInfo(status);
    expect(first).toEqual({
      id: 'status',
      severity,
      title: `${status} ${info.reason}`,
      message: info.explanation,
      next: info.nextStep,
      reference: info.reference,
      ...(verdict ? { verdict } : {}),
    });
  });

  it('a plain 200 to a GET says nothing more', () => {
    expect(ids(explainResponse(get, wireResponse(200)))).toEqual(['status']);
  });
});

describe('405 Method Not Allowed', () => {
  it('lists the allowed methods from Allow', () => {
    const f = explainResponse(wireRequest('DELETE https://api.test/items/7'), wireResponse(405, ['Allow: GET, HEAD, PUT']));
    expect(byId(f, 'method-not-allowed')).toMatchObject({
      title: 'DELETE not allowed here',
      message: 'This resource does not support DELETE. Allowed: GET, HEAD, PUT.',
    });
  });

  it('flags a 405 without Allow as a violation', () => {
    const f = explainResponse(wireRequest('PATCH https://api.test/items/7'), wireResponse(405));
    expect(byId(f, 'method-not-allowed-no-allow')).toMatchObject({ severity: 'error', reference: 'RFC 9110 §15.5.6' });
  });

  it('explains an empty Allow: nothing is allowed', () => {
    const f = explainResponse(wireRequest('GET https://api.test/x'), wireResponse(405, ['Allow: ']));
    expect(byId(f, 'method-not-allowed').message).toMatch(/allows no method at all/);
  });

  it('points out a lowercase method when Allow has the uppercase one', () => {
    const f = explainResponse(wireRequest('get https://api.test/x'), wireResponse(405, ['Allow: GET, HEAD']));
    expect(byId(f, 'method-not-allowed').message).toContain('you sent "get", the server allows "GET"');
  });

  it('notes a contradiction when Allow lists the refused method', () => {
    const f = explainResponse(wireRequest('PUT https://api.test/x'), wireResponse(405, ['Allow: GET, PUT']));
    expect(ids(f)).toContain('method-not-allowed-contradiction');
  });

  it('suspects an ignored method override', () => {
    const f = explainResponse(
      wireRequest('POST https://api.test/x', ['X-HTTP-Method-Override: DELETE']),
      wireResponse(405, ['Allow: GET, DELETE']),
    );
    expect(byId(f, 'method-override-ignored').message).toContain('X-HTTP-Method-Override: DELETE');
  });
});

describe('Retry-After on 429 and 503', () => {
  it('429 with delta-seconds: action retry-after counted from now', () => {
    const f = explainResponse(get, wireResponse(429, ['Retry-After: 90']), { now });
    expect(byId(f, 'retry-after')).toMatchObject({
      title: 'Retry after 90 seconds',
      action: { kind: 'retry-after', seconds: 90, at: '2025-01-01T00:01:30.000Z' },
    });
  });

  it('503 with an HTTP-date: seconds until that date', () => {
    const f = explainResponse(get, wireResponse(503, ['Retry-After: Wed, 01 Jan 2025 02:00:00 GMT']), { now });
    const finding = byId(f, 'retry-after');
    expect(finding.action).toEqual({ kind: 'retry-after', seconds: 7200, at: '2025-01-01T02:00:00.000Z' });
    expect(finding.title).toBe('Retry after 2 hours (7200 seconds)');
    expect(finding.message).toContain('HTTP-date');
  });

  it('an HTTP-date in the past means retry now', () => {
    const f = explainResponse(get, wireResponse(503, ['Retry-After: Tue, 31 Dec 2024 00:00:00 GMT']), { now });
    expect(byId(f, 'retry-after')).toMatchObject({ title: 'You may retry now', action: { seconds: 0 } });
  });

  it('an unreadable Retry-After is a warning with the reason', () => {
    const f = explainResponse(get, wireResponse(429, ['Retry-After: in a minute']), { now });
    expect(byId(f, 'retry-after-invalid').message).toMatch(/neither a number of seconds nor a valid HTTP-date/);
  });

  it('429 without Retry-After advises exponential backoff', () => {
    const f = explainResponse(get, wireResponse(429), { now });
    expect(byId(f, 'retry-after-absent').message).toMatch(/exponential backoff/);
  });

  it('Retry-After on a redirect talks about following it', () => {
    const f = explainResponse(get, wireResponse(301, ['Location: /new', 'Retry-After: 5']), { now });
    expect(byId(f, 'retry-after').message).toContain('before following the redirect');
  });
});

describe('5xx: never hidden; retry depends on idempotency', () => {
  it('500 after a GET: server fault, safe to retry', () => {
    const f = explainResponse(get, wireResponse(500));
    expect(byId(f, 'server-fault').message).toMatch(/server-side error, returned to you rather than hidden.*GET is idempotent, so it is safe to retry/);
  });

  it('502 after a POST: do not retry without consent', () => {
    const f = explainResponse(wireRequest('POST https://api.test/payments', ['Content-Type: application/json'], '{}'), wireResponse(502));
    expect(byId(f, 'server-fault').message).toMatch(/POST is not idempotent.*do not retry without the user.s consent/);
  });

  it('503 after a PUT with Retry-After: retry after that time', () => {
    const f = explainResponse(wireRequest('PUT https://api.test/x'), wireResponse(503, ['Retry-After: 10']), { now });
    expect(byId(f, 'server-fault').message).toContain('safe to retry after the Retry-After time');
  });

  it('an unregistered 5xx is still a server fault', () => {
    expect(ids(explainResponse(get, wireResponse(599)))).toEqual(['status', 'server-fault']);
  });

  it('501 for a lowercase method explains case-sensitivity; retrying will not help', () => {
    const f = explainResponse(wireRequest('patch https://api.test/x'), wireResponse(501));
    expect(byId(f, 'method-not-implemented').message).toMatch(/"patch" is not PATCH/);
    expect(byId(f, 'server-fault').message).toContain('Retrying the same request will not help');
  });

  it('507 says the server cannot store what was sent', () => {
    const f = explainResponse(wireRequest('PUT https://api.test/files/a', ['Content-Type: application/octet-stream'], new Uint8Array(4096)), wireResponse(507));
    expect(byId(f, 'insufficient-storage').message).toContain('cannot store what your request needs (you sent 4096 bytes of application/octet-stream)');
    expect(ids(f)).toContain('server-fault');
  });
});

describe('2xx notes', () => {
  it('201 with Location after a POST: where it was created, do not resend', () => {
    const f = explainResponse(
      wireRequest('POST https://api.test/items', ['Content-Type: application/json'], '{"name":"x"}'),
      wireResponse(201, ['Location: /items/8']),
    );
    expect(byId(f, 'created-location')).toMatchObject({
      severity: 'success',
      title: 'Created at https://api.test/items/8',
      action: { kind: 'follow', location: 'https://api.test/items/8' },
    });
    expect(byId(f, 'created-location').message).toContain('Do not send this POST again');
  });

  it('201 after a PUT has no resend warning (PUT is idempotent)', () => {
    const f = explainResponse(wireRequest('PUT https://api.test/items/9'), wireResponse(201, ['Location: /items/9']));
    expect(byId(f, 'created-location').message).not.toContain('Do not send');
  });

  it('201 without Location: the request URI is the resource', () => {
    const f = explainResponse(wireRequest('POST https://api.test/items'), wireResponse(201));
    expect(byId(f, 'created-no-location').message).toMatch(/the request URI itself/);
  });

  it('202: accepted, not done', () => {
    expect(ids(explainResponse(wireRequest('POST https://api.test/jobs'), wireResponse(202)))).toContain('accepted-pending');
  });

  it('204 with a body is flagged', () => {
    expect(byId(explainResponse(get, wireResponse(204, [], 'oops')), 'no-content-with-body').severity).toBe('warning');
  });
});

describe('robustness', () => {
  const headerList = fc.array(fc.record({ name: fc.constantFrom('WWW-Authenticate', 'Proxy-Authenticate', 'Location', 'Retry-After', 'Allow', 'Content-Type', 'Accept', 'X-Other'), value: fc.string() }), { maxLength: 5 });
  const requestArb: fc.Arbitrary<WireRequest> = fc.record({
    method: fc.oneof(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'get'), fc.string()),
    url: fc.oneof(fc.constant('https://api.test/x'), fc.string()),
    headers: fc.array(fc.record({ name: fc.oneof(fc.constantFrom('Authorization', 'Content-Type', 'Cookie'), fc.string()), value: fc.string() }), { maxLength: 4 }),
    body: fc.option(fc.array(fc.string(), { maxLength: 3 }), { nil: undefined }),
  }, { requiredKeys: ['method', 'url', 'headers'] });

  it('explainResponse and statusInfo never throw for any integer code and arbitrary headers', () => {
    fc.assert(
      fc.property(fc.integer(), requestArb, headerList, fc.option(fc.string(), { nil: undefined }), (status, request, headers, bodyText) => {
        const response: WireResponse = { status, reason: '', headers, ...(bodyText === undefined ? {} : { bodyText }) };
        const findings = explainResponse(request, response, { now });
        expect(findings[0]?.id).toBe('status');
        expect(statusInfo(status).code).toBe(status);
        for (const f of findings) expect(f.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 1500 },
    );
  });

  it('every status with every header kind, for realistic headers, never throws', () => {
    const realistic = fc.constantFrom(
      'Basic realm="x"', 'Bearer error="invalid_token"', 'Negotiate', '', ',,,', '"', 'Bearer realm="a", Basic', '/login', '120', 'GET, POST',
    );
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), realistic, (status, value) => {
        const headers = ['WWW-Authenticate', 'Location', 'Retry-After', 'Allow'].map((name) => ({ name, value }));
        expect(() => explainResponse(get, { status, reason: '', headers }, { now })).not.toThrow();
      }),
    );
  });

  it('never leaks the Authorization value, whatever the status', () => {
    const secret = 'S3cr3t-T0ken-Value';
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), fc.constantFrom('Basic ', 'Bearer ', 'JWT ', 'Digest ', ''), (status, scheme) => {
        const request = wireRequest('POST https://api.test/x', [`Authorization: ${scheme}${secret}`]);
        const response = wireResponse(status, ['WWW-Authenticate: Bearer realm="a"', 'Location: /login']);
        expect(JSON.stringify(explainResponse(request, response, { now }))).not.toContain(secret);
      }),
    );
  });

  it('rejects a malformed call as a programmer error', () => {
    expect(() => explainResponse({} as WireRequest, wireResponse(200))).toThrow(TypeError);
    expect(() => explainResponse(get, { status: '200' } as unknown as WireResponse)).toThrow(TypeError);
  });
});

describe('one voice with a SOAP fault', () => {
  const post = wireRequest('POST https://api.test/soap/orders', ['Content-Type: text/xml; charset=utf-8', 'SOAPAction: "urn:GetOrder"'], '<x/>');
  const fault11 = (code: string) =>
    `<env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body><env:Fault><faultcode>env:${code}</faultcode><faultstring>no</faultstring></env:Fault></env:Body></env:Envelope>`;
  const fault12 = (code: string) =>
    `<env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope"><env:Body><env:Fault><env:Code><env:Value>env:${code}</env:Value></env:Code><env:Reason><env:Text xml:lang="en">no</env:Text></env:Reason></env:Fault></env:Body></env:Envelope>`;
  const soap11 = (status: number, code: string) => wireResponse(status, ['Content-Type: text/xml; charset=utf-8'], fault11(code));

  it('a SOAP 1.1 500 with faultcode Client blames the request, and no finding says "server fault"', () => {
    const f = explainResponse(post, soap11(500, 'Client'), { now });
    expect(f[0]).toMatchObject({ id: 'status', severity: 'error', title: '500 Internal Server Error', verdict: { blame: 'request', outcome: 'failed', retry: 'will-fail' } });
    expect(f[0]!.message).toMatch(/^The body is a SOAP 1\.1 Fault with code env:Client: your request was at fault, not the server\. SOAP 1\.1 sends every fault with 500/);
    expect(f[0]!.next).toMatch(/sent unchanged it will fail again/);
    expect(ids(f)).not.toContain('server-fault');
    expect(JSON.stringify(f)).not.toMatch(/not the client|not mean your request was wrong/);
  });

  it('a SOAP 1.1 500 with faultcode Server blames the server, as the 5xx finding does', () => {
    const f = explainResponse(post, soap11(500, 'Server'), { now });
    expect(f[0]!.verdict).toEqual({ blame: 'server', outcome: 'failed', retry: 'may-succeed' });
    expect(byId(f, 'server-fault').verdict?.blame).toBe('server');
  });

  it('SOAP 1.2 Sender with 400 and Receiver with 500 follow the binding; a mismatched status is named', () => {
    const response12 = (status: number, code: string) => wireResponse(status, ['Content-Type: application/soap+xml'], fault12(code));
    expect(explainResponse(post, response12(400, 'Sender'), { now })[0]).toMatchObject({ verdict: { blame: 'request' }, reference: 'SOAP 1.2 Part 2 §7.5.2.2' });
    expect(explainResponse(post, response12(400, 'Sender'), { now })[0]!.message).toContain('SOAP 1.2 sends a Sender fault with 400');
    const mismatch = explainResponse(post, response12(400, 'Receiver'), { now });
    expect(mismatch[0]!.verdict?.blame).toBe('server');
    expect(mismatch[0]!.message).toContain('SOAP 1.2 would send this fault with 500');
    expect(mismatch.filter((x) => x.verdict?.blame === 'request')).toEqual([]);
  });

  it('a fault passed in by the caller is used as given; null means none, whatever the body', () => {
    const f = explainResponse(post, soap11(500, 'Client'), { now, soapFault: null });
    expect(f[0]!.verdict?.blame).toBe('server');
    expect(explainResponse(post, wireResponse(500, ['Content-Type: application/json'], fault11('Client')), { now })[0]!.verdict?.blame).toBe('server');
  });
});

describe('problem details that restate the registry', () => {
  const problem = (status: number, body: object) => wireResponse(status, ['Content-Type: application/problem+json'], JSON.stringify(body));

  it('are not said twice', () => {
    const info = statusInfo(503);
    const f = explainResponse(get, problem(503, { type: 'about:blank', title: info.reason, status: 503, detail: info.explanation }), { now });
    expect(ids(f)).not.toContain('problem-details');
  });

  it('keep what they add', () => {
    const f = explainResponse(get, problem(404, { title: 'Not Found', detail: 'There is no user 7.' }), { now });
    expect(byId(f, 'problem-details').message).toBe('There is no user 7.');
    expect(byId(explainResponse(get, problem(404, { title: 'No such user' }), { now }), 'problem-details').title).toBe('The server explains: No such user');
  });
});
