/**
 * One HTTP exchange with the target: write the request exactly as composed, time every
 * phase, hand back the response head as soon as it arrives. Redirect policy and framing
 * back to the page live in `relay.ts`.
 */
import http from 'node:http';
import https from 'node:https';
import type { RelayPhase, RelayTimings } from '../core';
import { connectionTimings, TimedHttpAgent, TimedHttpsAgent, type ConnectionTimings, type PhaseTracker } from './connector';
import { MAX_INFORMATIONAL_RESPONSES, RelayFailure, timeoutFailure, tooManyInformational } from './failures';
import { performHttp2Hop } from './http2Exchange';
import { closeHttp2Sessions } from './http2Sessions';
import { proxyUseOf, readProxyEnvironment, routeFor, type ProxyRoute } from './proxyRules';
import { afterForwarding407, absoluteTarget, firstProxyAuthorization } from './proxyDigest';
import { ProxyFailure, tunnelClosed } from './proxyTunnel';
import { sendHopBody } from './hopBody';
import { completeHeaders, searchOf, type HopRequest, type HopResponse, type StaleSocketFailure } from './hop';
import { firstHeader } from './rawHeaders';
import { explainClientCertificateFailure } from './tlsReport';

// Idle pooled sockets are dropped after 4 s: many servers close idle connections at 5 s,
// and a request written to a socket the server is closing dies with "socket hang up".
const httpAgent = new TimedHttpAgent({ keepAlive: true, maxSockets: 64, timeout: 4000 });
const httpsAgent = new TimedHttpsAgent({ keepAlive: true, maxSockets: 64, timeout: 4000 });

/** Frees pooled sockets (used when the server shuts down). */
export function closeUpstreamAgents(): void {
  httpAgent.destroy();
  httpsAgent.destroy();
  closeHttp2Sessions();
}

/** A live event stream may stay quiet for as long as it likes once its head is in. */
function isLiveStream(hop: HopRequest, response: http.IncomingMessage): boolean {
  return hop.liveStream === true || /^\s*text\/event-stream\s*(;|$)/i.test(firstHeader(response.rawHeaders, 'content-type') ?? '');
}

/**
 * Where the request goes: straight to the target, or to the proxy with the request target in
 * absolute form (RFC 9112 §3.2.2) for http, or to the target through a CONNECT tunnel for https.
 */
function destination(hop: HopRequest, route: ProxyRoute | null, secure: boolean) {
  const hostname = hop.url.hostname.replace(/^\[|\]$/g, '');
  const originForm = (hop.url.pathname || '/') + searchOf(hop.url);
  if (route && !route.tunnel) {
    return { hostname: route.proxy.hostname.replace(/^\[|\]$/g, ''), port: route.proxy.port || (route.proxy.protocol === 'https:' ? 443 : 80), path: hop.url.origin + originForm };
  }
  return { hostname, port: hop.url.port || (secure ? 443 : 80), path: originForm };
}

/** The head as written, with the proxy credentials masked: it is shown and kept in history. */
function maskedHead(head: string): string {
  if (!/proxy-authorization/i.test(head)) return head;
  return head.replace(/^(Proxy-Authorization:[ \t]*)(\S+)[^\r\n]*/gim, (_all, name: string, scheme: string) => `${name}${scheme} •••`);
}


/**
 * Sends one request and resolves with the response head: over HTTP/2 when the request's
 * protocol choice allows it and the target takes it (`http2Exchange.ts`), else over HTTP/1.1.
 */
export function performHop(hop: HopRequest): Promise<HopResponse> {
  if (hop.signal.aborted) return Promise.reject(Object.assign(new Error('Cancelled'), { code: 'WB_ABORTED' }));
  const secure = hop.url.protocol === 'https:';
  const wantsHttp2 = hop.protocol !== 'http1' && (secure || (hop.protocol === 'h2c' && hop.url.protocol === 'http:'));
  if (!wantsHttp2 || hop.url.username || hop.url.password) return performHttp1Hop(hop);
  let route: ProxyRoute | null;
  try {
    route = routeFor(hop.url, hop.proxy, readProxyEnvironment);
  } catch (err) {
    return Promise.reject(err);
  }
  if (route && !route.tunnel) {
    const why = `HTTP/2 with prior knowledge (h2c) cannot go through the forwarding proxy ${route.use.url}: it speaks HTTP/1.1 to the target. Choose HTTP/1.1, or no proxy for this target.`;
    return Promise.reject(new RelayFailure('bad_request', why));
  }
  const connect = { ...destination(hop, route, secure), wbTls: hop.tls, ...(route ? { wbProxy: route } : {}), servername: secure ? hop.url.hostname.replace(/^\[|\]$/g, '') : undefined };
  const key = secure ? httpsAgent.getName(connect) : `${httpAgent.getName(connect)}:h2c`;
  const timeout = (phase: RelayPhase, informational?: number) => timeoutFailure(phase, hop, informational);
  const plan = { secure, connect, key, headers: completeHeaders(hop), http1: (prepared?: PreparedSocket) => performHttp1Hop(hop, prepared), timeout };
  return performHttp2Hop(hop, plan).then((response) => (route && !response.proxy ? { ...response, proxy: proxyUseOf(route, response.connection, undefined, false) } : response));
}

