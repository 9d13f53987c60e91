import { describe, expect, it } from 'vitest';
import { newVaultEntryConfig, tokenUrlShapeNote, vaultEntryProblems, type VaultEntryConfig } from './entry';

const complete = (patch: Partial<VaultEntryConfig> = {}): VaultEntryConfig => ({
  ...newVaultEntryConfig('e1', 'Orders'),
  tokenUrl: 'https://auth.example.com/v1/token',
  clientId: 'demo-client',
  clientSecret: 'demo-secret',
  allowedHosts: ['api.example.com'],
  ...patch,
});

const fields = (config: VaultEntryConfig) => vaultEntryProblems(config).map((p) => p.field);

describe('newVaultEntryConfig', () => {
  it('defaults to the spec JSON body, Bearer, RFC 6749 field names and no hosts', () => {
    const config = newVaultEntryConfig('id-1');
    expect(config).toMatchObject({
      bodyFormat: 'json',
      scheme: { kind: 'bearer' },
      mapping: { accessToken: '/access_token', expiresIn: '/expires_in', refreshToken: '/refresh_token', tokenType: '/token_type' },
      allowedHosts: [],
      allowPlainHttp: false,
      autoRefresh: true,
    });
  });

  it('refuses an empty id', () => {
    expect(() => newVaultEntryConfig('')).toThrow(RangeError);
  });
});

describe('vaultEntryProblems', () => {
  it('finds nothing wrong with a complete entry', () => {
    expect(vaultEntryProblems(complete())).toEqual([]);
  });

  it('names each field that is wrong', () => {
    expect(
      fields(
        complete({
          name: ' ',
          tokenUrl: 'not a url',
          clientId: '',
          clientSecret: '',
          extraFields: [{ name: 'scope', value: 'a' }, { name: 'scope', value: 'b' }, { name: 'grant_type', value: 'x' }, { name: '', value: '' }],
          mapping: { accessToken: 'access_token', expiresIn: '/expires_in', refreshToken: '/r~2', tokenType: '' },
          scheme: { kind: 'custom', prefix: 'My Token' },
          allowedHosts: ['https://x.test/'],
          refreshLeadSeconds: -1,
          clockSkewSeconds: 99999,
        }),
      ),
    ).toEqual([
      'name',
      'tokenUrl',
      'clientId',
      'clientSecret',
      'extraFields[1]',
      'extraFields[2]',
      'extraFields[3]',
      'mapping.accessToken',
      'mapping.refreshToken',
      'scheme.prefix',
      'allowedHosts[0]',
      'refreshLeadSeconds',
      'clockSkewSeconds',
    ]);
  });

  it('asks for at least one host', () => {
    expect(vaultEntryProblems(complete({ allowedHosts: [] }))).toMatchObject([{ field: 'allowedHosts', kind: 'vault-hosts-empty' }]);
  });

  it('lets a public client of the form format go without a secret', () => {
    expect(fields(complete({ bodyFormat: 'form', clientSecret: '' }))).toEqual([]);
  });
});

describe('tokenUrlShapeNote', () => {
  it('is quiet for the spec shape {auth_url}/<version>/token', () => {
    expect(tokenUrlShapeNote('https://auth.example.com/v1/token')).toBeUndefined();
    expect(tokenUrlShapeNote('https://auth.example.com/oauth/2.0/token')).toBeUndefined();
  });

  it('notes a path that does not end in token or lacks a version', () => {
    expect(tokenUrlShapeNote('https://auth.example.com/v1/oauth')).toContain('ends in "token"');
    expect(tokenUrlShapeNote('https://auth.example.com/token')).toContain('version segment');
  });
});
