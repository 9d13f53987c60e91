import { expect, test } from './fixtures';
import { SandboxAuthPages, VaultPage } from './pages/VaultPage';
import { WorkbenchPage } from './pages/WorkbenchPage';
import { WorkspacePage } from './pages/WorkspacePage';

const PASSPHRASE = 'correct horse battery staple';

function shortLivedEntry(origin: string, name = 'Short-lived orders') {
  return {
    name,
    tokenUrl: `${origin}/sandbox/auth/v1/token`,
    clientId: 'short-lived',
    clientSecret: 'short-secret',
    hosts: new URL(origin).host,
    allowPlainHttp: true,
  };
}

test('a grant from the consent page is exchanged as JSON, refreshed before expiry, and rotation refuses the old token', async ({ workbench, context }) => {
  const origin = workbench.origin();
  const consent = new SandboxAuthPages(await context.newPage(), workbench.page);
  const refreshToken = await consent.grantAccess(origin, 'short-lived');

  const vault = new VaultPage(workbench.page);
  await vault.holdEntry('memory', shortLivedEntry(origin), refreshToken);

  // The vault exchanged at once: access granted → refresh token held → access token valid.
  await expect(vault.flowCurrentStep()).toContainText('Access token: valid');
  await expect(vault.claims()).toContainText('wirebench-sandbox-api');
  await expect(vault.claims()).toContainText('short-lived');
  await expect(vault.audienceFindings()).toContainText('"aud" names the resource servers');

  // 5 s tokens: the vault refreshes by itself before expiry, with the spec's JSON body, rotating each time.
  await vault.showSection('Exchange log');
  await expect(vault.logRows().filter({ hasText: 'before expiry' }).first()).toBeVisible({ timeout: 15_000 });
  await expect(vault.logRows().filter({ hasText: 'JSON body' }).first()).toContainText('refresh token rotated');
  await expect(vault.dialog).not.toContainText(refreshToken);

  // The first refresh token was rotated away: the token service refuses it (and, as reuse, revokes the grant).
  const reuse = await workbench.page.request.post(`${origin}/sandbox/auth/v1/token`, {
    data: { client_id: 'short-lived', client_secret: 'short-secret', refresh_token: refreshToken, grant_type: 'refresh_token' },
  });
  expect(reuse.status()).toBe(400);
  expect(await reuse.json()).toMatchObject({ error: 'invalid_grant' });

  // The vault's next exchange finds the grant gone and says so plainly.
  await vault.showSection('Token');
  await expect(vault.flowCurrentStep()).toContainText('Revoked', { timeout: 15_000 });
  await expect(vault.accessTokenProblem()).toContainText('invalid_grant');
  await expect(vault.accessTokenProblem()).toContainText('grant access again');
  await vault.closeDialog();
  await expect(vault.entryStatus('Short-lived orders')).toHaveText('revoked');
});

test('revoking the grant on the grants page shows the entry as revoked', async ({ workbench, context }) => {
  const origin = workbench.origin();
  const consent = new SandboxAuthPages(await context.newPage(), workbench.page);
  const refreshToken = await consent.grantAccess(origin, 'demo-client');

  const vault = new VaultPage(workbench.page);
  await vault.holdEntry('memory', { ...shortLivedEntry(origin, 'Demo orders'), clientId: 'demo-client', clientSecret: 'demo-secret' }, refreshToken);
  await expect(vault.flowCurrentStep()).toContainText('Access token: valid');
  const grantId = (await vault.claims().getByRole('row', { name: /^gid/ }).getByRole('cell').textContent())?.trim() ?? '';
  expect(grantId).toMatch(/^g_/);
  await vault.closeDialog();
  await expect(vault.entryStatus('Demo orders')).toContainText('access token valid');
  await expect(vault.entry('Demo orders')).toContainText('expires in');

  await consent.revokeGrant(origin, grantId);
  await vault.refreshNow('Demo orders');
  await expect(vault.entryStatus('Demo orders')).toHaveText('revoked');
  await expect(vault.entry('Demo orders')).toContainText('was revoked');
  await vault.openEntry('Demo orders');
  await expect(vault.flowCurrentStep()).toContainText('Revoked');
});

