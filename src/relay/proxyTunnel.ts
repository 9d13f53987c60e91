/**
 * The proxy hop: a CONNECT tunnel to an https target (RFC 9110 §9.3.6) over a socket already
 * open to the proxy, and the failures a proxy can cause, each with a plain message. Proxy
 * credentials are written to the proxy only; no message or report carries them.
 */
import type net from 'node:net';

/** A failure the proxy caused (unreachable, refused CONNECT, 407, closed the tunnel). */
export class ProxyFailure extends Error {
  constructor(
    message: string,
    readonly code?: string,
    /** The proxy's status when it answered (403, 407, 502…). */
    readonly status?: number,
    readonly proxyAuthenticate: string[] = [],
  ) {
    super(message);
    this.name = 'ProxyFailure';
  }
}

/** The head of the proxy's answer to CONNECT; more is never read from a proxy. */
const MAX_CONNECT_HEAD = 64 * 1024;

/** `host:port` as a CONNECT request target (an IPv6 literal in brackets). */
export function connectAuthority(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * Explains the proxy's status, naming a 407's challenges and whether credentials were sent;
 * `scheme` is the scheme they were sent with (`Digest`: the proxy's challenge was answered).
 */
export function proxyRefusal(label: string, target: string, status: number, reason: string, challenges: string[], sentCredentials: boolean, scheme?: string): ProxyFailure {
  if (status === 407) {
    const asked = challenges.length ? ` It asks for: ${challenges.join('; ')}.` : ' It sent no Proxy-Authenticate challenge.';
    const how = scheme === 'Digest' ? ': the Digest credentials answering its challenge were refused' : '';
    const message = sentCredentials
      ? `The proxy ${label} rejected the proxy user and password${how} (407 Proxy Authentication Required).${asked} Check the credentials in the proxy settings.`
      : `The proxy ${label} requires credentials (407 Proxy Authentication Required) and none were set.${asked} Set a proxy user and password in the proxy settings.`;
    return new ProxyFailure(message, 'PROXY_AUTH', status, challenges);
  }
  return new ProxyFailure(
    `The proxy ${label} refused to open a tunnel to ${target}: ${status} ${reason}`.trim() + '. The target was not contacted through it.',
    'PROXY_REFUSED',
    status,
    challenges,
  );
}

/** Explains why the proxy itself could not be reached. */
export function proxyUnreachable(label: string, err: NodeJS.ErrnoException): ProxyFailure {
  const code = err.code ?? '';
  const why =
    code === 'ECONNREFUSED'
      ? 'the connection was refused (nothing listens on that port)'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'its host name was not found (DNS)'
        : code === 'ECONNRESET' || code === 'EPIPE'
          ? 'it closed the connection'
          : err.message;
  return new ProxyFailure(`The proxy ${label} could not be reached: ${why}.`, code || 'PROXY_UNREACHABLE');
}

/** A tunnel that closed after the proxy accepted CONNECT, before the exchange was over. */
export function tunnelClosed(label: string, target: string, during: string, err?: NodeJS.ErrnoException): ProxyFailure {
  return new ProxyFailure(
    `The tunnel through the proxy ${label} to ${target} closed ${during}: the proxy (or the target behind it) ended the connection.`,
    err?.code ?? 'ECONNRESET',
  );
}

/** A proxy's answer to CONNECT: status line and headers (names lower-cased). */
export interface TunnelAnswerHead {
  /** `1.1`, `1.0`… as written. */
  version: string;
  status: number;
  reason: string;
  headers: [string, string][];
}

/**
 * A 407 to CONNECT handed to a challenge handler: the socket (its listeners removed, not
 * destroyed), the head, and the bytes read past the head (the start of the 407's body).
 */
export interface TunnelChallenge {
  socket: net.Socket;
  head: TunnelAnswerHead;
  challenges: string[];
  rest: Buffer;
}

/** Answers a 407 with the tunnel opened again, or undefined to report the 407 as it is. May throw a ProxyFailure. */
export type TunnelChallengeHandler = (challenge: TunnelChallenge) => Promise<net.Socket> | undefined;

function parseHead(text: string): TunnelAnswerHead | null {
  const lines = text.split('\r\n');
  const m = lines[0]!.match(/^HTTP\/(\d(?:\.\d)?) (\d{3})(?: (.*))?$/);
  if (!m) return null;
  const headers: [string, string][] = [];
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
  }
  return { version: m[1]!, status: Number(m[2]), reason: m[3] ?? '', headers };
}

/**
 * Asks the proxy on `socket` for a tunnel to `authority` and resolves once it answers 2xx
 * (the socket is then a byte pipe to the target). A 407 goes to `onChallenge` when given
 * (Digest, `proxyDigest.ts`), which may open the tunnel again. Any other answer, a malformed
 * one, or a close before the answer rejects with a `ProxyFailure`.
 */
export function openTunnel(socket: net.Socket, label: string, authority: string, authorization: string | undefined, onChallenge?: TunnelChallengeHandler): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const cleanup = () => {
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('close', onClose);
    };
    const failWith = (err: ProxyFailure) => {
      cleanup();
      socket.destroy();
      reject(err);
    };
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) {
        if (buffered.length > MAX_CONNECT_HEAD) failWith(new ProxyFailure(`The proxy ${label} sent an answer to CONNECT longer than ${MAX_CONNECT_HEAD} bytes.`, 'PROXY_PROTOCOL'));
        return;
      }
      const head = parseHead(buffered.subarray(0, end).toString('latin1'));
      if (!head) {
        failWith(new ProxyFailure(`The proxy ${label} did not answer CONNECT with HTTP.`, 'PROXY_PROTOCOL'));
        return;
      }
      if (head.status < 200 || head.status > 299) {
        const challenges = head.headers.filter(([name]) => name === 'proxy-authenticate').map(([, value]) => value);
        if (head.status === 407 && onChallenge) {
          cleanup();
          try {
            const retried = onChallenge({ socket, head, challenges, rest: buffered.subarray(end + 4) });
            if (retried) {
              resolve(retried);
              return;
            }
          } catch (err) {
            failWith(err as ProxyFailure);
            return;
          }
        }
        const scheme = authorization?.slice(0, authorization.indexOf(' '));
        failWith(proxyRefusal(label, authority, head.status, head.reason, challenges, authorization !== undefined, scheme));
        return;
      }
      cleanup();
      const rest = buffered.subarray(end + 4);
      // Bytes after the answer already belong to the target (a TLS server speaks first rarely, but
      // a plaintext HTTP/2 server always does: its SETTINGS). Reading the answer left the socket
      // flowing, and unshifting into a flowing socket with no reader would drop them: they wait,
      // paused, for whoever reads next (a pipe or TLS resumes it).
      if (rest.length) {
        socket.pause();
        socket.unshift(rest);
      }
      resolve(socket);
    };
    const onError = (err: NodeJS.ErrnoException) => failWith(proxyUnreachable(label, err));
    const onClose = () => failWith(new ProxyFailure(`The proxy ${label} closed the connection without answering CONNECT ${authority}.`, 'ECONNRESET'));
    socket.on('data', onData);
    socket.once('error', onError);
    socket.once('close', onClose);
    const lines = [`CONNECT ${authority} HTTP/1.1`, `Host: ${authority}`];
    if (authorization) lines.push(`Proxy-Authorization: ${authorization}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}
