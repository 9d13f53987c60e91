/**
 * gRPC through a proxy, the way every HTTP send reaches its host: the proxy is chosen by the
 * relay's rules (`proxyRules.ts`: the page's choice or the server's environment, bypass
 * lists, loopback direct unless asked) and the tunnel is opened by the relay's connector
 * (`connector.ts`: DNS and TCP to the proxy, TLS to an https proxy, CONNECT with the proxy's
 * Basic credentials, a Digest challenge answered once, the deadline), so a refusal (407, 403,
 * unreachable, closed) is the relay's typed `proxy` failure naming the proxy without its
 * password.
 *
 * grpc-js takes no socket from outside, so the tunnel is handed to it through a private Unix
 * socket (in a folder only this user can open): the client's channel targets that socket and
 * every connection it makes there is piped into a tunnel (the first one opened before the call,
 * so a refusal is known before anything is sent; later ones, after a reconnect, opened on
 * demand). TLS for a grpcs:// target stays grpc-js's, end to end through the tunnel, with the
 * real host as its server name. Nothing reads or changes `process.env` but `proxyRules.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { GrpcAddress } from '../../core/protocols/grpc/address';
import type { RelayProxyChoice } from '../../core';
import { openConnection } from '../connector';
import { readProxyEnvironment, routeFor, type ProxyRoute } from '../proxyRules';

/** How long opening a tunnel may take when the call sets no deadline. */
const DEFAULT_TUNNEL_MS = 30_000;

/** A tunnel ready for grpc-js: the Unix socket its channel targets, and how to take it down. */
export interface GrpcProxyPassage {
  /** `unix:/…/tunnel.sock`, the channel's target. */
  target: string;
  /** The proxy as reported (origin, no credentials). */
  proxy: string;
  /** CONNECTs made through the proxy so far (the first before the call). */
  tunnels(): number;
  /** Closes the socket, every tunnel and the private folder. */
  close(): void;
}

/** The proxy route for a gRPC address, or null to go direct. A forwarding proxy cannot carry HTTP/2, so it is always a tunnel. */
export function grpcProxyRoute(address: GrpcAddress, choice: RelayProxyChoice | undefined): ProxyRoute | null {
  const host = address.host.includes(':') ? `[${address.host}]` : address.host;
  const route = routeFor(new URL(`${address.tls ? 'https' : 'http'}://${host}:${address.port}/`), choice, readProxyEnvironment);
  return route ? { ...route, tunnel: true, use: { ...route.use, tunnel: true } } : null;
}

/**
 * Opens the first tunnel to `address` through `route` and the private socket grpc-js will use.
 * Rejects with the connector's failure (a `ProxyFailure`, a `RelayFailure`, a timeout) when the
 * proxy cannot give a tunnel: `classifyFailure` makes it the relay's typed error.
 */
export async function openGrpcProxyPassage(address: GrpcAddress, route: ProxyRoute, deadlineMs: number): Promise<GrpcProxyPassage> {
  const ms = deadlineMs > 0 ? deadlineMs : DEFAULT_TUNNEL_MS;
  let opened = 0;
  const open = async () => {
    opened++;
    const socket = await openConnection({ hostname: address.host, port: address.port, wbProxy: route, wbDeadline: AbortSignal.timeout(ms) }, false);
    // Reading the proxy's answer left the socket flowing: a plaintext HTTP/2 server speaks first,
    // and its SETTINGS must wait for the pipe rather than be dropped.
    socket.pause();
    return socket;
  };
  const first = await open();
  const live = new Set<net.Socket>([first]);
  let spare: net.Socket | undefined = first;
  first.on('error', () => undefined);
  let folder: string;
  try {
    folder = await mkdtemp(path.join(os.tmpdir(), 'wb-grpc-'));
  } catch (err) {
    first.destroy();
    throw err;
  }
  const socketPath = path.join(folder, 'tunnel.sock');
  const server = net.createServer((local) => {
    live.add(local);
    local.on('error', () => undefined);
    local.on('close', () => live.delete(local));
    const taken = spare;
    spare = undefined;
    const tunnel = taken && !taken.destroyed ? Promise.resolve(taken) : open();
    tunnel.then(
      (remote) => {
        live.add(remote);
        remote.on('error', () => undefined);
        remote.on('close', () => {
          live.delete(remote);
          local.destroy();
        });
        local.on('close', () => remote.destroy());
        if (local.destroyed) return remote.destroy();
        local.pipe(remote);
        remote.pipe(local);
      },
      // A later tunnel refused: grpc-js sees its connection close and reports UNAVAILABLE.
      () => local.destroy(),
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    first.destroy();
    await rm(folder, { recursive: true, force: true });
    throw err;
  }
  let closed = false;
  return {
    target: `unix:${socketPath}`,
    proxy: route.use.url,
    tunnels: () => opened,
    close() {
      if (closed) return;
      closed = true;
      server.close();
      for (const s of live) s.destroy();
      void rm(folder, { recursive: true, force: true });
    },
  };
}