test('the encrypted vault rests in IndexedDB without a plaintext secret, locks, and unlocks with the passphrase', async ({ workbench, context }) => {
  const origin = workbench.origin();
  const consent = new SandboxAuthPages(await context.newPage(), workbench.page);
  const refreshToken = await consent.grantAccess(origin, 'demo-client');

  const vault = new VaultPage(workbench.page);
  await vault.holdEntry({ passphrase: PASSPHRASE }, { ...shortLivedEntry(origin, 'Sealed orders'), clientId: 'demo-client', clientSecret: 'demo-secret' }, refreshToken);
  await expect(vault.flowCurrentStep()).toContainText('Access token: valid');
  await vault.closeDialog();

  await expect.poll(() => vault.rawIndexedDb()).toContain('Sealed orders');
  const raw = await vault.rawIndexedDb();
  expect(raw).toContain('"ciphertext"');
  expect(raw).toMatch(/"iterations":\s*(\d{7,}|[6-9]\d{5})/);
  // No client secret, no refresh token (sandbox ones start with rt_), no JWT access token, no passphrase.
  // The prefixes are looked for outside the base64 ciphertext, IV and salt, where three random characters may spell them.
  const readable = raw.replace(/"(ciphertext|iv|salt|check)":\s*"[^"]*"/g, '"$1":"…"');
  for (const secret of ['demo-secret', refreshToken, PASSPHRASE, 'wirebench-sandbox-api']) expect(raw).not.toContain(secret);
  for (const prefix of ['rt_', 'eyJ']) expect(readable).not.toContain(prefix);

  // A reload finds the vault locked; a wrong passphrase is refused plainly, the right one opens it.
  await workbench.page.reload();
  await vault.open();
  await expect(vault.panel.getByRole('list', { name: 'Locked entries' })).toContainText('Sealed orders');
  await vault.unlock('not the passphrase');
  await expect(vault.unlockProblem()).toHaveText('That passphrase does not open this vault.');
  await vault.unlock(PASSPHRASE);
  await expect(vault.entryStatus('Sealed orders')).toContainText('access token valid');

  await vault.lock();
  await vault.unlock(PASSPHRASE);
  await expect(vault.entryStatus('Sealed orders')).toContainText('access token valid');

  await vault.forgetEverything();
  expect(await vault.rawIndexedDb()).toBe('{"sealed":[]}');
});

test('a request using the vault gets a Bearer token, and after expiry the vault refreshes first and the call succeeds', async ({ workbench, context }) => {
  // The page's clock is controlled, so "after expiry" needs no waiting.
  await workbench.page.clock.install();
  await workbench.open();
  const origin = workbench.origin();
  const consent = new SandboxAuthPages(await context.newPage(), workbench.page);
  const refreshToken = await consent.grantAccess(origin, 'demo-client');

  const vault = new VaultPage(workbench.page);
  await vault.holdEntry('memory', { ...shortLivedEntry(origin, 'Demo orders'), clientId: 'demo-client', clientSecret: 'demo-secret', autoRefresh: false }, refreshToken);
  await expect(vault.flowCurrentStep()).toContainText('Refresh token held');
  await vault.closeDialog();

  // The first request makes the vault exchange (JSON) and carries the token to the Bearer resource.
  await workbench.compose('GET', `${origin}/sandbox/api/bearer`);
  const entryId = await vault.useInComposer('Demo orders');
  await workbench.send.click();
  await expect(workbench.status).toContainText('200');
  await expect(workbench.responseBody).toContainText(/"resource":\s*"bearer"/);
  await expect(workbench.responseBody).toContainText(/"scheme":\s*"Bearer"/);
  await expect(vault.entryStatus('Demo orders')).toContainText('access token valid');

  // A minute later the 60 s token has expired (no automatic refresh on this entry)…
  await workbench.page.clock.fastForward('01:05');
  await expect(vault.entryStatus('Demo orders')).toHaveText('access token expired');
  // …so the next request refreshes first, by itself, and succeeds.
  await workbench.send.click();
  await expect(vault.entryStatus('Demo orders')).toContainText('access token valid');
  const renewedExp = await vault.accessTokenExp('Demo orders');
  await expect(workbench.responseBody).toContainText(new RegExp(`"exp":\\s*${renewedExp}`));
  await expect(workbench.status).toContainText('200');
  await vault.openEntry('Demo orders');
  await vault.showSection('Exchange log');
  await expect(vault.logRows().filter({ hasText: 'a request needed it' })).toHaveCount(2);
  await expect(vault.logRows().filter({ hasText: 'refresh token rotated' })).toHaveCount(2);
  await vault.closeDialog();

  // What the composer persists for the tab refers to the entry by id only.
  const stored = await vault.localStorageText();
  expect(stored).toContain(entryId);
  for (const secret of ['demo-secret', refreshToken, 'rt_', 'eyJ']) expect(stored).not.toContain(secret);

  // An export of a collection holding the request carries no token either.
  const workspace = new WorkspacePage(workbench.page);
  await workspace.showCollections();
  await workspace.newCollection('Vault collection');
  await workspace.saveAs('Orders with the vault', 'Vault collection');
  await workspace.rowAction('Vault collection', 'Export…');
  const preview = workspace.exportDialog.getByLabel('Preview');
  await expect(preview).toHaveValue(/Orders with the vault/);
  const exported = await preview.inputValue();
  expect(exported).toContain('/sandbox/api/bearer');
  for (const secret of ['demo-secret', refreshToken, 'rt_', 'eyJ']) expect(exported).not.toContain(secret);
});

