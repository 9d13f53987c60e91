/**
 * Digest proxy authentication: RFC 7616 as for origin servers, with Proxy-Authenticate and
 * Proxy-Authorization (RFC 9110 §11.7). When the proxy user and password are set and a proxy
 * answers 407 with a Digest challenge and no Basic one, the relay answers it once: CONNECT
 * again for a tunnel (uri = the authority), on the same connection when the proxy kept it
 * open, else on a new one; the request again for a forwarding proxy (uri = the absolute-form
 * target), only when its body can be sent again. The last challenge per proxy and user is
 * remembered (bounded), so later requests answer at once with the next nonce count. Hashing
 * is core's Digest, as `digestHandshake.ts` uses it; credentials reach no message or report.
 */
import { randomBytes } from 'node:crypto';
import type net from 'node:net';
import type { Readable } from 'node:stream';
import { chooseDigestChallenge, digestAuthorization, parseChallengeList, type DigestChallenge } from '../core';
import { digestMemory, nodeDigestHasher } from './digestHandshake';
import type { ProxyRoute } from './proxyRules';
import { openTunnel, ProxyFailure, proxyRefusal, type TunnelChallenge, type TunnelChallengeHandler } from './proxyTunnel';

/** A 407 body longer than this is not read through: the relay opens a new connection instead. */
const MAX_DISCARDED_BODY = 64 * 1024;

// A proxy's challenges live in the relay's one Digest memory, under the proxy's origin and
// user; its whole origin is the protection space (RFC 7616 §3.3).
const userOf = (route: ProxyRoute) => route.credentials?.username ?? '';
const recall = (route: ProxyRoute) => digestMemory.recall(route.proxy, userOf(route), true);
const remember = (route: ProxyRoute, challenge: DigestChallenge) => digestMemory.remember(route.proxy, userOf(route), challenge);
const forget = (route: ProxyRoute) => digestMemory.forget(route.proxy, userOf(route));

/** The request-target a forwarding proxy receives (RFC 9112 §3.2.2), as `upstream.ts` writes it. */
export function absoluteTarget(url: URL): string {
  return url.origin + (url.pathname || '/') + url.search;
}

/** True when the challenges offer Digest and not Basic: Basic was sent already, and refused. */
function digestOnly(challenges: readonly string[]): boolean {
  const parsed = parseChallengeList(challenges);
  if (!parsed.ok) return false;
  const schemes = parsed.value.map((c) => c.scheme.toLowerCase());
  return schemes.includes('digest') && !schemes.includes('basic');
}

function chosenChallenge(route: ProxyRoute, challenges: readonly string[]): DigestChallenge {
  const chosen = chooseDigestChallenge(challenges);
  if (!chosen.ok) throw new ProxyFailure(`The proxy ${route.use.url} asks for Digest credentials, but its challenge cannot be answered: ${chosen.error.message}`, 'PROXY_AUTH', 407, [...challenges]);
  return chosen.value;
}

/** `Digest …` answering `challenge` with the route's credentials and the next nonce count; throws a ProxyFailure when they cannot be sent. */
function answer(route: ProxyRoute, challenge: DigestChallenge, method: string, uri: string, body: Uint8Array | null): string {
  const answered = digestAuthorization(
    {
      challenge,
      credentials: route.credentials!,
      method,
      uri,
      ...(body ? { body } : {}),
      cnonce: randomBytes(16).toString('hex'),
      nc: digestMemory.counts.next(challenge.nonce),
    },
    nodeDigestHasher,
  );
  if (!answered.ok) throw new ProxyFailure(`The proxy ${route.use.url} asks for Digest credentials, but they cannot be sent: ${answered.error.message}`, 'PROXY_AUTH', 407);
  remember(route, challenge);
  return answered.value.header;
}

/**
 * The first Proxy-Authorization of a request or CONNECT: Digest answering the challenge
 * remembered for this proxy and user, else Basic (or none without credentials).
 */
export function firstProxyAuthorization(route: ProxyRoute, method: string, uri: string, body: Uint8Array | Readable | null): string | undefined {
  const challenge = route.credentials ? recall(route) : undefined;
  if (!challenge) return route.authorization;
  // qop=auth-int hashes the body, which a stream not yet read cannot give.
  const bytes = body instanceof Uint8Array ? body : null;
  if (body !== null && !bytes && challenge.qop.length > 0 && !challenge.qop.includes('auth')) return route.authorization;
  try {
    return answer(route, challenge, method, uri, bytes);
  } catch {
    return route.authorization;
  }
}

