import { describe, expect, it } from 'vitest';
import { bypassesProxy, isLoopback, maskProxyUrl, parseNoProxy, readProxyEnvironment, routeFor } from './proxyRules';

const bypass = (list: string, url: string) => bypassesProxy(parseNoProxy(list), new URL(url));

describe('proxy environment', () => {
  it('reads HTTP_PROXY, HTTPS_PROXY and NO_PROXY, lowercase winning, blanks ignored', () => {
    expect(readProxyEnvironment({ HTTP_PROXY: 'http://up:1', http_proxy: 'http://low:2', HTTPS_PROXY: 'http://s:3', NO_PROXY: 'a.b', no_proxy: ' ' })).toEqual({
      httpProxy: 'http://low:2',
      httpsProxy: 'http://s:3',
      noProxy: 'a.b',
    });
    expect(readProxyEnvironment({})).toEqual({});
  });

  it('masks credentials in a proxy URL', () => {
    expect(maskProxyUrl('http://user:pw@proxy.corp:3128')).toBe('http://•••@proxy.corp:3128');
    expect(maskProxyUrl('proxy.corp:3128')).toBe('http://proxy.corp:3128');
  });
});

describe('NO_PROXY rules', () => {
  it.each([
    ['*', 'http://anything.example/', true],
    ['example.com', 'http://example.com/', true],
    ['example.com', 'http://api.example.com/', true],
    ['example.com', 'http://notexample.com/', false],
    ['.example.com', 'https://example.com/', true],
    ['*.example.com', 'https://a.b.example.com/', true],
    ['example.com:8080', 'http://example.com:8080/', true],
    ['example.com:8080', 'http://example.com/', false],
    ['example.com:443', 'https://example.com/', true],
    ['10.0.0.0/8', 'http://10.1.2.3/', true],
    ['10.0.0.0/8', 'http://11.1.2.3/', false],
    ['192.168.1.5', 'http://192.168.1.5:81/', true],
    ['fd00::/8', 'http://[fd12::1]/', true],
    ['[::1]:8080', 'http://[::1]:8080/', true],
    ['a.com, b.com c.com', 'http://c.com/', true],
    ['', 'http://example.com/', false],
  ])('%j against %s → %s', (list, url, expected) => {
    expect(bypass(list, url)).toBe(expected);
  });
});

describe('routeFor', () => {
  const env = { httpProxy: 'http://u%40x:p%3Aw@proxy:3128', httpsProxy: 'https://secure-proxy', noProxy: '.internal' };
  it('picks the proxy by the target scheme, credentials from the URL, the tunnel for https', () => {
    const plain = routeFor(new URL('http://api.example/'), undefined, env)!;
    expect(plain.use).toEqual({ url: 'http://proxy:3128', tunnel: false, source: 'environment' });
    expect(plain.authorization).toBe(`Basic ${Buffer.from('u@x:p:w').toString('base64')}`);
    const secure = routeFor(new URL('https://api.example/'), undefined, env)!;
    expect(secure.use).toEqual({ url: 'https://secure-proxy', tunnel: true, source: 'environment' });
    expect(secure.authorization).toBeUndefined();
  });

  it('knows loopback targets in every spelling the URL parser leaves', () => {
    for (const u of ['http://127.0.0.1/', 'http://127.1/', 'http://0x7f.1/', 'http://2130706433/', 'http://127.255.0.9:81/', 'http://LOCALHOST/', 'http://a.localhost/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/']) {
      expect(isLoopback(new URL(u)), u).toBe(true);
    }
    for (const u of ['http://127.0.0.1.nip.io/', 'http://128.0.0.1/', 'http://10.0.0.1/', 'http://example.com/', 'http://[::2]/', 'http://[::ffff:a00:1]/']) {
      expect(isLoopback(new URL(u)), u).toBe(false);
    }
  });

  it('goes direct for bypassed hosts, loopback (unless asked) and mode none', () => {
    expect(routeFor(new URL('http://db.internal/'), undefined, env)).toBeNull();
    expect(routeFor(new URL('http://localhost:8080/'), undefined, env)).toBeNull();
    expect(routeFor(new URL('http://127.0.0.1/'), { mode: 'environment', proxyLoopback: true }, env)).not.toBeNull();
    expect(routeFor(new URL('http://api.example/'), { mode: 'none' }, env)).toBeNull();
  });

  it('uses the settings over the environment, with their credentials', () => {
    const route = routeFor(new URL('http://api.example/'), { mode: 'manual', httpProxy: 'corp:8080', username: 'me', password: 'pw' }, env)!;
    expect(route.use).toEqual({ url: 'http://corp:8080', tunnel: false, source: 'settings' });
    expect(route.authorization).toBe(`Basic ${Buffer.from('me:pw').toString('base64')}`);
    expect(routeFor(new URL('https://api.example/'), { mode: 'manual', httpProxy: 'corp:8080' }, env)).toBeNull();
  });

  it('refuses a proxy it cannot use rather than going around it', () => {
    expect(() => routeFor(new URL('http://a.example/'), { mode: 'manual', httpProxy: 'socks5://s:1080' }, {})).toThrow(/Only http:\/\/ and https:\/\/ proxies/);
  });
});
