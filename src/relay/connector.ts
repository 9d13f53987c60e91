/**
 * Keep-alive agents that open their own sockets, so every phase of a new connection is
 * timed (DNS, TCP connect, TLS handshake) and a certificate is judged before a single
 * request byte is written. Node's default TLS path would hand cleartext to the TLS layer
 * before our verdict when verification is off; here the socket reaches HTTP only after it.
 */
import { createHash } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import type { RelayClientCertificateUse, RelayPhase, RelayTls } from '../core';
import { proxyCredentialsScheme, type ProxyRoute } from './proxyRules';
import { firstProxyAuthorization, tunnelDigestRetry } from './proxyDigest';
import { connectAuthority, openTunnel, proxyUnreachable, tunnelClosed } from './proxyTunnel';
import { secureContextFor, selectTls, TlsFailure, type TlsIdentities } from './tlsMaterial';
import { clientCertificateUse, describeTls, explainClientCertificateFailure, untrustedHint } from './tlsReport';

/** How the relay treats the server certificate of one request. */
export interface TlsPolicy {
  insecure: boolean;
  /** Normalised SHA-256 fingerprints (upper-case hex with colons) trusted in addition to the CA store. */
  trusted: string[];
  /** Client certificates and CA bundles by host pattern; each connection takes what covers its host. */
  identities?: TlsIdentities;
}

/** What a fresh connection measured; absent for reused sockets. */
export interface ConnectionTimings {
  dns: number;
  connect: number;
  tls: number;
  /** performance.now() when the socket became usable. */
  readyAt: number;
  tlsInfo?: RelayTls;
  /** TLS with an https proxy, and the CONNECT answer time, when the socket went through a proxy. */
  proxyTls?: number;
  tunnel?: number;
  /** The credentials scheme the tunnel was opened with, and whether a Digest challenge was answered to open it. */
  proxyCredentials?: 'Basic' | 'Digest';
  proxyChallenged?: boolean;
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

export interface ConnectOptions extends http.ClientRequestArgs {
  wbTls?: TlsPolicy;
  servername?: string;
  /** Set as the connection moves through DNS, TCP connect and TLS. */
  wbPhase?: PhaseTracker;
  /**
   * Aborted when the request's deadline passes or it is cancelled: the half-open socket is
   * destroyed. A function is asked only when a connection is opened (a request on a kept-alive
   * socket then makes no AbortController).
   */
  wbDeadline?: AbortSignal | (() => AbortSignal);
  /** The proxy to go through: the socket is opened to it (and tunnelled for an https target). */
  wbProxy?: ProxyRoute;
  /** ALPN protocols offered to an https target (default: http/1.1 only); see `http2Route.ts`. */
  wbAlpn?: string[];
  /** A socket already opened (by `openConnection`) that the agent takes instead of opening one. */
  wbPrepared?: net.Socket;
}

// Node's Agent calls createConnection(options, callback) and waits for the callback when it returns nothing.
type Callback = (err: Error | null, socket: net.Socket) => void;

const STRICT: TlsPolicy = { insecure: false, trusted: [] };

/** Opens TLS over `raw` and judges the peer's certificate by `policy` before any byte is sent. */
function handshake(raw: net.Socket, host: string, port: number, servername: string | undefined, policy: TlsPolicy, track: (s: net.Socket) => void, alpn: string[] = ['http/1.1']): Promise<{ socket: tls.TLSSocket; info: RelayTls }> {
  return new Promise((resolve, reject) => {
    const selection = selectTls(policy.identities, host, port);
    // A wrong passphrase or a key of another certificate fails here, before a byte is sent.
    const secureContext = secureContextFor(selection);
    const socket = tls.connect({ socket: raw, servername, rejectUnauthorized: false, ALPNProtocols: alpn, ...(secureContext ? { secureContext } : {}) });
    track(socket);
    // A server refusing our certificate may reset the socket, and then OpenSSL's view of its
    // CertificateRequest is gone: note it when the keys are made, which follows that request.
    let seen: RelayClientCertificateUse | undefined;
    const onKeylog = () => {
      if (!seen?.requested) seen = clientCertificateUse(socket, selection);
    };
    if (selection.client) socket.on('keylog', onKeylog);
    const onError = (err: NodeJS.ErrnoException) => {
      onKeylog();
      reject(explainClientCertificateFailure(err, seen, `${host}:${port}`) ?? err);
    };
    socket.once('error', onError);
    socket.once('secureConnect', () => {
      socket.off('error', onError);
      socket.off('keylog', onKeylog);
      const cert = socket.getPeerCertificate();
      const fingerprint = cert && cert.fingerprint256 ? cert.fingerprint256 : undefined;
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
        reject(new CertificateError(`The certificate of ${host}:${port} was not accepted: ${reason || 'verification failed'}.${untrustedHint(reason, host)}`, reason || 'CERT_UNTRUSTED', fingerprint));
        return;
      }
      resolve({ socket, info: describeTls(socket, selection, { authorized: authorized || trusted, fingerprint }) });
    });
  });
}

