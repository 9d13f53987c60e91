/**
 * `npm run bench:workspace`: a workspace of 100,000 requests (issue 32 item 5). Generates a
 * Postman Collection v2.1 of BENCH_REQUESTS requests (default 100,000; 10,000 in short mode,
 * as `npm run bench` runs it), imports it through the real UI (Import… → Choose a file) in
 * headless Chromium against the real server, lets the storage worker store it, then reloads.
 * Watched from before the app loads, in the page:
 *
 * - every main-thread long task (PerformanceObserver `longtask`, over 50 ms);
 * - the longest gap between two animation frames (a requestAnimationFrame loop): what a
 *   person sees as a freeze, whatever the cause;
 * - long animation frames with the scripts that ran in them (`long-animation-frame`), to
 *   say which code a long task was, when there is one.
 *
 * Phases: the floor (an empty page of the same server, 3 s), reloads of the app with an
 * empty workspace, the import (file chosen → row in the tree → all stored), and reloads with
 * the large workspace: when the URL field takes a key (vs the empty workspace: the first
 * screen must not depend on the workspace's size) and when the tree shows the collection.
 * The page's JS heap after a garbage collection is reported for both workspaces.
 *
 * Target: no main-thread task over 200 ms while importing or loading.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type CDPSession, type Page } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.env.WIREBENCH_DIST_DIR ||= 'dist-bench-workspace';
const { buildApp, buildIsStale, distDirOf } = await import('../src/server/build');
const { startChildServer } = await import('../src/relay/childServer');
const { stopsWithBench } = await import('./benchLifetime');
const { grantSession } = await import('../e2e/support/session');
const { printTable } = await import('./table');
const { largePostmanCollection } = await import('./largeCollection');

const SHORT = process.env.BENCH_SHORT === '1';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? (SHORT ? 10_000 : 100_000));
const RELOADS = Number(process.env.BENCH_RELOADS ?? (SHORT ? 1 : 2));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGET_MS = 200;
const TIMEOUT_MS = 900_000;

if (await buildIsStale(root)) {
  console.log(`Building the app into ${process.env.WIREBENCH_DIST_DIR}…`);
  await buildApp(root);
}
writeFileSync(path.join(distDirOf(root), 'bench-floor.html'), '<!doctype html><html lang="en"><title>floor</title><h1>Wirebench</h1><p>An empty page.</p></html>');
const server = stopsWithBench(await startChildServer('bench-workspace-token'));
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});

const collectionName = `Large workspace ${REQUESTS}`;
const file = largePostmanCollection(REQUESTS, 1000, collectionName);
const fileMb = (file.length / 1024 / 1024).toFixed(1);
// Chosen from disk: given as a buffer, Playwright would build the File inside the page, itself a main-thread task of seconds for 9 MB.
const fileDir = mkdtempSync(path.join(os.tmpdir(), 'wirebench-large-'));
const filePath = path.join(fileDir, 'large.postman_collection.json');
writeFileSync(filePath, file);
process.on('exit', () => rmSync(fileDir, { recursive: true, force: true }));
console.log(`Generated ${REQUESTS.toLocaleString('en')} requests: ${fileMb} MB of Postman JSON.`);

/** What the page's monitors saw since the last reset. */
interface Watch {
  longest: number;
  count: number;
  longestGap: number;
  /** The scripts of the longest animation frame, for attribution. */
  frame: string;
}
interface Probe {
  tasks: { start: number; duration: number; where: string }[];
  gap: number;
  frames: { start: number; duration: number; scripts: string }[];
}

