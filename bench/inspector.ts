/**
 * `npm run bench:inspector`: headless Chromium against the running app, sending GET
 * `/sandbox/json/{mb}` for 1, 10, 50 and 100 MB (BENCH_SIZES to change) and measuring,
 * per size in a fresh page: the time from Send to the first body line on screen, the time
 * until the body is fully formatted, the longest main-thread task (PerformanceObserver
 * long tasks, installed before the app loads), the main thread's JS heap afterwards and
 * the renderer's resident memory (page + format worker) against the body size.
 * Targets from the inspector issue: no main-thread task over 200 ms, memory within ~3×.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.env.WIREBENCH_DIST_DIR ||= 'dist-bench-inspector';
const { buildApp, buildIsStale } = await import('../src/server/build');
const { startChildServer } = await import('../src/relay/childServer');
const { stopsWithBench } = await import('./benchLifetime');
const { printTable } = await import('./table');
const { grantSession } = await import('../e2e/support/session');

const SIZES = (process.env.BENCH_SIZES ?? '1,10,50,100').split(',').map(Number);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TIMEOUT_MS = 300_000;
/** Memory a first large body costs whatever its size: the editor's state, the worker's heap growing. */
const FIXED_ALLOWANCE = 64 * 1024 * 1024;

/** What one run measured, in the page. */
interface Measurement {
  firstLineMs: number;
  formattedMs: number;
  longestTaskMs: number;
  longTasks: number;
}

if (await buildIsStale(root)) {
  console.log(`Building the app into ${process.env.WIREBENCH_DIST_DIR}…`);
  await buildApp(root);
}
// Stops with the bench however it ends (benchLifetime.ts).
const server = stopsWithBench(await startChildServer('bench-inspector-token'));
const browser: Browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--enable-precise-memory-info'],
});

/** Resident memory of Chromium's renderer processes (the page and its worker live there). */
async function rendererRss(): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
  await cdp.detach();
  let total = 0;
  for (const p of processInfo.filter((info) => info.type === 'renderer')) {
    try {
      total += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p.id}/status`, 'utf8'))?.[1] ?? 0) * 1024;
    } catch {
      // A renderer that exited between the listing and the read holds no memory.
    }
  }
  return total;
}

async function measure(page: Page, url: string): Promise<Measurement> {
  await page.getByLabel('URL', { exact: true }).fill(url);
  return page.evaluate(
    (timeout) =>
      new Promise<Measurement>((resolve, reject) => {
        const state = window as unknown as { __longTasks: number[] };
        state.__longTasks.length = 0;
        const send = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Send');
        if (!send) return reject(new Error('No Send button'));
        // Only this send's body counts: the previous one stays on screen until the new exchange starts,
        // which the Response section marks aria-busy (a MutationObserver sees even a brief flip).
        let started = false;
        const busy = new MutationObserver(() => {
          if (document.querySelector('section[aria-label="Response"][aria-busy="true"]')) started = true;
        });
        busy.observe(document.body, { attributes: true, attributeFilter: ['aria-busy'], subtree: true, childList: true });
        const t0 = performance.now();
        let firstLine = -1;
        const deadline = t0 + timeout;
        // Polled once per frame: a line counts as visible when it is in the DOM with text.
        const poll = () => {
          const now = performance.now();
          if (!started) {
            if (now > deadline) return reject(new Error(`The send did not start within ${timeout} ms`));
            return void requestAnimationFrame(poll);
          }
          if (firstLine < 0) {
            const line = document.querySelector('section[aria-label="Response"] [data-body-line], section[aria-label="Response"] .cm-content .cm-line');
            if (line && (line.textContent ?? '').trim() !== '') firstLine = now - t0;
          }
          const done = document.querySelector('[data-testid="response-body"][data-formatted="complete"]');
          if (done && firstLine >= 0) {
            busy.disconnect();
            // Long tasks are reported after they end; give the observer a frame to deliver.
            setTimeout(() => resolve({ firstLineMs: firstLine, formattedMs: now - t0, longestTaskMs: Math.max(0, ...state.__longTasks), longTasks: state.__longTasks.length }), 100);
            return;
          }
          if (now > deadline) return reject(new Error(`Not formatted within ${timeout} ms`));
          requestAnimationFrame(poll);
        };
        send.click();
        requestAnimationFrame(poll);
      }),
    TIMEOUT_MS,
  );
}

const rows: (string | number)[][] = [];
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
for (const mb of SIZES) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // The session a launch URL would give (cookie and page key): without it every send is refused.
  await grantSession(context, server.origin, server.token);
  const page = await context.newPage();
  // tsx keeps function names with a `__name` helper that does not exist in the page.
  await page.addInitScript('window.__name = (fn) => fn;');
  await page.addInitScript(() => {
    const state = window as unknown as { __longTasks: number[] };
    state.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${server.origin}/`);
  // The app has taken over from index.html's first screen (whose Send waits, disabled, for it).
  await page.locator('#boot').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Send', exact: true }).waitFor();
  // A small exchange first, so the worker, the editor and the JIT are warm and only the body's cost is measured.
  await measure(page, `${server.origin}/sandbox/status/200`);
  const rssBefore = await rendererRss();
  const result = await measure(page, `${server.origin}/sandbox/json/${mb}`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; backingStorageSize?: number };
  const rssAfter = await rendererRss();
  const body = mb * 1024 * 1024;
  rows.push([
    `${mb} MB`,
    `${result.firstLineMs.toFixed(0)} ms`,
    `${result.formattedMs.toFixed(0)} ms`,
    result.longTasks ? `${result.longestTaskMs.toFixed(0)} ms (${result.longTasks} over 50 ms)` : '< 50 ms (none)',
    `${mib(heap.usedSize)} MB${heap.backingStorageSize !== undefined ? ` + ${mib(heap.backingStorageSize)} MB buffers` : ''}`,
    `${mib(rssAfter)} MB (+${mib(rssAfter - rssBefore)})`,
    `${((rssAfter - rssBefore) / body).toFixed(2)}×`,
    result.longestTaskMs <= 200 && rssAfter - rssBefore <= 3 * body + FIXED_ALLOWANCE ? 'yes' : 'no',
  ]);
  console.log(`${mb} MB done: first line ${result.firstLineMs.toFixed(0)} ms, formatted ${result.formattedMs.toFixed(0)} ms`);
  await context.close();
}

printTable(
  `Inspector benchmark (headless Chromium ${browser.version()}, 1280×800; GET /sandbox/json/{mb} through the relay; a fresh page per size)`,
  ['body', 'Send → first line', 'Send → fully formatted', 'longest main-thread task', 'main JS heap after (GC)', 'renderer RSS after (growth)', 'growth / body', 'targets met'],
  rows,
);
console.log('\nTargets: longest main-thread task ≤ 200 ms; renderer memory growth within 3× the body size, plus 64 MB of fixed costs (editor state, worker heap).');
await browser.close();
await server.stop();
