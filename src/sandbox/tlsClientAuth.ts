/**
 * The sandbox's mutual TLS: a listener of its own (the HTTPS sandbox port + 1) that asks
 * every client for a certificate. A separate listener, not a path of the HTTPS sandbox,
 * because asking for a certificate on one path means renegotiating, which TLS 1.3 does not
 * have; and asking on every connection of the HTTPS sandbox would mark all its answers
 * "client certificate requested". It never refuses a handshake (`rejectUnauthorized: false`)
 * so `/sandbox/tls/client-cert` can say what it received and why it is or is not accepted.
 * It also serves the sandbox's token endpoint, `/sandbox/oauth/token`, for clients that
 * present an accepted certificate (a token endpoint behind mutual TLS, as RFC 8705's
 * `mtls_endpoint_aliases` describe); without one it answers `invalid_client` saying why.
 * A demo client CA, a demo client certificate (PEM and PKCS#12 with a published passphrase)
 * and an expired one are made at first start into the data folder.
 */
import { X509Certificate } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { sendOAuthError } from './auth/tokenService';
import { tokenEndpointRoutes } from './oauth/tokenEndpoint';
import { sendJson, sendProblem } from './router';
import type { SandboxCertificate } from './tls';
import { issueCertificate, makeCertificateAuthority, toPkcs12, type IssuedCertificate } from './tlsPki';
import { listenForOrigin } from './listenHttps';

/** The published passphrase of the demo PKCS#12 file. */
export const DEMO_P12_PASSPHRASE = 'wirebench-demo';

/** The demo client material, PEM (the .p12 absent when no openssl command was there to make it). */
export interface DemoClientPki {
  ca: IssuedCertificate;
  client: IssuedCertificate;
  expired: IssuedCertificate;
  p12?: Buffer;
}

const DAY = 86_400_000;
const FILES = { caCert: 'demo-client-ca-cert.pem', caKey: 'demo-client-ca-key.pem', cert: 'demo-client-cert.pem', key: 'demo-client-key.pem', expiredCert: 'demo-client-expired-cert.pem', expiredKey: 'demo-client-expired-key.pem', p12: 'demo-client.p12' };

async function readDemo(dataDir: string): Promise<DemoClientPki | undefined> {
  try {
    const read = (name: string) => readFile(path.join(dataDir, name), 'utf8');
    const [caCert, caKey, cert, key, expiredCert, expiredKey] = await Promise.all([FILES.caCert, FILES.caKey, FILES.cert, FILES.key, FILES.expiredCert, FILES.expiredKey].map(read));
    // The demo certificate is renewed before it runs out; the expired one stays expired.
    if (new Date(new X509Certificate(cert!).validTo).getTime() - Date.now() < 30 * DAY) return undefined;
    const p12 = await readFile(path.join(dataDir, FILES.p12)).catch(() => undefined);
    return { ca: { cert: caCert!, key: caKey! }, client: { cert: cert!, key: key! }, expired: { cert: expiredCert!, key: expiredKey! }, ...(p12 ? { p12 } : {}) };
  } catch {
    return undefined;
  }
}

/** Loads the demo client CA and certificates from `dataDir`, or makes and stores them. */
export async function loadOrCreateDemoClientPki(dataDir: string): Promise<DemoClientPki> {
  const existing = await readDemo(dataDir);
  if (existing) return existing;
  const ca = await makeCertificateAuthority('Wirebench sandbox demo client CA', 3650);
  const client = await issueCertificate(ca, 'Wirebench demo client', { client: true });
  const expired = await issueCertificate(ca, 'Wirebench expired demo client', { client: true, notBefore: new Date(Date.now() - 400 * DAY), notAfter: new Date(Date.now() - 35 * DAY) });
  const p12 = await toPkcs12(client, ca, DEMO_P12_PASSPHRASE, 'Wirebench demo client');
  const write = (name: string, text: string | Buffer, mode = 0o644) => writeFile(path.join(dataDir, name), text, { mode });
  await Promise.all([
    write(FILES.caCert, ca.cert),
    write(FILES.caKey, ca.key, 0o600),
    write(FILES.cert, client.cert),
    write(FILES.key, client.key),
    write(FILES.expiredCert, expired.cert),
    write(FILES.expiredKey, expired.key),
    ...(p12 ? [write(FILES.p12, p12)] : []),
  ]);
  return { ca, client, expired, ...(p12 ? { p12 } : {}) };
}

