/**
 * WebSocket in `npm run bench:protocols` (issue 29 item 7), against the sandbox's flood
 * endpoint of a server started in a child process (as `npm start` runs it):
 * - messages per second received through the relay's page channel (`/api/ws`, as the page
 *   reads it) ÷ received directly from the same endpoint by a `ws` client; target ≥ 0.8×;
 *   rounds alternate direct and relayed, the median of each is compared;
 * - the page's longest main-thread task (PerformanceObserver `longtask`) while a WebSocket
 *   tab receives 1,000 messages a second for 10 s through the real UI; target < 100 ms.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { chromium } from 'playwright-core';
import type { ChannelEvent } from '../../src/core/protocols/websocket/channel';
import { printTable, median } from '../table';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const short = process.env.BENCH_SHORT === '1';
const COUNT = short ? 10_000 : 100_000;
const ROUNDS = short ? 1 : 3;
const UI_SECONDS = short ? 3 : 10;
const RATE = 1000;
const TOKEN = 'bench-ws-token';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function floodUrl(origin: string, query: string): string {
  return `${origin.replace(/^http/, 'ws')}/sandbox/ws/flood?${query}`;
}

/** Messages per second a `ws` client receives straight from the endpoint. */
function direct(origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    // No permessage-deflate on either path: the figure is the relay's, not zlib's.
    const ws = new WebSocket(floodUrl(origin, `rate=0&count=${COUNT}&size=64`), { perMessageDeflate: false });
    let n = 0;
    let start = 0;
    ws.on('open', () => (start = performance.now()));
    ws.on('message', () => (n += 1));
    ws.on('close', () => (n === COUNT ? resolve(n / ((performance.now() - start) / 1000)) : reject(new Error(`direct: ${n} of ${COUNT}`))));
    ws.on('error', reject);
  });
}

/** Messages per second the page channel delivers for the same endpoint (counted from the 101 as the direct client counts from open). */
function relayed(origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/api/ws`, ['wirebench.ws.v1', `key.${TOKEN}`]);
    let n = 0;
    let start = 0;
    ws.on('open', () => ws.send(JSON.stringify({ type: 'open', meta: { url: floodUrl(origin, `rate=0&count=${COUNT}&size=64`), headers: [], deflate: false } })));
    ws.on('message', (data) => {
      const event = JSON.parse(data.toString()) as ChannelEvent;
      if (event.type === 'handshake') start = performance.now();
      else if (event.type === 'messages') n += event.messages.length;
      else if (event.type === 'closed') n === COUNT ? resolve(n / ((performance.now() - start) / 1000)) : reject(new Error(`relayed: ${n} of ${COUNT}`));
      else if (event.type === 'failed' || event.type === 'refused') reject(new Error(JSON.stringify(event)));
    });
    ws.on('error', reject);
  });
}

/** The longest main-thread task of the page while its WebSocket tab receives RATE messages a second. */
async function longestTask(origin: string): Promise<{ longest: number; received: number; tasks: number; afterLongest: number }> {
  const { grantSession } = await import('../../e2e/support/session');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await grantSession(context, origin, TOKEN);
    const page = await context.newPage();
    await page.goto(origin);
    await page.getByRole('radiogroup', { name: 'Request type' }).getByText('WebSocket', { exact: true }).click();
    const composer = page.getByRole('region', { name: 'Request', exact: true });
    await composer.getByLabel('URL', { exact: true }).fill(floodUrl(origin, `rate=${RATE}&seconds=${UI_SECONDS}&size=96`));
    await page.evaluate(() => {
      // Long tasks with their start; the moment the phase says Closed, so tasks while receiving are told from the history write after.
      const probe = { tasks: [] as { start: number; ms: number }[], closedAt: Infinity };
      (window as unknown as { __ws: typeof probe }).__ws = probe;
      new PerformanceObserver((list) => list.getEntries().forEach((e) => probe.tasks.push({ start: e.startTime, ms: e.duration }))).observe({ type: 'longtask' });
      new MutationObserver(() => {
        if (probe.closedAt === Infinity && document.querySelector('[data-testid="ws-phase"]')?.textContent === 'Closed') probe.closedAt = performance.now();
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await composer.getByRole('button', { name: /^(Connect|Reconnect)$/ }).click();
    await page.getByTestId('ws-phase').filter({ hasText: 'Closed' }).waitFor({ timeout: (UI_SECONDS + 30) * 1000 });
    // The history write (masking the transcript) runs once the page is idle after the close: give it time to show apart.
    await page.waitForTimeout(3000);
    const probe = await page.evaluate(() => (window as unknown as { __ws: { tasks: { start: number; ms: number }[]; closedAt: number } }).__ws);
    const during = probe.tasks.filter((t) => t.start < probe.closedAt).map((t) => t.ms);
    const after = probe.tasks.filter((t) => t.start >= probe.closedAt).map((t) => t.ms);
    const count = await page.getByTestId('ws-count').textContent();
    return { longest: Math.max(0, ...during), received: Number((count ?? '').replace(/[^\d]/g, '')), tasks: during.length, afterLongest: Math.max(0, ...after) };
  } finally {
    await browser.close();
  }
}

export async function benchWebSocket(): Promise<void> {
  process.env.WIREBENCH_DIST_DIR ||= 'dist';
  const { buildApp, buildIsStale } = await import('../../src/server/build');
  if (await buildIsStale(root)) {
    console.log(`Building the app into ${process.env.WIREBENCH_DIST_DIR}…`);
    await buildApp(root);
  }
  const { startChildServer } = await import('../../src/relay/childServer');
  const server = await startChildServer(TOKEN);
  try {
    const directRates: number[] = [];
    const relayedRates: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      directRates.push(await direct(server.origin));
      relayedRates.push(await relayed(server.origin));
    }
    const d = median(directRates);
    const r = median(relayedRates);
    printTable(
      `WebSocket: messages per second, ${COUNT.toLocaleString('en')} messages of 64 bytes from the sandbox flood (median of ${ROUNDS})`,
      ['path', 'messages/s', 'floor: direct (messages/s)', '× direct', 'target'],
      [['relayed (/api/ws channel)', Math.round(r), Math.round(d), (r / d).toFixed(2), `≥ 0.80 ${r / d >= 0.8 ? 'met' : 'MISSED'}`]],
    );
    const ui = await longestTask(server.origin);
    printTable(
      `WebSocket: the page receiving ${RATE} messages/s for ${UI_SECONDS} s through the UI`,
      ['what', 'ms', 'long tasks', 'messages shown', 'target'],
      [
        ['longest main-thread task while receiving', ui.longest.toFixed(0), ui.tasks, ui.received, `< 100 ms ${ui.longest < 100 ? 'met' : 'MISSED'}`],
        ['longest task after the close (history write)', ui.afterLongest.toFixed(0), '', '', '(not a target)'],
      ],
    );
    console.log(`(load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores: long tasks stretch with it)`);
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWebSocket();
