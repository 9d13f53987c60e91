/**
 * Bounded bodies in the page (issue 32 item 4, issue 27's body items), through the real UI,
 * relay and sandbox: a decompression bomb is stopped by the relay with words that say so; a
 * body past what the page keeps says "not kept beyond"; a body history did not store says so
 * after a reload instead of "No body."; a complete body shown again after another tab's comes
 * back whole from the format worker.
 */
import { expect, test } from './fixtures';

test('a Brotli decompression bomb is stopped with a clear message', async ({ inspector }) => {
  await inspector.get('/sandbox/bomb?gb=8');
  await expect(inspector.pane).toContainText(/decoded to [\d.]+ MB from only [\d.]+ (KB|bytes) on the wire/);
  await expect(inspector.pane).toContainText('decompression bomb');
});

test('a body larger than the page keeps says how much was kept and why', async ({ inspector, page }) => {
  await inspector.get('/sandbox/bytes/100000000');
  const note = page.getByTestId('body-not-kept');
  await expect(note).toContainText('Not kept beyond this point.', { timeout: 30_000 });
  await expect(note).toContainText('Only the first 64.0 MiB of 95.4 MiB of this body is kept in the page');
  await inspector.showView('Hex');
  await expect(page.getByText(/^64\.0 MiB \(67,108,864 bytes\)/)).toBeVisible();
});

test('after a reload, a body history did not keep says so and why, not "No body."', async ({ inspector, page }) => {
  await inspector.get('/sandbox/json/30');
  await inspector.waitForFormatted(60_000);
  const note = page.getByTestId('body-not-kept');
  // The tab's history entry is written after the body ends; reload until the tab remembers it.
  await expect(async () => {
    await page.reload();
    await expect(note).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  await expect(note).toContainText('Body not kept.');
  await expect(note).toContainText('was not kept after the reload: history stores bodies up to 25.0 MiB');
  await expect(page.getByText('No body.', { exact: true })).toHaveCount(0);
});

test('a complete body comes back whole when its tab is shown again', async ({ composer, inspector, page }) => {
  await inspector.get('/sandbox/json/2');
  await inspector.waitForFormatted(30_000);
  await composer.newTab();
  await inspector.get('/sandbox/anything?second=tab');
  await inspector.waitForFormatted();
  await expect(inspector.pane).toContainText('"second"');
  await composer.requestTabs.getByRole('tab').first().click();
  await inspector.waitForFormatted();
  await expect(inspector.pane).toContainText('"megabytes"');
  await expect(inspector.pane).not.toContainText('"second"');
  await composer.requestTabs.getByRole('tab').nth(1).click();
  await inspector.waitForFormatted();
  await expect(inspector.pane).toContainText('"second"');
});