/** Installed before any script of the page. */
function installProbe(): void {
  const probe: Probe = { tasks: [], gap: 0, frames: [] };
  (window as unknown as { __probe: Probe }).__probe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { attribution?: { containerType?: string; containerName?: string; containerSrc?: string }[] })[]) {
      const a = entry.attribution?.[0];
      probe.tasks.push({ start: entry.startTime, duration: entry.duration, where: a ? [a.containerType, a.containerName, a.containerSrc].filter(Boolean).join(' ') : '' });
    }
  }).observe({ type: 'longtask', buffered: true });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { scripts?: { sourceURL?: string; sourceFunctionName?: string; invoker?: string; duration: number }[] })[]) {
        if (entry.duration < 100) continue;
        const scripts = (entry.scripts ?? [])
          .sort((x, y) => y.duration - x.duration)
          .slice(0, 3)
          .map((s) => `${s.invoker ?? ''} ${s.sourceFunctionName || '(anonymous)'} ${(s.sourceURL ?? '').split('/').pop()} ${Math.round(s.duration)} ms`)
          .join('; ');
        probe.frames.push({ start: entry.startTime, duration: entry.duration, scripts });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // Older engines: long tasks and frame gaps still say how long, only not which code.
  }
  let last = -1;
  const tick = (now: number) => {
    if (last >= 0) probe.gap = Math.max(probe.gap, now - last);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

const watched = (page: Page): Promise<Watch> =>
  page.evaluate(() => {
    const probe = (window as unknown as { __probe: Probe }).__probe;
    const frame = probe.frames.sort((a, b) => b.duration - a.duration)[0];
    return {
      longest: Math.max(0, ...probe.tasks.map((t) => t.duration)),
      count: probe.tasks.length,
      longestGap: probe.gap,
      frame: frame ? `${Math.round(frame.duration)} ms frame: ${frame.scripts || 'no script named'}` : '',
    };
  });
const resetWatch = (page: Page) =>
  page.evaluate(() => {
    const probe = (window as unknown as { __probe: Probe }).__probe;
    probe.tasks.length = 0;
    probe.frames.length = 0;
    probe.gap = 0;
  });
/** Resolves after the page's main thread has run a task after two frames: whatever was queued is done. */
const settled = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));

const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
await grantSession(context, server.origin, server.token);
await context.addInitScript('window.__name = (fn) => fn;');
await context.addInitScript(installProbe);
const page = await context.newPage();
page.setDefaultTimeout(TIMEOUT_MS);
const cdp: CDPSession = await context.newCDPSession(page);
const url = page.getByLabel('URL', { exact: true });
// A CSS query, not a role query: computing accessible names over a large tree would itself be a long task in the page.
const collectionRow = page.locator('[role="treeitem"][aria-level="1"]', { hasText: collectionName }).first();

async function heapMb(): Promise<string> {
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return `${(heap.usedSize / 1024 / 1024).toFixed(0)} MB`;
}

async function openCollections(): Promise<void> {
  await page.getByRole('tab', { name: 'Workspace', exact: true }).click();
  await page.getByRole('tablist', { name: 'Workspace sections' }).getByRole('tab', { name: 'Collections' }).click();
}

/** Reloads; the time until the URL field (the app's, #boot gone) takes a key. */
async function reloadUntilUrlReady(): Promise<number> {
  const start = Date.now();
  await page.reload({ waitUntil: 'commit' });
  await page.locator('#boot').waitFor({ state: 'detached' });
  await url.click();
  await page.keyboard.type('x');
  await page.waitForFunction(() => {
    const field = document.querySelector<HTMLElement>('#root [aria-label="URL"]');
    return field instanceof HTMLInputElement ? field.value.includes('x') : !!field?.textContent?.includes('x');
  });
  return Date.now() - start;
}

/** Waits until the workspace has loaded and nothing is being stored. */
const storageIdle = () =>
  page.waitForFunction(() => {
    const line = document.querySelector('[data-testid="workspace-storage"]');
    return !!line && line.textContent !== 'Loading…' && line.getAttribute('data-saving') !== 'true';
  });

/**
 * How busy the machine is: the same fixed piece of work in the page, timed before and after.
 * On a shared machine every task of the app stretches alike (a long task is wall time), so
 * the phases' figures of two runs compare only beside this one.
 */
const fixedWork = () =>
  page.evaluate(() => {
    const start = performance.now();
    let x = 0;
    for (let i = 0; i < 2e7; i++) x += Math.sqrt(i);
    return (performance.now() - start) * (x > 0 ? 1 : 0);
  });

// Floor: an empty page of the same server.
await page.goto(`${server.origin}/bench-floor.html`);
await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 3000)));
const floor = await watched(page);
const workBefore = await fixedWork();

// The app with an empty workspace.
await page.goto(`${server.origin}/`);
await page.locator('#boot').waitFor({ state: 'detached' });
const emptyReady: number[] = [];
let emptyLoad: Watch | undefined;
for (let i = 0; i < RELOADS; i++) {
  emptyReady.push(await reloadUntilUrlReady());
  await openCollections();
  await storageIdle();
  await settled(page);
  emptyLoad = await watched(page);
}
const emptyHeap = await heapMb();

