/**
 * The `/api/workspace` routes: the HTTP face of a `WorkspaceFolder` (state, long-polled
 * changes, PUT/DELETE of collections and environments). Separate from `workspaceFolder.ts`
 * so the folder stays free of request parsing and status codes.
 */
import type http from 'node:http';
import { OutsideWorkspaceError } from './workspaceConfine';
import type { WorkspaceFolder } from './workspaceFolder';

/** Request bodies of `/api/workspace` are records, not payloads. */
const MAX_BODY_BYTES = 20 * 1024 * 1024;
/** How long a changes poll waits for a change before answering "unchanged". */
const MAX_WAIT_MS = 25_000;

function sendJson(res: http.ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(value));
}

async function readJsonBody(req: http.IncomingMessage): Promise<{ ok: true; value: unknown } | { ok: false; status: number; message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return { ok: false, status: 413, message: `The record is larger than ${MAX_BODY_BYTES} bytes.` };
    chunks.push(chunk);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown };
  } catch (err) {
    return { ok: false, status: 400, message: `The body is not JSON: ${(err as Error).message}` };
  }
}

/**
 * Answers `/api/workspace*` (the caller has already passed the `/api` guard):
 * `GET /api/workspace` (the state, or `{enabled: false}` without a folder),
 * `GET /api/workspace/changes?since=N&wait=MS` (waits for a revision above N),
 * `PUT`/`DELETE /api/workspace/collections/:id` and `/api/workspace/environments/:id`.
 */
export async function handleWorkspaceApi(req: http.IncomingMessage, res: http.ServerResponse, url: URL, folder: WorkspaceFolder | undefined): Promise<void> {
  const method = req.method ?? 'GET';
  if (url.pathname === '/api/workspace' && method === 'GET') {
    sendJson(res, 200, folder ? folder.state() : { enabled: false });
    return;
  }
  if (url.pathname === '/api/workspace/changes' && method === 'GET') {
    if (!folder) {
      sendJson(res, 200, { enabled: false });
      return;
    }
    const since = Number(url.searchParams.get('since') ?? '0');
    const wait = Math.min(MAX_WAIT_MS, Math.max(0, Number(url.searchParams.get('wait') ?? MAX_WAIT_MS) || 0));
    if (!Number.isInteger(since) || since < 0) {
      sendJson(res, 400, { error: `since must be a revision number, not ${JSON.stringify(url.searchParams.get('since'))}` });
      return;
    }
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    await folder.waitForChange(since, wait, abort.signal);
    if (abort.signal.aborted && res.destroyed) return;
    sendJson(res, 200, folder.revision > since ? folder.state() : { enabled: true, revision: folder.revision, unchanged: true });
    return;
  }
  const match = url.pathname.match(/^\/api\/workspace\/(collections|environments)\/([^/]{1,200})$/);
  if (!match) {
    sendJson(res, 404, { error: `No workspace route ${method} ${url.pathname}` });
    return;
  }
  if (!folder) {
    sendJson(res, 409, { error: 'This server has no workspace folder; start it with --workspace DIR to keep collections as files.' });
    return;
  }
  const kind = match[1] === 'collections' ? 'collection' : 'environment';
  let id: string;
  try {
    id = decodeURIComponent(match[2]!);
  } catch {
    sendJson(res, 400, { error: `The ${kind} id in ${JSON.stringify(match[2])} is not valid percent-encoding (RFC 3986 §2.1): each % must be followed by two hex digits of UTF-8.` });
    return;
  }
  try {
    if (method === 'DELETE') {
      const removed = kind === 'collection' ? await folder.deleteCollection(id) : await folder.deleteEnvironment(id);
      sendJson(res, removed ? 200 : 404, removed ? { revision: folder.revision } : { error: `No ${kind} with id "${id}" in the folder.` });
      return;
    }
    if (method !== 'PUT') {
      sendJson(res, 405, { error: `${method} is not allowed here; use PUT or DELETE.` });
      return;
    }
    const body = await readJsonBody(req);
    if (!body.ok) {
      sendJson(res, body.status, { error: body.message });
      return;
    }
    const given = typeof body.value === 'object' && body.value !== null ? (body.value as { id?: unknown }).id : undefined;
    if (given !== id) {
      sendJson(res, 400, { error: `The ${kind} in the body has id ${JSON.stringify(given)}, but the URL names "${id}".` });
      return;
    }
    const written = kind === 'collection' ? await folder.putCollection(body.value) : await folder.putEnvironment(body.value);
    if (!written.ok) sendJson(res, 400, { error: written.error.message, field: written.error.field });
    else sendJson(res, 200, { revision: written.value });
  } catch (err) {
    if (err instanceof OutsideWorkspaceError) sendJson(res, 409, { error: err.message });
    else sendJson(res, 500, { error: `The workspace folder could not be written: ${(err as Error).message}` });
  }
}
