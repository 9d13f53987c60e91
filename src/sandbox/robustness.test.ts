/**
 * The sandbox never crashes on bad input: arbitrary bodies, content types, credentials,
 * overrides and paths, over a real socket. Every answer must be a deliberate one — a 4xx,
 * a success, a 507 from a full store, or for SOAP a well-formed fault — and the server
 * must still answer afterwards.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSoapFault } from '../core';
import { parseCookieHeader } from './cookies';
import { validateOrder } from './orderStore';
import { resetSandbox } from './reset';
import { startSandboxHarness, type SandboxAnswer, type SandboxHarness } from '../testing/sandboxHarness';

let sb: SandboxHarness;
beforeAll(async () => (sb = await startSandboxHarness()));
afterAll(() => sb.close());

const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 80 });
const interesting = fc.constantFrom('{', '}', '[', ']', '"', ':', ',', '<', '>', '/', '=', '&', '+', '%', '\\', '\r\n', '--', 'a', '1', ' ', '\u00e9', '\uD800', '\u0000');
const bodyText = fc.oneof(fc.string({ maxLength: 300 }), fc.array(interesting, { maxLength: 60 }).map((a) => a.join('')), fc.jsonValue().map((v) => JSON.stringify(v)));
const body = fc.oneof(bodyText.map((t) => Buffer.from(t, 'utf8')), fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)));
const contentType = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/merge-patch+json',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=XyZ',
    'multipart/form-data',
    'text/xml; charset=utf-8',
    'application/soap+xml; charset=utf-8; action="urn:wirebench:sandbox:orders/GetOrder"',
    'application/xml',
    'text/plain',
    'application/json; charset="',
  ),
  printable,
);

function deliberate(answer: SandboxAnswer): boolean {
  return answer.status < 500 || answer.status === 507;
}

const POST_TARGETS = [
  ['POST', '/sandbox/auth/v1/token'],
  ['POST', '/sandbox/auth/v1/revoke'],
  ['POST', '/sandbox/auth/consent'],
  ['POST', '/sandbox/auth/grants'],
  ['POST', '/sandbox/api/users/1/orders'],
  ['PUT', '/sandbox/api/users/1/orders/7'],
  ['PATCH', '/sandbox/api/users/1/orders/2'],
  ['POST', '/sandbox/errors/validate'],
  ['POST', '/sandbox/encodings/json'],
  ['POST', '/sandbox/encodings/form'],
  ['POST', '/sandbox/encodings/multipart'],
  ['POST', '/sandbox/api/uploads'],
  ['POST', '/sandbox/anything'],
] as const;

describe('arbitrary bodies and content types', () => {
  it('every body-taking route answers deliberately', async () => {
    resetSandbox();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POST_TARGETS), contentType, body, async ([method, path], type, payload) => {
        const answer = await sb.call(path, { method, headers: { 'Content-Type': type }, body: payload });
        expect(deliberate(answer), `${method} ${path} ${type} → ${answer.status} ${answer.text.slice(0, 200)}`).toBe(true);
      }),
      { numRuns: 400 },
    );
    expect((await sb.call('/sandbox/anything')).status).toBe(200);
  });

  it('the SOAP endpoint answers anything with a result or a well-formed fault', async () => {
    const envelopeish = fc
      .tuple(fc.constantFrom('', '<?xml version="1.0" encoding="utf-8"?>', '<?xml version="1.0" encoding="latin1"?>'), bodyText)
      .map(([decl, inner]) => `${decl}<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" xmlns:t="urn:wirebench:sandbox:orders:types"><s:Body>${inner}</s:Body></s:Envelope>`);
    await fc.assert(
      fc.asyncProperty(contentType, fc.oneof(envelopeish, bodyText), printable, async (type, text, action) => {
        const answer = await sb.call('/sandbox/soap/orders', { method: 'POST', headers: { 'Content-Type': type, SOAPAction: action }, body: text });
        const read = parseSoapFault(answer.text);
        expect(read.ok, `${type} → ${answer.status} ${answer.text.slice(0, 200)}`).toBe(true);
        if (answer.status !== 200) expect(read.ok && read.value !== null).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('arbitrary credentials and headers', () => {
  const scheme = fc.constantFrom('Basic', 'Bearer', 'JWT', 'Sandbox', 'basic', 'Digest', '');
  const authorization = fc.oneof(
    printable,
    fc.tuple(scheme, printable).map(([s, rest]) => `${s} ${rest}`),
    fc.tuple(scheme, fc.array(fc.tuple(printable, printable), { maxLength: 4 })).map(([s, ps]) => `${s} ${ps.map(([n, v]) => `${n}="${v}"`).join(', ')}`),
  );

  it('protected resources answer 2xx, 302, 400, 401, 403 or 405 to any Authorization and API key', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('basic', 'bearer', 'jwt', 'apikey', 'custom', 'browser/profile'), fc.constantFrom('GET', 'POST'), authorization, printable, async (resource, method, auth, key) => {
        const answer = await sb.call(`/sandbox/api/${resource}`, { method, headers: { Authorization: auth, 'Ocp-Apim-Subscription-Key': key } });
        expect([200, 302, 400, 401, 403, 405], `${resource} ${auth} → ${answer.status} ${answer.text.slice(0, 200)}`).toContain(answer.status);
      }),
      { numRuns: 300 },
    );
  });

  it('any X-HTTP-Method-Override is honoured or refused with 400', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(printable, fc.constantFrom('GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'TRACE')), async (override) => {
        resetSandbox();
        const answer = await sb.call('/sandbox/api/users/1/orders/2', { method: 'POST', headers: { 'X-HTTP-Method-Override': override, 'Content-Type': 'application/json' }, body: '{"quantity": 3}' });
        expect(deliberate(answer), `${override} → ${answer.status}`).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});

describe('arbitrary paths and queries', () => {
  // Prefixes that stream or wait on purpose are left out: a random /bytes/… could ask for gigabytes.
  const prefix = fc.constantFrom('', 'api', 'api/users', 'api/users/1/orders', 'api/orders', 'auth', 'auth/grants', 'encodings/path', 'errors', 'soap', 'status', 'redirect', 'redirect-to', 'cookies/set', 'anything', 'denied', 'auth/consent');
  const segment = fc.oneof(printable.map((s) => encodeURIComponent(s)), fc.array(fc.constantFrom('%', 'zz', '%2F', '+', '..', '%E0', 'A', '1', '-1', '%00'), { maxLength: 5 }).map((a) => a.join('')));
  const query = fc.array(fc.tuple(fc.constantFrom('id', 'sort', 'q', 'since', 'status', 'url', 'sha256', 'client_id', 'WSDL', 'xsd', 'returnUrl'), segment), { maxLength: 4 });

  it('GET anywhere answers deliberately', async () => {
    await fc.assert(
      fc.asyncProperty(prefix, fc.array(segment, { maxLength: 3 }), query, async (start, segments, params) => {
        const path = ['/sandbox', start, ...segments].filter(Boolean).join('/');
        if (/\/(status\/5\d\d|errors\/500)(\/|$)/.test(path)) return;
        const search = params.map(([n, v]) => `${n}=${v}`).join('&');
        const answer = await sb.call(`${path}${search ? `?${search}` : ''}`);
        expect(deliberate(answer), `${path}?${search} → ${answer.status} ${answer.text.slice(0, 200)}`).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('pure parsers never throw', () => {
  it('validateOrder on any JSON value, parseCookieHeader on any text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const verdict = validateOrder(value, undefined, new Date(0));
        expect(verdict.ok || verdict.problems.length > 0).toBe(true);
      }),
    );
    fc.assert(fc.property(fc.string(), (text) => void parseCookieHeader(text)));
  });
});
