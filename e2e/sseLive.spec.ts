/**
 * Issue 29 item 2: each event shows as soon as it is complete. The sandbox sends its opening
 * comment and retry, one small event, then waits 10 s before the next: the first event must be
 * listed while the second has not come (asserted by what is shown, never by time). Before the
 * change the inspector waited for 1 KiB before it read the body, so nothing was listed until
 * the stream ended. The same for NDJSON.
 */
import { expect, test } from './fixtures';
import { StreamPage } from './pages/StreamPage';

test('one small event is listed before the next arrives (event stream)', async ({ workbench }) => {
  const stream = new StreamPage(workbench.page);
  await stream.get('/sandbox/stream/sse?count=2&interval=10000');
  await expect(stream.eventRow('1')).toBeVisible();
  // Still open, and the second event not there: the first was shown on its own.
  await expect(stream.count).toContainText('still arriving');
  await expect(stream.eventRow('2')).toHaveCount(0);
  await stream.cancel.click();
});

test('one small NDJSON line is listed before the next arrives', async ({ workbench }) => {
  const stream = new StreamPage(workbench.page);
  await stream.get('/sandbox/stream/ndjson?count=2&interval=10000');
  await expect(stream.count).toContainText(/^1 line/);
  await expect(stream.count).toContainText('still arriving');
  await stream.cancel.click();
});

test('Reconnect waits the stream’s retry and sends Last-Event-ID; the sandbox resumes after that event', async ({ workbench }) => {
  const stream = new StreamPage(workbench.page);
  await stream.get('/sandbox/stream/sse?count=3&interval=0');
  await expect(stream.count).not.toContainText('still arriving');
  const reconnect = workbench.page.getByRole('button', { name: 'Reconnect with Last-Event-ID: 3' });
  await expect(workbench.page.locator('.stream-reconnect')).toContainText('Waits 3000 ms first, as the stream’s retry asks');
  await reconnect.click();
  await expect(workbench.page.locator('.stream-reconnect [role="status"]')).toContainText('Reconnecting in');
  // The request went again with the header, and the server said it resumed after event 3.
  await expect(workbench.page.getByTestId('stream-list')).toContainText('resuming after 3');
});
