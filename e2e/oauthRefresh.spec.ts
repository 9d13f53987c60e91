/**
 * Refresh on 401 for entries whose tokens the vault obtained itself (issue 16, item 6),
 * against the sandbox authorization server, through the UI: the access token is revoked
 * at the server while the vault still counts it valid, the protected API answers
 * `401 invalid_token`, and the vault renews once (RFC 6749 §6 form with the entry's client
 * authentication, or the client credentials grant again) before a GET goes again by
 * itself; a POST asks first. A rotated refresh token presented again revokes the grant,
 * and the entry says so.
 *
 * The test never holds a token (the vault shows none), so it revokes through the sandbox's
 * loopback test switches (src/sandbox/oauth/testSwitches.ts) by the `jti` or `gid` the
 * entry's claims table shows, which leaves tokens of tests running beside it alone.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { SandboxSignIn, VaultGrantPage } from './pages/VaultGrantPage';
import type { VaultPage } from './pages/VaultPage';
import type { WorkbenchPage } from './pages/WorkbenchPage';

const ALICE = { username: 'alice', password: 'wonderland-42' };
const BASIC_CLIENT = { id: 'urn:wirebench:basic-client', secret: 'b4sic:s3cret/+%&= ok' };

/** An authorization code + PKCE entry for the public client, signed in as alice in the popup; the dialog stays open. */
async function signedInPublicEntry(grants: VaultGrantPage, origin: string, name: string): Promise<void> {
  await grants.addGrantEntry({ name, grant: 'Authorization code + PKCE', issuer: `${origin}/sandbox/oauth`, clientId: 'wb-public', authMethod: 'none', scope: 'openid offline_access orders:read orders:write', hosts: new URL(origin).host });
  const popup = new SandboxSignIn(await grants.getTokensInPopup());
  await popup.signIn(ALICE.username, ALICE.password);
  await popup.decide('Approve');
  await expect(grants.stored()).toContainText('Tokens stored in the vault with a refresh token');
}

/** Revokes one access token of `clientId` at the sandbox (test switch, by the jti the entry shows). */
async function revokeAccessToken(page: Page, origin: string, clientId: string, jti: string): Promise<void> {
  const answer = await page.request.post(`${origin}/sandbox/oauth/test/revoke-access-tokens`, { form: { client_id: clientId, jti } });
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({ revoked: 1 });
}

/** Revokes the entry's current access token at the server and returns its jti. */
async function revokeCurrentAccessToken(workbench: WorkbenchPage, vault: VaultPage, entry: string, clientId: string): Promise<string> {
  const jti = await vault.accessTokenClaim(entry, 'jti');
  await revokeAccessToken(workbench.page, workbench.origin(), clientId, jti);
  // The vault cannot know: it still counts the token valid.
  await expect(vault.entryStatus(entry)).toContainText('access token valid');
  return jti;
}

/** The entry's exchange-log rows written after a 401. */
async function rowsAfter401(vault: VaultPage, entry: string) {
  await vault.openEntry(entry);
  await vault.showSection('Exchange log');
  return vault.logRows().filter({ hasText: 'after a 401' });
}

test('authorization code + PKCE: a revoked access token gets a 401, the vault refreshes once with the form and client authentication none, the GET goes again by itself; a POST asks first', async ({ workbench }) => {
  const origin = workbench.origin();
  const grants = new VaultGrantPage(workbench.page);
  const vault = grants.vault;
  await signedInPublicEntry(grants, origin, 'Alice API');
  await vault.closeDialog();

  await workbench.compose('GET', `${origin}/sandbox/api/bearer`);
  await vault.useInComposer('Alice API');
  await workbench.send.click();
  await expect(workbench.status).toContainText('200');

  const revoked = await revokeCurrentAccessToken(workbench, vault, 'Alice API', 'wb-public');
  await workbench.send.click();

  // One refresh, because of the 401, as RFC 6749 §6's form with the public client's "none".
  const after401 = await rowsAfter401(vault, 'Alice API');
  await expect(after401).toHaveCount(1);
  await expect(after401).toContainText('ok (200)');
  await expect(after401).toContainText('refresh · client authentication none · form body');
  await expect(after401).toContainText('refresh token rotated');
  await expect(vault.dialog).not.toContainText(/refresh_token=|access_token=|code_verifier=/);
  await vault.closeDialog();

  // The GET went again by itself with the new token: 200, carrying the renewed token's exp, no question asked.
  const renewedJti = await vault.accessTokenClaim('Alice API', 'jti');
  expect(renewedJti).not.toBe(revoked);
  const renewedExp = await vault.accessTokenExp('Alice API');
  await expect(workbench.status).toContainText('200');
  await expect(workbench.responseBody).toContainText(new RegExp(`"exp":\\s*${renewedExp}`));
  await expect(workbench.page.getByRole('dialog', { name: 'Send this again?' })).toBeHidden();

  // The same for a POST: the 401 is shown, the vault refreshed, and the person is asked first.
  await revokeCurrentAccessToken(workbench, vault, 'Alice API', 'wb-public');
  await workbench.method.fill('POST');
  await workbench.send.click();
  await expect(workbench.status).toContainText('401');
  const ask = workbench.page.getByRole('dialog').filter({ hasText: 'Token refreshed, request not repeated' });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('The access token was revoked');
  await expect(ask).toContainText('this POST was not sent again by itself');

  await ask.getByRole('button', { name: 'Send anyway' }).click();
  await expect(ask).toBeHidden();
  await expect(workbench.status).toContainText('200');
  await expect(workbench.responseBody).toContainText(/"action":\s*"written"/);
  // One refresh per 401 (the GET's and the POST's): nothing looped.
  await expect(await rowsAfter401(vault, 'Alice API')).toHaveCount(2);
});

