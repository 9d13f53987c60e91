/**
 * Streamed responses through the real UI, relay and sandbox (issue 17, item 7): server-sent
 * events listed while the stream is open, filtered by type, cancelled with what came kept
 * and the sandbox's connection closed, a stream cut off mid-event, and NDJSON with a bad line.
 */
import { expect, test } from './fixtures';
import { StreamPage } from './pages/StreamPage';

test.use({ viewport: { width: 1024, height: 700 } });

test('events appear while the stream is open, filter by type, and the raw text stays', async ({ workbench }) => {
  const stream = new StreamPage(workbench.page);
  await stream.get('/sandbox/stream/sse?count=24&interval=150');
  // The first events are listed while the response is still arriving: no summary yet.
  await expect(stream.rows('a message without an event field').first()).toBeVisible();
  await expect(stream.count).toContainText('still arriving');
  await expect(stream.metrics).toHaveCount(0);
  await stream.screenshot('sse-live-light');
  await workbench.page.emulateMedia({ colorScheme: 'dark' });
  await stream.screenshot('sse-live-dark');
  await workbench.page.emulateMedia({ colorScheme: 'light' });

  await expect(stream.metrics).toBeVisible({ timeout: 20_000 });
  await expect(stream.count).not.toContainText('still arriving');
  await stream.typeFilter.selectOption({ label: 'tick events (8)' });
  await expect(stream.count).toContainText(/^8 records of \d+/);
  await expect(stream.rows()).toHaveCount(8);
  await expect(stream.rows(/notice|message without/)).toHaveCount(0);
  await stream.rows().first().click();
  await expect(stream.detail).toContainText('Event tick, id 2');
  await expect(stream.detail).toContainText('"n": 2');

  await stream.typeFilter.selectOption({ label: 'notice events (8)' });
  await stream.rows().first().click();
  await expect(stream.detail).toContainText('2 data lines');
  await expect(stream.detail).toContainText('Notice 3, line one\nline two of the same event');
  await stream.typeFilter.selectOption({ index: 0 });
  await expect(stream.rows('retry')).toContainText('3000 ms');
  await stream.screenshot('sse-done-light');
  await workbench.page.emulateMedia({ colorScheme: 'dark' });
  await stream.screenshot('sse-done-dark');

  await stream.showView('Raw');
  await expect(workbench.page.getByTestId('response-body')).toContainText('event: tick');
});

test('Cancel stops the stream, keeps what came, and the sandbox sees its connection close', async ({ workbench, inspector }) => {
  const stream = new StreamPage(workbench.page);
  const before = await stream.connections(workbench.page.request);
  await stream.get('/sandbox/stream/sse?count=1000&interval=200');
  await expect(stream.eventRow('3')).toBeVisible();
  await stream.cancel.click();
  await expect(stream.relayError).toContainText(/cancel/i);
  await expect(stream.count).not.toContainText('still arriving');
  // What came stays listed.
  await expect(stream.eventRow('1')).toBeVisible();
  await expect(stream.eventRow('3')).toBeVisible();
  await expect.poll(async () => (await stream.connections(workbench.page.request)).closedEarly).toBeGreaterThan(before.closedEarly);
  await expect.poll(async () => (await stream.connections(workbench.page.request)).open).toBeLessThanOrEqual(before.open);
  await inspector.explain();
  await expect(inspector.finding('A stream of server-sent events')).toContainText('Last-Event-ID');
});

test('a stream that stops mid-event shows that event as incomplete', async ({ workbench }) => {
  const stream = new StreamPage(workbench.page);
  await stream.get('/sandbox/stream/sse-broken?interval=50');
  await expect(stream.partial).toBeVisible();
  await expect(stream.partial).toContainText('Incomplete event, not dispatched.');
  await expect(stream.partial).toContainText('The stream ended at line');
  await expect(stream.partial).toContainText('Last-Event-ID: 3');
  await expect(stream.partial).toContainText('data: "cut":');
  // The opening comment and three whole events.
  await expect(stream.rows()).toHaveCount(4);
  await stream.screenshot('sse-broken-light');
  await workbench.page.emulateMedia({ colorScheme: 'dark' });
  await stream.screenshot('sse-broken-dark');
});

test('NDJSON line by line: a bad line marked with its column, the rest read', async ({ workbench }) => {
  const stream = new StreamPage(workbench.page);
  await stream.get('/sandbox/stream/ndjson?count=6&interval=50&bad=3');
  await expect(stream.metrics).toBeVisible();
  await expect(stream.rows()).toHaveCount(6);
  await expect(stream.rows('not JSON, col 39')).toHaveCount(1);
  await stream.rows('not JSON').click();
  await expect(stream.detail).toContainText('Line 3, column 39');
  await stream.lineFilter.selectOption({ label: 'Lines that are not JSON (1)' });
  await expect(stream.rows()).toHaveCount(1);
  await stream.lineFilter.selectOption({ index: 0 });
  await stream.rows().nth(4).click();
  await expect(stream.detail).toContainText('"n": 5');
  await stream.screenshot('ndjson-light');
  await workbench.page.emulateMedia({ colorScheme: 'dark' });
  await stream.screenshot('ndjson-dark');
});
