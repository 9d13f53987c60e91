/**
 * node-http-proxy (`http-proxy`), a widely used Node proxy, forwarding the benchmark's
 * requests as the floor does: the target URL in the `x-target` header, a kept-alive agent
 * upstream (without one, http-proxy opens a connection per request and sends
 * `Connection: close`), and the target's own Host (its guard refuses a foreign one). Run as its own process (`tsx bench/httpProxyPeer.ts`); prints
 * `PORT <n>`. Loopback only, for benchmarks only: it forwards anything it is asked to.
 */
import http from 'node:http';
import httpProxy from 'http-proxy';

const agent = new http.Agent({ keepAlive: true });
const proxy = httpProxy.createProxyServer({ agent, changeOrigin: true });
proxy.on('error', (_err, _req, res) => {
  if (res instanceof http.ServerResponse && !res.headersSent) res.writeHead(502).end();
  else res.destroy();
});

const server = http.createServer((req, res) => {
  let target: URL;
  try {
    target = new URL(String(req.headers['x-target']));
  } catch {
    res.writeHead(400).end('x-target must be an absolute URL');
    return;
  }
  req.url = target.pathname + target.search;
  proxy.web(req, res, { target: target.origin });
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
