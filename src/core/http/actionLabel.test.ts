import { describe, expect, it } from 'vitest';
import { explainActionLabel } from './actionLabel';
import { requestAsSent } from './requestAsSent';
import { wireRequest } from './exchangeFixtures';

describe('explainActionLabel', () => {
  it('says what a click does', () => {
    expect(explainActionLabel({ kind: 'open-auth', scheme: 'Digest', realm: 'api@test' })).toBe('Set up Digest auth (realm "api@test")');
    expect(explainActionLabel({ kind: 'open-auth', scheme: 'Bearer' })).toBe('Set up Bearer auth');
    expect(explainActionLabel({ kind: 'review-auth', scheme: 'sigv4' })).toBe('Check the AWS Signature V4 credentials');
    expect(explainActionLabel({ kind: 'review-auth', scheme: 'digest' })).toBe('Check the Digest credentials');
    expect(explainActionLabel({ kind: 'open-cookies' })).toBe('Show the cookie jar');
    expect(explainActionLabel({ kind: 'follow', location: 'https://x/y' })).toBe('Open GET https://x/y in a new tab');
    expect(explainActionLabel({ kind: 'retry-after', seconds: 3 })).toBeUndefined();
    expect(() => explainActionLabel({ kind: 'jump' } as never)).toThrow(TypeError);
  });
});

describe('requestAsSent', () => {
  it('takes method, URL and headers from what the relay sent, the body from the composed request', () => {
    const composed = wireRequest('POST https://x/login', ['Content-Type: text/plain'], 'hi');
    const sent = { method: 'GET', url: 'https://x/welcome', headers: [{ name: 'Host', value: 'x' }, { name: 'Cookie', value: 'sid=1' }] };
    expect(requestAsSent(composed, sent)).toEqual({ method: 'GET', url: 'https://x/welcome', headers: sent.headers, body: ['hi'] });
    expect(requestAsSent(composed, undefined)).toBe(composed);
    expect(() => requestAsSent(composed, { method: 'GET', url: 'u', headers: null as never })).toThrow(TypeError);
  });
});
