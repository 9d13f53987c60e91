/**
 * `npm run bench:startup`: how fast the first screen is usable. Starts the real server
 * (`npm start`'s `main.ts`, built app, precompressed assets) and headless system Chromium,
 * then loads the app 30 times cold (a fresh browser context each: empty cache) and 30 times
 * warm (one context, cache primed by a load that is not counted). Per load:
 *
 * - first contentful paint (the `paint` performance entry);
 * - URL field ready: the composer's URL field is in the page and editable, and the main
 *   thread has run the next task after that (a keystroke would be handled); each run then,
 *   once the page has painted (so no keystroke is the bench's own work inside the paint),
 *   types into the field and checks the character arrived;
 * - JS transferred before the field was ready: compressed bytes on the wire (`transferSize`
 *   of the page's and its workers' scripts, from the network events), so a warm load from
 *   cache counts ~0;
 * - main-thread long tasks (PerformanceObserver `longtask`, installed before the app loads)
 *   from navigation until the network is idle: count and total.
 *
 * - when the app took over: index.html's first screen (a real URL field that takes typing
 *   before any script) is gone and the app's own URL editor has what was typed, and the JS
 *   transferred until then.
 *
 * The page's DevTools session is attached before it navigates, for the app and the floor alike.
 *
 * An empty page from the same server, loaded the same way (the same probe) before and after
 * each cold load of the app, is the floor: the FCP no app can beat on this machine. Each cold
 * load is divided by the mean of the two floor loads beside it, and the median of those
 * ratios is what the targets are checked by (the ratio of the two medians is shown beside
 * it). Targets (issue 31), cold: FCP ≤ 1.3× the floor, URL field ready ≤ 2× the floor, no
 * main-thread task over 100 ms until idle, JS before the app took over ≤ 250 KB compressed.
 * BENCH_LOADS changes the 30.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.env.WIREBENCH_DIST_DIR ||= 'dist-bench-startup';
const { buildApp, buildIsStale, distDirOf } = await import('../src/server/build');
const { startChildServer } = await import('../src/relay/childServer');
const { stopsWithBench } = await import('./benchLifetime');
const { grantSession } = await import('../e2e/support/session');
const { median, printTable } = await import('./table');

const LOADS = Number(process.env.BENCH_LOADS ?? 30);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TOKEN = 'bench-startup-token';
/** Issue 31's targets: ratios to the empty page's first paint measured in the same run, a long-task cap, a JS budget. */
const TARGETS = { jsKB: 250, fcpRatio: 1.3, readyRatio: 2, longestTaskMs: 100 };

/** What one load measured. */
interface Load {
  fcpMs: number;
  readyMs: number;
  /** Compressed script bytes received before the URL field was ready. */
  jsBytes: number;
  /** Script files fetched (from the network or the cache) before the field was ready. */
  jsFiles: number;
  /** Compressed script bytes received until the network was idle (what loads after the first screen too). */
  jsIdleBytes: number;
  longTasks: number;
  longTaskMs: number;
  /** The longest main-thread task until idle. */
  longestTaskMs: number;
  /** When the app's own URL editor took over from the first screen's field (index.html's shell went). */
  appMs: number;
  /** Compressed script bytes received before the app took over. */
  jsAppBytes: number;
}

if (await buildIsStale(root)) {
  console.log(`Building the app into ${process.env.WIREBENCH_DIST_DIR}…`);
  await buildApp(root);
}
// The floor's page: a heading and a line of text, served by the same static server.
writeFileSync(path.join(distDirOf(root), 'bench-floor.html'), '<!doctype html><html lang="en"><title>floor</title><h1>Wirebench</h1><p>An empty page.</p></html>');
const loadBefore = os.loadavg()[0]!;
// Stops with the bench however it ends (benchLifetime.ts).
const server = stopsWithBench(await startChildServer(TOKEN));
const port = Number(new URL(server.origin).port);
const browser: Browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});

/**
 * Installed before any of the page's scripts: long tasks, and the moment the URL field is
 * editable (a MutationObserver sees it appear; a MessageChannel task after that marks when
 * the main thread is free to handle a keystroke).
 */
