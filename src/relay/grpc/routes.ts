/**
 * The page ↔ relay channel for gRPC, under `/api/grpc/` (behind the same session guard as
 * every `/api` route, checked by the caller):
 * - `POST /api/grpc/describe` — `GrpcTarget` (+ `metadata`) → `GrpcDescribeResult` JSON (the
 *   target's `proxy` choice, client certificates and CA bundles checked as an HTTP send's);
 * - `POST /api/grpc/calls` — `GrpcCallRequest` → an NDJSON stream of `GrpcCallEvent`s, one a
 *   line as they happen, ending with the status (or an error); closing it cancels the call;
 * - `POST /api/grpc/calls/<id>/messages` `{ message }`, `…/end`, `…/cancel` — for a call in
 *   flight (client and bidi streams), answered `{ ok: true }` or `{ ok: false, error }`.
 */
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import type { GrpcCallRequest, GrpcTarget } from '../../core/protocols/grpc/callModel';
import type { HeaderField } from '../../core/types';
import { RelayFailure } from '../failures';
import { checkMeta } from '../relayRequest';
import { startGrpcCall, type GrpcCallHandle } from './call';
import { describeGrpc } from './describe';

const MAX_BODY = 32 * 1024 * 1024;
const calls = new Map<string, GrpcCallHandle>();

function sendJson(res: http.ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(value));
}

async function readJson(req: http.IncomingMessage): Promise<{ ok: true; value: Record<string, unknown> } | { ok: false; message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return { ok: false, message: `The request is larger than ${MAX_BODY / 1024 / 1024} MiB.` };
    chunks.push(chunk as Buffer);
  }
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return { ok: true, value: value as Record<string, unknown> };
  } catch {
    // said below
  }
  return { ok: false, message: 'The request body must be a JSON object.' };
}

function targetOf(body: Record<string, unknown>): GrpcTarget | string {
  if (typeof body.url !== 'string') return 'url must be a string (grpc://host:port).';
  if (body.source !== 'reflection' && body.source !== 'proto') return 'source must be "reflection" or "proto".';
  if (body.protoFiles !== undefined && (typeof body.protoFiles !== 'object' || body.protoFiles === null || Object.values(body.protoFiles).some((v) => typeof v !== 'string'))) return 'protoFiles must map file names to their text.';
  // The proxy choice and TLS material are checked as an HTTP send's are.
  const t = body as unknown as GrpcTarget;
  try {
    checkMeta({ method: 'POST', url: 'http://grpc.invalid/', headers: [], ...(t.proxy !== undefined ? { proxy: t.proxy } : {}), ...(t.clientCertificates !== undefined ? { clientCertificates: t.clientCertificates } : {}), ...(t.caBundles !== undefined ? { caBundles: t.caBundles } : {}), ...(t.trustedFingerprints !== undefined ? { trustedFingerprints: t.trustedFingerprints } : {}) });
  } catch (err) {
    return err instanceof RelayFailure ? err.message : (err as Error).message;
  }
  return t;
}

function metadataOfBody(body: Record<string, unknown>): HeaderField[] | string {
  const md = body.metadata ?? [];
  if (!Array.isArray(md) || md.some((f) => !f || typeof (f as HeaderField).name !== 'string' || typeof (f as HeaderField).value !== 'string')) return 'metadata must be a list of { name, value } strings.';
  return md as HeaderField[];
}

async function startCall(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const body = await readJson(req);
  if (!body.ok) return sendJson(res, 400, { error: body.message });
  const target = targetOf(body.value);
  const metadata = metadataOfBody(body.value);
  const b = body.value;
  const problem = typeof target === 'string' ? target : typeof metadata === 'string' ? metadata
    : typeof b.service !== 'string' || typeof b.method !== 'string' ? 'service and method must be strings.'
    : !Array.isArray(b.messages) ? 'messages must be a list.'
    : typeof b.deadlineMs !== 'number' || b.deadlineMs < 0 ? 'deadlineMs must be a number of 0 or more.' : undefined;
  if (problem) return sendJson(res, 400, { error: problem });
  const request = { ...(target as GrpcTarget), ...b, metadata } as GrpcCallRequest;
  const id = randomBytes(16).toString('hex');
  res.writeHead(200, { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.flushHeaders();
  let finished = false;
  const handle = startGrpcCall(request, id, (event) => {
    if (!res.writableEnded) res.write(JSON.stringify(event) + '\n');
  });
  calls.set(id, handle);
  // The page went away (closed the tab, aborted the fetch): the call goes with it.
  res.on('close', () => {
    if (!finished) handle.cancel();
  });
  await handle.done;
  finished = true;
  calls.delete(id);
  res.end();
}

/** Handles `/api/grpc/…` (the guard already passed). */
export async function handleGrpcApi(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<void> {
  if (req.method !== 'POST') return sendJson(res, 405, { error: `${pathname} takes POST.` });
  if (pathname === '/api/grpc/describe') {
    const body = await readJson(req);
    if (!body.ok) return sendJson(res, 400, { error: body.message });
    const target = targetOf(body.value);
    const metadata = metadataOfBody(body.value);
    if (typeof target === 'string' || typeof metadata === 'string') return sendJson(res, 400, { error: typeof target === 'string' ? target : metadata });
    return sendJson(res, 200, await describeGrpc(target, metadata));
  }
  if (pathname === '/api/grpc/calls') return startCall(req, res);
  const m = /^\/api\/grpc\/calls\/([0-9a-f]{32})\/(messages|end|cancel)$/.exec(pathname);
  if (!m) return sendJson(res, 404, { error: `No gRPC route ${pathname}.` });
  const handle = calls.get(m[1]!);
  const body = m[2] === 'messages' ? await readJson(req) : (req.resume(), undefined);
  if (!handle) return sendJson(res, 404, { ok: false, error: { kind: 'unknown_call', message: 'That call has ended (or never started); start a new one.' } });
  if (m[2] === 'end') handle.end();
  else if (m[2] === 'cancel') handle.cancel();
  else {
    if (!body?.ok) return sendJson(res, 400, { ok: false, error: { kind: 'bad_request', message: body?.message ?? 'No message.' } });
    const failure = handle.send(body.value.message);
    if (failure) return sendJson(res, 200, { ok: false, error: failure });
  }
  return sendJson(res, 200, { ok: true });
}
