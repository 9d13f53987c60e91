/**
 * Starts the Wirebench HTTP server: used by `npm start` and by tests, which get the same
 * guard, relay and sandbox over a real loopback socket.
 */
import http from 'node:http';
import { closeUpstreamAgents } from '../relay/upstream';
import { createWirebenchHandler } from './app';
import { allowedHostsFor } from './guard';
import { createUpgradeHandler, refuseUpgrade } from './upgrade';
import { LaunchCodes } from './session';
import type { WorkspaceFolder } from './workspaceFolder';

export interface StartOptions {
  port: number;
  host: string;
  token: string;
  distDir?: string;
  /** The `--workspace` folder served at `/api/workspace`. */
  workspace?: WorkspaceFolder;
  /** Called when the app is loaded without a session (print a fresh launch URL). */
  onSessionNeeded?: () => void;
}

export interface RunningServer {
  server: http.Server;
  port: number;
  /** e.g. `http://127.0.0.1:4780` */
  origin: string;
  /** A fresh one-time launch URL, exchanged by the page for its session cookie. */
  launchUrl(): string;
  close(): Promise<void>;
}

/** Listens and resolves once the port is bound. */
export function startServer(options: StartOptions): Promise<RunningServer> {
  const guard = { allowedHosts: allowedHostsFor(options.host, options.port), token: options.token };
  const launchCodes = new LaunchCodes();
  // `port` is filled in once listening (port 0 picks one); the handler reads it per request.
  const handlerOptions: Parameters<typeof createWirebenchHandler>[0] = {
    ...guard,
    distDir: options.distDir,
    workspace: options.workspace,
    launchCodes,
    onSessionNeeded: options.onSessionNeeded,
  };
  const handle = createWirebenchHandler(handlerOptions);
  const server = http.createServer((req, res) => {
    handle(req, res)
      .then((handled) => {
        // Without a built app (tests, --no-build before a build) nothing else serves the request.
        if (!handled && !res.headersSent) {
          res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
          res.end('Not found: this server has no built app to serve.\n');
        }
      })
      .catch((err: Error) => {
        console.error('Unexpected error while answering', req.method, req.url?.split('?')[0], err.message);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end();
      });
  });
  const onUpgrade = createUpgradeHandler(guard);
  server.on('upgrade', (req, socket, head) => {
    if (!onUpgrade(req, socket, head)) refuseUpgrade(socket, 404, 'No WebSocket endpoint here');
  });
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      // With port 0 the real port is known only now; the handler shares this Set.
      guard.allowedHosts.clear();
      for (const h of allowedHostsFor(options.host, port)) guard.allowedHosts.add(h);
      handlerOptions.port = port;
      // The upgrade guard checks page sessions (made for this port) too.
      (guard as { port?: number }).port = port;
      const shown = options.host.includes(':') ? `[${options.host}]` : options.host;
      const loopbackOrigin = options.host === '0.0.0.0' || options.host === '::' ? `http://127.0.0.1:${port}` : `http://${shown}:${port}`;
      resolve({
        server,
        port,
        origin: `http://${shown}:${port}`,
        launchUrl: () => `${loopbackOrigin}/?launch=${launchCodes.mint()}`,
        close: () =>
          new Promise<void>((done) => {
            closeUpstreamAgents();
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
