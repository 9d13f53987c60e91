/**
 * Composition of the local server: the guard in front of `/api`, the relay, the sandbox
 * and the built app. The same handler runs in `npm start` and inside Vite's dev server.
 */
import type http from 'node:http';
import { handleRelay } from '../relay/relay';
import { handleGrpcApi } from '../relay/grpc/routes';
import { handleMcpApi } from '../relay/mcp/routes';
import { uploadProgress } from '../relay/progress';
import { describeProxyEnvironment } from '../relay/proxyRules';
import { handleSandbox } from '../sandbox';
import { checkApi, checkHost, checkOrigin, type GuardConfig, type GuardVerdict } from './guard';
import { OAUTH_CALLBACK_PATH, serveOAuthCallback } from './oauthCallback';
import { launchLocation, newSessionId, pageKeyFor, sessionCookie, type LaunchCodes } from './session';
import { serveStatic } from './staticFiles';
import { handleWorkspaceApi } from './workspaceApi';
import type { WorkspaceFolder } from './workspaceFolder';

export interface WirebenchOptions extends GuardConfig {
  /** Folder of the built app; omit when Vite serves the app (dev). */
  distDir?: string;
  /** The `--workspace` folder, when collections are kept as files. */
  workspace?: WorkspaceFolder;
  /** One-time launch codes exchanged at `/?launch=` for a session: its cookie and page key (see `session.ts`). */
  launchCodes?: LaunchCodes;
  /** Called when the app's own page calls `/api` without a session, so a fresh launch URL can be printed. */
  onSessionNeeded?: () => void;
}

/** RFC 8414 metadata of the sandbox authorization server (issuer `<origin>/sandbox/oauth`). */
const SANDBOX_AS_METADATA_PATH = '/.well-known/oauth-authorization-server/sandbox/oauth';

function sendText(res: http.ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text + '\n');
}

/**
 * Answers a refused `/api` call. A 401 to this app's own page (same-origin fetch metadata:
 * a new browser, cleared storage, a restarted server) asks for a fresh launch URL; other
 * callers (tools, pages elsewhere, which the guard refuses before) never make it print.
 */
function refuseApi(req: http.IncomingMessage, res: http.ServerResponse, verdict: NonNullable<GuardVerdict>, options: WirebenchOptions): void {
  if (verdict.status === 401 && req.headers['sec-fetch-site'] === 'same-origin') options.onSessionNeeded?.();
  sendText(res, verdict.status, verdict.reason);
}

/**
 * Makes the request handler. It resolves true when it answered the request, false when
 * the request is not one of its routes (so a dev server can serve it).
 */
export function createWirebenchHandler(options: WirebenchOptions) {
  return async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
    if (req.url === '/api/relay' && req.method === 'POST') {
      // The hot path, taken before the URL is parsed (that target parses to itself): the
      // same guard (`checkApi` checks the Host too) and the same handler as below.
      const verdict = checkApi(req, options);
      if (verdict) refuseApi(req, res, verdict, options);
      else await handleRelay(req, res);
      return true;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    } catch {
      sendText(res, 400, 'Bad request target');
      return true;
    }
    const hostVerdict = checkHost(req, options);
    if (hostVerdict) {
      sendText(res, hostVerdict.status, hostVerdict.reason);
      return true;
    }
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      const verdict = checkApi(req, options);
      if (verdict) {
        refuseApi(req, res, verdict, options);
        return true;
      }
      if (url.pathname === '/api/relay' && req.method === 'POST') {
        await handleRelay(req, res);
        return true;
      }
      if (url.pathname === '/api/relay/proxy-environment' && req.method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        res.end(JSON.stringify(describeProxyEnvironment()));
        return true;
      }
      const progress = url.pathname.match(/^\/api\/relay\/progress\/([\w-]{1,64})$/);
      if (progress && req.method === 'GET') {
        const entry = uploadProgress.get(progress[1]!);
        res.writeHead(entry ? 200 : 404, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        res.end(JSON.stringify(entry ?? { error: 'unknown request id' }));
        return true;
      }
      if (url.pathname.startsWith('/api/grpc/')) {
        await handleGrpcApi(req, res, url.pathname);
        return true;
      }
      if (url.pathname.startsWith('/api/mcp/')) {
        await handleMcpApi(req, res, url.pathname);
        return true;
      }
      if (url.pathname === '/api/workspace' || url.pathname.startsWith('/api/workspace/')) {
        await handleWorkspaceApi(req, res, url, options.workspace);
        return true;
      }
      if (url.pathname === '/api/health') {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        res.end(JSON.stringify({ ok: true }));
        return true;
      }
      sendText(res, 404, `No API route ${req.method} ${url.pathname}`);
      return true;
    }
    if (url.searchParams.has('launch') && (req.method === 'GET' || req.method === 'HEAD') && options.launchCodes && options.port !== undefined) {
      // Opened from the terminal (no fetch metadata, or `none`): a page on another port can
      // neither spend a code nor plant a session of its choosing, and the code stays valid.
      const launchVerdict = checkOrigin(req, options);
      if (launchVerdict) {
        sendText(res, launchVerdict.status, `${launchVerdict.reason} Open the launch link from the terminal instead.`);
        return true;
      }
      if (options.launchCodes.redeem(url.searchParams.get('launch') ?? '')) {
        // The code leaves the address bar at once. The session's two halves: its id in a cookie
        // scripts cannot read, and the page key in the fragment, which no browser sends to a server.
        const sessionId = newSessionId();
        res.writeHead(303, {
          Location: launchLocation(pageKeyFor(options.token, options.port, sessionId)),
          'Set-Cookie': sessionCookie(options.port, sessionId),
          'Cache-Control': 'no-store',
          'Referrer-Policy': 'no-referrer',
        });
        res.end();
        return true;
      }
      options.onSessionNeeded?.();
      sendText(res, 403, 'This launch link was already used or has expired. A new one was printed in the terminal where Wirebench runs; open that one.');
      return true;
    }
    if (url.pathname === OAUTH_CALLBACK_PATH) {
      serveOAuthCallback(req, res);
      return true;
    }
    if (url.pathname === SANDBOX_AS_METADATA_PATH) {
      // RFC 8414 §3.1 puts the well-known segment before the issuer's path; the sandbox serves it.
      await handleSandbox(req, res, new URL('/sandbox/oauth/.well-known/oauth-authorization-server', url), { base: `http://${req.headers.host}/sandbox` });
      return true;
    }
    if (url.pathname === '/.well-known/oauth-protected-resource/sandbox/mcp') {
      // RFC 9728 §3.1 puts the well-known segment before the resource's path; the sandbox serves it.
      await handleSandbox(req, res, new URL('/sandbox/mcp-resource-metadata', url), { base: `http://${req.headers.host}/sandbox` });
      return true;
    }
    if (url.pathname === '/sandbox' || url.pathname.startsWith('/sandbox/')) {
      await handleSandbox(req, res, url, { base: `http://${req.headers.host}/sandbox` });
      return true;
    }
    if (!options.distDir) return false;
    await serveStatic(req, res, url, options.distDir);
    return true;
  };
}