function lookup(host: string): Promise<{ address: string; family: number }> {
  return new Promise((resolve, reject) => dns.lookup(host, (err, address, family) => (err ? reject(err) : resolve({ address, family }))));
}

function dial(address: string, port: number, family: number, track: (s: net.Socket) => void): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const raw = net.connect({ host: address, port, family });
    track(raw);
    raw.setNoDelay(true);
    raw.once('error', reject);
    raw.once('connect', () => {
      raw.off('error', reject);
      resolve(raw);
    });
  });
}

const bare = (host: string) => host.replace(/^\[|\]$/g, '');

/** DNS, TCP and (to an https proxy) TLS to the first host of a connection, each timed; the proxy named when it failed. */
async function reach(dialHost: string, dialPort: number, route: ProxyRoute | undefined, timings: ConnectionTimings, setPhase: (p: RelayPhase) => void, track: (s: net.Socket) => void): Promise<net.Socket> {
  let socket: net.Socket;
  try {
    let address = dialHost;
    let family = net.isIP(dialHost);
    if (!family) {
      setPhase('dns');
      const start = performance.now();
      ({ address, family } = await lookup(dialHost));
      timings.dns = performance.now() - start;
    }
    setPhase('connect');
    const connectStart = performance.now();
    socket = await dial(address, dialPort, family, track);
    timings.connect = performance.now() - connectStart;
    if (route?.proxy.protocol === 'https:') {
      setPhase('tls');
      const tlsStart = performance.now();
      socket = (await handshake(socket, dialHost, dialPort, net.isIP(dialHost) ? undefined : dialHost, STRICT, track)).socket;
      timings.proxyTls = performance.now() - tlsStart;
    }
  } catch (err) {
    throw route && !(err instanceof CertificateError) ? proxyUnreachable(route.use.url, err as NodeJS.ErrnoException) : err;
  }
  return socket;
}

/**
 * Opens the socket one request needs, timing each step: DNS and TCP to the target, or to the
 * proxy when there is one (then TLS to an https proxy, and CONNECT for an https target: a 407
 * with a Digest challenge answered once, `proxyDigest.ts`), and TLS to an https target. A
 * step's failure is named for the proxy when the proxy caused it.
 */
async function establish(options: ConnectOptions, secure: boolean, timings: ConnectionTimings, setPhase: (p: RelayPhase) => void, track: (s: net.Socket) => void, deadline: AbortSignal | undefined): Promise<net.Socket> {
  const host = bare(options.hostname ?? options.host ?? 'localhost');
  const port = Number(options.port) || (secure ? 443 : 80);
  const route = options.wbProxy;
  const label = route?.use.url ?? '';
  const dialHost = route ? bare(route.proxy.hostname) : host;
  const dialPort = route ? Number(route.proxy.port) || (route.proxy.protocol === 'https:' ? 443 : 80) : port;
  let socket = await reach(dialHost, dialPort, route, timings, setPhase, track);
  if (route?.tunnel) {
    setPhase('proxy');
    const tunnelStart = performance.now();
    const authority = connectAuthority(host, port);
    // The Digest round's second connection, when the proxy closed the first: its time counts as the tunnel's.
    const reconnect = async () => {
      if (deadline?.aborted) throw Object.assign(new Error('Connection abandoned at the deadline'), { code: 'WB_TIMEOUT' });
      const again = await reach(dialHost, dialPort, route, { dns: 0, connect: 0, tls: 0, readyAt: 0 }, setPhase, track);
      setPhase('proxy');
      return again;
    };
    const first = firstProxyAuthorization(route, 'CONNECT', authority, null);
    const retry = route.credentials ? tunnelDigestRetry(route, label, authority, reconnect) : undefined;
    let challenged = false;
    socket = await openTunnel(socket, label, authority, first, retry ? (challenge) => {
      const answered = retry(challenge);
      if (answered) challenged = true;
      return answered;
    } : undefined);
    timings.tunnel = performance.now() - tunnelStart;
    const scheme = challenged ? 'Digest' : proxyCredentialsScheme(first);
    if (scheme) timings.proxyCredentials = scheme;
    if (challenged) timings.proxyChallenged = true;
  }
  if (!secure) return socket;
  setPhase('tls');
  const tlsStart = performance.now();
  // SNI carries host names only (RFC 6066 §3); an IP literal is sent without it.
  const servername = net.isIP(host) ? undefined : (options.servername ?? host);
  try {
    const { socket: secured, info } = await handshake(socket, host, port, servername, options.wbTls ?? STRICT, track, options.wbAlpn);
    timings.tls = performance.now() - tlsStart;
    timings.tlsInfo = info;
    return secured;
  } catch (err) {
    if (!route || err instanceof CertificateError || err instanceof TlsFailure) throw err;
    throw tunnelClosed(label, connectAuthority(host, port), 'during the TLS handshake with the target', err as NodeJS.ErrnoException);
  }
}

