/**
 * TLS settings (issue 17, item 4): client certificates and CA bundles by host pattern, and
 * hosts whose certificate is not verified. Host patterns are the vault's allow-list
 * patterns (`api.example.com`, `*.example.com`, `127.0.0.1:8443`), so one rule decides
 * where a token and where a certificate may go; a CA bundle may also cover every host.
 *
 * Keys, PKCS#12 files and passphrases are secrets: what is stored holds `{{secret:tls/…}}`
 * references and the values go to the page's secret keeper (issue 13's rule). This module
 * is the pure model: checks, what a request gets, and the stored form.
 */
import { parseVaultHostPattern, vaultHostMatches, type RelayCaBundle, type RelayClientCertificate } from '../../../core';

/** A client certificate: PEM certificate + key, or a PKCS#12 file + passphrase. */
export interface ClientCertificateSetting {
  id: string;
  label: string;
  /** Host patterns, one per line or comma-separated. */
  hosts: string;
  format: 'pem' | 'pkcs12';
  certPem: string;
  /** Secret. */
  keyPem: string;
  /** Secret: the PKCS#12 file, base64. */
  pfxBase64: string;
  /** The picked file's name, shown again (not a secret). */
  pfxFileName: string;
  /** Secret: of the encrypted key or the PKCS#12 file. */
  passphrase: string;
}

/** CA certificates trusted in addition to the usual roots. */
export interface CaBundleSetting {
  id: string;
  label: string;
  hosts: string;
  /** Trusted for every host (sent to the relay as `*`). */
  allHosts: boolean;
  pem: string;
}

/** A host pattern whose certificates are not verified, added only after an explicit confirmation. */
export interface VerificationException {
  id: string;
  pattern: string;
}

export interface TlsSettings {
  clientCertificates: ClientCertificateSetting[];
  caBundles: CaBundleSetting[];
  verificationOff: VerificationException[];
}

export const EMPTY_TLS_SETTINGS: TlsSettings = { clientCertificates: [], caBundles: [], verificationOff: [] };

/** The fields a problem may be reported on. */
export type ClientCertificateField = 'label' | 'hosts' | 'certPem' | 'keyPem' | 'pfx';
export type CaBundleField = 'label' | 'hosts' | 'pem';

