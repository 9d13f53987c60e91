/**
 * What a TLS connection is reported as (version, cipher, ALPN, the server's chain, the
 * client certificate asked for and sent) and how its client-certificate failures are
 * explained. Whether the server asked is read from `getSharedSigalgs()`: on the client,
 * OpenSSL fills the shared signature algorithms only from a CertificateRequest.
 */
import type { PeerCertificate, TLSSocket } from 'node:tls';
import type { RelayCertificateSummary, RelayClientCertificateUse, RelayTls } from '../core';
import { clientFacts, TlsFailure, type ClientCertificateFacts, type TlsSelection } from './tlsMaterial';

const MAX_CHAIN = 10;

function distinguishedName(name: PeerCertificate['subject'] | undefined): string {
  if (!name) return '';
  return Object.entries(name)
    .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join('+') : value}`)
    .join(', ');
}

function summarise(cert: PeerCertificate & { ca?: boolean }): RelayCertificateSummary {
  const iso = (text: string) => (Number.isNaN(Date.parse(text)) ? text : new Date(text).toISOString());
  return {
    subject: distinguishedName(cert.subject),
    issuer: distinguishedName(cert.issuer),
    validFrom: iso(cert.valid_from),
    validTo: iso(cert.valid_to),
    subjectAltNames: cert.subjectaltname ? cert.subjectaltname.split(/,\s*/).map((s) => s.replace(/^IP Address:/, 'IP:')) : [],
    fingerprint256: cert.fingerprint256,
    ...(cert.serialNumber ? { serialNumber: cert.serialNumber } : {}),
    ...(cert.ca !== undefined ? { ca: cert.ca } : {}),
  };
}

/** The server's chain as presented, leaf first (a self-signed root ends it). */
export function peerChain(socket: TLSSocket): RelayCertificateSummary[] {
  const chain: RelayCertificateSummary[] = [];
  let cert = socket.getPeerCertificate(true) as PeerCertificate & { issuerCertificate?: PeerCertificate };
  const seen = new Set<string>();
  while (cert && cert.fingerprint256 && !seen.has(cert.fingerprint256) && chain.length < MAX_CHAIN) {
    seen.add(cert.fingerprint256);
    chain.push(summarise(cert));
    cert = cert.issuerCertificate as typeof cert;
  }
  return chain;
}

/** The client certificate's facts, completed from the socket (a PKCS#12's subject is only known there). */
function facts(socket: TLSSocket, selection: TlsSelection): ClientCertificateFacts | undefined {
  if (!selection.client) return undefined;
  const known = clientFacts(selection.client);
  if (known.subject) return known;
  const local = socket.getCertificate() as PeerCertificate | null;
  if (!local || !('subject' in local) || !local.valid_to) return known;
  const validTo = new Date(local.valid_to);
  return { ...known, subject: distinguishedName(local.subject), issuer: distinguishedName(local.issuer), validTo: validTo.toISOString(), expired: validTo.getTime() < Date.now() };
}

/** Whether a CertificateRequest came, and whether the relay had a certificate to answer it. */
export function clientCertificateUse(socket: TLSSocket, selection: TlsSelection): RelayClientCertificateUse {
  let requested = false;
  try {
    requested = socket.getSharedSigalgs().length > 0;
  } catch {
    requested = false;
  }
  const known = facts(socket, selection);
  const use: RelayClientCertificateUse = { requested, sent: requested && known !== undefined };
  if (known) Object.assign(use, { label: known.label, ...(known.subject ? { subject: known.subject } : {}), ...(known.validTo ? { validTo: known.validTo, expired: known.expired } : {}) });
  return use;
}

/** The report of an established connection. */
export function describeTls(socket: TLSSocket, selection: TlsSelection, verdict: { authorized: boolean; fingerprint?: string }): RelayTls {
  const alpn = socket.alpnProtocol;
  return {
    protocol: socket.getProtocol() ?? undefined,
    cipher: socket.getCipher()?.name,
    peerFingerprint256: verdict.fingerprint,
    authorized: verdict.authorized,
    ...(typeof alpn === 'string' && alpn ? { alpnProtocol: alpn } : {}),
    chain: peerChain(socket),
    clientCertificate: clientCertificateUse(socket, selection),
    ...(selection.cas.length ? { caBundles: selection.cas.map((c) => c.label) } : {}),
  };
}

/** Errors OpenSSL reports for the alerts a server sends about our certificate, and what each means. */
const ALERTS: [RegExp, string][] = [
  [/CERTIFICATE_EXPIRED|certificate expired/i, 'it says the certificate has expired'],
  [/UNKNOWN_CA|unknown ca/i, 'it does not know the CA that issued the certificate'],
  [/CERTIFICATE_REVOKED|certificate revoked/i, 'it says the certificate was revoked'],
  [/BAD_CERTIFICATE|bad certificate|CERTIFICATE_UNKNOWN|certificate unknown|UNSUPPORTED_CERTIFICATE/i, 'it did not accept the certificate'],
  [/ACCESS_DENIED|access denied/i, 'it denied access to this certificate'],
];

const closedEarly = (code: string, message: string) => /^(ECONNRESET|EPIPE)$/.test(code) || message === 'socket hang up' || /disconnected before secure TLS/.test(message);

function expiredNote(f: ClientCertificateFacts | RelayClientCertificateUse): string {
  return f.expired && f.validTo ? ` The certificate expired on ${f.validTo.slice(0, 10)}, which is the likely reason.` : '';
}

/**
 * Explains a failure of a connection that asked for a client certificate (or was refused
 * for lack of one), or returns undefined when the failure is not about client certificates.
 * `use` is what the handshake showed; `host` names the server.
 */
export function explainClientCertificateFailure(err: NodeJS.ErrnoException, use: RelayClientCertificateUse | undefined, host: string): TlsFailure | undefined {
  const code = err.code ?? '';
  const message = err.message ?? '';
  const text = `${code} ${message}`;
  const addHint = `Add one for ${host} in Certificates (top bar) › Client certificates (PEM certificate and key, or PKCS#12).`;
  if (/CERTIFICATE_REQUIRED|certificate required/i.test(text) || (/HANDSHAKE_FAILURE|handshake failure/i.test(text) && use?.requested && !use.sent)) {
    if (use?.label) {
      return new TlsFailure(`${host} requires a client certificate and did not take "${use.label}".${expiredNote(use)}`, code || 'WB_CLIENT_CERT_REFUSED', message);
    }
    return new TlsFailure(`${host} requires a client certificate and none is configured for it, so the handshake failed. ${addHint}`, code || 'WB_CLIENT_CERT_MISSING', message);
  }
  const alert = ALERTS.find(([pattern]) => pattern.test(text));
  if (alert && use?.label) {
    return new TlsFailure(`${host} refused the client certificate "${use.label}": ${alert[1]}.${expiredNote(use)}`, code, message);
  }
  if (use?.requested && closedEarly(code, message)) {
    const why = use.sent
      ? `The relay presented "${use.label}"${use.subject ? ` (${use.subject})` : ''}; the server most likely refused it.${expiredNote(use)} Check that it is valid and issued by a CA the server trusts.`
      : `No client certificate is configured for ${host}, so none was sent; the server most likely requires one. ${addHint}`;
    return new TlsFailure(`${host} asked for a client certificate and closed the connection without answering. ${why}`, 'WB_CLIENT_CERT_REFUSED', message);
  }
  return undefined;
}

/** Verification failures that mean "issued by a CA this relay does not trust". */
const UNKNOWN_ISSUER = /^(UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(_LOCALLY)?|SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT)$/;

/** The next step for a server certificate refused for its issuer: add the CA, or trust this one certificate. */
export function untrustedHint(reason: string, host: string): string {
  if (!UNKNOWN_ISSUER.test(reason)) return '';
  return ` It was issued by a CA the relay does not trust. If ${host} uses a private CA, add that CA's certificate as a CA bundle for ${host} in Certificates (top bar); or trust this one certificate by its fingerprint.`;
}
