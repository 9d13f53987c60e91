/**
 * `GET /sandbox/http2/info`: which HTTP version the request came over, the ALPN protocol of
 * its TLS connection, and its header block as the server saw it — the pseudo-header fields
 * (`:method`, `:scheme`, `:authority`, `:path`) apart from the rest, both in arrival order.
 * The HTTPS sandbox serves h2 and http/1.1 on one port (`tls.ts`); over HTTP/1.1 the answer
 * says where to send the request to get HTTP/2.
 */
import type http from 'node:http';
import type http2 from 'node:http2';
import type { TLSSocket } from 'node:tls';
import { sendJson, type SandboxRoute } from './router';
import { httpsSandboxInfo } from './tlsInfo';

/** What `/sandbox/http2/info` answers. */
export interface Http2InfoAnswer {
  protocol: string;
  httpVersion: string;
  /** The protocol ALPN settled on (`h2`, `http/1.1`), null over plain TCP. */
  alpn: string | null;
  pseudoHeaders: { name: string; value: string }[];
  headers: { name: string; value: string }[];
  /** Over HTTP/1.1: where this endpoint answers over HTTP/2, and how. */
  tryHttp2?: string;
}

function alpnOf(req: http.IncomingMessage | http2.Http2ServerRequest): string | null {
  if ('stream' in req && req.stream) return req.stream.session?.alpnProtocol ?? null;
  const socket = req.socket as TLSSocket | undefined;
  return socket && 'alpnProtocol' in socket && typeof socket.alpnProtocol === 'string' ? socket.alpnProtocol : null;
}

/** The answer for one request, read from Node's request (HTTP/1.1 or the HTTP/2 compatibility request). */
export function describeHttpVersion(req: http.IncomingMessage | http2.Http2ServerRequest): Http2InfoAnswer {
  const pseudoHeaders: Http2InfoAnswer['pseudoHeaders'] = [];
  const headers: Http2InfoAnswer['headers'] = [];
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) (raw[i]!.startsWith(':') ? pseudoHeaders : headers).push({ name: raw[i]!, value: raw[i + 1]! });
  const h2 = req.httpVersion.startsWith('2');
  const https = httpsSandboxInfo();
  return {
    protocol: h2 ? 'HTTP/2' : `HTTP/${req.httpVersion}`,
    httpVersion: req.httpVersion,
    alpn: alpnOf(req),
    pseudoHeaders,
    headers,
    ...(h2
      ? {}
      : {
          tryHttp2: https
            ? `Send GET ${https.origin}/sandbox/http2/info with the HTTP version on Automatic: the relay offers h2 by ALPN and this server picks it (trust the sandbox certificate for that origin first).`
            : 'HTTP/2 needs the HTTPS sandbox, which is not running in this process.',
        }),
  };
}

/** The HTTP/2 info router. */
export const http2Routes: SandboxRoute[] = [
  {
    method: 'GET',
    pattern: '/http2/info',
    handle: (ctx) => {
      ctx.req.resume();
      sendJson(ctx.res, 200, describeHttpVersion(ctx.req), { 'Cache-Control': 'no-store' });
    },
  },
];