test('the vault refuses to send its token to a host outside the entry list, or over http without confirmation', async ({ workbench, context }) => {
  const origin = workbench.origin();
  const consent = new SandboxAuthPages(await context.newPage(), workbench.page);
  const refreshToken = await consent.grantAccess(origin, 'demo-client');

  const vault = new VaultPage(workbench.page);
  await vault.holdEntry('memory', { ...shortLivedEntry(origin, 'Strict orders'), clientId: 'demo-client', clientSecret: 'demo-secret', allowPlainHttp: false, autoRefresh: false }, refreshToken);
  await vault.closeDialog();

  const port = new URL(origin).port;
  await workbench.compose('GET', `http://localhost:${port}/sandbox/api/bearer`);
  await vault.useInComposer('Strict orders');
  await workbench.send.click();
  await expect(workbench.relayError).toContainText(`localhost:${port} is not on that list`);

  await workbench.url.fill(`${origin}/sandbox/api/bearer`);
  await workbench.send.click();
  await expect(workbench.relayError).toContainText('plain http://');
  await expect(workbench.relayError).toContainText('confirm plain http in the vault entry "Strict orders"');
  // Nothing was exchanged: the refresh token never left the vault.
  await expect(vault.entryStatus('Strict orders')).toHaveText('refresh token held');
});

/**
 * Sends a request (POST unless told) whose vault token the sandbox already considers
 * expired while the vault does not: the page's clock is frozen after the token was
 * fetched, and the test waits until the sandbox's clock (its Date header) is past the
 * token's exp.
 */
async function sendWithTokenExpiredAtServer(workbench: import('./pages/WorkbenchPage').WorkbenchPage, vault: VaultPage, consent: SandboxAuthPages, method = 'POST') {
  const origin = workbench.origin();
  const refreshToken = await consent.grantAccess(origin, 'short-lived');
  await vault.holdEntry('memory', { ...shortLivedEntry(origin), autoRefresh: false }, refreshToken);
  await vault.closeDialog();

  // A GET first, so the POST below is not a repeat of an earlier POST.
  await workbench.compose('GET', `${origin}/sandbox/api/bearer`);
  await vault.useInComposer('Short-lived orders');
  await workbench.send.click();
  await expect(workbench.status).toContainText('200');
  // The exchange must be over (its body read, Send back) before the page's clock stops: a body still
  // arriving is published on a timer, which a paused clock never fires.
  await expect(workbench.send).toBeVisible();

  await workbench.page.clock.pauseAt((await workbench.page.evaluate(() => Date.now())) + 500);
  const exp = await vault.accessTokenExp('Short-lived orders');
  await expect
    .poll(async () => Date.parse((await workbench.page.request.get(`${origin}/sandbox/anything`)).headers()['date'] ?? ''), { timeout: 20_000 })
    .toBeGreaterThan((exp + 2) * 1000);
  await expect(vault.entryStatus('Short-lived orders')).toContainText('access token valid');
  await workbench.method.fill(method);
  await workbench.send.click();
}

/** Checks the entry's exchange log: exactly one refresh because a request came back 401. */
async function expectOneRefreshAfter401(vault: VaultPage): Promise<void> {
  await vault.openEntry('Short-lived orders');
  await vault.showSection('Exchange log');
  await expect(vault.logRows().filter({ hasText: 'after a 401' })).toHaveCount(1);
  await vault.closeDialog();
}