/** `a.example, *.b.example\n127.0.0.1:8443` → the patterns, trimmed, empty ones dropped. */
export function splitHostPatterns(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The first problem of a pattern list, in words, or undefined. */
export function hostPatternsProblem(text: string): string | undefined {
  const patterns = splitHostPatterns(text);
  if (patterns.length === 0) return 'Name at least one host, e.g. "api.example.com", "*.example.com" or "127.0.0.1:8443".';
  for (const pattern of patterns) {
    const parsed = parseVaultHostPattern(pattern);
    if (!parsed.ok) return parsed.error.message.replace('the token', 'this');
  }
  return undefined;
}

/** Whether `patterns` cover `url`'s host (and port, when a pattern names one); `*` covers every host. */
export function patternsCover(patterns: readonly string[], url: URL): boolean {
  return patterns.some((text) => {
    if (text === '*') return true;
    const parsed = parseVaultHostPattern(text);
    return parsed.ok && vaultHostMatches(parsed.value, url);
  });
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/;
const PEM_KEY = /-----BEGIN (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----[\s\S]+?-----END (?:RSA |EC |ENCRYPTED )?PRIVATE KEY-----/;

function pemProblem(text: string, what: 'certificate' | 'key'): string | undefined {
  if (!text.trim()) return what === 'certificate' ? 'Paste the PEM certificate or pick its file.' : 'Paste the PEM private key or pick its file.';
  if (what === 'certificate') {
    if (PEM_KEY.test(text) && !PEM_CERTIFICATE.test(text)) return 'This is a private key, not a certificate: it belongs in the key field.';
    return PEM_CERTIFICATE.test(text) ? undefined : 'Not a PEM certificate: expected "-----BEGIN CERTIFICATE-----" … "-----END CERTIFICATE-----".';
  }
  if (PEM_CERTIFICATE.test(text) && !PEM_KEY.test(text)) return 'This is a certificate, not a private key: it belongs in the certificate field.';
  return PEM_KEY.test(text) ? undefined : 'Not a PEM private key: expected "-----BEGIN PRIVATE KEY-----" (or RSA, EC, ENCRYPTED).';
}

/**
 * What is wrong with a client certificate, per field. Whether the key belongs to the
 * certificate and whether the passphrase opens it only OpenSSL can tell: the relay reports
 * that on send, naming the certificate, before any byte reaches the server.
 */
export function clientCertificateProblems(entry: ClientCertificateSetting): Partial<Record<ClientCertificateField, string>> {
  const problems: Partial<Record<ClientCertificateField, string>> = {};
  if (!entry.label.trim()) problems.label = 'Give it a name, used in the inspector and in error messages.';
  const hosts = hostPatternsProblem(entry.hosts);
  if (hosts) problems.hosts = hosts;
  const lockedNote = 'Not available in this tab: sealed in the vault, which is locked, or kept only in the memory of a tab since closed. Unlock the vault, or give it again.';
  if (entry.format === 'pem' && entry.keyPem.startsWith('{{secret:')) problems.keyPem = lockedNote;
  else if (entry.format === 'pkcs12' && entry.pfxBase64.startsWith('{{secret:')) problems.pfx = lockedNote;
  else if (entry.format === 'pem') {
    const cert = pemProblem(entry.certPem, 'certificate');
    const key = pemProblem(entry.keyPem, 'key');
    if (cert) problems.certPem = cert;
    if (key) problems.keyPem = key;
  } else if (!entry.pfxBase64) problems.pfx = 'Pick the PKCS#12 (.p12 or .pfx) file.';
  return problems;
}

/** What is wrong with a CA bundle, per field. */
export function caBundleProblems(entry: CaBundleSetting): Partial<Record<CaBundleField, string>> {
  const problems: Partial<Record<CaBundleField, string>> = {};
  if (!entry.label.trim()) problems.label = 'Give it a name, shown in the Connection table when it is used.';
  if (!entry.allHosts) {
    const hosts = hostPatternsProblem(entry.hosts);
    if (hosts) problems.hosts = hosts;
  }
  if (!entry.pem.trim()) problems.pem = 'Paste the PEM CA certificates or pick their file.';
  else if (!PEM_CERTIFICATE.test(entry.pem)) problems.pem = 'Not PEM certificates: expected one or more "-----BEGIN CERTIFICATE-----" blocks.';
  else if (PEM_KEY.test(entry.pem)) problems.pem = 'This contains a private key: a CA bundle holds certificates only. Remove the key.';
  return problems;
}

/** What the relay is told for one request. */
export interface RequestTls {
  clientCertificates?: RelayClientCertificate[];
  caBundles?: RelayCaBundle[];
  /** A verification exception covers the request's host: the relay is told to skip verification. */
  verificationOff: boolean;
  /** The pattern that turned verification off, for messages. */
  verificationOffPattern?: string;
}

const relayCertificate = (entry: ClientCertificateSetting): RelayClientCertificate => ({
  label: entry.label.trim(),
  hosts: splitHostPatterns(entry.hosts),
  ...(entry.format === 'pem' ? { certPem: entry.certPem, keyPem: entry.keyPem } : { pfxBase64: entry.pfxBase64 }),
  ...(entry.passphrase ? { passphrase: entry.passphrase } : {}),
});

/**
 * The TLS material for a request to `url`: the client certificates whose patterns cover
 * its host (only those: a key goes to the relay only for a request that may use it; the
 * relay still presents it per connection, so a redirect elsewhere goes without it), every
 * CA bundle (public; the relay trusts each for the hosts it covers), and whether
 * verification is off for this host. Entries with problems are left out.
 */
export function tlsForRequest(settings: TlsSettings, url: string): RequestTls {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { verificationOff: false };
  }
  if (target.protocol !== 'https:') return { verificationOff: false };
  const certificates = settings.clientCertificates.filter((c) => Object.keys(clientCertificateProblems(c)).length === 0 && patternsCover(splitHostPatterns(c.hosts), target)).map(relayCertificate);
  const bundles = settings.caBundles
    .filter((b) => Object.keys(caBundleProblems(b)).length === 0)
    .map((b): RelayCaBundle => ({ label: b.label.trim(), hosts: b.allHosts ? ['*'] : splitHostPatterns(b.hosts), pem: b.pem }));
  const off = settings.verificationOff.find((v) => patternsCover([v.pattern], target));
  return {
    ...(certificates.length ? { clientCertificates: certificates } : {}),
    ...(bundles.length ? { caBundles: bundles } : {}),
    verificationOff: Boolean(off),
    ...(off ? { verificationOffPattern: off.pattern } : {}),
  };
}

/**
 * The labels of client certificates covering `url` whose secrets this page does not have
 * (their references could not be resolved: the vault is locked, or they were kept only in
 * the memory of a closed tab). Such a request is not sent without them.
 */
export function lockedCertificatesFor(settings: TlsSettings, url: string): string[] {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return [];
  }
  if (target.protocol !== 'https:') return [];
  const locked = (c: ClientCertificateSetting) => [c.keyPem, c.pfxBase64, c.passphrase].some((v) => v.startsWith('{{secret:'));
  return settings.clientCertificates.filter((c) => locked(c) && patternsCover(splitHostPatterns(c.hosts), target)).map((c) => c.label.trim() || 'unnamed');
}

const SECRET_FIELDS = ['keyPem', 'pfxBase64', 'passphrase'] as const;
type SecretField = (typeof SECRET_FIELDS)[number];

/** The kept-secret name of one secret field of a certificate: `secret:tls/<id>.key`. */
export function tlsSecretName(id: string, field: SecretField): string {
  const short: Record<SecretField, string> = { keyPem: 'key', pfxBase64: 'pkcs12', passphrase: 'passphrase' };
  return `secret:tls/${id.replace(/[^A-Za-z0-9_-]+/g, '_')}.${short[field]}`;
}

/** The settings as stored: each non-empty secret replaced by its reference, and the values taken out. */
export function storableTlsSettings(settings: TlsSettings): { stored: TlsSettings; kept: Record<string, string> } {
  const kept: Record<string, string> = {};
  const clientCertificates = settings.clientCertificates.map((entry) => {
    const out = { ...entry };
    for (const field of SECRET_FIELDS) {
      const value = entry[field];
      if (!value || value.startsWith('{{secret:')) continue;
      const name = tlsSecretName(entry.id, field);
      kept[name] = value;
      out[field] = `{{${name}}}`;
    }
    return out;
  });
  return { stored: { ...settings, clientCertificates }, kept };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => Boolean(v) && typeof v === 'object') : []);

/** The stored settings read leniently: a missing or damaged record is empty, an entry without an id is dropped. */
export function readStoredTlsSettings(value: unknown): TlsSettings {
  const record = (value ?? {}) as Record<string, unknown>;
  return {
    clientCertificates: list(record.clientCertificates)
      .filter((c) => text(c.id))
      .map((c) => ({
        id: text(c.id),
        label: text(c.label),
        hosts: text(c.hosts),
        format: c.format === 'pkcs12' ? 'pkcs12' : 'pem',
        certPem: text(c.certPem),
        keyPem: text(c.keyPem),
        pfxBase64: text(c.pfxBase64),
        pfxFileName: text(c.pfxFileName),
        passphrase: text(c.passphrase),
      })),
    caBundles: list(record.caBundles)
      .filter((b) => text(b.id))
      .map((b) => ({ id: text(b.id), label: text(b.label), hosts: text(b.hosts), allHosts: b.allHosts === true, pem: text(b.pem) })),
    verificationOff: list(record.verificationOff)
      .filter((v) => text(v.id) && text(v.pattern))
      .map((v) => ({ id: text(v.id), pattern: text(v.pattern) })),
  };
}

/** A fresh id for a new entry. */
export function newTlsEntryId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
