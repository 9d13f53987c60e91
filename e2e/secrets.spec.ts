import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startChildServer } from '../src/relay/childServer';
import { expect, test } from './fixtures';
import { ComposerPage } from './pages/ComposerPage';
import { StorageScan } from './pages/StorageScan';
import { VaultPage } from './pages/VaultPage';
import { WorkspacePage } from './pages/WorkspacePage';

const PASSPHRASE = 'correct horse battery staple 42';
const BEARER = 'ghp_bearerSecret0123456789abcdefABCDEF';
const API_KEY = 'apikey-query-5f9c2e7d';
const PASSWORD = 'body-password-Xy9!';
const COOKIE = 'cookie-session-7d1a3b';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzZWNyZXRzLWUyZSJ9.c2lnbmF0dXJlLXNlY3JldHM';
const CURL_KEY = 'curl-header-key-2b8e41';
const SECRETS = [BEARER, API_KEY, PASSWORD, COOKIE, JWT, CURL_KEY];

test('secrets typed as a header, a cURL -H, a query, a JSON body and a cookie never reach storage in plaintext, and still send after unlock', async ({ page }) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'wirebench-secrets-'));
  const server = await startChildServer('secrets-e2e-token', ['--workspace', dir]);
  try {
    const workspace = new WorkspacePage(page);
    const vault = new VaultPage(page);
    const composer = new ComposerPage(page);
    const scan = new StorageScan(page);
    await page.goto(server.launchUrl);
    await workspace.open(server.origin);
    await vault.open();
    await vault.createEncrypted(PASSPHRASE);
    await workspace.showCollections();
    await workspace.newCollection('Secrets');

    await workspace.compose('POST', `${server.origin}/sandbox/anything/orders?api_key=${API_KEY}&q=shoes`);
    await composer.addHeader('Authorization', `Bearer ${BEARER}`);
    await composer.addHeader('Cookie', `session=${COOKIE}`);
    await composer.addHeader('X-Trace', JWT);
    await composer.chooseBody('JSON');
    await composer.typeJson(`{"user":"ann","password":"${PASSWORD}"}`);
    await expect(scan.secretsNotice).toHaveAttribute('data-secrets', 'sealed');
    await workspace.saveAs('Create order', 'Secrets');

    await workspace.compose('GET', '');
    await workspace.pasteIntoUrl(`curl -H 'X-Api-Key: ${CURL_KEY}' ${server.origin}/sandbox/anything/curl`);
    await expect(composer.url).toHaveText(`${server.origin}/sandbox/anything/curl`);
    await workspace.saveAs('From curl', 'Secrets');
    await workspace.settle();

    await page.reload();
    await expect(composer.send).toBeVisible();
    await workspace.settle();
    const stored = `${await scan.browserText()}\n${StorageScan.folderText(dir)}`;
    expect(await scan.databaseNames()).toEqual(expect.arrayContaining(['wirebench-vault']));
    expect(stored).toContain('Create order');
    expect(stored).toContain('{{secret:');
    for (const secret of SECRETS) expect(stored, `${secret} is stored in plaintext`).not.toContain(secret);

    // Locked after the reload: the request says so and is not sent.
    await expect(scan.secretsNotice).toHaveAttribute('data-secrets', 'locked');
    await composer.send.click();
    await expect(composer.sendProblem).toContainText('sealed in the vault, which is locked');

    // Unlocked: the saved requests send with the secrets they were typed with.
    await vault.open();
    await vault.unlock(PASSPHRASE);
    await expect(scan.secretsNotice).toHaveAttribute('data-secrets', 'sealed');
    await composer.sendAndWait();
    expect(JSON.stringify(await composer.responseJson())).toContain(CURL_KEY);
    await workspace.showCollections();
    await workspace.row('Create order').click();
    await expect(composer.url).toHaveText(new RegExp(API_KEY));
    // This tab's own response, if it has one yet (each tab keeps its own).
    const before = await composer.exchangeMark();
    await composer.send.click();
    // The conventions still object to a key in the URL: the person confirms, as with any request.
    await composer.sendAnyway();
    await composer.waitForExchange(before);
    const echoed = JSON.stringify(await composer.responseJson());
    for (const secret of [BEARER, API_KEY, PASSWORD, COOKIE, JWT]) expect(echoed).toContain(secret);
  } finally {
    await server.stop();
  }
});

test('without a vault, a typed secret is kept in memory only and the composer says so', async ({ composer, page }) => {
  const scan = new StorageScan(page);
  await composer.compose('GET', `${composer.origin()}/sandbox/anything/x`);
  await composer.addHeader('X-Api-Key', 'memory-only-key-123456');
  await expect(scan.secretsNotice).toHaveAttribute('data-secrets', 'memory');
  await expect(scan.secretsNotice).toContainText('kept only until this tab closes');
  await expect.poll(async () => (await scan.browserText()).includes('{{secret:')).toBe(true);
  expect(await scan.browserText()).not.toContain('memory-only-key-123456');
});

test('saving offers to move a typed secret into the collection\'s secret variables: the request keeps a {{reference}} and still sends', async ({ workspace, page }) => {
  const composer = new ComposerPage(page);
  const scan = new StorageScan(page);
  const token = 'ghp_movedSecret0123456789abcdefABCDEFGH';
  await workspace.open();
  await workspace.newCollection('Moved');
  await workspace.compose('GET', `${composer.origin()}/sandbox/anything/moved`);
  await composer.addHeader('Authorization', `Bearer ${token}`);
  await workspace.saveAs('Moved secret', 'Moved', undefined, 'collection');
  await expect(page.getByLabel('Header 1 value', { exact: true })).toHaveValue('Bearer {{Authorization}}');
  await composer.sendAndWait();
  expect(JSON.stringify(await composer.responseJson())).toContain(token);
  await workspace.settle();
  expect(await scan.browserText()).not.toContain(token);
});
