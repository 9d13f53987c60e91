/**
 * For the sandbox's tests: a real Wirebench server on a loopback port and a small client
 * that sends exactly the headers it is given (node:http, so nothing is added or
 * normalised the way fetch would) and collects the answer with its raw header lines.
 */
import http from 'node:http';
import { startServer, type RunningServer } from '../server/listen';
import { resetSandbox } from '../sandbox/reset';
import { setSandboxClock } from '../sandbox/clock';

/** An answer as a test sees it. */
export interface SandboxAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Header lines as received, in order, duplicates kept. */
  rawHeaders: [string, string][];
  body: Buffer;
  text: string;
  /** The body parsed as JSON, or undefined; typed loosely because tests read answers of any shape. */
  json: any;
}

/** A request as a test writes it: headers as a list or an object; body as text or bytes. */
export interface SandboxCall {
  method?: string;
  headers?: Record<string, string> | [string, string][];
  body?: string | Buffer;
}

/** The running server and a client bound to it. */
export interface SandboxHarness {
  server: RunningServer;
  origin: string;
  call(path: string, init?: SandboxCall): Promise<SandboxAnswer>;
  close(): Promise<void>;
}

function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Sends one request with node:http and collects the whole answer. */
export function callServer(origin: string, path: string, init: SandboxCall = {}): Promise<SandboxAnswer> {
  const url = new URL(path, origin);
  const headerList: [string, string][] = Array.isArray(init.headers) ? init.headers : Object.entries(init.headers ?? {});
  const flat: string[] = headerList.flatMap(([n, v]) => [n, v]);
  // With headers given as a list Node adds no Host; HTTP/1.1 requires one.
  if (!headerList.some(([n]) => n.toLowerCase() === 'host')) flat.unshift('Host', url.host);
  const body = init.body === undefined ? undefined : Buffer.isBuffer(init.body) ? init.body : Buffer.from(init.body, 'utf8');
  if (body !== undefined && !headerList.some(([n]) => n.toLowerCase() === 'content-length' || n.toLowerCase() === 'transfer-encoding')) {
    flat.push('Content-Length', String(body.length));
  }
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: init.method ?? 'GET', headers: flat, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const text = bytes.toString('utf8');
        const rawHeaders: [string, string][] = [];
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) rawHeaders.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders, body: bytes, text, json: parseJsonOrUndefined(text) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Starts a server, resets the sandbox and the clock. */
export async function startSandboxHarness(): Promise<SandboxHarness> {
  const server = await startServer({ port: 0, host: '127.0.0.1', token: 'sandbox-test-token' });
  setSandboxClock();
  resetSandbox();
  return {
    server,
    origin: server.origin,
    call: (path, init) => callServer(server.origin, path, init),
    close: async () => {
      setSandboxClock();
      await server.close();
    },
  };
}

/** `Basic base64(user:pass)`, built by hand so tests can send what a client would. */
export function basicHeader(user: string, pass: string): string {
  return `Basic ${Buffer.from(`${user}:${pass}`, 'utf8').toString('base64')}`;
}
