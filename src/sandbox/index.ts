/**
 * The sandbox demo API, mounted at `/sandbox`. Routers are listed once here; each concern
 * lives in its own file.
 */
import type http from 'node:http';
import { echoRoutes } from './echo';
import { utilityRoutes } from './utilities';
import { matchPattern, sendProblem, type SandboxRoute } from './router';

const routes: SandboxRoute[] = [...echoRoutes, ...utilityRoutes];

/** Options of the sandbox handler. */
export interface SandboxOptions {
  /** Public base URL of the mount, e.g. `http://127.0.0.1:4780/sandbox`. */
  base: string;
}

/** Handles a request whose path starts with `/sandbox`. Never throws. */
export async function handleSandbox(req: http.IncomingMessage, res: http.ServerResponse, url: URL, options: SandboxOptions): Promise<void> {
  const path = url.pathname.replace(/^\/sandbox/, '') || '/';
  try {
    for (const route of routes) {
      if (route.method !== '*' && route.method !== req.method) continue;
      const params = matchPattern(route.pattern, path);
      if (!params) continue;
      await route.handle({ req, res, url, path, params, base: options.base });
      return;
    }
    sendProblem(res, 404, { title: 'Not Found', detail: `The sandbox has no resource at ${path}.` });
  } catch (err) {
    if (!res.headersSent) {
      sendProblem(res, 500, { title: 'Sandbox fault', detail: (err as Error).message });
    } else res.destroy();
  }
}
