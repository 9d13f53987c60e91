/**
 * The four loopback servers a run of newman's integration collections talks to:
 * - echo (stands for postman-echo.com, httpbin.org, google.com, github.com): echoServer.ts;
 * - raw echo (newman's own `createRawEchoServer`, port 4041 in its repository): answers
 *   every request, any method, with the raw request bytes as the body and, JSON-quoted, in a
 *   `raw-request` header (a HEAD answer has the header only);
 * - redirect (newman's `createRedirectServer`, port 4042): `/N` redirects N times, then
 *   `/`; `/status/3xx` answers that status with `location: /`; anything else echoes url,
 *   method, headers and body as JSON;
 * - TLS (stands for expired.badssl.com): HTTPS with a self-signed certificate, so only a
 *   run with `insecure` reaches it.
 * The two newman servers are ports of npm/server.js in newman's repository (Apache-2.0).
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { createEchoServer } from './echoServer';
import type { StandInPorts } from './suiteFiles';

function createRawEchoServer(): NetServer {
  return createNetServer((socket: Socket) => {
    let data = '';
    let timer: NodeJS.Timeout | undefined;
    // newman's server answers 1 s after the first chunk; this one 100 ms after the last (the same bytes, less waiting).
    const answer = () => {
      socket.write('HTTP/1.1 200 ok\r\nconnection: close\r\ncontent-type: text/plain\r\n');
      socket.write(`raw-request: ${JSON.stringify(data)}\r\n\r\n`);
      if (!data.startsWith('HEAD / HTTP/1.1')) socket.write(data);
      socket.end();
    };
    socket.on('data', (chunk: Buffer) => {
      data += chunk.toString();
      clearTimeout(timer);
      timer = setTimeout(answer, 100);
    });
    socket.on('error', () => clearTimeout(timer));
  });
}

function createRedirectServer(): Server {
  return createHttpServer((req, res) => {
    const url = req.url ?? '/';
    if (/^\/\d+$/.test(url)) {
      const hops = parseInt(url.substring(1), 10) - 1;
      res.writeHead(302, { location: hops > 0 ? `/${hops}` : '/' });
      return void res.end();
    }
    if (/^\/status\/(\d{3})$/.test(url)) {
      res.writeHead(parseInt(url.slice(-3), 10), { location: '/' });
      return void res.end();
    }
    let data = '';
    req.on('data', (d: Buffer) => (data += d.toString()));
    req.once('end', () => {
      res.writeHead(200, { connection: 'close', 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ url: req.url, method: req.method, headers: req.headers, data }));
    });
  });
}

/** The running stand-ins, their ports and how to stop them. */
export interface StandIns {
  ports: StandInPorts;
  close(): Promise<void>;
}

const listen = (server: NetServer | Server, host = '127.0.0.1') =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port));
  });

export async function startStandIns(): Promise<StandIns> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], { keySize: 2048 });
  const servers: (NetServer | Server)[] = [
    createEchoServer(),
    createRawEchoServer(),
    createRedirectServer(),
    createHttpsServer({ key: pems.private, cert: pems.cert }, (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>expired.badssl.com stand-in</body></html>');
    }),
  ];
  // "localhost" in the collections resolves to 127.0.0.1 first on this machine's Node (verbatim DNS order aside, both runners agree).
  const [echo, raw, redirect, tls] = await Promise.all(servers.map((s) => listen(s)));
  return {
    ports: { echo: echo!, raw: raw!, redirect: redirect!, tls: tls! },
    close: async () => {
      await Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              (s as Server).closeAllConnections?.();
              s.close(() => resolve());
            }),
        ),
      );
    },
  };
}