// Import through the UI, until everything is stored.
await openCollections();
await page.getByRole('toolbar', { name: 'Collection actions' }).getByRole('button', { name: 'Import…' }).click();
const dialog = page.getByRole('dialog', { name: 'Import' });
await settled(page);
await resetWatch(page);
const importStart = Date.now();
await dialog.getByLabel('Choose a file…').setInputFiles(filePath);
// The dialog says either how it went or why it failed (too complex for the time budget, a worker that stopped): a failure ends the bench with its words.
await dialog.locator('.import-success').or(dialog.getByRole('alert')).first().waitFor();
if (!(await dialog.locator('.import-success').isVisible())) {
  console.error(`The import failed: ${await dialog.getByRole('alert').first().innerText()}`);
  await browser.close();
  await server.stop();
  process.exit(1);
}
await collectionRow.waitFor();
const rowMs = Date.now() - importStart;
await dialog.locator('.collection-write-stored').or(dialog.locator('.collection-write-failed')).first().waitFor();
if (await dialog.locator('.collection-write-failed').isVisible()) {
  console.error(`Storing the import failed: ${await dialog.locator('.collection-write-failed').innerText()}`);
  await browser.close();
  await server.stop();
  process.exit(1);
}
await storageIdle();
await settled(page);
const storedMs = Date.now() - importStart;
const imported = await watched(page);
await dialog.getByRole('button', { name: 'Close' }).click();
const importHeap = await heapMb();

// Reloads with the large workspace: the first screen, then the collection in the tree.
const largeReady: number[] = [];
const treeMs: number[] = [];
let largeLoad: Watch = { longest: 0, count: 0, longestGap: 0, frame: '' };
for (let i = 0; i < RELOADS; i++) {
  const start = Date.now();
  largeReady.push(await reloadUntilUrlReady());
  await openCollections();
  await collectionRow.waitFor();
  treeMs.push(Date.now() - start);
  await storageIdle();
  await settled(page);
  const load = await watched(page);
  if (load.longest >= largeLoad.longest) largeLoad = load;
}
const largeHeap = await heapMb();
const workAfter = await fixedWork();
const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);

const fmt = (t: Watch) => (t.count ? `${t.longest.toFixed(0)} ms (${t.count} over 50 ms)` : '< 50 ms (none)');
const gap = (t: Watch) => `${t.longestGap.toFixed(0)} ms`;
const min = (list: number[]) => Math.min(...list);
const met = (t: Watch) => (t.longest <= TARGET_MS ? 'yes' : 'no');
printTable(
  `Large workspace benchmark (headless Chromium ${browser.version()}, 1280×800; ${REQUESTS.toLocaleString('en')} requests, ${fileMb} MB Postman file, imported through the UI; ${RELOADS} reload(s) each, fastest shown)`,
  ['phase', 'time', 'longest main-thread task', 'longest frame gap', 'JS heap (after GC)', `target ≤ ${TARGET_MS} ms`],
  [
    ['floor: empty page, 3 s', '', fmt(floor), gap(floor), '', ''],
    ['floor: a fixed piece of work (2·10⁷ square roots) before / after', `${workBefore.toFixed(0)} / ${workAfter.toFixed(0)} ms`, '', '', '', ''],
    ['empty workspace: reload → URL field takes a key', `${min(emptyReady)} ms`, emptyLoad ? fmt(emptyLoad) : '', emptyLoad ? gap(emptyLoad) : '', emptyHeap, emptyLoad ? met(emptyLoad) : ''],
    [`import: file chosen → row in the tree`, `${rowMs} ms`, '', '', '', ''],
    [`import: file chosen → all ${REQUESTS.toLocaleString('en')} stored`, `${storedMs} ms`, fmt(imported), gap(imported), importHeap, met(imported)],
    [`${REQUESTS.toLocaleString('en')} requests: reload → URL field takes a key`, `${min(largeReady)} ms`, '', '', '', ''],
    [`${REQUESTS.toLocaleString('en')} requests: reload → collection in the tree`, `${min(treeMs)} ms`, fmt(largeLoad), gap(largeLoad), largeHeap, met(largeLoad)],
  ],
);
console.log(`\nURL field ready after a reload: ${min(largeReady)} ms with ${REQUESTS.toLocaleString('en')} requests vs ${min(emptyReady)} ms with an empty workspace (all: ${largeReady.join(', ')} vs ${emptyReady.join(', ')} ms).`);
for (const [phase, t] of [['import', imported], ['reload', largeLoad]] as const) if (t.frame) console.log(`Longest animation frame while ${phase === 'import' ? 'importing' : 'loading'}: ${t.frame}`);
console.log(`DOM elements after the reload: ${domNodes.toLocaleString('en')}. Load average (1 min) on this ${os.cpus().length}-core machine: ${os.loadavg()[0]!.toFixed(2)}.`);
await browser.close();
await server.stop();
