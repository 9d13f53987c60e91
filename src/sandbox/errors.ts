/**
 * Error answers one can provoke on purpose (spec §7), each an RFC 9457 problem:
 * `POST /errors/validate` tells 415 (unsupported type) from 400 (bad JSON or XML syntax,
 * a badly formatted date) from 422 (well-formed but wrong); `/errors/500` is a handled
 * server fault with a correlation id; `/errors/429` is a real rate limiter with
 * Retry-After. 413 and 507 live in `uploads.ts`.
 */
import { randomUUID } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parseJson, positionAt } from '../core';
import { sandboxNow } from './clock';
import { validateOrder } from './orderStore';
import { isJsonEssence, readBody, requestContentType, sendTooLarge, sendUnsupportedType } from './requestBody';
import { sendJson, sendMethodNotAllowed, sendProblem, type SandboxContext, type SandboxRoute } from './router';

const VALIDATE_TYPES = ['application/json', 'application/xml', 'text/xml'];

/** Reads an `<order>` document into the JSON shape of an order; syntax errors carry line and column. */
function orderFromXml(text: string): { value: unknown } | { syntax: { message: string; line: number; column: number } } {
  const doctype = text.search(/<!DOCTYPE/i);
  if (doctype >= 0) {
    const at = positionAt(text, doctype);
    return { syntax: { message: 'Document type declarations (DTDs) are not accepted', line: at.line, column: at.column } };
  }
  const verdict = XMLValidator.validate(text);
  if (verdict !== true) return { syntax: { message: verdict.err.msg, line: verdict.err.line, column: verdict.err.col } };
  const doc = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true, ignoreDeclaration: true }).parse(text) as Record<string, unknown>;
  const rootName = Object.keys(doc)[0];
  const root = rootName === undefined ? undefined : doc[rootName];
  if (rootName !== 'order' || typeof root !== 'object' || root === null) return { value: { rootElement: rootName ?? null } };
  const value: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(root)) {
    const numeric = (name === 'quantity' || name === 'unitPrice') && typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw.trim());
    value[name] = numeric ? Number(raw) : raw;
  }
  return { value };
}

async function validate(ctx: SandboxContext): Promise<void> {
  const type = requestContentType(ctx.req);
  const essence = type.kind === 'media' ? type.media.essence : '';
  const isXml = essence === 'application/xml' || essence === 'text/xml' || essence.endsWith('+xml');
  if (!isJsonEssence(essence) && !isXml) {
    ctx.req.resume();
    return sendUnsupportedType(ctx.res, type, VALIDATE_TYPES);
  }
  const body = await readBody(ctx.req, 64 * 1024);
  if (!body.ok) return sendTooLarge(ctx.res, body);
  const text = body.bytes.toString('utf8');
  let value: unknown;
  if (isXml) {
    const read = orderFromXml(text);
    if ('syntax' in read) {
      const { message, line, column } = read.syntax;
      return sendProblem(ctx.res, 400, { title: 'Malformed XML', detail: `${message} at line ${line}, column ${column}.`, line, column });
    }
    value = read.value;
    if ((value as { rootElement?: unknown }).rootElement !== undefined) {
      return sendProblem(ctx.res, 422, { title: 'Unprocessable order', detail: `The XML is well-formed, but its root element is <${String((value as { rootElement: unknown }).rootElement)}>, not <order>.` });
    }
  } else {
    const parsed = parseJson(text);
    if (!parsed.ok) {
      const at = parsed.error.position;
      return sendProblem(ctx.res, 400, { title: 'Malformed JSON', detail: `${parsed.error.message}${at ? ` at line ${at.line}, column ${at.column}` : ''}.`, ...(at ? { line: at.line, column: at.column } : {}) });
    }
    value = parsed.value;
  }
  const checked = validateOrder(value, undefined, new Date(sandboxNow()));
  if (!checked.ok) {
    const title = checked.status === 400 ? 'Malformed value' : 'Unprocessable order';
    return sendProblem(ctx.res, checked.status, { title, detail: checked.problems.map((p) => p.message).join(' '), errors: checked.problems });
  }
  sendJson(ctx.res, 200, { valid: true, syntax: isXml ? 'xml' : 'json', order: checked.fields });
}

/** A configuration the fault endpoint depends on; broken on purpose. */
const BROKEN_DEPENDENCY = '{"inventoryService": "http://inventory.invalid", "timeoutMs": }';

function serverFault(ctx: SandboxContext): void {
  ctx.req.resume();
  const correlationId = randomUUID();
  try {
    JSON.parse(BROKEN_DEPENDENCY);
    sendJson(ctx.res, 200, { ok: true });
  } catch (err) {
    // The cause is logged on the server under the id; the client gets the id, not the internals.
    console.error(`[sandbox] handled fault ${correlationId}: ${(err as Error).message}`);
    sendProblem(
      ctx.res,
      500,
      {
        title: 'Internal Server Error',
        detail: 'The order service could not read its inventory configuration. This is a fault on the server, not in your request; quote the correlation id when reporting it.',
        correlationId,
        instance: `/sandbox/errors/500#${correlationId}`,
      },
      { 'X-Correlation-Id': correlationId },
    );
  }
}

/** The limiter of `/errors/429`: a fixed window per client address. */
export const RATE_LIMIT = { requests: 3, windowSeconds: 10 } as const;
const MAX_TRACKED_CLIENTS = 1000;
const windows = new Map<string, { start: number; count: number }>();

/** Forgets every client's window. */
export function resetRateLimiter(): void {
  windows.clear();
}

function rateLimited(ctx: SandboxContext): void {
  ctx.req.resume();
  const now = sandboxNow();
  const windowMs = RATE_LIMIT.windowSeconds * 1000;
  const client = ctx.req.socket.remoteAddress ?? 'unknown';
  let entry = windows.get(client);
  if (!entry || now - entry.start >= windowMs) {
    if (!entry && windows.size >= MAX_TRACKED_CLIENTS) {
      for (const [key, w] of windows) if (now - w.start >= windowMs) windows.delete(key);
      if (windows.size >= MAX_TRACKED_CLIENTS) windows.delete(windows.keys().next().value as string);
    }
    entry = { start: now, count: 0 };
    windows.set(client, entry);
  }
  entry.count++;
  const reset = Math.max(1, Math.ceil((entry.start + windowMs - now) / 1000));
  const remaining = Math.max(0, RATE_LIMIT.requests - entry.count);
  const headers = {
    'RateLimit-Policy': `${RATE_LIMIT.requests};w=${RATE_LIMIT.windowSeconds}`,
    RateLimit: `limit=${RATE_LIMIT.requests}, remaining=${remaining}, reset=${reset}`,
  };
  if (entry.count > RATE_LIMIT.requests) {
    return sendProblem(
      ctx.res,
      429,
      { title: 'Too Many Requests', detail: `At most ${RATE_LIMIT.requests} requests per ${RATE_LIMIT.windowSeconds} s; try again in ${reset} s.`, retryAfterSeconds: reset },
      { ...headers, 'Retry-After': String(reset) },
    );
  }
  sendJson(ctx.res, 200, { ok: true, remaining, resetSeconds: reset }, headers);
}

/** The errors router. */
export const errorRoutes: SandboxRoute[] = [
  { method: 'POST', pattern: '/errors/validate', handle: validate },
  { method: '*', pattern: '/errors/validate', handle: (ctx) => sendMethodNotAllowed(ctx, ['POST']) },
  { method: '*', pattern: '/errors/500', handle: serverFault },
  { method: '*', pattern: '/errors/429', handle: rateLimited },
];
