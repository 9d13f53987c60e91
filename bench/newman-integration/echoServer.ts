/**
 * A loopback stand-in for postman-echo.com, with the routes newman's integration
 * collections call, answering as postman-echo answers: /get, /post, /put, /patch, /delete
 * (args, data, files, form, headers, json, url), /headers, /response-headers, /status/:code,
 * /cookies, /cookies/set, /cookies/delete, /basic-auth, /digest-auth, /oauth1, /auth/hawk,
 * /oauth2/token, /oauth2/user/info, /redirect-to, /delay/:s, /stream/:n, /encoding/utf8,
 * /gzip, /deflate, /type/xml, /type/html, /ip, /time/now. Request headers are echoed
 * lower-cased (Node reads them so; postman-echo does the same).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { deflateSync, gzipSync } from 'node:zlib';
import busboy from 'busboy';
import { basicAuth, digestAuth, hawk, oauth1, oauth2Token, oauth2UserInfo, type AuthAnswer } from './echoAuth';

type Pairs = [string, string][];

/** Repeated keys become arrays, as postman-echo's query and form parsers give them. */
function grouped(pairs: Pairs): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of pairs) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

interface ParsedBody {
  data: unknown;
  form: Record<string, string | string[]>;
  formPairs: Pairs;
  files: Record<string, string>;
  json: unknown;
}

function parseMultipart(req: IncomingMessage, body: Buffer): Promise<{ fields: Pairs; files: Record<string, string> }> {
  return new Promise((resolve) => {
    const fields: Pairs = [];
    const files: Record<string, string> = {};
    let bb;
    try {
      bb = busboy({ headers: req.headers });
    } catch {
      resolve({ fields, files });
      return;
    }
    bb.on('field', (name, value) => fields.push([name, value]));
    bb.on('file', (_name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => (files[info.filename || _name] = `data:${info.mimeType || 'application/octet-stream'};base64,${Buffer.concat(chunks).toString('base64')}`));
    });
    bb.on('close', () => resolve({ fields, files }));
    bb.on('error', () => resolve({ fields, files }));
    bb.end(body);
  });
}

async function parseBody(req: IncomingMessage, body: Buffer): Promise<ParsedBody> {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  const out: ParsedBody = { data: '', form: {}, formPairs: [], files: {}, json: null };
  if (body.length === 0) return { ...out, data: {} };
  if (type.startsWith('application/x-www-form-urlencoded')) {
    out.formPairs = [...new URLSearchParams(body.toString('utf8'))];
    out.form = grouped(out.formPairs);
    out.json = out.form;
  } else if (type.startsWith('multipart/form-data')) {
    const { fields, files } = await parseMultipart(req, body);
    out.formPairs = fields;
    out.form = grouped(fields);
    out.files = files;
  } else if (/[/+]json\b/.test(type)) {
    const text = body.toString('utf8');
    try {
      out.json = JSON.parse(text);
      out.data = out.json;
    } catch {
      out.data = text;
    }
  } else {
    out.data = body.toString('utf8');
  }
  return out;
}

