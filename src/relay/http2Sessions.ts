/**
 * HTTP/2 sessions kept per origin (and per TLS policy and proxy, as the HTTP/1.1 agents pool
 * sockets): one session carries many streams, so it is reused while it lives, closed after a
 * quiet spell, and taken out of the pool as soon as the server sends GOAWAY (RFC 9113 §6.8)
 * or the connection ends. Also remembers, for a while, the origins whose servers chose
 * HTTP/1.1 by ALPN, so they go straight to the keep-alive agent.
 */
import http2 from 'node:http2';
import type net from 'node:net';
import { connectionTimings, type ConnectionTimings } from './connector';

/** A session in (or just out of) the pool. */
export interface PooledSession {
  readonly key: string;
  readonly session: http2.ClientHttp2Session;
  /** How its connection was opened: reported by the stream that opened it, and as the TLS of every later one. */
  readonly connection: ConnectionTimings | undefined;
  readonly remoteAddress: string | undefined;
  readonly remotePort: number | undefined;
  /** Streams open on it now. */
  active: number;
  /** The last stream id the server said it processes, once it sent GOAWAY. */
  goawayLastStreamId?: number;
  idleTimer?: NodeJS.Timeout;
}

/** Idle sessions are closed after this long: a session costs the server memory, and servers close quiet ones too. */
const IDLE_MS = 10_000;
/** At most this many sessions are pooled; more are used for their request and then closed. */
const MAX_SESSIONS = 64;
/** Our receive window per stream and per session: large enough that a fast download is not held back by WINDOW_UPDATE round trips. */
const STREAM_WINDOW = 4 * 1024 * 1024;
const SESSION_WINDOW = 16 * 1024 * 1024;

const pool = new Map<string, PooledSession>();

const HTTP1_MEMORY_MS = 10 * 60_000;
const MAX_HTTP1_ORIGINS = 1024;
const http1Origins = new Map<string, number>();

/** A pooled session that can take a new stream, if any. */
export function pooledSession(key: string): PooledSession | undefined {
  const pooled = pool.get(key);
  if (!pooled) return undefined;
  const s = pooled.session;
  if (s.closed || s.destroyed || pooled.goawayLastStreamId !== undefined) {
    pool.delete(key);
    return undefined;
  }
  return pooled;
}

function forget(pooled: PooledSession): void {
  if (pool.get(pooled.key) === pooled) pool.delete(pooled.key);
  if (pooled.idleTimer) clearTimeout(pooled.idleTimer);
}

/**
 * Starts a session over `socket` (TLS that chose h2 by ALPN, or plain TCP for prior-knowledge
 * h2c) and pools it unless the pool already holds a live one for `key` or is full of busy ones.
 */
export function startSession(key: string, origin: string, socket: net.Socket): PooledSession {
  const session = http2.connect(origin, {
    createConnection: () => socket,
    settings: { initialWindowSize: STREAM_WINDOW, enablePush: false },
  });
  const pooled: PooledSession = {
    key,
    session,
    connection: connectionTimings.get(socket),
    remoteAddress: socket.remoteAddress,
    remotePort: socket.remotePort,
    active: 0,
  };
  session.on('connect', () => session.setLocalWindowSize(SESSION_WINDOW));
  // Streams carry their own errors; a session error only takes the session out of the pool.
  session.on('error', () => forget(pooled));
  session.on('close', () => forget(pooled));
  session.on('goaway', (_code: number, lastStreamID: number) => {
    pooled.goawayLastStreamId = lastStreamID;
    forget(pooled);
  });
  if (!pooledSession(key)) {
    if (pool.size >= MAX_SESSIONS) evictIdle();
    if (pool.size < MAX_SESSIONS) pool.set(key, pooled);
  }
  return pooled;
}

function evictIdle(): void {
  for (const pooled of pool.values()) {
    if (pooled.active === 0) {
      forget(pooled);
      pooled.session.close();
      return;
    }
  }
}

/** Marks a stream begun on the session (it is not idle while one is open). */
export function streamBegun(pooled: PooledSession): void {
  pooled.active += 1;
  if (pooled.idleTimer) clearTimeout(pooled.idleTimer);
  pooled.idleTimer = undefined;
}

/** Marks a stream over; a session left without streams is closed when idle, or at once when out of the pool. */
export function streamEnded(pooled: PooledSession): void {
  pooled.active = Math.max(0, pooled.active - 1);
  if (pooled.active > 0) return;
  if (pool.get(pooled.key) !== pooled) {
    if (!pooled.session.closed) pooled.session.close();
    return;
  }
  pooled.idleTimer = setTimeout(() => {
    forget(pooled);
    pooled.session.close();
  }, IDLE_MS);
  pooled.idleTimer.unref();
}

/** True when the server of `key` chose HTTP/1.1 by ALPN lately. */
export function choseHttp1(key: string): boolean {
  const until = http1Origins.get(key);
  if (until === undefined) return false;
  if (until > Date.now()) return true;
  http1Origins.delete(key);
  return false;
}

/** Remembers that the server of `key` chose HTTP/1.1 by ALPN. */
export function rememberHttp1(key: string): void {
  http1Origins.delete(key);
  if (http1Origins.size >= MAX_HTTP1_ORIGINS) http1Origins.delete(http1Origins.keys().next().value!);
  http1Origins.set(key, Date.now() + HTTP1_MEMORY_MS);
}

/** Closes every pooled session and forgets the HTTP/1.1 origins (server shutdown, tests). */
export function closeHttp2Sessions(): void {
  for (const pooled of [...pool.values()]) {
    forget(pooled);
    pooled.session.destroy();
  }
  http1Origins.clear();
}
