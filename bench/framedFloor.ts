/**
 * The floor with the relay's protocol and nothing else, for `relayProfile.ts` to measure how
 * much of the relay's small-request cost the protocol itself carries: a POST whose body is
 * the length-prefixed description, forwarded like the floor (kept-alive agent, no checks,
 * no timings, no deadlines), answered with a head frame, body frames and a summary frame.
 * The description and body are read whole (small requests only). Run as its own process;
 * prints `PORT <n>`. Loopback only, for benchmarks only: it forwards anything it is asked to.
 */
import http from 'node:http';
import { encodeFrameHeader, encodeJsonFrame, FrameType, type RelayRequestMeta } from '../src/core';

const agent = new http.Agent({ keepAlive: true });

const server = http.createServer((req, res) => {
  const parts: Buffer[] = [];
  req.on('data', (chunk: Buffer) => parts.push(chunk));
  req.on('end', () => {
    const all = Buffer.concat(parts);
    const length = all.readUInt32BE(0);
    const meta = JSON.parse(all.subarray(4, 4 + length).toString('utf8')) as RelayRequestMeta;
    const target = new URL(meta.url);
    const started = performance.now();
    const upstream = http.request({ hostname: target.hostname, port: target.port, path: target.pathname + target.search, method: meta.method, agent }, (answer) => {
      res.writeHead(200, { 'content-type': 'application/vnd.wirebench.frames' });
      const headers = [];
      for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) headers.push({ name: answer.rawHeaders[i], value: answer.rawHeaders[i + 1] });
      res.write(encodeJsonFrame(FrameType.Head, { status: answer.statusCode, reason: answer.statusMessage, httpVersion: answer.httpVersion, headers }));
      answer.on('data', (chunk: Buffer) => {
        res.write(encodeFrameHeader(FrameType.Body, chunk.length));
        res.write(chunk);
      });
      answer.on('end', () => res.end(encodeJsonFrame(FrameType.Summary, { timings: { total: performance.now() - started } })));
    });
    upstream.on('error', (err) => res.destroy(err));
    upstream.end(all.subarray(4 + length));
  });
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
