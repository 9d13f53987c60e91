/**
 * Issue 27's smaller items in the real UI: the palette opens Proxy, Certificates,
 * Environments and Export; a quiet header indicator says a proxy is in use and opens its
 * dialog; "Recent requests" lists each request once; a JSON multipart part that is not JSON
 * is shown at its line and column and the send asks first, as for a JSON body.
 */
import { expect, test } from './fixtures';
import { ProxySettingsPage } from './pages/ProxySettingsPage';
import { ShellPage } from './pages/ShellPage';
import { WorkbenchDetailsPage } from './pages/WorkbenchDetailsPage';
import { WorkspacePage } from './pages/WorkspacePage';

const SHOTS = '/tmp/shots-workbench-details';

test('the palette opens Proxy, Certificates, Environments and Export', async ({ workspace, page }) => {
  await workspace.open();
  await workspace.newCollection('Exports');
  const shell = new ShellPage(page);
  await shell.runCommand('proxy settings', 'Proxy settings…');
  const proxy = new ProxySettingsPage(page);
  await expect(proxy.dialog).toBeVisible();
  await proxy.close();
  await shell.runCommand('certificates', 'Certificates…');
  const certificates = page.getByRole('dialog', { name: /Certificates/ });
  await expect(certificates).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(certificates).toBeHidden();
  await shell.runCommand('environments', 'Environments…');
  await expect(new WorkspacePage(page).environmentDialog).toBeVisible();
  await page.keyboard.press('Escape');
  await shell.runCommand('export collection exports', 'Export collection Exports…');
  await expect(page.getByRole('dialog', { name: /^Export/ })).toBeVisible();
});

test('a proxy in use is said in the header, and the indicator opens its settings', async ({ composer: _composer, page }) => {
  const details = new WorkbenchDetailsPage(page);
  const proxy = new ProxySettingsPage(page);
  await expect(details.indicator).toHaveCount(0);
  await proxy.open();
  await proxy.useProxy('http://user:pw@127.0.0.1:3999');
  await expect(proxy.dialog).toBeHidden();
  const via = details.indicator.getByRole('button', { name: 'Via proxy 127.0.0.1:3999' });
  await expect(via).toBeVisible();
  await expect(details.indicator).not.toContainText('pw');
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    for (const [w, h] of [[1024, 700], [1920, 1080]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await expect(via).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/indicator-${theme}-${w}.png`, clip: { x: 0, y: 0, width: w, height: 120 } });
    }
  }
  await via.click();
  await expect(proxy.dialog).toBeVisible();
  await proxy.dialog.getByLabel(/Don.t use a proxy|No proxy/).check();
  await proxy.dialog.getByRole('button', { name: 'Save proxy settings' }).click();
  await expect(details.indicator).toHaveCount(0);
});

test('Recent requests lists each request once', async ({ composer: _composer, page }) => {
  const details = new WorkbenchDetailsPage(page);
  const origin = details.origin();
  const history = new WorkspacePage(page);
  await history.showHistory();
  const rows = page.getByRole('listbox', { name: 'History' }).getByRole('option');
  await details.compose('GET', `${origin}/sandbox/anything/again`);
  // The same request three times: history keeps every send.
  for (let i = 1; i <= 3; i++) {
    await details.send.click();
    await expect(rows).toHaveCount(i);
  }
  await details.compose('GET', `${origin}/sandbox/anything/other`);
  await details.send.click();
  await expect(rows).toHaveCount(4);
  await page.getByRole('button', { name: 'New request' }).click();
  await expect(details.recent).toHaveCount(2);
  await expect(details.recent.nth(0)).toContainText('/sandbox/anything/other');
  await expect(details.recent.nth(1)).toContainText('/sandbox/anything/again');
});

test('a JSON multipart part that is not JSON is shown at its line and column, and the send asks first', async ({ composer: _composer, page }) => {
  const details = new WorkbenchDetailsPage(page);
  await details.compose('POST', `${details.origin()}/sandbox/anything/upload`);
  await details.addPart({ name: 'meta', kind: 'JSON', content: '{"a": 1,\n "b" 2}' });
  await expect(details.partJsonError).toContainText('Line 2, column 6');
  await expect(page.getByLabel('Part 1 content', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `${SHOTS}/multipart-json-error.png` });
  await details.send.click();
  await expect(details.gate).toContainText('Part 1 "meta" is marked JSON, but its content is not JSON');
  await details.dontSend();
  await page.getByLabel('Part 1 content', { exact: true }).fill('{"a": 1, "b": 2}');
  await expect(details.partJsonError).toHaveCount(0);
  await details.sendAndWait();
  await expect(details.status).toContainText('200');
});