const schemeOf = (authorization: string | undefined) => authorization?.slice(0, authorization.indexOf(' '));

/**
 * After a forwarding proxy's 407: the Proxy-Authorization to send the request again with (a
 * Digest answer, once, when the body is bytes or none), or the failure to report. `sent` is
 * what the request carried; `retried` says it was already the answer to a challenge.
 */
export function afterForwarding407(
  route: ProxyRoute,
  { method, url, body }: { method: string; url: URL; body: Uint8Array | Readable | null },
  { rawHeaders, statusMessage }: { rawHeaders: readonly string[]; statusMessage?: string },
  sent: string | undefined,
  retried: boolean,
): string | ProxyFailure {
  const challenges: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) if (/^proxy-authenticate$/i.test(rawHeaders[i]!)) challenges.push(rawHeaders[i + 1]!);
  if (retried || !route.credentials || !digestOnly(challenges)) {
    if (retried) forget(route);
    return proxyRefusal(route.use.url, url.host, 407, statusMessage ?? '', challenges, sent !== undefined, schemeOf(sent));
  }
  try {
    const challenge = chosenChallenge(route, challenges);
    if (body !== null && !(body instanceof Uint8Array)) {
      // Kept, so the next request answers at once and its stream goes out only once.
      remember(route, challenge);
      return new ProxyFailure(
        `The proxy ${route.use.url} asks for Digest credentials (407 Proxy Authentication Required). Answering means sending the request again, but its body was streamed and not kept. The relay has kept the proxy's challenge: send again and it answers at once.`,
        'PROXY_AUTH',
        407,
        challenges,
      );
    }
    return answer(route, challenge, method, absoluteTarget(url), body);
  } catch (err) {
    return err as ProxyFailure;
  }
}

/** The 407's body length when the proxy keeps the connection (HTTP/1.1, no `Connection: close`, a small Content-Length); else undefined. */
function bodyLengthIfKept({ head }: TunnelChallenge): number | undefined {
  const field = (name: string) => head.headers.find(([n]) => n === name)?.[1];
  if (head.version !== '1.1' || field('transfer-encoding') !== undefined) return undefined;
  if ((field('connection') ?? '').split(',').some((token) => token.trim().toLowerCase() === 'close')) return undefined;
  const length = Number(field('content-length') ?? NaN);
  return Number.isSafeInteger(length) && length >= 0 && length <= MAX_DISCARDED_BODY ? length : undefined;
}

/** Reads and drops the 407's body; resolves with the socket, or undefined (destroyed) when the proxy closed it. */
function discardBody(challenge: TunnelChallenge): Promise<net.Socket | undefined> {
  const { socket, rest } = challenge;
  const length = bodyLengthIfKept(challenge);
  if (length === undefined) {
    socket.destroy();
    return Promise.resolve(undefined);
  }
  if (rest.length >= length) return Promise.resolve(socket);
  let left = length - rest.length;
  return new Promise((resolve) => {
    const settle = (kept: boolean) => {
      socket.off('data', onData);
      socket.off('close', onGone);
      socket.off('error', onGone);
      if (!kept) socket.destroy();
      resolve(kept ? socket : undefined);
    };
    const onData = (chunk: Buffer) => {
      left -= chunk.length;
      if (left <= 0) settle(true);
    };
    const onGone = () => settle(false);
    socket.on('data', onData);
    socket.once('close', onGone);
    socket.once('error', onGone);
  });
}

/**
 * The 407 handler of a CONNECT: with a Digest-only challenge, CONNECT again with the answer
 * (method CONNECT, uri = the authority) on the same connection when the proxy kept it open and
 * its 407 body could be read through, else on `reconnect()`. A second 407 is the refusal,
 * naming Digest; `label` is the proxy as reported.
 */
export function tunnelDigestRetry(route: ProxyRoute, label: string, authority: string, reconnect: () => Promise<net.Socket>): TunnelChallengeHandler {
  return (challenge) => {
    if (!digestOnly(challenge.challenges)) return undefined;
    const authorization = answer(route, chosenChallenge(route, challenge.challenges), 'CONNECT', authority, null);
    return discardBody(challenge)
      .then((socket) => socket ?? reconnect())
      .then((socket) => openTunnel(socket, label, authority, authorization))
      .catch((err: unknown) => {
        if (err instanceof ProxyFailure && err.status === 407) forget(route);
        throw err;
      });
  };
}
