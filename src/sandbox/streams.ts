/**
 * Streamed answers (issue 17): `/stream/sse` (server-sent events with ids, types,
 * multi-line data, a retry and comments; resumes after `Last-Event-ID`), `/stream/sse-broken`
 * (stops in the middle of an event), `/stream/ndjson` (one JSON value per line, optionally
 * one bad line) and `/stream/text` (plain text lines, chunked). `count` and `interval`
 * (ms, 0 for no waiting) shape each stream. `/stream/connections` counts the streams open
 * now and those the client closed early, so a test can see on the server's side that a
 * cancelled stream's connection really closed.
 */
import { EventEmitter } from 'node:events';
import { sandboxNow } from './clock';
import { sendJson, sendProblem, type SandboxContext, type SandboxRoute } from './router';

const MAX_COUNT = 10_000;
const MAX_INTERVAL_MS = 10_000;
const DEFAULT_COUNT = 10;
const DEFAULT_INTERVAL_MS = 500;

/** Streams open now, and streams whose client went away before the end. */
const connections = { open: 0, closedEarly: 0 };
/** Emits `closed` (with `{ early }`) whenever a stream's response closes. */
export const streamEvents = new EventEmitter();

/** A whole-number query parameter within `0..max`, its default when absent, or undefined after a 400. */
function intParam(ctx: SandboxContext, name: string, fallback: number, min: number, max: number): number | undefined {
  const raw = ctx.url.searchParams.get(name);
  if (raw === null) return fallback;
  const n = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  if (n >= min && n <= max) return n;
  sendProblem(ctx.res, 400, { title: `Bad ${name}`, detail: `${name}=${raw} is not a whole number from ${min} to ${max}.` });
  return undefined;
}

/** Line ends to write (`eol=lf|crlf|cr`): all three are valid in an event stream. */
function lineEnd(ctx: SandboxContext): string | undefined {
  const raw = ctx.url.searchParams.get('eol') ?? 'lf';
  const eol = ({ lf: '\n', crlf: '\r\n', cr: '\r' } as Record<string, string>)[raw];
  if (eol === undefined) sendProblem(ctx.res, 400, { title: 'Bad eol', detail: `eol=${raw} is not one of lf, crlf, cr.` });
  return eol;
}

/**
 * Writes `count` pieces, one every `interval` ms (the first at once), each made when it is
 * sent (so times in it are the moment of sending), then ends the response, or with `drop`
 * destroys the connection instead. Stops at once when the client goes away.
 */
function pump(ctx: SandboxContext, count: number, piece: (index: number) => string, interval: number, finish: 'end' | 'drop' = 'end'): void {
  const { res } = ctx;
  connections.open += 1;
  let next = 0;
  let cancel: (() => void) | undefined;
  let done = false;
  res.on('close', () => {
    const early = !done;
    cancel?.();
    connections.open -= 1;
    if (early) connections.closedEarly += 1;
    streamEvents.emit('closed', { early });
  });
  const step = () => {
    cancel = undefined;
    if (res.destroyed) return;
    if (next < count) res.write(piece(next++));
    if (next < count) {
      if (interval === 0) {
        const immediate = setImmediate(step);
        cancel = () => clearImmediate(immediate);
      } else {
        const timeout = setTimeout(step, interval);
        cancel = () => clearTimeout(timeout);
      }
      return;
    }
    done = true;
    if (finish === 'drop') res.destroy();
    else res.end();
  };
  step();
}

/** The n-th event of the demo stream: three kinds in turn, the third with data over two lines. */
function demoEvent(n: number, eol: string): string {
  const at = new Date(sandboxNow()).toISOString();
  const lines = [`id: ${n}`];
  if (n % 3 === 1) lines.push(`data: {"n":${n},"text":"a message without an event field"}`);
  else if (n % 3 === 2) lines.push('event: tick', `data: {"n":${n},"at":"${at}"}`);
  else lines.push('event: notice', `data: Notice ${n}, line one`, 'data: line two of the same event');
  // A comment every fourth event, as servers send keep-alives.
  const comment = n % 4 === 0 ? `: keep-alive${eol}` : '';
  return comment + lines.join(eol) + eol + eol;
}

function sseHead(ctx: SandboxContext): void {
  ctx.res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    // Tells buffering proxies (nginx) to pass events on as they come.
    'X-Accel-Buffering': 'no',
  });
}

