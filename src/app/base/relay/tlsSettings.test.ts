import { beforeEach, describe, expect, it } from 'vitest';
import { keptValues, secretKeeper } from '../secrets/secretKeeper';
import { caBundleProblems, clientCertificateProblems, hostPatternsProblem, lockedCertificatesFor, patternsCover, readStoredTlsSettings, splitHostPatterns, storableTlsSettings, tlsForRequest, type CaBundleSetting, type ClientCertificateSetting, type TlsSettings } from './tlsSettings';
import { relayTlsFor, resetTlsSettingsCache, saveTlsSettings, TLS_SETTINGS_STORAGE_KEY, tlsSettings } from './tlsSettingsStore';

const CERT = '-----BEGIN CERTIFICATE-----\nMIIBcert\n-----END CERTIFICATE-----\n';
const KEY = '-----BEGIN PRIVATE KEY-----\nMIIEsecretkeymaterial\n-----END PRIVATE KEY-----\n';
const cert = (patch: Partial<ClientCertificateSetting> = {}): ClientCertificateSetting => ({ id: 'c1', label: 'Staging', hosts: 'api.example.com', format: 'pem', certPem: CERT, keyPem: KEY, pfxBase64: '', pfxFileName: '', passphrase: '', ...patch });
const bundle = (patch: Partial<CaBundleSetting> = {}): CaBundleSetting => ({ id: 'b1', label: 'Corp CA', hosts: '*.corp.example', allHosts: false, pem: CERT, ...patch });
const settings = (patch: Partial<TlsSettings> = {}): TlsSettings => ({ clientCertificates: [], caBundles: [], verificationOff: [], ...patch });

describe('host patterns', () => {
  it('splits on commas and whitespace', () => {
    expect(splitHostPatterns(' a.example, *.b.example\n127.0.0.1:8443 ')).toEqual(['a.example', '*.b.example', '127.0.0.1:8443']);
  });

  it.each([
    ['api.example.com', 'https://api.example.com/x', true],
    ['api.example.com', 'https://API.example.com:8443/x', true],
    ['api.example.com', 'https://other.example.com/', false],
    ['*.example.com', 'https://a.b.example.com/', true],
    ['*.example.com', 'https://example.com/', false],
    ['127.0.0.1:8443', 'https://127.0.0.1:8443/', true],
    ['127.0.0.1:8443', 'https://127.0.0.1:8444/', false],
    ['example.com:443', 'https://example.com/', true],
    ['*', 'https://anything.example/', true],
  ])('%s covers %s: %s', (pattern, url, expected) => {
    expect(patternsCover([pattern], new URL(url))).toBe(expected);
  });

  it('explains a bad pattern, and an empty list', () => {
    expect(hostPatternsProblem('https://api.example.com/v1')).toMatch(/Write only the host/);
    expect(hostPatternsProblem('  ')).toMatch(/at least one host/);
    expect(hostPatternsProblem('a.example, 10.0.0.1:99999')).toMatch(/port "99999"/);
    expect(hostPatternsProblem('a.example, *.b.example')).toBeUndefined();
  });
});

