/**
 * What the main server tells the app about the HTTPS sandbox: its origin and certificate
 * fingerprint (`GET /sandbox/tls`), so the person can compare the fingerprint and trust
 * that certificate for that target only.
 */
import { sendJson, type SandboxRoute } from './router';

/** The HTTPS sandbox as shown to the app. */
export interface HttpsSandboxInfo {
  origin: string;
  fingerprint256: string;
  validTo: string;
}

let running: HttpsSandboxInfo | undefined;

/** The HTTPS sandbox of this process, once started. */
export function httpsSandboxInfo(): HttpsSandboxInfo | undefined {
  return running;
}

/** Records the started HTTPS sandbox; `undefined` clears it (only if `origin` is the one recorded). */
export function setHttpsSandboxInfo(info: HttpsSandboxInfo | undefined, origin?: string): void {
  if (info) running = info;
  else if (running && running.origin === origin) running = undefined;
}

/** The TLS info router. */
export const tlsInfoRoutes: SandboxRoute[] = [
  {
    method: 'GET',
    pattern: '/tls',
    handle: (ctx) => {
      ctx.req.resume();
      sendJson(ctx.res, 200, running ? { https: true, ...running } : { https: false, detail: 'The HTTPS sandbox is not running in this process.' }, { 'Cache-Control': 'no-store' });
    },
  },
];