function sse(ctx: SandboxContext): void {
  ctx.req.resume();
  const count = intParam(ctx, 'count', DEFAULT_COUNT, 1, MAX_COUNT);
  const interval = count === undefined ? undefined : intParam(ctx, 'interval', DEFAULT_INTERVAL_MS, 0, MAX_INTERVAL_MS);
  const eol = interval === undefined ? undefined : lineEnd(ctx);
  if (count === undefined || interval === undefined || eol === undefined) return;
  // A reconnecting EventSource sends the last id it saw; resume after it.
  const last = Number(ctx.req.headers['last-event-id']);
  const from = Number.isInteger(last) && last >= 0 ? last + 1 : 1;
  sseHead(ctx);
  if (ctx.req.method === 'HEAD') return void ctx.res.end();
  const opening = `: ${count} events from the Wirebench sandbox${from > 1 ? `, resuming after ${from - 1}` : ''}${eol}retry: 3000${eol}${eol}`;
  pump(ctx, Math.max(0, count - from + 1) + 1, (i) => (i === 0 ? opening : demoEvent(from + i - 1, eol)), interval);
}

function sseBroken(ctx: SandboxContext): void {
  ctx.req.resume();
  const interval = intParam(ctx, 'interval', DEFAULT_INTERVAL_MS, 0, MAX_INTERVAL_MS);
  if (interval === undefined) return;
  sseHead(ctx);
  if (ctx.req.method === 'HEAD') return void ctx.res.end();
  const piece = (i: number) => (i === 0 ? ': three whole events, then one cut off\n\n' : i < 4 ? demoEvent(i, '\n') : 'id: 4\nevent: tick\ndata: {"n":4,\ndata: "cut":');
  // drop=1 breaks the connection instead of ending the body cleanly.
  pump(ctx, 5, piece, interval, ctx.url.searchParams.get('drop') === '1' ? 'drop' : 'end');
}

const LINE_TYPES: Record<string, string> = { ndjson: 'application/x-ndjson', jsonl: 'application/jsonl', 'json-seq': 'application/json-seq' };

function ndjson(ctx: SandboxContext): void {
  ctx.req.resume();
  const count = intParam(ctx, 'count', DEFAULT_COUNT, 1, MAX_COUNT);
  const interval = count === undefined ? undefined : intParam(ctx, 'interval', DEFAULT_INTERVAL_MS, 0, MAX_INTERVAL_MS);
  const bad = interval === undefined ? undefined : intParam(ctx, 'bad', 0, 0, MAX_COUNT);
  if (count === undefined || interval === undefined || bad === undefined) return;
  const format = ctx.url.searchParams.get('format') ?? 'ndjson';
  const type = LINE_TYPES[format];
  if (!type) return sendProblem(ctx.res, 400, { title: 'Bad format', detail: `format=${format} is not one of ${Object.keys(LINE_TYPES).join(', ')}.` });
  ctx.res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  if (ctx.req.method === 'HEAD') return void ctx.res.end();
  const prefix = format === 'json-seq' ? '\u001e' : '';
  const record = (n: number) => (n === bad ? `{"n":${n},"note":"this line is not JSON" oops}` : JSON.stringify({ n, at: new Date(sandboxNow()).toISOString(), even: n % 2 === 0 }));
  pump(ctx, count, (i) => `${prefix}${record(i + 1)}\n`, interval);
}

function textLines(ctx: SandboxContext): void {
  ctx.req.resume();
  const count = intParam(ctx, 'count', DEFAULT_COUNT, 1, MAX_COUNT);
  const interval = count === undefined ? undefined : intParam(ctx, 'interval', DEFAULT_INTERVAL_MS, 0, MAX_INTERVAL_MS);
  if (count === undefined || interval === undefined) return;
  ctx.res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  if (ctx.req.method === 'HEAD') return void ctx.res.end();
  pump(ctx, count, (i) => `line ${i + 1} of ${count}\n`, interval);
}

/** The streams router. */
export const streamRoutes: SandboxRoute[] = [
  { method: 'GET', pattern: '/stream/sse', handle: sse },
  { method: 'GET', pattern: '/stream/sse-broken', handle: sseBroken },
  { method: 'GET', pattern: '/stream/ndjson', handle: ndjson },
  { method: 'GET', pattern: '/stream/text', handle: textLines },
  {
    method: 'GET',
    pattern: '/stream/connections',
    handle: (ctx) => {
      ctx.req.resume();
      sendJson(ctx.res, 200, { ...connections }, { 'Cache-Control': 'no-store' });
    },
  },
];
