/**
 * The page ↔ relay channel for MCP, under `/api/mcp/` (behind the session guard, checked
 * by the caller):
 * - `POST /api/mcp/sessions` `{ url, transport, headers, protocolVersion? }` → an NDJSON stream:
 *   `{type:'session', ref}`, then every wire entry `{type:'wire', entry}` as it happens,
 *   `{type:'connected', handshake}` or `{type:'failed', failure}`, `{type:'issued', call, id}`
 *   for each request, `{type:'closed'}`. Closing the stream ends the session (DELETE).
 * - `POST /api/mcp/sessions/<ref>/request` `{ method, params?, call?, progress? }` → the outcome JSON;
 * - `POST /api/mcp/sessions/<ref>/cancel` `{ call }`, `…/close` → `{ ok }`;
 * - `POST /api/mcp/discover` `{ url, headers, redirectUri, clientId? }` → the discovery steps and plan.
 * Both opening routes take `network` (the page's network options for the server's URL: proxy,
 * client certificates, CA bundles, trusted fingerprints, a verification exception), so every
 * request of the session and of the discovery chain reaches its host as an HTTP send does
 * (`relayFetch.ts`); the exception and fingerprints count for the server's own host only.
 */
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import type { HeaderField } from '../../core/types';
import { RelayFailure } from '../failures';
import { relayFetch, type RelayNetwork } from '../relayFetch';
import { checkMeta } from '../relayRequest';
import { discoverMcpAuthorization } from './discover';
import { McpSession } from './mcpSession';

const MAX_BODY = 8 * 1024 * 1024;
const MAX_SESSIONS = 64;

interface Live {
  session: McpSession;
  calls: Map<string, string>;
  emit(value: unknown): void;
  /** Ends the session (DELETE) and its stream. */
  end(): Promise<void>;
}
const sessions = new Map<string, Live>();

function sendJson(res: http.ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(value));
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown> | string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return `The request is larger than ${MAX_BODY / 1024 / 1024} MiB.`;
    chunks.push(chunk as Buffer);
  }
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // said below
  }
  return 'The request body must be a JSON object.';
}

function headersOf(value: unknown): HeaderField[] | string {
  const list = value ?? [];
  if (!Array.isArray(list) || list.some((f) => !f || typeof (f as HeaderField).name !== 'string' || typeof (f as HeaderField).value !== 'string')) return 'headers must be a list of { name, value } strings.';
  return list as HeaderField[];
}

function urlProblem(url: unknown): string | undefined {
  if (typeof url !== 'string') return 'url must be a string.';
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? undefined : `An MCP server over HTTP has an http or https URL, not ${u.protocol}.`;
  } catch {
    return `"${url}" is not an absolute URL.`;
  }
}

