import { describe, expect, it } from 'vitest';
import { decodeBase64, utf8Decode } from '../encoding/base64';
import { parseForm } from '../encoding/form';
import { headerValue } from '../types';
import { newVaultEntryConfig, type VaultEntryConfig } from './entry';
import { buildTokenRequest, previewTokenRequest } from './tokenRequest';

const entry = (patch: Partial<VaultEntryConfig> = {}): VaultEntryConfig => ({
  ...newVaultEntryConfig('e1', 'Orders'),
  tokenUrl: 'https://auth.example.com/v1/token',
  clientId: 'demo-client',
  clientSecret: 'demo-secret',
  allowedHosts: ['api.example.com'],
  ...patch,
});

describe('buildTokenRequest: the spec JSON body (§4.1)', () => {
  it('posts client_id, client_secret, refresh_token and grant_type as JSON', () => {
    const result = buildTokenRequest(entry(), 'rt-1');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const wire = result.value;
    expect(wire.method).toBe('POST');
    expect(wire.url).toBe('https://auth.example.com/v1/token');
    expect(headerValue(wire.headers, 'content-type')).toBe('application/json');
    expect(JSON.parse(String(wire.body?.[0]))).toEqual({
      client_id: 'demo-client',
      client_secret: 'demo-secret',
      refresh_token: 'rt-1',
      grant_type: 'refresh_token',
    });
  });

  it('adds extra fields such as scope and audience', () => {
    const result = buildTokenRequest(entry({ extraFields: [{ name: 'scope', value: 'orders:read' }, { name: 'audience', value: 'api' }] }), 'rt-1');
    expect(result.ok && JSON.parse(String(result.value.body?.[0]))).toMatchObject({ scope: 'orders:read', audience: 'api' });
  });

  it('refuses an extra field that would overwrite the refresh token', () => {
    const result = buildTokenRequest(entry({ extraFields: [{ name: 'refresh_token', value: 'x' }] }), 'rt-1');
    expect(result).toMatchObject({ ok: false, error: { kind: 'vault-extra-field-reserved', field: 'extraFields[0]' } });
  });

  it('says what is missing, by field', () => {
    expect(buildTokenRequest(entry({ clientId: '' }), 'rt')).toMatchObject({ ok: false, error: { field: 'clientId' } });
    expect(buildTokenRequest(entry({ clientSecret: '' }), 'rt')).toMatchObject({ ok: false, error: { field: 'clientSecret' } });
    expect(buildTokenRequest(entry(), '')).toMatchObject({ ok: false, error: { kind: 'vault-no-refresh-token' } });
    expect(buildTokenRequest(entry({ tokenUrl: 'auth/v1/token' }), 'rt')).toMatchObject({ ok: false, error: { field: 'tokenUrl' } });
  });

  it('does not post secrets over plain http without the confirmation', () => {
    expect(buildTokenRequest(entry({ tokenUrl: 'http://auth.example.com/v1/token' }), 'rt')).toMatchObject({
      ok: false,
      error: { kind: 'vault-insecure', field: 'tokenUrl' },
    });
    expect(buildTokenRequest(entry({ tokenUrl: 'http://127.0.0.1/v1/token', allowPlainHttp: true }), 'rt').ok).toBe(true);
  });
});

describe('buildTokenRequest: RFC 6749 form', () => {
  it('sends the grant as x-www-form-urlencoded with client credentials in the body', () => {
    const result = buildTokenRequest(entry({ bodyFormat: 'form', extraFields: [{ name: 'scope', value: 'orders:read orders:write' }] }), 'r+t/1');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(headerValue(result.value.headers, 'content-type')).toBe('application/x-www-form-urlencoded');
    const body = String(result.value.body?.[0]);
    expect(body).toContain('refresh_token=r%2Bt%2F1');
    expect(parseForm(body)).toEqual([
      { name: 'grant_type', value: 'refresh_token' },
      { name: 'refresh_token', value: 'r+t/1' },
      { name: 'client_id', value: 'demo-client' },
      { name: 'client_secret', value: 'demo-secret' },
      { name: 'scope', value: 'orders:read orders:write' },
    ]);
  });

  it('can authenticate the client with Basic, form-encoding id and secret first (RFC 6749 §2.3.1)', () => {
    const result = buildTokenRequest(entry({ bodyFormat: 'form', clientAuthentication: 'basic', clientId: 'a:b', clientSecret: 's p' }), 'rt');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const auth = headerValue(result.value.headers, 'authorization')!;
    const decoded = decodeBase64(auth.replace(/^Basic /, ''));
    expect(decoded.ok && utf8Decode(decoded.value)).toBe('a%3Ab:s+p');
    expect(String(result.value.body?.[0])).not.toContain('client_secret');
  });

  it('allows a public client without a secret in the form body', () => {
    const result = buildTokenRequest(entry({ bodyFormat: 'form', clientSecret: '' }), 'rt');
    expect(result.ok && String(result.value.body?.[0])).toBe('grant_type=refresh_token&refresh_token=rt&client_id=demo-client');
  });
});

describe('previewTokenRequest', () => {
  it('shows the request with the spec placeholders instead of secrets', () => {
    const preview = previewTokenRequest(entry());
    expect(preview.ok).toBe(true);
    if (!preview.ok) return;
    expect(preview.value).toContain('POST /v1/token HTTP/1.1');
    expect(preview.value).toContain('"client_secret": "<CLIENT_SECRET>"');
    expect(preview.value).toContain('"refresh_token": "<REFRESH_TOKEN>"');
    expect(preview.value).not.toContain('demo-secret');
  });

  it('keeps the placeholders readable in a form body', () => {
    const preview = previewTokenRequest(entry({ bodyFormat: 'form' }));
    expect(preview.ok && preview.value).toContain('refresh_token=<REFRESH_TOKEN>&client_id=demo-client&client_secret=<CLIENT_SECRET>');
  });
});
