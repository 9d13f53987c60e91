/**
 * GraphQL's page side in `npm run bench:protocols` (called from graphql.ts): the main
 * thread's longest task (PerformanceObserver `longtask`) while the real app, in Chromium,
 * introspects a generated 5,000-type schema through the relay (a loopback server started here
 * answers the introspection query), shows it in the explorer, and the person types a query
 * in the editor with completion and lint marks; opening the GraphQL tools (their chunk, the
 * editor) is its own phase, shown beside. The floor, in the same run: the same app page left
 * idle for as long, nothing loaded.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { printTable } from '../table';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TOKEN = 'bench-graphql-token';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const TARGET_MS = 100;

type Probe = { tasks: { start: number; ms: number }[]; marks: { name: string; at: number }[] };

async function observe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const probe: Probe = { tasks: [], marks: [] };
    (window as unknown as { __gql: Probe }).__gql = probe;
    new PerformanceObserver((list) => list.getEntries().forEach((e) => probe.tasks.push({ start: e.startTime, ms: e.duration }))).observe({ type: 'longtask' });
  });
}

/** Marks where a phase of the scenario starts, so each long task is told to its phase. */
async function mark(page: Page, name: string): Promise<void> {
  await page.evaluate((n) => (window as unknown as { __gql: Probe }).__gql.marks.push({ name: n, at: performance.now() }), name);
}

async function longest(page: Page): Promise<{ ms: number; count: number; byPhase: string }> {
  const probe = await page.evaluate(() => (window as unknown as { __gql: Probe }).__gql);
  const phaseOf = (start: number) => [...probe.marks].reverse().find((m) => m.at <= start)?.name ?? 'before';
  const byPhase = new Map<string, number>();
  for (const t of probe.tasks) byPhase.set(phaseOf(t.start), Math.max(byPhase.get(phaseOf(t.start)) ?? 0, t.ms));
  // The schema's phases (load, explorer, typing); opening the GraphQL tools is reported beside them.
  const schemaTasks = probe.tasks.filter((t) => phaseOf(t.start) !== 'opening' && phaseOf(t.start) !== 'before');
  return { ms: Math.max(0, ...schemaTasks.map((t) => t.ms)), count: schemaTasks.length, byPhase: [...byPhase].map(([n, ms]) => `${n} ${ms.toFixed(0)}`).join(', ') || '—' };
}

/** Serves `introspection` to every POST (the relay sends the introspection query there). */
async function introspectionServer(introspection: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(introspection);
    });
  });
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
  return { url: `http://127.0.0.1:${port}/graphql`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export async function measureGraphQlPage(introspection: string, types: number, typeCount: number): Promise<void> {
  process.env.WIREBENCH_DIST_DIR ||= 'dist';
  const { buildApp, buildIsStale } = await import('../../src/server/build');
  if (await buildIsStale(root)) {
    console.log(`Building the app into ${process.env.WIREBENCH_DIST_DIR}…`);
    await buildApp(root);
  }
  const { startChildServer } = await import('../../src/relay/childServer');
  const { grantSession } = await import('../../e2e/support/session');
  const server = await startChildServer(TOKEN);
  const endpoint = await introspectionServer(introspection);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await grantSession(context, server.origin, TOKEN);
    const open = async () => {
      const page = await context.newPage();
      await page.goto(server.origin);
      await page.getByRole('radiogroup', { name: 'Request type' }).waitFor();
      // Let the first screen's own work (lazy parts, the workspace load) settle before observing.
      await page.waitForTimeout(1500);
      return page;
    };
    // The scenario: load the schema by introspection, open the explorer, type with completion and lint.
    const page = await open();
    await observe(page);
    const started = performance.now();
    await mark(page, 'opening');
    await page.getByRole('radiogroup', { name: 'Request type' }).getByRole('radio', { name: 'GraphQL' }).check();
    await page.getByRole('region', { name: 'Request', exact: true }).getByLabel('URL', { exact: true }).fill(endpoint.url);
    await page.getByRole('tablist', { name: 'Request parts' }).getByRole('tab', { name: /^Body/ }).click();
    // The GraphQL tools' own first load (their chunk, the editor) is told apart from the schema's.
    await page.getByTestId('graphql-query').waitFor();
    await page.waitForTimeout(1000);
    await mark(page, 'load');
    await page.getByTestId('graphql-fetch-schema').click();
    const status = page.getByTestId('graphql-schema-status');
    await status.filter({ hasText: new RegExp(`${typeCount} types|failed|refused|not`) }).waitFor({ timeout: 60_000 });
    if (!(await status.textContent())?.includes(`${typeCount} types`)) throw new Error(`The schema did not load: ${await status.textContent()}`);
    const ready = performance.now() - started;
    await mark(page, 'explorer');
    await page.getByTestId('graphql-explorer-toggle').click();
    await page.getByTestId('graphql-type-detail').waitFor();
    await mark(page, 'typing');
    await page.getByTestId('graphql-query').click();
    await page.keyboard.type('{ type0(id: "1") { na', { delay: 60 });
    await page.locator('.cm-tooltip-autocomplete').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await page.keyboard.type('me nope }', { delay: 60 });
    await page.locator('.cm-lintRange-error').first().waitFor({ timeout: 30_000 });
    const elapsed = performance.now() - started;
    const measured = await longest(page);
    await page.close();
    // The floor: the same page, idle for as long.
    const idle = await open();
    await observe(idle);
    await idle.waitForTimeout(elapsed);
    const floor = await longest(idle);
    printTable(
      `GraphQL: the page's longest main-thread task, introspecting a ${types}-type schema, the explorer, typing with completion and lint (${(elapsed / 1000).toFixed(1)} s)`,
      ['what', 'longest task (ms)', 'long tasks', 'longest by phase (ms)', 'floor: idle page (ms)', 'reference'],
      [
        ['schema load (ready in ' + ready.toFixed(0) + ' ms) + explorer + typing', measured.ms.toFixed(0), measured.count, measured.byPhase, floor.ms.toFixed(0), `< ${TARGET_MS} ms (the WebSocket page's target) ${measured.ms < TARGET_MS ? 'met' : 'missed'}`],
      ],
    );
    console.log(`(load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores: long tasks stretch with it)`);
  } finally {
    await browser.close();
    await endpoint.close();
    await server.stop();
  }
}
