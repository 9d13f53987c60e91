import { describe, expect, it } from 'vitest';
import type { WireRequest } from '../types';
import { intendedMethod, repeatNeedsConsent, requestFingerprint } from './repeat';

const post: WireRequest = { method: 'POST', url: 'http://h/orders', headers: [{ name: 'Content-Type', value: 'application/json' }], body: ['{"qty":1}'] };

describe('requestFingerprint', () => {
  it('is equal for the same request and differs when the method, URL, a header or the body differs', () => {
    const same = requestFingerprint({ ...post, headers: [...post.headers] });
    expect(requestFingerprint(post)).toBe(same);
    for (const other of [
      { ...post, method: 'PUT' },
      { ...post, url: 'http://h/orders?x=1' },
      { ...post, headers: [{ name: 'Content-Type', value: 'text/plain' }] },
      { ...post, body: ['{"qty":2}'] },
      { ...post, body: [new Uint8Array([1, 2])] },
    ]) {
      expect(requestFingerprint(other)).not.toBe(same);
    }
  });

  it('tells files apart by identity and size without reading them', () => {
    const file = (id: string, size: number) => ({ ...post, body: [{ kind: 'file' as const, id, name: 'a', size }] });
    expect(requestFingerprint(file('a', 1))).toBe(requestFingerprint(file('a', 1)));
    expect(requestFingerprint(file('a', 1))).not.toBe(requestFingerprint(file('b', 1)));
  });
});

describe('repeatNeedsConsent (spec §4.2)', () => {
  it('asks before repeating the same POST or PATCH, not before a first send or a changed request', () => {
    const sent = requestFingerprint(post);
    expect(repeatNeedsConsent(post, { fingerprint: sent })).toBe(true);
    expect(repeatNeedsConsent({ ...post, method: 'PATCH' }, { fingerprint: requestFingerprint({ ...post, method: 'PATCH' }) })).toBe(true);
    expect(repeatNeedsConsent(post, {})).toBe(false);
    expect(repeatNeedsConsent({ ...post, body: ['{"qty":2}'] }, { fingerprint: sent })).toBe(false);
  });

  it('lets GET, PUT and DELETE repeat freely', () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const wire = { ...post, method };
      expect(repeatNeedsConsent(wire, { fingerprint: requestFingerprint(wire), alreadySent: true })).toBe(false);
    }
  });

  it('asks for any POST loaded from history, and judges an override by the method the server acts on', () => {
    expect(repeatNeedsConsent(post, { alreadySent: true })).toBe(true);
    const overridden = { ...post, headers: [{ name: 'X-HTTP-Method-Override', value: 'PUT' }] };
    expect(intendedMethod(overridden)).toBe('PUT');
    expect(repeatNeedsConsent(overridden, { alreadySent: true })).toBe(false);
  });
});
