import { describe, expect, it } from 'vitest';
import { readUnauthorizedChallenge, vaultAuthorization, vaultSchemeWord } from './authorization';

const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln';

describe('vaultAuthorization', () => {
  it('applies the entry scheme', () => {
    expect(vaultAuthorization({ kind: 'bearer' }, 'abc')).toEqual({ ok: true, value: { name: 'Authorization', value: 'Bearer abc' } });
    expect(vaultAuthorization({ kind: 'jwt' }, jwt)).toEqual({ ok: true, value: { name: 'Authorization', value: `JWT ${jwt}` } });
    expect(vaultAuthorization({ kind: 'custom', prefix: 'Token' }, 'abc')).toEqual({ ok: true, value: { name: 'Authorization', value: 'Token abc' } });
  });

  it('refuses a token the scheme cannot carry, naming the scheme', () => {
    const result = vaultAuthorization({ kind: 'jwt' }, 'opaque-token');
    expect(!result.ok && result.error.message).toMatch(/JWT scheme: A signed JWT has three/);
    expect(vaultAuthorization({ kind: 'bearer' }, 'has space').ok).toBe(false);
  });
});

describe('readUnauthorizedChallenge', () => {
  it('refreshes only for invalid_token', () => {
    const verdict = readUnauthorizedChallenge('Bearer realm="sandbox", error="invalid_token", error_description="The access token expired"');
    expect(verdict.tokenRejected).toBe(true);
    expect(verdict.reason).toContain('The access token expired');
  });

  it('finds the Bearer challenge among several', () => {
    expect(readUnauthorizedChallenge('Basic realm="x", Bearer error="invalid_token"').tokenRejected).toBe(true);
  });

  it('does not refresh for a missing challenge, no error, another error or a broken header', () => {
    expect(readUnauthorizedChallenge(undefined).tokenRejected).toBe(false);
    expect(readUnauthorizedChallenge('Bearer realm="sandbox"').tokenRejected).toBe(false);
    expect(readUnauthorizedChallenge('Bearer error="insufficient_scope", scope="orders:write"')).toMatchObject({
      tokenRejected: false,
      reason: expect.stringContaining('insufficient_scope'),
    });
    expect(readUnauthorizedChallenge('Bearer error="invalid_token').tokenRejected).toBe(false);
  });
});

describe('vaultSchemeWord', () => {
  it('names the scheme word the header opens with: Bearer, JWT, or the custom prefix as written', () => {
    expect(vaultSchemeWord({ kind: 'bearer' })).toBe('Bearer');
    expect(vaultSchemeWord({ kind: 'jwt' })).toBe('JWT');
    expect(vaultSchemeWord({ kind: 'custom', prefix: 'Token' })).toBe('Token');
  });
});