/** A connection ALPN settled on http/1.1, opened (and timed) by the HTTP/2 path. */
interface PreparedSocket {
  socket: import('node:net').Socket;
  startedAt: number;
}

function performHttp1Hop(hop: HopRequest, prepared?: PreparedSocket, proxyAnswer?: string): Promise<HopResponse> {
  return new Promise<HopResponse>((resolve, reject) => {
    const startedAt = prepared?.startedAt ?? performance.now();
    const secure = hop.url.protocol === 'https:';
    if (!secure && hop.url.protocol !== 'http:') {
      reject(new RelayFailure('bad_request', `Only http: and https: URLs can be sent, not ${hop.url.protocol}`));
      return;
    }
    if (hop.url.username || hop.url.password) {
      reject(
        new RelayFailure(
          'bad_request',
          'The URL carries a user name or password. Credentials belong in the Authorization header (use the Basic auth scheme), not in the URL where logs and history keep them.',
        ),
      );
      return;
    }
    let route: ProxyRoute | null;
    try {
      route = routeFor(hop.url, hop.proxy, readProxyEnvironment);
    } catch (err) {
      reject(err);
      return;
    }
    const headers = completeHeaders(hop);
    const flat: string[] = [];
    for (const h of headers) flat.push(h.name, h.value);
    // A forwarding proxy reads its credentials from the request itself (`proxyAnswer`: a Digest answer, the request sent again); a tunnel got them with CONNECT.
    const proxyAuthorization = route && !route.tunnel ? (proxyAnswer ?? firstProxyAuthorization(route, hop.method, absoluteTarget(hop.url), hop.body)) : undefined;
    if (proxyAuthorization) flat.push('Proxy-Authorization', proxyAuthorization);

    let timer: NodeJS.Timeout | undefined;
    let request: http.ClientRequest;
    /** Whether a streamed body has begun to be read into this request (it cannot be sent again then). */
    let bodyTaken = false;
    let received: http.IncomingMessage | undefined;
    const tracker: PhaseTracker = { phase: 'connect' };
    // Aborted at the deadline or on cancel, so a connect or TLS handshake still pending is torn
    // down. Made only when the agent opens a connection: a kept-alive socket never asks for it.
    let deadline: AbortController | undefined;
    const deadlineSignal = () => (deadline ??= new AbortController()).signal;
    const stopTimer = () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
    };
    const fail = (err: Error) => {
      stopTimer();
      hop.signal.removeEventListener('abort', onAbort);
      deadline?.abort();
      request?.destroy(err);
      reject(err);
    };
    let live = false;
    /** 1xx responses so far: counted, never a reason to wait longer. */
    let informational = 0;
    const onSilence = () => {
      timer = undefined;
      const err = timeoutFailure(tracker.phase, hop, informational);
      if (received) {
        // Destroying the response with the reason makes a body reader fail as a timeout, not a reset.
        received.destroy(err);
        request.destroy(err);
      } else {
        // Before a socket exists, destroying the request emits nothing: settle here.
        fail(err);
      }
    };
    // One timer per hop, re-armed in place on every sign of life (a new one per body chunk
    // was an allocation and two timer-list operations each time).
    const touch = () => {
      if (live) stopTimer();
      else if (timer) timer.refresh();
      else timer = setTimeout(onSilence, hop.timeoutMs);
    };
    const options = {
      method: hop.method,
      ...destination(hop, route, secure),
      headers: flat as unknown as http.OutgoingHttpHeaders,
      setHost: false,
      agent: secure ? httpsAgent : httpAgent,
      wbTls: hop.tls,
      wbPhase: tracker,
      wbDeadline: deadlineSignal,
      ...(route ? { wbProxy: route } : {}),
      ...(prepared ? { wbPrepared: prepared.socket } : {}),
      servername: secure ? hop.url.hostname.replace(/^\[|\]$/g, '') : undefined,
    };
    try {
      request = (secure ? https : http).request(options as http.RequestOptions);
    } catch (err) {
      reject(err);
      return;
    }
    touch();

    const timings: RelayTimings = { dns: 0, connect: 0, tls: 0, send: 0, firstByte: 0, download: 0, total: 0, reusedConnection: false };
    let connection: ConnectionTimings | undefined;
    let socketAt = startedAt;
    let finishedAt = 0;
    let sent = 0;

    function onAbort() {
      const err = Object.assign(new Error('Cancelled'), { code: 'WB_ABORTED' });
      received?.destroy(err);
      fail(err);
    }
    if (hop.signal.aborted) {
      // Settled here as cancelled; the destroyed request's own error has no one else to hear it.
      request.on('error', () => undefined);
      onAbort();
      return;
    }
    hop.signal.addEventListener('abort', onAbort, { once: true });

    request.on('socket', (socket) => {
      // The agent had a free socket of its own: the one ALPN opened is not needed.
      if (prepared && socket !== prepared.socket) prepared.socket.destroy();
      socketAt = performance.now();
      tracker.phase = hop.body === null || hop.body instanceof Uint8Array ? 'head' : 'upload';
      // A kept-alive socket keeps the facts of its opening: its TLS is this hop's too.
      connection = connectionTimings.get(socket);
      if (request.reusedSocket) timings.reusedConnection = true;
      else {
        if (connection) {
          timings.dns = connection.dns;
          timings.connect = connection.connect;
          timings.tls = connection.tls;
          if (connection.proxyTls !== undefined) timings.proxyTls = connection.proxyTls;
          if (connection.tunnel !== undefined) timings.tunnel = connection.tunnel;
        }
      }
    });
    request.on('finish', () => {
      tracker.phase = 'head';
      finishedAt = performance.now();
      timings.send = finishedAt - socketAt;
    });
    // A 101 (or any upgrade) to a request that asked for none: Node hands the socket to an
    // 'upgrade' listener and never emits 'response', so without this the exchange would hang.
    const refuseUpgrade = (status: number) =>
      fail(
        new RelayFailure(
          'protocol',
          `The server answered ${status} Switching Protocols to a request that did not ask to upgrade (RFC 9110 §15.2.2: a server must not switch protocols unasked).`,
        ),
      );
    request.on('upgrade', (res: http.IncomingMessage, socket: import('node:net').Socket) => {
      socket.destroy();
      refuseUpgrade(res.statusCode ?? 101);
    });
    // A 100 Continue or 103 Early Hints does not re-arm the deadline: the final head must
    // come within it (a server sending them forever once held the exchange open for good),
    // and more than a few of them end the hop.
    request.on('information', (info: { statusCode: number }) => {
      if (info.statusCode === 101) refuseUpgrade(101);
      else if (++informational > MAX_INFORMATIONAL_RESPONSES) fail(tooManyInformational(hop, info.statusCode));
    });
    request.on('error', (err: StaleSocketFailure) => {
      hop.signal.removeEventListener('abort', onAbort);
      deadline?.abort();
      stopTimer();
      err.reusedSocket = request.reusedSocket;
      err.bodyUntouched = !bodyTaken;
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (route?.tunnel && !received && !(err instanceof ProxyFailure) && (/^(ECONNRESET|EPIPE)$/.test(code) || err.message === 'socket hang up')) {
        // A kept-alive tunnel closed while idle is retried by the relay; keep what it looks for.
        reject(Object.assign(tunnelClosed(route.use.url, hop.url.host, 'before the response head arrived', err), { reusedSocket: request.reusedSocket }));
        return;
      }
      // A refusal of the client certificate often comes after the handshake (TLS 1.3): explain it here.
      const explained = !request.reusedSocket && !received ? explainClientCertificateFailure(err, connection?.tlsInfo?.clientCertificate, hop.url.host) : undefined;
      reject(explained ?? err);
    });
    request.on('response', (response) => {
      if (response.statusCode === 101) {
        // Without an Upgrade header Node hands a 101 over as a final response.
        refuseUpgrade(101);
        return;
      }
      if (route && !route.tunnel && response.statusCode === 407) {
        // The proxy asks for credentials: Digest is answered once by sending the request again (`proxyDigest.ts`), else a proxy failure.
        response.resume();
        const next = afterForwarding407(route, hop, response, proxyAuthorization, proxyAnswer !== undefined);
        if (next instanceof ProxyFailure) return fail(next);
        stopTimer();
        hop.signal.removeEventListener('abort', onAbort);
        return resolve(performHttp1Hop(hop, undefined, next));
      }
      received = response;
      live = isLiveStream(hop, response);
      tracker.phase = 'body';
      const now = performance.now();
      timings.firstByte = now - (finishedAt || socketAt);
      touch();
      resolve({
        response,
        request,
        headText: maskedHead((request as unknown as { _header: string })._header ?? ''),
        sentHeaders: headers,
        bodyBytesSent: () => sent,
        timings,
        startedAt,
        connection,
        ...(route ? { proxy: proxyUseOf(route, connection, proxyAuthorization, proxyAnswer !== undefined) } : {}),
        touch,
        finish: () => {
          stopTimer();
          hop.signal.removeEventListener('abort', onAbort);
        },
      });
    });

    const progress = (bytes: number) => {
      sent = bytes;
      touch();
      hop.onUploadProgress?.(bytes);
    };
    const body = hop.body;
    if (body === null) request.end();
    else if (body instanceof Uint8Array) sendHopBody(body, request, progress, fail);
    else {
      request.once('socket', (socket) => {
        const start = () => {
          if (request.destroyed || socket.destroyed) return;
          bodyTaken = true;
          sendHopBody(body, request, progress, fail);
        };
        if (!request.reusedSocket) start();
        // A kept-alive socket the target closed while it sat in the pool may have its end or
        // reset waiting to be read. A stream cannot be sent twice, so let one poll of I/O
        // (two turns of the loop, from whatever phase this is) read it first: such a socket
        // then fails with no byte of the body taken, and the exchange sends it again on a
        // fresh connection (seen in bench:relay's bursts as uploads failing "socket hang up").
        else setImmediate(() => setImmediate(start));
      });
    }
  });
}
