/**
 * A recording server for the conformance oracles: one port on 127.0.0.1 that answers both
 * plain HTTP and HTTPS (a self-signed certificate from `selfsigned`; the first byte of a
 * connection tells a TLS handshake from a request line), so `curl --connect-to
 * ::127.0.0.1:<port>` sends every URL of a command here, whatever its scheme and port.
 * Each request is recorded as it arrived: method, request target, header lines in order
 * with their names as written, and the body bytes. Every answer is an empty 200.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { generate } from 'selfsigned';

/** One request as it arrived on the wire. */
export interface RecordedRequest {
  method: string;
  /** The request target as written on the request line (`/path?q`, or absolute-form). */
  target: string;
  /** `http` or `https`: how the connection came in. */
  scheme: 'http' | 'https';
  /** Header lines in wire order, names as written. */
  headers: { name: string; value: string }[];
  body: Uint8Array;
}

/** A running recorder: its port, what it has recorded since the last `take`, and `close`. */
export interface EchoServer {
  port: number;
  /** The requests recorded so far, in arrival order; clears the list. */
  take(): RecordedRequest[];
  close(): Promise<void>;
}

let certificate: Promise<{ key: string; cert: string }> | undefined;

function localCertificate(): Promise<{ key: string; cert: string }> {
  certificate ??= generate([{ name: 'commonName', value: 'localhost' }], { keyType: 'ec', curve: 'P-256', algorithm: 'sha256' }).then((pems) => ({
    key: pems.private,
    cert: pems.cert,
  }));
  return certificate;
}

/** Starts a recorder on 127.0.0.1 (a free port). */
export async function startEchoServer(): Promise<EchoServer> {
  const { key, cert } = await localCertificate();
  let recorded: RecordedRequest[] = [];
  const record = (scheme: 'http' | 'https') => (request: http.IncomingMessage, response: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers: { name: string; value: string }[] = [];
      for (let i = 0; i < request.rawHeaders.length; i += 2) headers.push({ name: request.rawHeaders[i]!, value: request.rawHeaders[i + 1]! });
      recorded.push({ method: request.method ?? '', target: request.url ?? '', scheme, headers, body: new Uint8Array(Buffer.concat(chunks)) });
      response.writeHead(200, { 'Content-Length': '0' });
      response.end();
    });
  };
  // Lenient parsing: curl sends what the command says, even header values Node would refuse.
  const plain = http.createServer({ insecureHTTPParser: true, requireHostHeader: false }, record('http'));
  const secure = https.createServer({ key, cert, insecureHTTPParser: true, requireHostHeader: false }, record('https'));
  const front = net.createServer((socket) => {
    socket.once('readable', () => {
      const first = socket.read(1) as Buffer | null;
      if (!first) return socket.destroy();
      socket.unshift(first);
      (first[0] === 0x16 ? secure : plain).emit('connection', socket);
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const port = (front.address() as net.AddressInfo).port;
  return {
    port,
    take() {
      const out = recorded;
      recorded = [];
      return out;
    },
    close: () =>
      new Promise<void>((resolve) => {
        plain.closeAllConnections();
        secure.closeAllConnections();
        front.close(() => resolve());
      }),
  };
}
