/**
 * `/api/uploads`: a tiny file store whose quota fills up, so 413 (one body too large) and
 * 507 (the store cannot hold more, spec §7) can both be seen for real. Bounded by size and
 * count; `POST /sandbox/reset` empties it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readBody, sendTooLarge } from './requestBody';
import { sendJson, sendMethodNotAllowed, sendProblem, type SandboxContext, type SandboxRoute } from './router';

/** Largest single upload. */
export const UPLOAD_LIMIT = 64 * 1024;
/** Bytes the whole store holds. */
export const UPLOAD_QUOTA = 256 * 1024;
const MAX_UPLOADS = 100;

interface StoredUpload {
  id: string;
  contentType: string;
  bytes: Buffer;
  sha256: string;
  storedAt: string;
}

const uploads = new Map<string, StoredUpload>();

function used(): number {
  let total = 0;
  for (const u of uploads.values()) total += u.bytes.length;
  return total;
}

/** Empties the store. */
export function resetUploads(): void {
  uploads.clear();
}

function describe(u: StoredUpload) {
  return { id: u.id, url: `/sandbox/api/uploads/${u.id}`, size: u.bytes.length, contentType: u.contentType, sha256: u.sha256, storedAt: u.storedAt };
}

function usage() {
  const bytes = used();
  return { used: bytes, quota: UPLOAD_QUOTA, free: UPLOAD_QUOTA - bytes };
}

async function upload(ctx: SandboxContext): Promise<void> {
  const body = await readBody(ctx.req, UPLOAD_LIMIT);
  if (!body.ok) return sendTooLarge(ctx.res, body);
  const free = UPLOAD_QUOTA - used();
  if (body.bytes.length > free || uploads.size >= MAX_UPLOADS) {
    return sendProblem(ctx.res, 507, {
      title: 'Insufficient Storage',
      detail: `The upload store has ${free} of ${UPLOAD_QUOTA} bytes free (${uploads.size} files); this upload needs ${body.bytes.length}. DELETE an upload or POST /sandbox/reset.`,
      ...usage(),
      needed: body.bytes.length,
    });
  }
  const stored: StoredUpload = {
    id: randomBytes(6).toString('hex'),
    contentType: ctx.req.headers['content-type'] ?? 'application/octet-stream',
    bytes: body.bytes,
    sha256: createHash('sha256').update(body.bytes).digest('hex'),
    storedAt: new Date().toISOString(),
  };
  uploads.set(stored.id, stored);
  sendJson(ctx.res, 201, { ...describe(stored), ...usage() }, { Location: `/sandbox/api/uploads/${stored.id}` });
}

function list(ctx: SandboxContext): void {
  sendJson(ctx.res, 200, { ...usage(), count: uploads.size, uploads: [...uploads.values()].map(describe) });
}

function one(ctx: SandboxContext): void {
  const stored = uploads.get(ctx.params.id ?? '');
  if (ctx.method === 'DELETE') {
    if (!stored) return sendProblem(ctx.res, 404, { title: 'No such upload', detail: `There is no upload "${ctx.params.id}".` });
    uploads.delete(stored.id);
    ctx.res.writeHead(204);
    return void ctx.res.end();
  }
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return sendMethodNotAllowed(ctx, ['GET', 'HEAD', 'DELETE']);
  if (!stored) return sendProblem(ctx.res, 404, { title: 'No such upload', detail: `There is no upload "${ctx.params.id}".` });
  ctx.res.writeHead(200, { 'Content-Type': stored.contentType, 'Content-Length': stored.bytes.length, 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': 'sandbox', 'Content-Disposition': 'attachment' });
  ctx.res.end(stored.bytes);
}

/** The uploads router. */
export const uploadRoutes: SandboxRoute[] = [
  { method: 'POST', pattern: '/api/uploads', handle: upload },
  { method: 'GET', pattern: '/api/uploads', handle: list },
  { method: '*', pattern: '/api/uploads', handle: (ctx) => sendMethodNotAllowed(ctx, ['GET', 'HEAD', 'POST']) },
  { method: '*', pattern: '/api/uploads/:id', handle: one },
];