function pageProbe(): void {
  let markReady = () => {};
  const probe = { longTasks: [] as number[], readyAt: -1, seenAt: -1, appAt: -1, ready: new Promise<void>((resolve) => (markReady = resolve)) };
  (window as unknown as { __startup: typeof probe }).__startup = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const editable = () => {
    const field = document.querySelector<HTMLElement>('[aria-label="URL"]');
    if (!field) return false;
    if (field instanceof HTMLInputElement) return !field.disabled && !field.readOnly;
    return field.isContentEditable;
  };
  // The app took over when the first screen's shell (#boot) is gone and the app's URL editor is there.
  const app = new MutationObserver(() => {
    if (probe.appAt >= 0 || document.getElementById('boot') || !document.querySelector('#root [aria-label="URL"]')) return;
    probe.appAt = performance.now();
    app.disconnect();
  });
  app.observe(document, { childList: true, subtree: true });
  const watch = new MutationObserver(() => {
    if (probe.seenAt >= 0 || !editable()) return;
    probe.seenAt = performance.now();
    watch.disconnect();
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      probe.readyAt = performance.now();
      markReady();
    };
    channel.port2.postMessage(null);
  });
  watch.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['contenteditable', 'disabled', 'readonly'] });
}

/**
 * Evaluates `expression` in the page through the DevTools protocol itself (awaiting a promise it
 * gives): Playwright's own evaluation and waiting first compile its injected scripts in the page,
 * a main-thread task of 50–100 ms that fell inside what is measured (before the first paint, and
 * among the long tasks).
 */
const sessions = new WeakMap<Page, Promise<CDPSession>>();
/** The page's DevTools session, attached when first asked for: before navigating, so attaching is no part of a load. */
function sessionOf(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) sessions.set(page, (session = page.context().newCDPSession(page)));
  return session;
}
async function inPage(page: Page, expression: string, timeoutMs = 30_000): Promise<unknown> {
  const evaluation = (await sessionOf(page)).send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, fail) => (timer = setTimeout(() => fail(new Error(`Not in the page within ${timeoutMs} ms: ${expression.slice(0, 80)}`)), timeoutMs)));
  try {
    const result = await Promise.race([evaluation, timeout]);
    if (result.exceptionDetails) throw new Error(`In the page: ${result.exceptionDetails.exception?.description ?? result.exceptionDetails.text}`);
    return result.result.value;
  } finally {
    clearTimeout(timer);
  }
}

/** In the page: a promise of its first contentful paint's time, asked for the same way of the app and of the floor. */
const FIRST_PAINT = `new Promise((ok) => new PerformanceObserver((list, o) => { const e = list.getEntriesByName('first-contentful-paint')[0]; if (e) { o.disconnect(); ok(e.startTime); } }).observe({ type: 'paint', buffered: true }))`;

