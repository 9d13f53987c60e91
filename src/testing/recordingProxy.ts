/**
 * For the leak tests: a loopback HTTP server that passes requests on and keeps a copy of
 * every exchange, so a test can prove each planted secret was really sent (and learn the
 * tokens a server issued, to search for them too). It serves two ways at once:
 * - as a reverse proxy: an origin-form request (`GET /sandbox/…`) goes to `upstream`;
 * - as a forward proxy with Basic credentials (RFC 9110 §11.7.1): an absolute-form request
 *   or a CONNECT tunnel, refused with 407 without the right `Proxy-Authorization`. Hosts
 *   in `hostMap` (a name that does not resolve, say) are sent to the origin given there.
 * Test-only: no product code imports this folder.
 */
import http from 'node:http';
import net from 'node:net';

/** One exchange as it passed. */
export interface RecordedExchange {
  via: 'reverse' | 'proxy' | 'connect';
  method: string;
  /** The request target as received (a path, an absolute URL, or host:port for CONNECT). */
  target: string;
  /** Header lines as received, in order, `Proxy-Authorization` included. */
  requestHeaders: [string, string][];
  requestBody: Buffer;
  status: number;
  responseHeaders: [string, string][];
  responseBody: Buffer;
}

/** The running proxy. */
export interface RecordingProxy {
  origin: string;
  port: number;
  exchanges: RecordedExchange[];
  /** Every request (line, headers, body) as one text, for evidence that a value was sent. */
  requestsText(): string;
  close(): Promise<void>;
}

/** What the proxy forwards to and which credentials it asks for. */
export interface RecordingProxyOptions {
  /** Where origin-form requests go, e.g. `http://127.0.0.1:4780`. */
  upstream: string;
  /** Credentials required of proxied requests and tunnels (Basic); none: not required. */
  credentials?: { user: string; password: string };
  /** Host (`name` or `name:port`) → origin to send absolute-form requests for it to. */
  hostMap?: Record<string, string>;
}

function pairs(raw: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Starts the proxy on a free loopback port. */
export function startRecordingProxy(options: RecordingProxyOptions): Promise<RecordingProxy> {
  const exchanges: RecordedExchange[] = [];
  const expected = options.credentials ? `Basic ${Buffer.from(`${options.credentials.user}:${options.credentials.password}`, 'utf8').toString('base64')}` : undefined;
  const authorised = (headers: http.IncomingHttpHeaders) => expected === undefined || headers['proxy-authorization'] === expected;
  const sockets = new Set<net.Socket>();

  const server = http.createServer(async (req, res) => {
    const requestHeaders = pairs(req.rawHeaders);
    const requestBody = await readAll(req);
    const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(req.url ?? '');
    const record: RecordedExchange = { via: absolute ? 'proxy' : 'reverse', method: req.method ?? 'GET', target: req.url ?? '', requestHeaders, requestBody, status: 0, responseHeaders: [], responseBody: Buffer.alloc(0) };
    exchanges.push(record);
    if (absolute && !authorised(req.headers)) {
      record.status = 407;
      res.writeHead(407, { 'Proxy-Authenticate': 'Basic realm="leak-test proxy"', 'Content-Length': '0' });
      res.end();
      return;
    }
    let target: URL;
    if (absolute) {
      target = new URL(req.url!);
      const mapped = options.hostMap?.[target.host] ?? options.hostMap?.[target.hostname];
      if (mapped) target = new URL(target.pathname + target.search, mapped);
    } else target = new URL(req.url ?? '/', options.upstream);
    const forwarded = requestHeaders.filter(([name]) => !/^(proxy-authorization|proxy-connection|host)$/i.test(name)).flat();
    forwarded.unshift('Host', target.host);
    const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: target.pathname + target.search, headers: forwarded, agent: false }, async (answer) => {
      record.status = answer.statusCode ?? 0;
      record.responseHeaders = pairs(answer.rawHeaders);
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        res.write(chunk);
      });
      answer.on('end', () => {
        record.responseBody = Buffer.concat(chunks);
        res.end();
      });
    });
    upstream.on('error', (err) => {
      record.status = 502;
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end(`recording proxy: ${err.message}`);
    });
    upstream.end(requestBody);
  });

  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const record: RecordedExchange = { via: 'connect', method: 'CONNECT', target: req.url ?? '', requestHeaders: pairs(req.rawHeaders), requestBody: Buffer.alloc(0), status: 0, responseHeaders: [], responseBody: Buffer.alloc(0) };
    exchanges.push(record);
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    if (!authorised(req.headers)) {
      record.status = 407;
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="leak-test proxy"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const [host, port] = (req.url ?? '').split(/:(?=\d+$)/);
    const upstream = net.connect(Number(port), host, () => {
      record.status = 200;
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    const fail = () => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on('error', fail);
    client.on('error', fail);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        port,
        exchanges,
        requestsText: () => exchanges.map((e) => `${e.method} ${e.target}\n${e.requestHeaders.map(([n, v]) => `${n}: ${v}`).join('\n')}\n\n${e.requestBody.toString('utf8')}`).join('\n\n'),
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