/** What the mTLS endpoint says about the certificate it received. */
export function clientCertificateReport(socket: TLSSocket): { status: number; body: Record<string, unknown> } {
  const peer = socket.getPeerCertificate();
  const received = Boolean(peer && peer.fingerprint256);
  if (!received) {
    return {
      status: 401,
      body: { asked: true, received: false, accepted: false, explanation: 'This endpoint asked for a client certificate and none came. Add the demo client certificate (GET /sandbox/tls/client-demo) for this host in Certificates (top bar) › Client certificates and send again.' },
    };
  }
  const reason = socket.authorizationError ? String(socket.authorizationError) : '';
  const facts = { subject: peer.subject?.CN ?? '', issuer: peer.issuer?.CN ?? '', validFrom: new Date(peer.valid_from).toISOString(), validTo: new Date(peer.valid_to).toISOString(), fingerprint256: peer.fingerprint256 };
  if (socket.authorized) {
    return { status: 200, body: { asked: true, received: true, accepted: true, certificate: facts, explanation: `Accepted: "${facts.subject}" was issued by the demo client CA and is valid until ${facts.validTo.slice(0, 10)}.` } };
  }
  const why =
    reason === 'CERT_HAS_EXPIRED'
      ? `it expired on ${facts.validTo.slice(0, 10)}. A server that checks strictly ends the handshake instead (alert certificate_expired); this one answers so you can see why.`
      : `it was not issued by the demo client CA (${reason || 'verification failed'}).`;
  return { status: 403, body: { asked: true, received: true, accepted: false, reason, certificate: facts, explanation: `A client certificate came but is refused: ${why}` } };
}

/** A started mTLS listener. */
export interface RunningMtlsSandbox {
  origin: string;
  port: number;
  close(): Promise<void>;
}

/** The token endpoint's path on the mTLS listener: the same as on the other listeners, so the issuer's endpoint names stay alike. */
export const MTLS_TOKEN_PATH = '/sandbox/oauth/token';

/**
 * The sandbox's token endpoint for a client whose certificate was accepted; otherwise
 * `401 invalid_client` (RFC 8705 §2) with what came and what to do. The certificate is
 * asked in addition to the client's own authentication (secret or assertion), which the
 * token endpoint checks as on any listener; the issuer is this listener's origin.
 */
async function certificateBoundToken(req: http.IncomingMessage, res: http.ServerResponse, url: URL, origin: string): Promise<void> {
  const report = clientCertificateReport(req.socket as TLSSocket);
  if (report.status !== 200) {
    req.resume();
    return sendOAuthError(res, { status: 401, error: 'invalid_client', description: `This token endpoint requires a client certificate (mutual TLS, RFC 8705). ${String(report.body.explanation)}` });
  }
  if (req.method !== 'POST') {
    req.resume();
    return sendProblem(res, 405, { title: 'Method Not Allowed', detail: `The token endpoint takes POST, not ${req.method ?? 'an empty method'}.` }, { Allow: 'POST' });
  }
  const route = tokenEndpointRoutes[0]!;
  await route.handle({ req, res, url, path: '/oauth/token', params: {}, base: `${origin}/sandbox`, method: 'POST' });
}

/** Starts the mTLS listener with the sandbox's server certificate, asking for certificates of the demo CA. */
export async function startMtlsSandbox(options: { port: number; host: string; certificate: SandboxCertificate; pki: DemoClientPki }): Promise<RunningMtlsSandbox> {
  let origin = '';
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'https://sandbox.invalid');
    const pathname = url.pathname;
    if (pathname === MTLS_TOKEN_PATH) {
      certificateBoundToken(req, res, url, origin).catch((err: unknown) => {
        if (!res.headersSent) sendProblem(res, 500, { title: 'Sandbox fault', detail: (err as Error).message });
        else res.destroy();
      });
      return;
    }
    req.resume();
    if (pathname !== '/sandbox/tls/client-cert') {
      sendJson(res, 404, { detail: `This port serves only /sandbox/tls/client-cert, which asks for a client certificate, and the token endpoint ${MTLS_TOKEN_PATH}, which requires one.` });
      return;
    }
    const report = clientCertificateReport(req.socket as TLSSocket);
    sendJson(res, report.status, report.body, { 'Cache-Control': 'no-store' });
  };
  const server = https.createServer({ key: options.certificate.key, cert: options.certificate.cert, ca: options.pki.ca.cert, requestCert: true, rejectUnauthorized: false }, handle);
  server.on('tlsClientError', () => undefined);
  const { origin: listenedOrigin, port } = await listenForOrigin(server, options.port, options.host);
  origin = listenedOrigin;
  return {
    origin: listenedOrigin,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let demo: { pki: DemoClientPki; origin: string } | undefined;

/** The running mTLS listener and its demo material, for the download routes. */
export function demoClientAuth(): { pki: DemoClientPki; origin: string } | undefined {
  return demo;
}

/** Makes (or loads) the demo material in `dataDir` and starts the mTLS listener; recorded for `/sandbox/tls/client-demo`. */
export async function startClientAuthSandbox(options: { port: number; host: string; dataDir: string; certificate: SandboxCertificate }): Promise<RunningMtlsSandbox> {
  const pki = await loadOrCreateDemoClientPki(options.dataDir);
  const running = await startMtlsSandbox({ ...options, pki });
  demo = { pki, origin: running.origin };
  return {
    ...running,
    close: async () => {
      if (demo?.origin === running.origin) demo = undefined;
      await running.close();
    },
  };
}
