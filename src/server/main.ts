/**
 * `npm start`: one process on 127.0.0.1 serving the app, the relay at `/api` and the
 * sandbox at `/sandbox`. Options: `--port N` (or PORT), `--host H` (widens the bind, with a
 * warning), `--no-build`.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeUpstreamAgents } from '../relay/upstream';
import { createWirebenchHandler } from './app';
import { buildApp, buildIsStale } from './build';
import { allowedHostsFor } from './guard';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface StartOptions {
  port: number;
  host: string;
  build: boolean;
}

function parseArgs(argv: string[]): StartOptions {
  const options: StartOptions = { port: Number(process.env.PORT ?? 4780), host: '127.0.0.1', build: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? argv[++i] ?? '';
    if (flag === '--port') options.port = Number(value());
    else if (flag === '--host') options.host = value();
    else if (flag === '--no-build') options.build = false;
    else if (flag === '--help') {
      console.log('Usage: npm start -- [--port N] [--host ADDRESS] [--no-build]');
      process.exit(0);
    } else {
      console.error(`Unknown option ${arg}. Try --help.`);
      process.exit(2);
    }
  }
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) {
    console.error(`--port must be a number from 0 to 65535, not ${JSON.stringify(String(options.port))}.`);
    process.exit(2);
  }
  return options;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  if (options.build && (await buildIsStale(root))) {
    console.log('Building the app (sources changed since the last build)…');
    await buildApp(root);
  }
  // A fixed token may be given for automated tests; otherwise each launch makes a new one.
  const token = process.env.WIREBENCH_TOKEN || randomBytes(24).toString('base64url');
  const loopback = ['127.0.0.1', 'localhost', '::1'].includes(options.host);
  if (!loopback) {
    console.warn(
      `WARNING: listening on ${options.host}, not loopback. Other machines can reach the sandbox; the relay still requires this page's token, but treat this as exposing a proxy.`,
    );
  }
  const guard = { allowedHosts: allowedHostsFor(options.host, options.port), token };
  const handle = createWirebenchHandler({ ...guard, distDir: path.join(root, 'dist') });
  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: Error) => {
      console.error('Unexpected error while answering', req.method, req.url?.split('?')[0], err.message);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end();
    });
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });
  server.listen(options.port, options.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    // With --port 0 the real port is known only now; the handler shares this Set.
    guard.allowedHosts.clear();
    for (const h of allowedHostsFor(options.host, port)) guard.allowedHosts.add(h);
    const shown = options.host.includes(':') ? `[${options.host}]` : options.host;
    console.log(`Wirebench is running at http://${shown}:${port}/`);
    console.log(`Sandbox API:            http://${shown}:${port}/sandbox`);
    console.log('Press Ctrl-C to stop.');
  });
  server.on('error', (err: NodeJS.ErrnoException) => {
    console.error(err.code === 'EADDRINUSE' ? `Port ${options.port} is already in use; choose another with --port.` : err.message);
    process.exit(1);
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping Wirebench…');
    closeUpstreamAgents();
    server.close(() => process.exit(0));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