/** One load of `url` in a new page of `context`. */
async function load(context: BrowserContext, url: string, isApp = true): Promise<Load> {
  const page = await context.newPage();
  // tsx keeps function names with a `__name` helper that does not exist in the page.
  await page.addInitScript('window.__name = (fn) => fn;');
  await page.addInitScript(pageProbe);
  // Scripts as the network saw them: the page's own and its workers' (Playwright reports
  // both on the page). Sizes are read once each request has finished.
  const scripts: Promise<{ url: string; bytes: number; endWall: number }>[] = [];
  let collecting = true;
  page.on('requestfinished', (request) => {
    if (!collecting || !/\.m?js$/.test(new URL(request.url()).pathname)) return;
    const timing = request.timing();
    const endWall = timing.startTime + timing.responseEnd;
    scripts.push(
      Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => {
        // From the cache the body size comes out negative. A worker's script reports a body of
        // 0 even from the network: its Content-Length (the compressed size) says what came.
        const fromNetwork = sizes.responseBodySize >= 0 && sizes.responseHeadersSize > 0;
        const body = sizes.responseBodySize > 0 ? sizes.responseBodySize : Number(response?.headers()['content-length'] ?? 0);
        return { url: request.url(), bytes: fromNetwork ? body + sizes.responseHeadersSize : 0, endWall };
      }).catch((error: unknown) => {
        // A script that finished as the page closed (after the counting stopped) has no sizes left to read.
        if (collecting) throw error;
        return { url: request.url(), bytes: 0, endWall };
      }),
    );
  });
  await sessionOf(page);
  await page.goto(url, { waitUntil: 'commit' });
  if (isApp) {
    await inPage(page, 'window.__startup.ready.then(() => true)');
    // The typing check below comes after the first paint: keystrokes before it would be the bench's own work
    // inside the measured paint (the field is ready before the page has painted), which the floor's load has not.
    await inPage(page, FIRST_PAINT);
    // The field must take typing, not just look editable (the one shown: index.html's, or the app's once it took over).
    const shownField = `[...document.querySelectorAll('[aria-label="URL"]')].find((e) => e.checkVisibility())`;
    await inPage(page, `${shownField}?.focus()`);
    await page.keyboard.press('End');
    await page.keyboard.type('~');
    const text = String(await inPage(page, `((el) => (el instanceof HTMLInputElement ? el.value : el?.textContent ?? ''))(${shownField})`));
    if (!text.endsWith('~')) {
      const state = await inPage(page, `({ boot: !!document.getElementById('boot'), fields: document.querySelectorAll('[aria-label="URL"]').length, active: document.activeElement?.className })`);
      throw new Error(`Typing into the URL field did not arrive (it reads ${JSON.stringify(text)}; ${JSON.stringify(state)})`);
    }
    await page.keyboard.press('Backspace');
    await inPage(page, `new Promise((ok) => { const check = () => (window.__startup.appAt >= 0 ? ok(true) : setTimeout(check, 10)); check(); })`, 30_000);
  }
  await page.waitForLoadState('networkidle');
  const probe = (await inPage(
    page,
    `({ longTasks: window.__startup.longTasks, readyAt: window.__startup.readyAt, appAt: window.__startup.appAt, fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1, timeOrigin: performance.timeOrigin })`,
  )) as { longTasks: number[]; readyAt: number; appAt: number; fcp: number; timeOrigin: number };
  const readyWall = probe.timeOrigin + (isApp ? probe.readyAt : Infinity);
  collecting = false;
  const all = await Promise.all(scripts);
  if (process.env.BENCH_VERBOSE) for (const s of all) console.log(`  ${s.endWall <= readyWall + 5 ? 'before' : 'after '} ready ${(s.bytes / 1024).toFixed(1).padStart(7)} KB  ${new URL(s.url).pathname}`);
  const before = all.filter((s) => s.endWall <= readyWall + 5);
  const appWall = probe.timeOrigin + (isApp ? probe.appAt : Infinity);
  await page.close();
  return {
    fcpMs: probe.fcp,
    readyMs: probe.readyAt,
    jsBytes: before.reduce((sum, s) => sum + s.bytes, 0),
    jsFiles: before.length,
    jsIdleBytes: all.reduce((sum, s) => sum + s.bytes, 0),
    longTasks: probe.longTasks.length,
    longTaskMs: probe.longTasks.reduce((a, b) => a + b, 0),
    longestTaskMs: Math.max(0, ...probe.longTasks),
    appMs: probe.appAt,
    jsAppBytes: all.filter((s) => s.endWall <= appWall + 5).reduce((sum, s) => sum + s.bytes, 0),
  };
}

async function freshContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // The session a launch URL would give: its cookie and page key (see e2e/support/session.ts).
  await grantSession(context, server.origin, TOKEN);
  return context;
}

// The floor: an empty page's first paint, on the same server, browser and machine.
const floor: number[] = [];
// Loaded as the app's page is (the same probe installed before its scripts), one before each of
// the app's cold loads, so both see the same machine: the bench's own work raises the load as it goes.
async function floorLoad(): Promise<number> {
  const context = await freshContext();
  const page = await context.newPage();
  await page.addInitScript('window.__name = (fn) => fn;');
  await page.addInitScript(pageProbe);
  await sessionOf(page);
  await page.goto(`${server.origin}/bench-floor.html`, { waitUntil: 'commit' });
  const ms = Number(await inPage(page, FIRST_PAINT));
  await context.close();
  return ms;
}

const cold: Load[] = [];
floor.push(await floorLoad());
for (let i = 0; i < LOADS; i++) {
  const context = await freshContext();
  cold.push(await load(context, `${server.origin}/`));
  await context.close();
  floor.push(await floorLoad());
  console.log(`cold ${i + 1}: FCP ${cold.at(-1)!.fcpMs.toFixed(0)} ms (floor ${floor.at(-2)!.toFixed(0)} before, ${floor.at(-1)!.toFixed(0)} after), ready ${cold.at(-1)!.readyMs.toFixed(0)} ms, JS ${(cold.at(-1)!.jsBytes / 1024).toFixed(0)} KB`);
}
/**
 * Each cold load against the floor loads just before and after it (their mean): the machine's
 * state drifts over a run (other work, the bench's own), and a ratio of two medians taken over
 * the whole run carries that drift; a ratio per pair cancels what the two loads shared.
 */
const pairedFloor = (i: number) => (floor[i]! + floor[i + 1]!) / 2;
const paired = (pick: (l: Load) => number) => cold.map((l, i) => pick(l) / pairedFloor(i));
/** The middle half of a set of ratios: how much one run's figure can be trusted. */
const quartiles = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
  return [at(0.25), at(0.75)] as const;
};
const warm: Load[] = [];
const warmContext = await freshContext();
await load(warmContext, `${server.origin}/`);
for (let i = 0; i < LOADS; i++) {
  warm.push(await load(warmContext, `${server.origin}/`));
  console.log(`warm ${i + 1}: FCP ${warm.at(-1)!.fcpMs.toFixed(0)} ms, ready ${warm.at(-1)!.readyMs.toFixed(0)} ms, JS ${(warm.at(-1)!.jsBytes / 1024).toFixed(0)} KB`);
}
await warmContext.close();

