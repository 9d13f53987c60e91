/**
 * `/json/{megabytes}`: a large JSON document, generated and streamed so the server never
 * holds it whole. Deterministic (the same size gives the same bytes) and realistic: an
 * `items` array of nested order-like objects with strings, numbers, booleans, nulls,
 * arrays and objects, the kind of body a viewer and a formatter must cope with.
 * `?rate=` paces it, in MiB per second, as a slow link would: what a viewer shows while
 * a body is still arriving.
 */
import { sendProblem, type SandboxContext, type SandboxRoute } from './router';
import { seededRandom } from './seededRandom';

/** Largest document served, in MiB. */
export const MAX_JSON_MEGABYTES = 1024;
const CHUNK = 64 * 1024;
/** Slowest and fastest pace `?rate=` takes, in MiB per second. */
export const MIN_JSON_RATE = 0.01;
export const MAX_JSON_RATE = 1024;

const CITIES = ['Lisbon', 'Oslo', 'Kraków', 'Montréal', 'Nairobi', 'Osaka', 'Valparaíso', 'Reykjavík'];
const PRODUCTS = ['Brass gear', 'Punch card', 'Vacuum tube', 'Relay switch', 'Core memory plane', 'Teletype ribbon', 'Slide rule', 'Magnetic drum'];
const TAGS = ['priority', 'gift', 'fragile', 'backorder', 'wholesale', 'returning-customer'];

/** The item at `index`, always the same. */
export function generatedItem(index: number): unknown {
  const r = seededRandom(index * 2654435761);
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)]!;
  const lineCount = 1 + Math.floor(r() * 3);
  const lines = Array.from({ length: lineCount }, (_, i) => ({
    line: i + 1,
    product: `${pick(PRODUCTS)} #${Math.floor(r() * 1000)}`,
    quantity: 1 + Math.floor(r() * 20),
    unitPrice: Math.round(r() * 50000) / 100,
  }));
  const created = new Date(Date.UTC(2024, 0, 1) + Math.floor(r() * 365 * 86400) * 1000).toISOString().replace('.000', '');
  return {
    id: index + 1,
    sku: `SKU-${String(index + 1).padStart(8, '0')}`,
    customer: {
      id: 1000 + Math.floor(r() * 9000),
      name: `Customer ${Math.floor(r() * 100000)}`,
      address: { street: `${1 + Math.floor(r() * 200)} Main Street`, city: pick(CITIES), postcode: String(10000 + Math.floor(r() * 89999)) },
    },
    lines,
    total: Math.round(lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0) * 100) / 100,
    tags: TAGS.filter(() => r() < 0.25),
    paid: r() < 0.7,
    shippedAt: r() < 0.5 ? created : null,
    createdAt: created,
  };
}

/** Distinct item bodies; items beyond repeat them with their own id and SKU. */
const VARIANTS = 4096;
const variantTails: string[] = [];

/** The JSON text of the item at `index`: its own id and SKU, the rest from a cached variant. */
export function generatedItemJson(index: number): string {
  const variant = index % VARIANTS;
  let tail = variantTails[variant];
  if (tail === undefined) {
    const full = JSON.stringify(generatedItem(variant));
    tail = full.slice(full.indexOf(',"customer"'));
    variantTails[variant] = tail;
  }
  return `{"id":${index + 1},"sku":"SKU-${String(index + 1).padStart(8, '0')}"${tail}`;
}

function largeJson(ctx: SandboxContext): void {
  ctx.req.resume();
  const raw = ctx.params.megabytes ?? '';
  const megabytes = /^\d{1,4}(\.\d{1,6})?$/.test(raw) ? Number(raw) : NaN;
  if (!(megabytes > 0 && megabytes <= MAX_JSON_MEGABYTES)) {
    return sendProblem(ctx.res, 400, { title: 'Bad size', detail: `"${raw}" is not a size in MiB above 0 and at most ${MAX_JSON_MEGABYTES} (fractions allowed, e.g. 0.5).` });
  }
  const rawRate = ctx.url.searchParams.get('rate');
  const rate = rawRate === null ? undefined : /^\d{1,4}(\.\d{1,6})?$/.test(rawRate) ? Number(rawRate) : NaN;
  if (rate !== undefined && !(rate >= MIN_JSON_RATE && rate <= MAX_JSON_RATE)) {
    return sendProblem(ctx.res, 400, { title: 'Bad rate', detail: `rate="${rawRate}" is not a pace in MiB per second from ${MIN_JSON_RATE} to ${MAX_JSON_RATE} (e.g. 0.5).` });
  }
  const target = Math.floor(megabytes * 1024 * 1024);
  const { res } = ctx;
  const started = performance.now();
  /** How long to wait before the next chunk so that `sent` bytes went out at the asked pace. */
  const waitFor = (sent: number) => (rate === undefined ? 0 : Math.max(0, started + (sent / (rate * 1024 * 1024)) * 1000 - performance.now()));
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'X-Generated-Bytes-Target': String(target) });
  if (ctx.req.method === 'HEAD') return void res.end();
  const head = `{"megabytes":${megabytes},"items":[`;
  const footer = (count: number) => `],"count":${count}}\n`;
  let closed = false;
  res.on('close', () => (closed = true));
  let index = 0;
  let parts: string[] = [head];
  let pending = head.length;
  let total = head.length;
  const pump = () => {
    while (!closed) {
      const item = (index === 0 ? '' : ',') + generatedItemJson(index);
      const size = Buffer.byteLength(item);
      // Stop before an item would push the document past the target (the first item always goes).
      if (index > 0 && total + size + footer(index).length > target) {
        parts.push(footer(index));
        res.end(parts.join(''));
        return;
      }
      parts.push(item);
      pending += size;
      total += size;
      index++;
      if (pending >= CHUNK) {
        const chunk = parts.join('');
        parts = [];
        pending = 0;
        // Yield after every chunk so other exchanges on this process (the relay) keep moving.
        const next = () => {
          const wait = waitFor(total);
          if (wait > 0) setTimeout(pump, wait);
          else setImmediate(pump);
        };
        if (!res.write(chunk)) return void res.once('drain', next);
        return next();
      }
    }
  };
  pump();
}

/** The large-document router. */
export const largeJsonRoutes: SandboxRoute[] = [{ method: 'GET', pattern: '/json/:megabytes', handle: largeJson }];