test('a POST the server refuses as expired is not repeated silently: the 401 is shown and sending again asks first', async ({ workbench, context }) => {
  await workbench.page.clock.install();
  await workbench.open();
  const vault = new VaultPage(workbench.page);
  await sendWithTokenExpiredAtServer(workbench, vault, new SandboxAuthPages(await context.newPage(), workbench.page));

  await expect(workbench.status).toContainText('401');
  // The vault refreshed the token, but the POST waits for the person.
  const ask = workbench.page.getByRole('dialog', { name: 'Send this again?' });
  await expect(ask).toContainText('not idempotent');
  await ask.getByRole('button', { name: 'Don’t send' }).click();
  await expect(ask).toBeHidden();
  await expect(workbench.status).toContainText('401');

  // Declined, it stays a POST already sent: sending it again asks first.
  await workbench.send.click();
  await expect(ask).toContainText('This POST was already sent');
  await ask.getByRole('button', { name: 'Don’t send' }).click();
  await expect(ask).toBeHidden();
  await expect(workbench.status).toContainText('401');
});

test('after a 401 invalid_token the vault refreshes once and a POST asks before it is retried', async ({ workbench, context }) => {
  await workbench.page.clock.install();
  await workbench.open();
  const vault = new VaultPage(workbench.page);
  await sendWithTokenExpiredAtServer(workbench, vault, new SandboxAuthPages(await context.newPage(), workbench.page));

  // 401 invalid_token: the vault refreshes once, and since POST is not idempotent the
  // person is asked before it goes again (spec §4.2), told why it was not repeated.
  await expect(workbench.status).toContainText('401');
  const ask = workbench.page.getByRole('dialog').filter({ hasText: 'POST' });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('Token refreshed, request not repeated');
  await expect(ask).toContainText('The access token expired');
  await expect(ask).toContainText('this POST was not sent again by itself');

  // With consent it goes once more, with the new token (time flows again, so the answer's body is read).
  await workbench.page.clock.resume();
  await ask.getByRole('button', { name: 'Send anyway' }).click();
  await expect(ask).toBeHidden();
  await expect(workbench.status).toContainText('200');
  await expect(workbench.responseBody).toContainText(/"action":\s*"written"/);
  // One refresh for the whole send: nothing looped.
  await expectOneRefreshAfter401(vault);
});

test('after a 401 invalid_token a GET is refreshed once and retried by itself', async ({ workbench, context }) => {
  await workbench.page.clock.install();
  await workbench.open();
  const vault = new VaultPage(workbench.page);
  await sendWithTokenExpiredAtServer(workbench, vault, new SandboxAuthPages(await context.newPage(), workbench.page), 'GET');

  // GET is idempotent: the vault refreshes once and the GET goes again by itself, with the new token.
  await expectOneRefreshAfter401(vault);
  const renewedExp = await vault.accessTokenExp('Short-lived orders');
  // Time flows again, so the answer's body is read.
  await workbench.page.clock.resume();
  await expect(workbench.responseBody).toContainText(new RegExp(`"exp":\\s*${renewedExp}`));
  await expect(workbench.status).toContainText('200');
  await expect(workbench.page.getByRole('dialog', { name: 'Send this again?' })).toBeHidden();
});

test('two tabs of one encrypted vault refreshing at once present the refresh token once, and the grant stays active', async ({ workbench, context }) => {
  const origin = workbench.origin();
  const consent = new SandboxAuthPages(await context.newPage(), workbench.page);
  const refreshToken = await consent.grantAccess(origin, 'demo-client');

  const first = new VaultPage(workbench.page);
  await first.holdEntry({ passphrase: PASSPHRASE }, { ...shortLivedEntry(origin, 'Shared orders'), clientId: 'demo-client', clientSecret: 'demo-secret', autoRefresh: false }, refreshToken);
  await expect(first.flowCurrentStep()).toContainText('Refresh token held');
  await first.closeDialog();

  // A second tab of the app unlocks the same vault: both now hold the same refresh token in memory.
  const secondTab = new WorkbenchPage(await context.newPage());
  await secondTab.open();
  const second = new VaultPage(secondTab.page);
  await second.open();
  await second.unlock(PASSPHRASE);
  await expect(second.entryStatus('Shared orders')).toHaveText('refresh token held');

  await Promise.all([first.refreshNow('Shared orders'), second.refreshNow('Shared orders')]);
  await expect(first.entryStatus('Shared orders')).toContainText('access token valid');
  await expect(second.entryStatus('Shared orders')).toContainText('access token valid');

  // Both tabs show the same tokens, and every exchange the server saw was a rotation of the current token.
  const inFirst = await first.tokenState('Shared orders');
  await secondTab.page.bringToFront();
  const inSecond = await second.tokenState('Shared orders');
  expect(inSecond).toEqual(inFirst);
  expect(inFirst.rotations).toBeGreaterThanOrEqual(1);
  const grant = await consent.grant(origin, inFirst.grantId);
  expect(grant).toEqual({ status: 'active', exchanges: inFirst.rotations });
});
