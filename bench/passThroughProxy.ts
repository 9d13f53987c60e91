/**
 * The least any relay in Node can do, for `npm run bench:relay` to show as a floor: a
 * pass-through HTTP proxy with no framing, no timings, no checks — the target URL in a
 * header, the method and body piped to it over a kept-alive connection, the answer piped
 * back. Run as its own process (`tsx bench/passThroughProxy.ts`); prints `PORT <n>`.
 * Loopback only, for benchmarks only: it forwards anything it is asked to.
 */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true });

const server = http.createServer((req, res) => {
  let target: URL;
  try {
    target = new URL(String(req.headers['x-target']));
  } catch {
    res.writeHead(400).end('x-target must be an absolute URL');
    return;
  }
  const length = req.headers['content-length'];
  const upstream = http.request(
    { hostname: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, agent, headers: length ? { 'content-length': length } : {} },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'application/octet-stream' });
      answer.pipe(res);
    },
  );
  upstream.on('error', (err) => res.destroy(err));
  req.pipe(upstream);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
