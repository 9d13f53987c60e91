import { describe, expect, it } from 'vitest';
import type { HeaderField, RelayHead, WireRequest } from '../../../core';
import { afterTokenRefresh, refreshedConsentMessage, rejectedToken } from './vaultRetry';

const EXPIRED = 'Bearer realm="sandbox", error="invalid_token", error_description="The access token expired"';

function head(status: number, headers: HeaderField[] = []): RelayHead {
  return { status, reason: '', httpVersion: '1.1', headers };
}

function wire(method: string, headers: HeaderField[] = []): WireRequest {
  return { method, url: 'https://api.test/orders', headers };
}

describe('rejectedToken: which answers are worth one refresh', () => {
  it('is the challenge of a 401 that says invalid_token, with the reason in words', () => {
    const rejected = rejectedToken(head(401, [{ name: 'WWW-Authenticate', value: EXPIRED }]));
    expect(rejected).toEqual({ challenge: EXPIRED, reason: expect.stringContaining('invalid or expired') });
    expect(rejected?.reason).toContain('The access token expired');
  });

  it('reads a Bearer challenge that comes on its own line after another scheme', () => {
    const rejected = rejectedToken(head(401, [{ name: 'www-authenticate', value: 'Basic realm="x"' }, { name: 'WWW-Authenticate', value: EXPIRED }]));
    expect(rejected?.challenge).toBe(`Basic realm="x", ${EXPIRED}`);
  });

  it('is nothing for a 401 without a challenge, with no error, or with insufficient_scope', () => {
    expect(rejectedToken(head(401))).toBeUndefined();
    expect(rejectedToken(head(401, [{ name: 'WWW-Authenticate', value: 'Bearer realm="sandbox"' }]))).toBeUndefined();
    expect(rejectedToken(head(401, [{ name: 'WWW-Authenticate', value: 'Bearer error="insufficient_scope", scope="orders:write"' }]))).toBeUndefined();
  });

  it('is nothing for other statuses, even with an invalid_token challenge, or without an answer', () => {
    expect(rejectedToken(head(403, [{ name: 'WWW-Authenticate', value: EXPIRED }]))).toBeUndefined();
    expect(rejectedToken(head(200, [{ name: 'WWW-Authenticate', value: EXPIRED }]))).toBeUndefined();
    expect(rejectedToken(undefined)).toBeUndefined();
  });
});

describe('afterTokenRefresh: retry by itself or ask (spec §4.2)', () => {
  it('retries idempotent methods', () => {
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']) expect(afterTokenRefresh(wire(method))).toBe('retry');
  });

  it('asks for POST, PATCH and methods nothing promises are idempotent', () => {
    for (const method of ['POST', 'PATCH', 'PURGE', 'get']) expect(afterTokenRefresh(wire(method))).toBe('ask');
  });

  it('judges a POST by the method it overrides to, as the server does', () => {
    expect(afterTokenRefresh(wire('POST', [{ name: 'X-HTTP-Method-Override', value: 'PUT' }]))).toBe('retry');
    expect(afterTokenRefresh(wire('POST', [{ name: 'X-HTTP-Method-Override', value: 'PATCH' }]))).toBe('ask');
  });
});

describe('refreshedConsentMessage', () => {
  it('says the token was refreshed, the method was not repeated, and why', () => {
    const rejected = rejectedToken(head(401, [{ name: 'WWW-Authenticate', value: EXPIRED }]))!;
    const message = refreshedConsentMessage(wire('PATCH'), rejected);
    expect(message).toContain('The access token expired');
    expect(message).toContain('refreshed the token');
    expect(message).toContain('this PATCH was not sent again');
    expect(message).toContain('not idempotent');
  });
});
