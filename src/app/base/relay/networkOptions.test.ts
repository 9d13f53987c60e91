import { describe, expect, it } from 'vitest';
import type { CaBundleSetting, ClientCertificateSetting, TlsSettings } from './tlsSettings';
import { hostNetworkOptions, networkOptionsFor, type NetworkSources } from './networkOptions';
import { DEFAULT_PROXY_SETTINGS, keepProxySettings, readStoredProxySettings, proxySettings, saveProxySettings, type ProxySettings } from './proxySettings';

const CERT = '-----BEGIN CERTIFICATE-----\nMIIBcert\n-----END CERTIFICATE-----\n';
const KEY = '-----BEGIN PRIVATE KEY-----\nMIIEsecretkeymaterial\n-----END PRIVATE KEY-----\n';
const cert = (patch: Partial<ClientCertificateSetting> = {}): ClientCertificateSetting => ({ id: 'c1', label: 'Idp client', hosts: 'idp.corp.example', format: 'pem', certPem: CERT, keyPem: KEY, pfxBase64: '', pfxFileName: '', passphrase: '', ...patch });
const bundle: CaBundleSetting = { id: 'b1', label: 'Corp CA', hosts: '*.corp.example', allHosts: false, pem: CERT };
const tls = (patch: Partial<TlsSettings> = {}): TlsSettings => ({ clientCertificates: [cert()], caBundles: [bundle], verificationOff: [], ...patch });
const proxy: ProxySettings = { ...DEFAULT_PROXY_SETTINGS, mode: 'manual', httpProxy: 'http://proxy.corp.example:3128', noProxy: 'localhost', username: 'me', password: 'proxy-secret' };
const sources = (patch: Partial<NetworkSources> = {}): NetworkSources => ({ proxy, tls: tls(), trustedFingerprints: (url) => (url.startsWith('https://idp.corp.example') ? ['AA:BB'] : []), ...patch });

describe('networkOptionsFor (the relay meta of sends and of the vault token calls)', () => {
  it('gives a token endpoint on a covered host the proxy, its client certificate, the CA bundle and the trusted fingerprints', () => {
    const options = networkOptionsFor('https://idp.corp.example/oauth/token', sources());
    expect(options).toEqual({
      ok: true,
      value: {
        proxy: { mode: 'manual', httpProxy: 'http://proxy.corp.example:3128', httpsProxy: 'http://proxy.corp.example:3128', noProxy: 'localhost', username: 'me', password: 'proxy-secret' },
        insecureTls: false,
        trustedFingerprints: ['AA:BB'],
        clientCertificates: [{ label: 'Idp client', hosts: ['idp.corp.example'], certPem: CERT, keyPem: KEY }],
        caBundles: [{ label: 'Corp CA', hosts: ['*.corp.example'], pem: CERT }],
      },
    });
  });

  it('gives another host the proxy but not the certificate, and plain HTTP no TLS material', () => {
    const other = networkOptionsFor('https://api.elsewhere.example/token', sources());
    expect(other.ok && other.value.clientCertificates).toBeFalsy();
    expect(other.ok && other.value.proxy?.mode).toBe('manual');
    const plain = networkOptionsFor('http://idp.corp.example/token', sources());
    expect(plain.ok && (plain.value.clientCertificates ?? plain.value.caBundles)).toBeFalsy();
  });

  it('turns verification off only where a Certificates exception covers the host', () => {
    const settings = tls({ verificationOff: [{ id: 'v1', pattern: 'idp.corp.example' }] });
    expect(networkOptionsFor('https://idp.corp.example/token', sources({ tls: settings }))).toMatchObject({ ok: true, value: { insecureTls: true } });
    expect(networkOptionsFor('https://api.corp.example/token', sources({ tls: settings }))).toMatchObject({ ok: true, value: { insecureTls: false } });
  });

  it('refuses a call whose covering client certificate has its key locked in the vault, naming the certificate', () => {
    const locked = tls({ clientCertificates: [cert({ keyPem: '{{secret:tls/c1/keyPem}}' })] });
    const result = networkOptionsFor('https://idp.corp.example/token', sources({ tls: locked }));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain('"Idp client"');
  });

  it('follows the proxy choice: none, and the server environment', () => {
    const none = hostNetworkOptions('https://x.example/', { verificationOff: false }, sources({ proxy: { ...proxy, mode: 'none' } }));
    expect(none.proxy).toEqual({ mode: 'none' });
    const env = hostNetworkOptions('https://x.example/', { verificationOff: false }, sources({ proxy: DEFAULT_PROXY_SETTINGS }));
    expect(env.proxy).toEqual({ mode: 'environment' });
  });
});

describe('keepProxySettings (the proxy settings belong to the workspace)', () => {
  it('adopts the workspace record, writes each change without the password, and stops writing when unsubscribed', async () => {
    const writes: unknown[] = [];
    const stop = keepProxySettings({ mode: 'manual', httpProxy: 'http://p.example:8080', httpsProxy: '', noProxy: '', username: 'u', proxyLoopback: true }, async (value) => {
      writes.push(value);
    });
    expect(proxySettings()).toMatchObject({ mode: 'manual', httpProxy: 'http://p.example:8080', proxyLoopback: true, password: '' });
    saveProxySettings({ ...proxySettings(), password: 'pw-never-stored', noProxy: '*.internal' });
    expect(writes).toEqual([{ mode: 'manual', httpProxy: 'http://p.example:8080', httpsProxy: '', noProxy: '*.internal', username: 'u', proxyLoopback: true }]);
    expect(JSON.stringify(writes)).not.toContain('pw-never-stored');
    stop();
    saveProxySettings({ ...proxySettings(), mode: 'none' });
    expect(writes).toHaveLength(1);
  });

  it('keeps a change made in the page before the workspace finished loading, and writes it', async () => {
    saveProxySettings({ ...DEFAULT_PROXY_SETTINGS, mode: 'none' });
    const writes: unknown[] = [];
    const stop = keepProxySettings({ mode: 'manual', httpProxy: 'http://stale.example:1' }, async (value) => {
      writes.push(value);
    });
    expect(proxySettings().mode).toBe('none');
    expect(writes).toEqual([expect.objectContaining({ mode: 'none' })]);
    stop();
  });

  it('reads a damaged record as the server environment, and never a password from storage', () => {
    expect(readStoredProxySettings({ mode: 'sideways', httpProxy: 42, password: 'leaked' })).toEqual(DEFAULT_PROXY_SETTINGS);
    expect(readStoredProxySettings(null)).toBeUndefined();
  });
});
