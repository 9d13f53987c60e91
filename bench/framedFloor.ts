/**
 * The floor with the relay's protocol and nothing else, for `relayProfile.ts` and
 * `protocolVariants.ts` to measure how much of the relay's small-request cost the protocol
 * itself carries: forwarded like the floor (kept-alive agent, no checks, no timings, no
 * deadlines), answered with a head frame, body frames and a summary frame. Small requests
 * only (the description and body are read whole). Run as its own process; prints `PORT <n>`.
 * Loopback only, for benchmarks only: it forwards anything it is asked to.
 *
 * The first argument picks a variant of the protocol (default `body`):
 * - `body`: today's protocol — a POST whose body is the length-prefixed description, frames
 *   written as they come (three writes for a small answer);
 * - `corked`: the same, the answer's frames corked into one write, as the relay does;
 * - `header`: the description in the `x-wirebench-request` header (URI-encoded JSON) and no
 *   body to read before forwarding; corked;
 * - `header-head`: as `header`, and the response head goes in the `x-wirebench-head` header
 *   of the answer instead of a head frame; corked.
 */
import http from 'node:http';
import { encodeFrameHeader, encodeJsonFrame, FrameType, type RelayRequestMeta } from '../src/core';

const variant = process.argv[2] ?? 'body';
if (!['body', 'corked', 'header', 'header-head'].includes(variant)) throw new TypeError(`unknown variant ${variant}`);
const corked = variant !== 'body';
const described = variant === 'header' || variant === 'header-head';
const agent = new http.Agent({ keepAlive: true });

function forward(meta: RelayRequestMeta, body: Buffer, res: http.ServerResponse): void {
  const target = new URL(meta.url);
  const started = performance.now();
  const upstream = http.request({ hostname: target.hostname, port: target.port, path: target.pathname + target.search, method: meta.method, agent }, (answer) => {
    const headers = [];
    for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) headers.push({ name: answer.rawHeaders[i], value: answer.rawHeaders[i + 1] });
    const head = { status: answer.statusCode, reason: answer.statusMessage, httpVersion: answer.httpVersion, headers };
    if (corked) res.cork();
    if (variant === 'header-head') res.writeHead(200, { 'content-type': 'application/vnd.wirebench.frames', 'x-wirebench-head': encodeURIComponent(JSON.stringify(head)) });
    else {
      res.writeHead(200, { 'content-type': 'application/vnd.wirebench.frames' });
      res.write(encodeJsonFrame(FrameType.Head, head));
    }
    answer.on('data', (chunk: Buffer) => {
      res.write(encodeFrameHeader(FrameType.Body, chunk.length));
      res.write(chunk);
    });
    // end() flushes a corked response in one write.
    answer.on('end', () => res.end(encodeJsonFrame(FrameType.Summary, { timings: { total: performance.now() - started } })));
  });
  upstream.on('error', (err) => res.destroy(err));
  upstream.end(body);
}

const server = http.createServer((req, res) => {
  const meta = described ? (JSON.parse(decodeURIComponent(String(req.headers['x-wirebench-request']))) as RelayRequestMeta) : undefined;
  if (meta && req.headers['content-length'] === '0') {
    forward(meta, Buffer.alloc(0), res);
    req.resume();
    return;
  }
  const parts: Buffer[] = [];
  req.on('data', (chunk: Buffer) => parts.push(chunk));
  req.on('end', () => {
    const all = Buffer.concat(parts);
    if (meta) return forward(meta, all, res);
    const length = all.readUInt32BE(0);
    forward(JSON.parse(all.subarray(4, 4 + length).toString('utf8')) as RelayRequestMeta, all.subarray(4 + length), res);
  });
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
