/**
 * The sandbox demo API, mounted at `/sandbox`. Routers are listed once here; each concern
 * lives in its own file. This file also honours `X-HTTP-Method-Override` on POST (spec
 * §4.2) for every route, and lets GET routes answer HEAD.
 */
import type http from 'node:http';
import { isValidMethodToken, METHOD_OVERRIDE_HEADER } from '../core';
import { bombRoutes } from './bomb';
import { consentRoutes } from './auth/consentPages';
import { sigv4Routes } from './auth/sigv4Route';
import { tokenRoutes } from './auth/tokenService';
import { cookieRoutes } from './cookies';
import { cookieSessionRoutes } from './cookieSession';
import { echoRoutes } from './echo';
import { encodingRoutes } from './encodings';
import { errorRoutes } from './errors';
import { graphqlRoutes } from './graphql/graphqlRoute';
import { grpcRoutes } from './grpc/grpcInfo';
import { http2Routes } from './http2Info';
import { largeJsonRoutes } from './largeJson';
import { lessonsPageRoutes } from './lessonsPage';
import { mcpRoutes } from './mcp/mcpRoutes';
import { oauthRoutes } from './oauth/oauthRoutes';
import { orderRoutes } from './orders';
import { protectedRoutes } from './protected';
import { representationRoutes } from './representations';
import { resetRoutes } from './reset';
import { matchPattern, sendMethodNotAllowed, sendOptions, sendProblem, type SandboxContext, type SandboxRoute } from './router';
import { soapRoutes } from './soap/soapService';
import { streamRoutes } from './streams';
import { tlsClientRoutes } from './tlsClientRoutes';
import { tlsInfoRoutes } from './tlsInfo';
import { uploadRoutes } from './uploads';
import { utilityRoutes } from './utilities';
import { webSocketHttpRoutes } from './websocket/httpRoutes';

const routes: SandboxRoute[] = [
  ...lessonsPageRoutes,
  ...echoRoutes,
  ...utilityRoutes,
  ...largeJsonRoutes,
  ...streamRoutes,
  ...cookieRoutes,
  ...cookieSessionRoutes,
  ...representationRoutes,
  ...bombRoutes,
  ...tokenRoutes,
  ...consentRoutes,
  ...oauthRoutes,
  ...protectedRoutes,
  ...sigv4Routes,
  ...orderRoutes,
  ...uploadRoutes,
  ...errorRoutes,
  ...encodingRoutes,
  ...soapRoutes,
  ...graphqlRoutes,
  ...tlsInfoRoutes,
  ...http2Routes,
  ...grpcRoutes,
  ...mcpRoutes,
  ...tlsClientRoutes,
  ...webSocketHttpRoutes,
  ...resetRoutes,
];

/** Methods a POST may be turned into: HEAD is left out because a POST's answer carries a body. */
const OVERRIDABLE = new Set(['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Options of the sandbox handler. */
export interface SandboxOptions {
  /** Public base URL of the mount, e.g. `http://127.0.0.1:4780/sandbox`. */
  base: string;
}

/** The method a request is treated as, or why its override is refused. */
function effectiveMethod(req: http.IncomingMessage): { method: string; overriddenFrom?: string } | { refused: string } {
  const wire = req.method ?? 'GET';
  const override = req.headers[METHOD_OVERRIDE_HEADER.toLowerCase()];
  if (override === undefined || wire !== 'POST') return { method: wire };
  const value = String(override).trim();
  if (!isValidMethodToken(value)) return { refused: `${METHOD_OVERRIDE_HEADER} must name one method, not "${value}".` };
  if (!OVERRIDABLE.has(value)) {
    return { refused: `${METHOD_OVERRIDE_HEADER}: ${value} is not honoured; a POST may stand for ${[...OVERRIDABLE].join(', ')}.` };
  }
  return { method: value, overriddenFrom: wire };
}

/** The methods some route answers at `path` (GET implies HEAD), for OPTIONS and 405. */
function allowedAt(path: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.method === '*' || !matchPattern(route.pattern, path)) continue;
    methods.add(route.method);
    if (route.method === 'GET') methods.add('HEAD');
  }
  if (methods.size > 0) methods.add('OPTIONS');
  return [...methods];
}

function findRoute(method: string, path: string): { route: SandboxRoute; params: Record<string, string> } | undefined {
  for (const route of routes) {
    const methodFits = route.method === '*' || route.method === method || (method === 'HEAD' && route.method === 'GET');
    if (!methodFits) continue;
    // An explicit HEAD route or a '*' route listed before wins over the GET fallback.
    const params = matchPattern(route.pattern, path);
    if (params) return { route, params };
  }
  return undefined;
}

/** Handles a request whose path starts with `/sandbox`. Never throws. */
export async function handleSandbox(req: http.IncomingMessage, res: http.ServerResponse, url: URL, options: SandboxOptions): Promise<void> {
  const path = url.pathname.replace(/^\/sandbox/, '') || '/';
  try {
    const effective = effectiveMethod(req);
    if ('refused' in effective) {
      req.resume();
      return sendProblem(res, 400, { title: 'Unusable method override', detail: effective.refused });
    }
    const found = findRoute(effective.method, path);
    const ctx: SandboxContext = {
      req,
      res,
      url,
      path,
      params: found?.params ?? {},
      base: options.base,
      method: effective.method,
      ...(effective.overriddenFrom ? { overriddenFrom: effective.overriddenFrom } : {}),
    };
    if (effective.overriddenFrom) res.setHeader('X-Method-Overridden', `${effective.overriddenFrom} -> ${effective.method}`);
    if (found) return await found.route.handle(ctx);
    const allow = allowedAt(path);
    if (allow.length === 0) {
      req.resume();
      return sendProblem(res, 404, { title: 'Not Found', detail: `The sandbox has no resource at ${path}.` });
    }
    if (effective.method === 'OPTIONS') return sendOptions(ctx, allow);
    sendMethodNotAllowed(ctx, allow);
  } catch (err) {
    if (!res.headersSent) {
      sendProblem(res, 500, { title: 'Sandbox fault', detail: (err as Error).message });
    } else res.destroy();
  }
}
