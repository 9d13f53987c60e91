import { describe, expect, it } from 'vitest';
import { checkTokenEndpoint, checkVaultDestination, parseVaultHostPattern, vaultHostMatches } from './destination';

const policy = (allowedHosts: string[], allowPlainHttp = false) => ({ entryName: 'Orders', allowedHosts, allowPlainHttp });

describe('parseVaultHostPattern', () => {
  it.each([
    ['api.example.com', { host: 'api.example.com', wildcard: false }],
    ['  API.Example.COM  ', { host: 'api.example.com', wildcard: false }],
    ['*.example.com', { host: 'example.com', wildcard: true }],
    ['127.0.0.1:4780', { host: '127.0.0.1', wildcard: false, port: 4780 }],
    ['[::1]:8443', { host: '[::1]', wildcard: false, port: 8443 }],
    ['[0:0::1]', { host: '[::1]', wildcard: false }],
    ['localhost', { host: 'localhost', wildcard: false }],
  ])('%j', (text, pattern) => expect(parseVaultHostPattern(text)).toEqual({ ok: true, value: pattern }));

  it.each([
    ['', 'The host is empty.'],
    ['https://api.example.com/v1', 'not a URL or path'],
    ['*', 'any host'],
    ['*.com', 'whole top-level domain'],
    ['a.*.example.com', 'Only a leading "*."'],
    ['api.example.com:0', 'port "0"'],
    ['api.example.com:http', 'port "http"'],
    ['bad_host.example', '"bad_host" is not a valid part'],
    ['-api.example.com', '"-api" is not a valid part'],
    ['*.10.0.0.1', 'wildcard'],
    ['[::1', 'closing "]"'],
  ])('refuses %j', (text, message) => {
    const result = parseVaultHostPattern(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toContain(message);
  });

  it('points at the bad label', () => {
    expect(parseVaultHostPattern('api.bad_label.com')).toMatchObject({ ok: false, error: { position: { column: 5 } } });
  });
});

describe('vaultHostMatches', () => {
  const match = (pattern: string, url: string) => {
    const p = parseVaultHostPattern(pattern);
    if (!p.ok) throw new Error(p.error.message);
    return vaultHostMatches(p.value, new URL(url));
  };

  it('an exact host matches on any port, and only itself', () => {
    expect(match('api.example.com', 'https://api.example.com/x')).toBe(true);
    expect(match('api.example.com', 'https://api.example.com:8443/x')).toBe(true);
    expect(match('api.example.com', 'https://evil-api.example.com/')).toBe(false);
    expect(match('api.example.com', 'https://api.example.com.evil.net/')).toBe(false);
  });

  it('a wildcard covers subdomains but not the apex', () => {
    expect(match('*.example.com', 'https://a.b.example.com/')).toBe(true);
    expect(match('*.example.com', 'https://example.com/')).toBe(false);
    expect(match('*.example.com', 'https://notexample.com/')).toBe(false);
  });

  it('a port in the pattern must match, defaults included', () => {
    expect(match('api.example.com:443', 'https://api.example.com/')).toBe(true);
    expect(match('api.example.com:443', 'http://api.example.com/')).toBe(false);
    expect(match('127.0.0.1:4780', 'http://127.0.0.1:4781/')).toBe(false);
  });
});

describe('checkVaultDestination', () => {
  it('lets a token go to a listed https host', () => {
    expect(checkVaultDestination('https://api.example.com/orders', policy(['api.example.com'])).ok).toBe(true);
  });

  it('refuses a host outside the list, naming the host and the list', () => {
    const result = checkVaultDestination('https://evil.example.net/steal', policy(['api.example.com']));
    expect(result).toMatchObject({ ok: false, error: { kind: 'vault-host-refused' } });
    if (!result.ok) {
      expect(result.error.message).toContain('evil.example.net');
      expect(result.error.message).toContain('"api.example.com"');
      expect(result.error.message).toContain('"Orders"');
    }
  });

  it('refuses everything when the list is empty', () => {
    const result = checkVaultDestination('https://api.example.com/', policy([]));
    expect(!result.ok && result.error.message).toContain('no hosts at all');
  });

  it('refuses plain http unless the entry carries the confirmation', () => {
    expect(checkVaultDestination('http://127.0.0.1:4780/x', policy(['127.0.0.1']))).toMatchObject({ ok: false, error: { kind: 'vault-insecure' } });
    expect(checkVaultDestination('http://127.0.0.1:4780/x', policy(['127.0.0.1'], true)).ok).toBe(true);
  });

  it('checks the host before the scheme, so an unlisted http host is refused as a host', () => {
    expect(checkVaultDestination('http://other.test/', policy(['api.example.com'], true))).toMatchObject({ ok: false, error: { kind: 'vault-host-refused' } });
  });

  it('refuses what is not an absolute http(s) URL', () => {
    expect(checkVaultDestination('/relative', policy(['a.test']))).toMatchObject({ ok: false, error: { kind: 'vault-url-invalid' } });
    expect(checkVaultDestination('ftp://a.test/', policy(['a.test']))).toMatchObject({ ok: false, error: { kind: 'vault-url-invalid' } });
  });
});

describe('checkTokenEndpoint', () => {
  it('accepts https anywhere and http only when confirmed', () => {
    expect(checkTokenEndpoint('https://auth.example.com/v1/token', { entryName: 'x', allowPlainHttp: false }).ok).toBe(true);
    expect(checkTokenEndpoint('http://auth.example.com/v1/token', { entryName: 'x', allowPlainHttp: false })).toMatchObject({
      ok: false,
      error: { kind: 'vault-insecure' },
    });
    expect(checkTokenEndpoint('http://auth.example.com/v1/token', { entryName: 'x', allowPlainHttp: true }).ok).toBe(true);
  });

  it('refuses credentials in the URL', () => {
    expect(checkTokenEndpoint('https://u:p@auth.example.com/v1/token', { entryName: 'x', allowPlainHttp: false }).ok).toBe(false);
  });
});