/** The page's network options as sent (absent: the server's environment decides the proxy), or what is wrong with them. */
function networkOf(value: unknown, url: string): RelayNetwork | string {
  if (value === undefined) return {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'network must be an object.';
  const v = value as Record<string, unknown>;
  const network: RelayNetwork = {
    ...(v.proxy !== undefined ? { proxy: v.proxy as RelayNetwork['proxy'] } : {}),
    ...(v.insecureTls !== undefined ? { insecureTls: v.insecureTls as boolean } : {}),
    ...(v.trustedFingerprints !== undefined ? { trustedFingerprints: v.trustedFingerprints as string[] } : {}),
    ...(v.clientCertificates !== undefined ? { clientCertificates: v.clientCertificates as RelayNetwork['clientCertificates'] } : {}),
    ...(v.caBundles !== undefined ? { caBundles: v.caBundles as RelayNetwork['caBundles'] } : {}),
  };
  try {
    checkMeta({ method: 'POST', url, headers: [], ...network });
  } catch (err) {
    return err instanceof RelayFailure ? err.message : (err as Error).message;
  }
  return network;
}

const fetchFor = (network: RelayNetwork, url: string) => relayFetch({ network, exceptionsFor: url });

async function openSession(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const body = await readJson(req);
  if (typeof body === 'string') return sendJson(res, 400, { error: body });
  const headers = headersOf(body.headers);
  const urlWrong = urlProblem(body.url);
  const network = urlWrong ? {} : networkOf(body.network, body.url as string);
  const problem = urlWrong ?? (typeof headers === 'string' ? headers : undefined) ?? (typeof network === 'string' ? network : undefined) ?? (body.transport !== 'streamable-http' && body.transport !== 'sse' ? 'transport must be "streamable-http" or "sse".' : undefined);
  if (problem || typeof network === 'string') return sendJson(res, 400, { error: problem });
  if (sessions.size >= MAX_SESSIONS) return sendJson(res, 429, { error: `${MAX_SESSIONS} MCP sessions are open; disconnect one first.` });
  const ref = randomBytes(16).toString('hex');
  res.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  const emit = (value: unknown) => {
    if (!res.writableEnded) res.write(JSON.stringify(value) + '\n');
  };
  emit({ type: 'session', ref });
  const session = new McpSession({
    url: body.url as string,
    transport: body.transport as 'streamable-http' | 'sse',
    headers: headers as HeaderField[],
    fetch: fetchFor(network, body.url as string),
    ...(typeof body.protocolVersion === 'string' && body.protocolVersion ? { protocolVersion: body.protocolVersion } : {}),
    onWire: (entry) => emit({ type: 'wire', entry }),
  });
  let ended = false;
  const end = async () => {
    if (ended) return;
    ended = true;
    sessions.delete(ref);
    await session.close();
    emit({ type: 'closed' });
    res.end();
  };
  sessions.set(ref, { session, calls: new Map(), emit, end });
  res.on('close', () => void end());
  const connected = await session.connect();
  if (connected.ok) emit({ type: 'connected', handshake: connected.handshake });
  else {
    emit({ type: 'failed', failure: connected.failure });
    await end();
  }
}

async function request(live: Live, body: Record<string, unknown>, res: http.ServerResponse): Promise<void> {
  if (typeof body.method !== 'string' || !body.method) return sendJson(res, 400, { error: 'method must be a string.' });
  if (body.params !== undefined && (typeof body.params !== 'object' || body.params === null || Array.isArray(body.params))) return sendJson(res, 400, { error: 'params must be an object.' });
  const call = typeof body.call === 'string' ? body.call : undefined;
  const outcome = await live.session.request(body.method, body.params as Record<string, unknown> | undefined, {
    onId: (id) => {
      if (call) live.calls.set(call, id);
      live.emit({ type: 'issued', call, id });
    },
    ...(body.progress === true ? { onProgress: () => undefined } : {}),
  });
  if (call) live.calls.delete(call);
  sendJson(res, 200, outcome);
}

/** Handles `/api/mcp/…` (the guard already passed). */
export async function handleMcpApi(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<void> {
  if (req.method !== 'POST') return sendJson(res, 405, { error: `${pathname} takes POST.` });
  if (pathname === '/api/mcp/sessions') return openSession(req, res);
  if (pathname === '/api/mcp/discover') {
    const body = await readJson(req);
    if (typeof body === 'string') return sendJson(res, 400, { error: body });
    const headers = headersOf(body.headers);
    const urlWrong = urlProblem(body.url);
    const network = urlWrong ? {} : networkOf(body.network, body.url as string);
    const problem = urlWrong ?? (typeof headers === 'string' ? headers : undefined) ?? (typeof network === 'string' ? network : undefined) ?? urlProblem(body.redirectUri);
    if (problem || typeof network === 'string') return sendJson(res, 400, { error: problem });
    return sendJson(res, 200, await discoverMcpAuthorization({ url: body.url as string, headers: headers as HeaderField[], redirectUri: body.redirectUri as string, fetch: fetchFor(network, body.url as string), ...(typeof body.clientId === 'string' ? { clientId: body.clientId } : {}) }));
  }
  const m = /^\/api\/mcp\/sessions\/([0-9a-f]{32})\/(request|cancel|close)$/.exec(pathname);
  if (!m) return sendJson(res, 404, { error: `No MCP route ${pathname}.` });
  const live = sessions.get(m[1]!);
  const body = await readJson(req);
  if (!live) return sendJson(res, 404, { ok: false, failure: { kind: 'closed', message: 'That MCP session has ended (or never started); connect again.' } });
  if (typeof body === 'string') return sendJson(res, 400, { error: body });
  if (m[2] === 'request') return request(live, body, res);
  if (m[2] === 'cancel') {
    const id = typeof body.call === 'string' ? live.calls.get(body.call) : typeof body.id === 'string' ? body.id : undefined;
    return sendJson(res, 200, { ok: id ? await live.session.cancel(id, typeof body.reason === 'string' ? body.reason : undefined) : false });
  }
  await live.end();
  return sendJson(res, 200, { ok: true });
}
