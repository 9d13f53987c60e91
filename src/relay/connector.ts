/**
 * Keep-alive agents that open their own sockets, so every phase of a new connection is
 * timed (DNS, TCP connect, TLS handshake) and a certificate is judged before a single
 * request byte is written. Node's default TLS path would hand cleartext to the TLS layer
 * before our verdict when verification is off; here the socket reaches HTTP only after it.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import type { RelayPhase, RelayTls } from '../core';

/** How the relay treats the server certificate of one request. */
export interface TlsPolicy {
  insecure: boolean;
  /** Normalised SHA-256 fingerprints (upper-case hex with colons) trusted in addition to the CA store. */
  trusted: string[];
}

/** What a fresh connection measured; absent for reused sockets. */
export interface ConnectionTimings {
  dns: number;
  connect: number;
  tls: number;
  /** performance.now() when the socket became usable. */
  readyAt: number;
  tlsInfo?: RelayTls;
}

/** Timings of sockets this module opened, read by the relay when a request gets its socket. */
export const connectionTimings = new WeakMap<net.Socket, ConnectionTimings>();

/** A TLS verification failure carrying what the person needs to decide on trust. */
export class CertificateError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly peerFingerprint256: string | undefined,
  ) {
    super(message);
    this.name = 'CertificateError';
  }
}

/** Normalises a fingerprint for comparison (`ab:cd…` or `ABCD…` → `AB:CD…`). */
export function normaliseFingerprint(value: string): string {
  const hex = value.replace(/[^0-9a-fA-F]/g, '').toUpperCase();
  return hex.match(/.{1,2}/g)?.join(':') ?? '';
}

/** Where a request stands, shared between the connector and the exchange it serves. */
export interface PhaseTracker {
  phase: RelayPhase;
}

interface ConnectOptions extends http.ClientRequestArgs {
  wbTls?: TlsPolicy;
  servername?: string;
  /** Set as the connection moves through DNS, TCP connect and TLS. */
  wbPhase?: PhaseTracker;
  /** Aborted when the request's deadline passes or it is cancelled: the half-open socket is destroyed. */
  wbDeadline?: AbortSignal;
}

// Node's Agent calls createConnection(options, callback) and waits for the callback when it returns nothing.
type Callback = (err: Error | null, socket: net.Socket) => void;

function openSocket(options: ConnectOptions, secure: boolean, callback: Callback): void {
  const start = performance.now();
  const host = (options.hostname ?? options.host ?? 'localhost').replace(/^\[|\]$/g, '');
  const port = Number(options.port) || (secure ? 443 : 80);
  const timings: ConnectionTimings = { dns: 0, connect: 0, tls: 0, readyAt: 0 };
  let settled = false;
  let open: net.Socket | undefined;
  const deadline = options.wbDeadline;
  const setPhase = (phase: RelayPhase) => {
    if (options.wbPhase) options.wbPhase.phase = phase;
  };
  const onDeadline = () => {
    // The exchange has already ended with its timeout or cancel; free what is half open.
    const reason = Object.assign(new Error('Connection abandoned at the deadline'), { code: 'WB_TIMEOUT' });
    open?.destroy();
    done(reason);
  };
  const done = (err: Error | null, socket?: net.Socket) => {
    if (settled) return;
    settled = true;
    deadline?.removeEventListener('abort', onDeadline);
    callback(err, socket as net.Socket);
  };
  if (deadline?.aborted) {
    onDeadline();
    return;
  }
  deadline?.addEventListener('abort', onDeadline, { once: true });

  const afterLookup = (address: string, family: number) => {
    if (settled) return;
    setPhase('connect');
    const connectStart = performance.now();
    const raw = net.connect({ host: address, port, family });
    open = raw;
    raw.setNoDelay(true);
    raw.once('error', (err) => done(err));
    raw.once('connect', () => {
      timings.connect = performance.now() - connectStart;
      if (!secure) {
        timings.readyAt = performance.now();
        connectionTimings.set(raw, timings);
        done(null, raw);
        return;
      }
      setPhase('tls');
      const tlsStart = performance.now();
      // SNI carries host names only (RFC 6066 §3); an IP literal is sent without it.
      const servername = net.isIP(host) ? undefined : (options.servername ?? host);
      const socket = tls.connect({ socket: raw, servername, rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] });
      open = socket;
      socket.once('error', (err) => done(err));
      socket.once('secureConnect', () => {
        timings.tls = performance.now() - tlsStart;
        const cert = socket.getPeerCertificate();
        const fingerprint = cert && cert.fingerprint256 ? cert.fingerprint256 : undefined;
        const policy = options.wbTls ?? { insecure: false, trusted: [] };
        let authorized = socket.authorized;
        let reason = socket.authorizationError ? String(socket.authorizationError) : '';
        if (authorized) {
          // An IP literal is checked against the certificate's IP addresses.
          const identityError = tls.checkServerIdentity(servername ?? host, cert);
          if (identityError) {
            authorized = false;
            reason = identityError.message;
          }
        }
        const trusted = fingerprint !== undefined && policy.trusted.includes(normaliseFingerprint(fingerprint));
        if (!authorized && !trusted && !policy.insecure) {
          socket.destroy();
          done(
            new CertificateError(
              `The certificate of ${host}:${port} was not accepted: ${reason || 'verification failed'}.`,
              reason || 'CERT_UNTRUSTED',
              fingerprint,
            ),
          );
          return;
        }
        timings.tlsInfo = {
          protocol: socket.getProtocol() ?? undefined,
          cipher: socket.getCipher()?.name,
          peerFingerprint256: fingerprint,
          authorized: authorized || trusted,
        };
        timings.readyAt = performance.now();
        connectionTimings.set(socket, timings);
        done(null, socket);
      });
    });
  };

  if (net.isIP(host)) {
    afterLookup(host, net.isIP(host));
    return;
  }
  setPhase('dns');
  dns.lookup(host, (err, address, family) => {
    timings.dns = performance.now() - start;
    if (err) done(err);
    else afterLookup(address, family);
  });
}

function poolSuffix(options: ConnectOptions): string {
  const policy = options.wbTls;
  if (!policy) return ':verify';
  if (policy.insecure) return ':insecure';
  return policy.trusted.length ? `:trust=${policy.trusted.join(',')}` : ':verify';
}

/** Keep-alive agent for http: targets with timed connects. */
export class TimedHttpAgent extends http.Agent {
  override createConnection(options: http.ClientRequestArgs, callback?: Callback): undefined {
    if (!callback) throw new TypeError('TimedHttpAgent.createConnection needs a callback');
    openSocket(options as ConnectOptions, false, callback);
    return undefined;
  }
}

/** Keep-alive agent for https: targets with timed connects and our certificate verdict. */
export class TimedHttpsAgent extends https.Agent {
  override getName(options?: https.RequestOptions): string {
    return super.getName(options) + poolSuffix((options ?? {}) as ConnectOptions);
  }
  override createConnection(options: https.RequestOptions, callback?: Callback): undefined {
    if (!callback) throw new TypeError('TimedHttpsAgent.createConnection needs a callback');
    openSocket(options as ConnectOptions, true, callback);
    return undefined;
  }
}