const ms = (v: number) => `${v.toFixed(0)} ms`;
const kb = (v: number) => `${(v / 1024).toFixed(0)} KB`;
const worst = (values: number[]) => Math.max(...values);
/** median / worst of one measure over a set of loads. */
const cell = (loads: Load[], pick: (l: Load) => number, unit: (v: number) => string) => {
  const values = loads.map(pick);
  return `${unit(median(values))} / ${unit(worst(values))}`;
};
const taskCell = (loads: Load[]) => `${median(loads.map((l) => l.longTasks))} (${ms(median(loads.map((l) => l.longTaskMs)))}) / ${worst(loads.map((l) => l.longTasks))} (${ms(worst(loads.map((l) => l.longTaskMs)))})`;

const floorFcp = median(floor);
const ratio = (loads: Load[], pick: (l: Load) => number) => `${(median(loads.map(pick)) / floorFcp).toFixed(2)}×`;
const within = (loads: Load[], pick: (l: Load) => number, limit: number) => (median(loads.map(pick)) <= limit ? 'yes' : 'no');
/** The median of the per-pair ratios, with the middle half of them. */
const pairedCell = (pick: (l: Load) => number) => {
  const ratios = paired(pick);
  const [low, high] = quartiles(ratios);
  return `${median(ratios).toFixed(2)}× (${low.toFixed(2)}–${high.toFixed(2)})`;
};
const pairedWithin = (pick: (l: Load) => number, limit: number) => (median(paired(pick)) <= limit ? 'yes' : 'no');
printTable(
  `Startup benchmark (headless Chromium ${browser.version()}, 1280×800, ${LOADS} cold loads in fresh contexts and ${LOADS} warm in one; median / worst; the floor is an empty page's first paint in this run)`,
  ['measure', 'cold', 'warm', 'cold ÷ floor (medians)', 'cold ÷ its floors (median of pairs; middle half)', 'target (cold)', 'met (pairs)'],
  [
    ['floor: empty page FCP', `${ms(floorFcp)} / ${ms(worst(floor))}`, '', '1.00×', '', '', ''],
    ['first contentful paint', cell(cold, (l) => l.fcpMs, ms), cell(warm, (l) => l.fcpMs, ms), ratio(cold, (l) => l.fcpMs), pairedCell((l) => l.fcpMs), `≤ ${TARGETS.fcpRatio}× floor`, pairedWithin((l) => l.fcpMs, TARGETS.fcpRatio)],
    ['URL field ready (takes typing)', cell(cold, (l) => l.readyMs, ms), cell(warm, (l) => l.readyMs, ms), ratio(cold, (l) => l.readyMs), pairedCell((l) => l.readyMs), `≤ ${TARGETS.readyRatio}× floor`, pairedWithin((l) => l.readyMs, TARGETS.readyRatio)],
    ['app took over (its URL editor)', cell(cold, (l) => l.appMs, ms), cell(warm, (l) => l.appMs, ms), ratio(cold, (l) => l.appMs), pairedCell((l) => l.appMs), '', ''],
    ['JS transferred before the app took over', cell(cold, (l) => l.jsAppBytes, kb), cell(warm, (l) => l.jsAppBytes, kb), '', '', `≤ ${TARGETS.jsKB} KB`, within(cold, (l) => l.jsAppBytes, TARGETS.jsKB * 1024)],
    ['JS transferred until idle', cell(cold, (l) => l.jsIdleBytes, kb), cell(warm, (l) => l.jsIdleBytes, kb), '', '', '', ''],
    ['longest main-thread task until idle', cell(cold, (l) => l.longestTaskMs, ms), cell(warm, (l) => l.longestTaskMs, ms), '', '', `≤ ${TARGETS.longestTaskMs} ms`, within(cold, (l) => l.longestTaskMs, TARGETS.longestTaskMs)],
    ['long tasks until idle, count (total)', taskCell(cold), taskCell(warm), '', '', '', ''],
  ],
);
console.log(`\nLoad average (1 min) on this ${os.cpus().length}-core machine: ${loadBefore.toFixed(2)} before, ${os.loadavg()[0]!.toFixed(2)} after: other work on the machine slows every figure alike, the floor included.`);
await browser.close();
await server.stop();