function urlOf(req: IncomingMessage): string {
  return `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
}

function send(res: ServerResponse, req: IncomingMessage, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const type = typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8';
  res.writeHead(status, { 'content-type': type, ...headers });
  res.end(req.method === 'HEAD' ? undefined : text);
}

const answer = (res: ServerResponse, req: IncomingMessage, a: AuthAnswer) => send(res, req, a.status, a.body, a.headers);

function cookiesOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return out;
}

const METHOD_ROUTES: Record<string, string> = { '/post': 'POST', '/put': 'PUT', '/patch': 'PATCH', '/delete': 'DELETE' };

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://echo.local');
  const args = grouped([...url.searchParams]);
  const route = url.pathname.replace(/\/+$/, '') || '/';
  const body = await readBody(req);
  const headers = req.headers;
  if (route === '/get') return send(res, req, 200, { args, headers, url: urlOf(req) });
  if (METHOD_ROUTES[route]) {
    if (req.method !== METHOD_ROUTES[route]) return send(res, req, 404, { error: { name: 'NotFoundError', message: `Cannot ${req.method} ${route}` } });
    const parsed = await parseBody(req, body);
    return send(res, req, 200, { args, data: parsed.data, files: parsed.files, form: parsed.form, headers, json: parsed.json, url: urlOf(req) });
  }
  if (route === '/headers') return send(res, req, 200, { headers });
  if (route === '/response-headers') {
    const extra: Record<string, string> = {};
    // A Content-Type is set as postman-echo's framework sets it: type and parameters re-joined with "; ".
    for (const [k, v] of url.searchParams) extra[k.toLowerCase()] = k.toLowerCase() === 'content-type' ? v.split(';').map((p) => p.trim()).filter(Boolean).join('; ') : v;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', ...extra });
    return void res.end(req.method === 'HEAD' ? undefined : JSON.stringify(args));
  }
  const status = /^\/status\/(\d{3})$/.exec(route);
  if (status) return send(res, req, Number(status[1]), { status: Number(status[1]) });
  if (route === '/cookies') return send(res, req, 200, { cookies: cookiesOf(req) });
  if (route === '/cookies/set' || route === '/cookies/delete') {
    const setCookies = [...url.searchParams].map(([k, v]) =>
      route === '/cookies/set' ? `${k}=${v}; Path=/` : `${k}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`,
    );
    res.writeHead(302, { location: '/cookies', 'set-cookie': setCookies, 'content-type': 'text/plain; charset=utf-8' });
    return void res.end('Found. Redirecting to /cookies');
  }
  if (route === '/basic-auth') return answer(res, req, basicAuth(req));
  if (route === '/digest-auth') return answer(res, req, digestAuth(req));
  if (route === '/oauth1') {
    const form = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') ? [...new URLSearchParams(body.toString('utf8'))] : [];
    return answer(res, req, oauth1(req, form));
  }
  if (route === '/auth/hawk') return answer(res, req, hawk(req));
  if (route === '/oauth2/token') return answer(res, req, oauth2Token());
  if (route === '/oauth2/user/info') return answer(res, req, oauth2UserInfo(req));
  if (route === '/redirect-to') {
    const target = url.searchParams.get('url') ?? '/';
    const code = Number(url.searchParams.get('status_code') ?? 302);
    res.writeHead(code >= 300 && code < 400 ? code : 302, { location: target });
    return void res.end();
  }
  const delay = /^\/delay\/(\d+)$/.exec(route);
  if (delay) {
    const seconds = Math.min(Number(delay[1]), 10);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    return send(res, req, 200, { delay: String(seconds) });
  }
  const stream = /^\/stream\/(\d+)$/.exec(route);
  if (stream) {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    for (let i = 0; i < Math.min(Number(stream[1]), 100); i++) res.write(JSON.stringify({ args, headers, url: urlOf(req), id: i }) + '\n');
    return void res.end();
  }
  if (route === '/encoding/utf8') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return void res.end('<html><head><meta charset="utf-8"></head><body><h1>Unicode Demo</h1><pre>∮ E⋅da = Q,  n → ∞, ∑ f(i) = ∏ g(i) — ℕ ⊆ ℕ₀ ⊂ ℤ ⊂ ℚ ⊂ ℝ ⊂ ℂ\nκόσμε · ሰማይ አይታረስ · ᚻᛖ ᚳᚹᚫᚦ · 𝌆 🍪</pre></body></html>');
  }
  if (route === '/gzip' || route === '/deflate') {
    const gzip = route === '/gzip';
    const payload = Buffer.from(JSON.stringify({ [gzip ? 'gzipped' : 'deflated']: true, headers, method: req.method }));
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-encoding': gzip ? 'gzip' : 'deflate' });
    return void res.end(req.method === 'HEAD' ? undefined : gzip ? gzipSync(payload) : deflateSync(payload));
  }
  if (route === '/type/xml') {
    res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
    return void res.end('<?xml version="1.0" encoding="utf-8"?>\n<food>\n  <key>Homestyle Breakfast</key>\n  <value>950</value>\n</food>\n');
  }
  if (route === '/type/html') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return void res.end('<html><head><title>Postman Echo</title></head><body><h1>Hello, World!</h1></body></html>');
  }
  if (route === '/ip') return send(res, req, 200, { ip: req.socket.remoteAddress });
  if (route === '/time/now') return send(res, req, 200, new Date().toUTCString());
  if (route === '/') return send(res, req, 200, 'Postman Echo stand-in: see bench/newman-integration/README.md');
  return send(res, req, 404, { error: { name: 'NotFoundError', message: `No route ${route}` } });
}

/** The postman-echo stand-in, not yet listening. */
export function createEchoServer(): Server {
  return createServer((req, res) => {
    handle(req, res).catch((err: Error) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(err.message);
    });
  });
}
