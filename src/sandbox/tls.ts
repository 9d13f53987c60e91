/**
 * The sandbox over HTTPS: a self-signed certificate made at first start (selfsigned) and
 * kept in the local data folder, so its fingerprint stays the same across launches and a
 * person can decide once to trust it for this target. A certificate that no longer loads
 * or is about to expire is replaced.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import http2 from 'node:http2';
import type net from 'node:net';
import path from 'node:path';
import { generate } from 'selfsigned';
import { handleSandbox } from './index';
import { setHttpsSandboxInfo, type HttpsSandboxInfo } from './tlsInfo';
import { listenForOrigin } from './listenHttps';
import { handleSandboxWebSocket, SANDBOX_WS_PREFIX } from './websocket/endpoints';

/** The key, the certificate (PEM) and its SHA-256 fingerprint as Node prints it (`AB:CD:…`). */
export interface SandboxCertificate {
  key: string;
  cert: string;
  fingerprint256: string;
  /** True when this call made it (first start, or the old one was unusable). */
  created: boolean;
  validTo: Date;
}

const KEY_FILE = 'sandbox-tls-key.pem';
const CERT_FILE = 'sandbox-tls-cert.pem';
const VALID_DAYS = 825;
/** Renew when fewer days than this are left, so a running sandbox never crosses expiry. */
const RENEW_DAYS = 30;

/** The data folder: `WIREBENCH_DATA_DIR`, else `.wirebench/` in `root`. */
export function sandboxDataDir(root: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.WIREBENCH_DATA_DIR ? path.resolve(env.WIREBENCH_DATA_DIR) : path.join(root, '.wirebench');
}

async function readExisting(dataDir: string): Promise<SandboxCertificate | undefined> {
  try {
    const [key, cert] = await Promise.all([readFile(path.join(dataDir, KEY_FILE), 'utf8'), readFile(path.join(dataDir, CERT_FILE), 'utf8')]);
    const x509 = new X509Certificate(cert);
    const validTo = new Date(x509.validTo);
    if (validTo.getTime() - Date.now() < RENEW_DAYS * 86_400_000) return undefined;
    if (!x509.checkPrivateKey(createPrivateKey(key))) return undefined;
    return { key, cert, fingerprint256: x509.fingerprint256, created: false, validTo };
  } catch {
    return undefined;
  }
}

/** Writes atomically (temp file, then rename) so a crash never leaves half a key. */
async function writeAtomic(file: string, text: string, mode: number): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, text, { mode });
  await rename(temp, file);
}

/**
 * Loads the sandbox certificate from `dataDir`, or makes one (EC P-256, SHA-256, for
 * localhost, 127.0.0.1 and ::1) and stores it there, the key readable only by the owner.
 */
export async function loadOrCreateCertificate(dataDir: string): Promise<SandboxCertificate> {
  const existing = await readExisting(dataDir);
  if (existing) return existing;
  const notBeforeDate = new Date(Date.now() - 60_000);
  const notAfterDate = new Date(notBeforeDate.getTime() + VALID_DAYS * 86_400_000);
  const pems = await generate([{ name: 'commonName', value: 'Wirebench sandbox (localhost)' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }, { type: 7, ip: '::1' }] },
    ],
  });
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await writeAtomic(path.join(dataDir, KEY_FILE), pems.private, 0o600);
  await writeAtomic(path.join(dataDir, CERT_FILE), pems.cert, 0o644);
  const x509 = new X509Certificate(pems.cert);
  return { key: pems.private, cert: pems.cert, fingerprint256: x509.fingerprint256, created: true, validTo: new Date(x509.validTo) };
}

/** Options of `startHttpsSandbox`. */
export interface HttpsSandboxOptions {
  port: number;
  host: string;
  dataDir: string;
  /** Answers each request; defaults to the sandbox at `/sandbox` (anything else is 404). */
  handler?: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void> | void;
}

/** A started HTTPS sandbox: h2 and http/1.1 on one port, chosen by ALPN. */
export interface RunningHttpsSandbox extends HttpsSandboxInfo {
  server: http2.Http2SecureServer;
  port: number;
  certificate: SandboxCertificate;
  close(): Promise<void>;
}

function defaultHandler(origin: () => string) {
  return async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'https://sandbox.invalid');
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end('Bad request target\n');
      return;
    }
    if (url.pathname === '/sandbox' || url.pathname.startsWith('/sandbox/')) {
      await handleSandbox(req, res, url, { base: `${origin()}/sandbox` });
      return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Only the sandbox is served over HTTPS: try /sandbox\n');
  };
}

/** Starts the sandbox over HTTPS with the stored (or a new) self-signed certificate. */
export async function startHttpsSandbox(options: HttpsSandboxOptions): Promise<RunningHttpsSandbox> {
  const certificate = await loadOrCreateCertificate(options.dataDir);
  let origin = '';
  const handle = options.handler ?? defaultHandler(() => origin);
  // allowHTTP1: a client that offers h2 by ALPN gets HTTP/2, any other HTTP/1.1, on the same port.
  // Handlers get Node's HTTP/2 compatibility request and response, which read and write as HTTP/1.1's do.
  const server = http2.createSecureServer({ key: certificate.key, cert: certificate.cert, allowHTTP1: true }, (req, res) => {
    const [request, response] = [req as unknown as http.IncomingMessage, res as unknown as http.ServerResponse];
    Promise.resolve(handle(request, response)).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // The sandbox's WebSocket endpoints over TLS (wss://…/sandbox/ws/…), on HTTP/1.1 connections.
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (path === SANDBOX_WS_PREFIX || path.startsWith(`${SANDBOX_WS_PREFIX}/`)) return handleSandboxWebSocket(req, socket, head, new URL(req.url ?? '/', 'https://sandbox.invalid'));
    socket.end('HTTP/1.1 404 Not Found\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 41\r\nConnection: close\r\n\r\nNo WebSocket endpoint at this path here.\n');
  });
  server.on('tlsClientError', () => undefined);
  // A session error (a client gone mid-frame) ends that session only.
  server.on('sessionError', () => undefined);
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });
  const { origin: listenedOrigin, port } = await listenForOrigin(server, options.port, options.host);
  origin = listenedOrigin;
  const info: HttpsSandboxInfo = { origin, fingerprint256: certificate.fingerprint256, validTo: certificate.validTo.toISOString() };
  setHttpsSandboxInfo(info);
  return {
    ...info,
    server,
    port,
    certificate,
    close: () =>
      new Promise<void>((resolve) => {
        setHttpsSandboxInfo(undefined, origin);
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
