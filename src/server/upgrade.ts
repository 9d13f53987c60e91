/**
 * HTTP Upgrade requests (WebSocket) on the local server: the sandbox's WebSocket endpoints
 * and the relay's WebSocket channel. The Host check applies to every upgrade, as to every
 * request; a route under `/api` must also pass the session guard (its `authorize`), since a
 * browser's WebSocket cannot send the page key header the other `/api` calls carry. Anything
 * else is refused with a plain HTTP answer on the socket.
 */
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { checkHost, type GuardConfig } from './guard';
import { upgradeRoutes } from './upgradeRoutes';

/** One upgradeable path (prefix match on the pathname). */
export interface UpgradeRoute {
  prefix: string;
  /**
   * For routes under `/api`: the refusal when the caller has no session (status and reason),
   * or null to go on. Required there: an `/api` route without it is never served.
   */
  authorize?(req: http.IncomingMessage, url: URL, guard: GuardConfig): { status: number; reason: string } | null;
  handle(req: http.IncomingMessage, socket: Duplex, head: Buffer, url: URL): void;
}

const REASONS: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 421: 'Misdirected Request' };

/** Answers an upgrade with a plain HTTP refusal and closes the socket. */
export function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  if (!socket.writable) return void socket.destroy();
  const body = `${reason}\n`;
  socket.end(`HTTP/1.1 ${status} ${REASONS[status] ?? 'Refused'}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}

/** The route serving `pathname`, when one does. */
export function upgradeRouteFor(pathname: string, routes: readonly UpgradeRoute[] = upgradeRoutes): UpgradeRoute | undefined {
  return routes.find((r) => pathname === r.prefix || pathname.startsWith(r.prefix.endsWith('/') ? r.prefix : `${r.prefix}/`));
}

/**
 * The `upgrade` listener for a server guarded by `guard`. `sandboxOnly` serves only the
 * sandbox's routes (the HTTPS sandbox's port). Returns whether it took the request, so a
 * dev server's own upgrades (Vite's HMR socket) can pass by.
 */
export function createUpgradeHandler(guard: GuardConfig | null, options: { sandboxOnly?: boolean; routes?: readonly UpgradeRoute[] } = {}) {
  return function onUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): boolean {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://upgrade.invalid');
    } catch {
      refuseUpgrade(socket, 400, 'Bad request target');
      return true;
    }
    const route = upgradeRouteFor(url.pathname, options.routes ?? upgradeRoutes);
    const api = url.pathname === '/api' || url.pathname.startsWith('/api/');
    if (!route || (options.sandboxOnly && !url.pathname.startsWith('/sandbox/'))) {
      if (!api && !url.pathname.startsWith('/sandbox')) return false;
      refuseUpgrade(socket, 404, `No WebSocket endpoint at ${url.pathname}`);
      return true;
    }
    socket.on('error', () => socket.destroy());
    if (guard) {
      const host = checkHost(req, guard);
      if (host) return refuseUpgrade(socket, host.status, host.reason), true;
      if (api) {
        const refusal = route.authorize ? route.authorize(req, url, guard) : { status: 403, reason: 'This endpoint has no session check, so it is not served.' };
        if (refusal) return refuseUpgrade(socket, refusal.status, refusal.reason), true;
      }
    }
    route.handle(req, socket, head, url);
    return true;
  };
}