describe('problems per field', () => {
  it('a good PEM pair has none', () => {
    expect(clientCertificateProblems(cert())).toEqual({});
  });

  it('names the field: swapped PEMs, not PEM at all, missing PKCS#12 file', () => {
    expect(clientCertificateProblems(cert({ certPem: KEY, keyPem: CERT }))).toEqual({ certPem: expect.stringMatching(/private key, not a certificate/), keyPem: expect.stringMatching(/certificate, not a private key/) });
    expect(clientCertificateProblems(cert({ label: ' ', certPem: 'hello' }))).toEqual({ label: expect.any(String), certPem: expect.stringMatching(/Not a PEM certificate/) });
    expect(clientCertificateProblems(cert({ format: 'pkcs12' }))).toEqual({ pfx: expect.stringMatching(/Pick the PKCS#12/) });
    expect(clientCertificateProblems(cert({ keyPem: '{{secret:tls/c1.key}}' })).keyPem).toMatch(/vault, which is locked/);
  });

  it('a CA bundle needs hosts unless it covers every host, and never holds a key', () => {
    expect(caBundleProblems(bundle({ hosts: '' }))).toEqual({ hosts: expect.any(String) });
    expect(caBundleProblems(bundle({ hosts: '', allHosts: true }))).toEqual({});
    expect(caBundleProblems(bundle({ pem: CERT + KEY }))).toEqual({ pem: expect.stringMatching(/private key/) });
  });
});

describe('what a request gets', () => {
  const all = settings({
    clientCertificates: [cert(), cert({ id: 'c2', label: 'Other', hosts: 'other.example' }), cert({ id: 'c3', label: 'P12', hosts: '*.example.com', format: 'pkcs12', pfxBase64: 'MIIK', passphrase: 'pw' })],
    caBundles: [bundle(), bundle({ id: 'b2', label: 'Everywhere', allHosts: true }), bundle({ id: 'b3', label: 'Broken', pem: 'nope' })],
    verificationOff: [{ id: 'v1', pattern: 'test.internal:8443' }],
  });

  it('sends only the certificates covering the host, every valid CA bundle (all hosts as *)', () => {
    const tls = tlsForRequest(all, 'https://api.example.com/v1');
    expect(tls.clientCertificates).toEqual([
      { label: 'Staging', hosts: ['api.example.com'], certPem: CERT, keyPem: KEY },
      { label: 'P12', hosts: ['*.example.com'], pfxBase64: 'MIIK', passphrase: 'pw' },
    ]);
    expect(tls.caBundles?.map((b) => [b.label, b.hosts])).toEqual([
      ['Corp CA', ['*.corp.example']],
      ['Everywhere', ['*']],
    ]);
    expect(tls.verificationOff).toBe(false);
  });

  it('sends no certificate to a host none covers, and nothing TLS for plain http', () => {
    expect(tlsForRequest(all, 'https://elsewhere.test/').clientCertificates).toBeUndefined();
    expect(tlsForRequest(all, 'http://api.example.com/')).toEqual({ verificationOff: false });
  });

  it('turns verification off only where an exception covers the host', () => {
    expect(tlsForRequest(all, 'https://test.internal:8443/')).toMatchObject({ verificationOff: true, verificationOffPattern: 'test.internal:8443' });
    expect(tlsForRequest(all, 'https://test.internal/').verificationOff).toBe(false);
  });

  it('a covering certificate whose secrets are locked is named, others are not', () => {
    const locked = settings({ clientCertificates: [cert({ passphrase: '{{secret:tls/c1.passphrase}}' })] });
    expect(lockedCertificatesFor(locked, 'https://api.example.com/')).toEqual(['Staging']);
    expect(lockedCertificatesFor(locked, 'https://other.example/')).toEqual([]);
  });
});

describe('stored form', () => {
  it('replaces keys, PKCS#12 files and passphrases by references; certificates stay', () => {
    const { stored, kept } = storableTlsSettings(settings({ clientCertificates: [cert({ passphrase: 'pw' }), cert({ id: 'c3', format: 'pkcs12', keyPem: '', pfxBase64: 'MIIK', passphrase: '' })] }));
    expect(stored.clientCertificates[0]).toMatchObject({ certPem: CERT, keyPem: '{{secret:tls/c1.key}}', passphrase: '{{secret:tls/c1.passphrase}}' });
    expect(stored.clientCertificates[1]).toMatchObject({ pfxBase64: '{{secret:tls/c3.pkcs12}}', passphrase: '', keyPem: '' });
    expect(kept).toEqual({ 'secret:tls/c1.key': KEY, 'secret:tls/c1.passphrase': 'pw', 'secret:tls/c3.pkcs12': 'MIIK' });
  });

  it('reads a damaged record leniently', () => {
    expect(readStoredTlsSettings(null)).toEqual(settings());
    expect(readStoredTlsSettings({ clientCertificates: [{ label: 'no id' }, { id: 'x', format: 'weird' }], verificationOff: [{ id: 'v' }] })).toEqual(
      settings({ clientCertificates: [{ id: 'x', label: '', hosts: '', format: 'pem', certPem: '', keyPem: '', pfxBase64: '', pfxFileName: '', passphrase: '' }] }),
    );
  });
});

describe('the page store', () => {
  const memory = new Map<string, string>();
  beforeEach(() => {
    memory.clear();
    Object.assign(globalThis, {
      localStorage: { getItem: (k: string) => memory.get(k) ?? null, setItem: (k: string, v: string) => void memory.set(k, v), removeItem: (k: string) => void memory.delete(k) },
    });
    secretKeeper.setState({ values: {}, status: 'memory' });
    resetTlsSettingsCache();
  });

  it('keeps secrets out of localStorage, in the keeper, and puts them back for the relay', () => {
    saveTlsSettings(settings({ clientCertificates: [cert({ passphrase: 'hunter2' })] }));
    const raw = memory.get(TLS_SETTINGS_STORAGE_KEY) ?? '';
    expect(raw).toContain('MIIBcert');
    expect(raw).not.toContain('secretkeymaterial');
    expect(raw).not.toContain('hunter2');
    expect(keptValues()['secret:tls/c1.key']).toBe(KEY);
    expect(tlsSettings().clientCertificates[0]?.keyPem).toBe(KEY);
    const relay = relayTlsFor('https://api.example.com/');
    expect(relay.ok && relay.value.clientCertificates?.[0]).toMatchObject({ keyPem: KEY, passphrase: 'hunter2' });
  });

  it('after a reload without the secrets, the covering request is refused with a reason', () => {
    saveTlsSettings(settings({ clientCertificates: [cert()] }));
    secretKeeper.setState({ values: {}, status: 'locked' });
    resetTlsSettingsCache();
    expect(tlsSettings().clientCertificates[0]?.keyPem).toBe('{{secret:tls/c1.key}}');
    const relay = relayTlsFor('https://api.example.com/');
    expect(relay.ok).toBe(false);
    expect(!relay.ok && relay.message).toMatch(/"Staging".*locked/);
    expect(relayTlsFor('https://other.example/').ok).toBe(true);
  });
});