/**
 * Opens and times one connection outside any agent (DNS, connect, proxy, TLS with `wbAlpn`),
 * judging the certificate as the agents do: the HTTP/2 path uses it to learn what ALPN chose.
 */
export function openConnection(options: ConnectOptions, secure: boolean): Promise<net.Socket> {
  return new Promise((resolve, reject) => openSocket(options, secure, (err, socket) => (err ? reject(err) : resolve(socket))));
}

function openSocket(options: ConnectOptions, secure: boolean, callback: Callback): void {
  if (options.wbPrepared) {
    // Opened and timed by openConnection; handed over once (a second request must not share it).
    const prepared = options.wbPrepared;
    options.wbPrepared = undefined;
    callback(null, prepared);
    return;
  }
  const timings: ConnectionTimings = { dns: 0, connect: 0, tls: 0, readyAt: 0 };
  let settled = false;
  let open: net.Socket | undefined;
  const deadline = typeof options.wbDeadline === 'function' ? options.wbDeadline() : options.wbDeadline;
  const onDeadline = () => {
    // The exchange has already ended with its timeout or cancel; free what is half open.
    const reason = Object.assign(new Error('Connection abandoned at the deadline'), { code: 'WB_TIMEOUT' });
    open?.destroy();
    done(reason);
  };
  const done = (err: Error | null, socket?: net.Socket) => {
    if (settled) {
      socket?.destroy();
      return;
    }
    settled = true;
    deadline?.removeEventListener('abort', onDeadline);
    callback(err, socket as net.Socket);
  };
  if (deadline?.aborted) {
    onDeadline();
    return;
  }
  deadline?.addEventListener('abort', onDeadline, { once: true });
  const setPhase = (phase: RelayPhase) => {
    if (options.wbPhase && !settled) options.wbPhase.phase = phase;
  };
  establish(options, secure, timings, setPhase, (s) => (open = s), deadline).then(
    (socket) => {
      timings.readyAt = performance.now();
      connectionTimings.set(socket, timings);
      done(null, socket);
    },
    (err: Error) => {
      open?.destroy();
      done(err);
    },
  );
}

/** Sockets through a proxy are pooled apart, per proxy and per credentials (a tunnel is opened with them). */
function proxySuffix(options: ConnectOptions): string {
  const route = options.wbProxy;
  if (!route) return '';
  const who = route.authorization ? createHash('sha256').update(route.authorization).digest('hex').slice(0, 16) : '-';
  return `:via=${route.proxy.protocol}//${route.proxy.host}:${who}`;
}

function poolSuffix(options: ConnectOptions): string {
  const policy = options.wbTls;
  if (!policy) return ':verify';
  // Sockets opened with a client certificate or extra CAs are never lent to a request without them.
  const material = policy.identities ? selectTls(policy.identities, bare(options.hostname ?? options.host ?? 'localhost'), Number(options.port) || 443).poolKey : '';
  const identity = material ? `:id=${material}` : '';
  if (policy.insecure) return `:insecure${identity}`;
  return (policy.trusted.length ? `:trust=${policy.trusted.join(',')}` : ':verify') + identity;
}

/** Keep-alive agent for http: targets with timed connects. */
export class TimedHttpAgent extends http.Agent {
  override getName(options?: http.ClientRequestArgs): string {
    return super.getName(options) + proxySuffix((options ?? {}) as ConnectOptions);
  }
  override createConnection(options: http.ClientRequestArgs, callback?: Callback): undefined {
    if (!callback) throw new TypeError('TimedHttpAgent.createConnection needs a callback');
    openSocket(options as ConnectOptions, false, callback);
    return undefined;
  }
}

/** Keep-alive agent for https: targets with timed connects and our certificate verdict. */
export class TimedHttpsAgent extends https.Agent {
  override getName(options?: https.RequestOptions): string {
    return super.getName(options) + poolSuffix((options ?? {}) as ConnectOptions) + proxySuffix((options ?? {}) as ConnectOptions);
  }
  override createConnection(options: https.RequestOptions, callback?: Callback): undefined {
    if (!callback) throw new TypeError('TimedHttpsAgent.createConnection needs a callback');
    openSocket(options as ConnectOptions, true, callback);
    return undefined;
  }
}
