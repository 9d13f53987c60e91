import { describe, it, expect } from 'vitest';
import { explainResponse } from './explain';
import { looksLikeAccessPage, methodAfterRedirect } from './explainRedirect';
import { wireRequest, wireResponse } from './exchangeFixtures';
import type { Finding } from './finding';

const byId = (findings: Finding[], id: string) => {
  const found = findings.find((f) => f.id === id);
  if (!found) throw new Error(`No finding "${id}" in ${findings.map((f) => f.id).join(', ')}`);
  return found;
};

describe('looksLikeAccessPage', () => {
  it.each([
    ['/sandbox/denied', true],
    ['/login', true],
    ['https://idp.test/signin?x=1', true],
    ['/account/sign-in', true],
    ['/auth', true],
    ['/errors/access-denied.html', true],
    ['/Login.aspx?ReturnUrl=%2Fadmin', true],
    ['/home?returnUrl=/admin', true],
    ['/oauth2/authorize?redirect_uri=x', true],
    ['/authors/12', false],
    ['/items?page=2', false],
    ['/v2/orders/7', false],
    ['/blog/logins-explained', false],
  ])('%s → %s', (location, expected) => {
    expect(looksLikeAccessPage(location)).toBe(expected);
  });
});

describe('3xx explanations', () => {
  it('explains a redirect to /sandbox/denied as the alternative to 401', () => {
    const f = explainResponse(wireRequest('GET https://localhost:4780/sandbox/secure/items'), wireResponse(302, ['Location: /sandbox/denied']));
    const finding = byId(f, 'redirect-access-denied');
    expect(finding).toMatchObject({ severity: 'warning', reference: 'spec §7', action: { kind: 'follow', location: 'https://localhost:4780/sandbox/denied' } });
    expect(finding.message).toMatch(/redirect alternative to 401.*sent no Authorization header/);
    expect(f.map((x) => x.id)).not.toContain('redirect-location');
  });

  it('a login redirect after credentials says they were not accepted, without the value', () => {
    const f = explainResponse(
      wireRequest('GET https://api.test/admin', ['Authorization: Basic dXNlcjpwYXNz']),
      wireResponse(303, ['Location: https://idp.test/login?returnUrl=https%3A%2F%2Fapi.test%2Fadmin']),
    );
    expect(byId(f, 'redirect-access-denied').message).toContain('Authorization with the Basic scheme (the credential itself is not shown), and it was not accepted');
    expect(JSON.stringify(f)).not.toContain('dXNlcjpwYXNz');
  });

  it.each([
    [301, 'POST', /change your POST into a GET and drop the body/],
    [302, 'POST', /change your POST into a GET/],
    [302, 'PUT', /repeats your PUT at the new address/],
    [303, 'POST', /Follow it with GET, without your body/],
    [303, 'HEAD', /Follow it with HEAD/],
    [307, 'POST', /same method \(POST\) and the same body; 307 forbids/],
    [308, 'PUT', /same method \(PUT\) and the same body; 308 forbids/],
  ])('%i after %s', (status, method, expected) => {
    const f = explainResponse(wireRequest(`${method} https://api.test/v1/orders`), wireResponse(status, ['Location: ../v2/orders']));
    const finding = byId(f, 'redirect-location');
    expect(finding.message).toMatch(expected);
    expect(finding.message).toContain('Location: ../v2/orders, resolved against the request URL');
    expect(finding.action).toEqual({ kind: 'follow', location: 'https://api.test/v2/orders' });
  });

  it('flags a redirect without Location', () => {
    const f = explainResponse(wireRequest('GET https://api.test/x'), wireResponse(307));
    expect(byId(f, 'redirect-location-missing').severity).toBe('error');
  });

  it('notes that credentials are dropped on a cross-origin redirect', () => {
    const f = explainResponse(
      wireRequest('GET https://api.test/files/1', ['Authorization: Bearer t0k3n']),
      wireResponse(302, ['Location: https://cdn.test/files/1']),
    );
    expect(byId(f, 'redirect-cross-origin-credentials').message).toContain('leaves https://api.test for https://cdn.test');
  });

  it('304 to a conditional request means the cache is valid; to an unconditional one it is suspicious', () => {
    const ok = explainResponse(wireRequest('GET https://api.test/x', ['If-None-Match: "abc"']), wireResponse(304));
    expect(byId(ok, 'not-modified').severity).toBe('success');
    const odd = explainResponse(wireRequest('GET https://api.test/x'), wireResponse(304));
    expect(byId(odd, 'not-modified-unconditional').severity).toBe('warning');
  });

  it('keeps an unresolvable Location as given', () => {
    const f = explainResponse(wireRequest('GET not a url'), wireResponse(301, ['Location: also not a url']));
    expect(byId(f, 'redirect-location').action).toEqual({ kind: 'follow', location: 'also not a url' });
  });
});

describe('methodAfterRedirect', () => {
  it('follows RFC 9110 §15.4: 303 becomes GET, 301/302 turn only POST into GET, 307/308 keep method and body', () => {
    expect(methodAfterRedirect(303, 'PUT')).toEqual({ method: 'GET', keepsBody: false });
    expect(methodAfterRedirect(303, 'HEAD')).toEqual({ method: 'HEAD', keepsBody: true });
    expect(methodAfterRedirect(302, 'POST')).toEqual({ method: 'GET', keepsBody: false });
    expect(methodAfterRedirect(301, 'PUT')).toEqual({ method: 'PUT', keepsBody: true });
    expect(methodAfterRedirect(307, 'POST')).toEqual({ method: 'POST', keepsBody: true });
    expect(methodAfterRedirect(308, 'PATCH')).toEqual({ method: 'PATCH', keepsBody: true });
  });
});
