import { describe, expect, it } from 'vitest';
import { VAULT_DEFAULT_MAPPING } from './entry';
import { mapTokenResponse } from './tokenResponse';

const json = (status: number, body: unknown) => ({
  status,
  headers: [{ name: 'Content-Type', value: 'application/json' }],
  bodyText: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('mapTokenResponse: success', () => {
  it('reads RFC 6749 §5.1 fields by default', () => {
    const result = mapTokenResponse(
      json(200, { access_token: 'at', token_type: 'Bearer', expires_in: 60, refresh_token: 'rt-2', scope: 'orders:read' }),
      VAULT_DEFAULT_MAPPING,
    );
    expect(result).toEqual({
      ok: true,
      value: { accessToken: 'at', tokenType: 'Bearer', expiresInSeconds: 60, refreshToken: 'rt-2', scope: 'orders:read', notes: [] },
    });
  });

  it('follows overridden pointers into nested answers', () => {
    const mapping = { accessToken: '/data/token', expiresIn: '/data/ttl', refreshToken: '/data/refresh', tokenType: '/data/type' };
    const result = mapTokenResponse(json(200, { data: { token: 'at', ttl: '300', refresh: 'rt', type: 'JWT' } }), mapping);
    expect(result).toMatchObject({ ok: true, value: { accessToken: 'at', expiresInSeconds: 300, refreshToken: 'rt', tokenType: 'JWT' } });
  });

  it('notes an unreadable expires_in instead of failing', () => {
    const result = mapTokenResponse(json(200, { access_token: 'at', expires_in: 'soon', refresh_token: 42 }), VAULT_DEFAULT_MAPPING);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.expiresInSeconds).toBeUndefined();
    expect(result.value.refreshToken).toBeUndefined();
    expect(result.value.notes).toEqual([
      expect.stringContaining('refresh_token at "/refresh_token" is 42'),
      expect.stringContaining('expires_in at "/expires_in" is "soon"'),
    ]);
  });

  it('fails when the pointer finds no access token, saying where it looked', () => {
    const result = mapTokenResponse(json(200, { token: 'at' }), VAULT_DEFAULT_MAPPING);
    expect(result).toMatchObject({ ok: false, error: { kind: 'token-response-invalid', field: 'mapping.accessToken' } });
    expect(!result.ok && result.error.message).toContain('"/access_token"');
  });
});

describe('mapTokenResponse: errors (RFC 6749 §5.2)', () => {
  it('explains invalid_grant and marks the grant as revoked', () => {
    const result = mapTokenResponse(json(400, { error: 'invalid_grant', error_description: 'refresh token was rotated' }), VAULT_DEFAULT_MAPPING);
    expect(result).toMatchObject({ ok: false, error: { kind: 'token-endpoint-error', code: 'invalid_grant', status: 400, grantRevoked: true } });
    if (!result.ok) {
      expect(result.error.message).toContain('grant access again');
      expect(result.error.message).toContain('"refresh token was rotated"');
    }
  });

  it('explains invalid_client without revoking the grant', () => {
    const result = mapTokenResponse(json(401, { error: 'invalid_client' }), VAULT_DEFAULT_MAPPING);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_client', grantRevoked: false } });
    expect(!result.ok && result.error.message).toContain('client_id or client_secret');
  });

  it('says first that the handshake asked for a client certificate none was sent for, when that is so', () => {
    const refused = (certificate?: { requested: boolean; sent: boolean }) => {
      const result = mapTokenResponse({ ...json(401, { error: 'invalid_client' }), ...(certificate ? { clientCertificate: certificate } : {}) }, VAULT_DEFAULT_MAPPING);
      return !result.ok ? result.error.message : '';
    };
    expect(refused({ requested: true, sent: false })).toMatch(/invalid_client \(401\): the server asked for a client certificate in the TLS handshake and none was sent.*Otherwise the token endpoint did not accept the client/);
    for (const certificate of [undefined, { requested: true, sent: true }, { requested: false, sent: false }]) {
      expect(refused(certificate)).toMatch(/invalid_client \(401\): the token endpoint did not accept the client/);
    }
  });

  it('recognises an error body even on a 200', () => {
    expect(mapTokenResponse(json(200, { error: 'invalid_scope' }), VAULT_DEFAULT_MAPPING)).toMatchObject({ ok: false, error: { code: 'invalid_scope' } });
  });

  it('says so when the code is not one of RFC 6749', () => {
    const result = mapTokenResponse(json(400, { error: 'account_locked' }), VAULT_DEFAULT_MAPPING);
    expect(!result.ok && result.error.message).toContain('not one of the RFC 6749 §5.2 codes');
  });

  it('reports a status without an error body with an excerpt of what came', () => {
    const result = mapTokenResponse({ status: 502, headers: [{ name: 'Content-Type', value: 'text/html' }], bodyText: '<h1>Bad gateway</h1>' }, VAULT_DEFAULT_MAPPING);
    expect(result).toMatchObject({ ok: false, error: { kind: 'token-endpoint-status', status: 502, grantRevoked: false } });
    expect(!result.ok && result.error.message).toContain('(text/html): <h1>Bad gateway</h1>');
  });

  it('reports a body that is not JSON with its position', () => {
    const result = mapTokenResponse(json(200, '{"access_token": "at",}'), VAULT_DEFAULT_MAPPING);
    expect(result).toMatchObject({ ok: false, error: { kind: 'token-response-invalid', position: { line: 1 } } });
  });

  it('reports an empty 200', () => {
    expect(mapTokenResponse(json(200, ''), VAULT_DEFAULT_MAPPING)).toMatchObject({ ok: false, error: { kind: 'token-response-invalid' } });
  });
});