test('client credentials (Basic): the first request gets a token by itself; after it is revoked the GET gets a 401, the grant runs again and the GET goes again by itself', async ({ workbench }) => {
  const origin = workbench.origin();
  const grants = new VaultGrantPage(workbench.page);
  const vault = grants.vault;
  await grants.addGrantEntry({ name: 'Service', grant: 'Client credentials', issuer: `${origin}/sandbox/oauth`, clientId: BASIC_CLIENT.id, clientSecret: BASIC_CLIENT.secret, authMethod: 'client_secret_basic', scope: 'orders:read', hosts: new URL(origin).host });
  await vault.closeDialog();
  await expect(vault.entryStatus('Service')).not.toContainText('access token valid');

  // No "Get tokens": the request asks for one.
  await workbench.compose('GET', `${origin}/sandbox/api/bearer`);
  await vault.useInComposer('Service');
  await workbench.send.click();
  await expect(workbench.status).toContainText('200');
  await expect(workbench.responseBody).toContainText(BASIC_CLIENT.id);
  await expect(vault.entryStatus('Service')).toContainText('access token valid');
  await vault.openEntry('Service');
  await vault.showSection('Exchange log');
  await expect(vault.logRows().filter({ hasText: 'a request needed it' })).toContainText('client credentials · client authentication client_secret_basic');
  await vault.closeDialog();

  const revoked = await revokeCurrentAccessToken(workbench, vault, 'Service', BASIC_CLIENT.id);
  await workbench.send.click();

  // No refresh token exists: the 401 makes the vault run the client credentials grant again.
  const after401 = await rowsAfter401(vault, 'Service');
  await expect(after401).toHaveCount(1);
  await expect(after401).toContainText('ok (200)');
  await expect(after401).toContainText('client credentials · client authentication client_secret_basic · form body');
  await expect(vault.dialog).not.toContainText(BASIC_CLIENT.secret);
  await vault.closeDialog();

  const renewedJti = await vault.accessTokenClaim('Service', 'jti');
  expect(renewedJti).not.toBe(revoked);
  const renewedExp = await vault.accessTokenExp('Service');
  await expect(workbench.status).toContainText('200');
  await expect(workbench.responseBody).toContainText(new RegExp(`"exp":\\s*${renewedExp}`));
  await expect(workbench.page.getByRole('dialog', { name: 'Send this again?' })).toBeHidden();
});

test('a rotated refresh token presented again: the sandbox revokes the grant and the entry shows it revoked, with why', async ({ workbench }) => {
  const origin = workbench.origin();
  const grants = new VaultGrantPage(workbench.page);
  const vault = grants.vault;
  await signedInPublicEntry(grants, origin, 'Alice rotated');
  await vault.closeDialog();

  // One refresh rotates the refresh token the sign-in gave.
  await vault.refreshNow('Alice rotated');
  await vault.openEntry('Alice rotated');
  await vault.showSection('Exchange log');
  await expect(vault.logRows().filter({ hasText: 'Refresh now' })).toContainText('refresh token rotated');
  await vault.closeDialog();

  // A copy of the old refresh token is presented again (as a thief would): reuse detection revokes the grant.
  const grantId = await vault.accessTokenClaim('Alice rotated', 'gid');
  const replay = await workbench.page.request.post(`${origin}/sandbox/oauth/test/replay-refresh-token`, { form: { grant_id: grantId } });
  expect(await replay.json()).toEqual({ outcome: 'reused' });

  // The vault's next refresh presents its own, current token and learns the grant is gone.
  await vault.refreshNow('Alice rotated');
  await expect(vault.entryStatus('Alice rotated')).toHaveText('revoked');
  await vault.openEntry('Alice rotated');
  await vault.showSection('Token');
  await expect(vault.flowCurrentStep()).toContainText('Revoked');
  await expect(vault.accessTokenProblem()).toContainText('invalid_grant');
  await expect(vault.accessTokenProblem()).toContainText('A rotated refresh token was presented again, so the grant was revoked (possible token theft)');
});
