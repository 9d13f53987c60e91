/**
 * Grants that go wrong against the sandbox authorization server (issue 16, "Bad input"):
 * each failure is explained in the UI and stores nothing — the entry keeps what it had, and
 * no code, verifier, key or token reaches localStorage or IndexedDB. Cases the sandbox only
 * produces when asked (a defective ID token, an expired device code) use its loopback test
 * switches (src/sandbox/oauth/testSwitches.ts), scoped to one client or one user code so
 * specs running in parallel on the same server are not disturbed.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { exportJWK, generateKeyPair } from 'jose';
import { WB_JWT_PRIVATE_JWK } from '../src/sandbox/oauth/clients';
import { expect, test } from './fixtures';
import { StorageScan } from './pages/StorageScan';
import { SandboxSignIn, VaultGrantPage, type GrantEntrySettings } from './pages/VaultGrantPage';

const ALICE = { username: 'alice', password: 'wonderland-42' };
const POST_SECRET = 'post-secret-2c1f';

/** An entry of the sandbox issuer at `origin`. */
function sandboxEntry(origin: string, settings: Omit<GrantEntrySettings, 'issuer' | 'hosts'>): GrantEntrySettings {
  return { issuer: `${origin}/sandbox/oauth`, hosts: new URL(origin).host, ...settings };
}

/**
 * The sandbox's redirects to /oauth/callback, caught before the browser follows them (as a
 * person would copy the address): the consent form's 303 is fetched unfollowed and its
 * Location kept, so the callback page never hands the code to the app.
 */
async function catchRedirects(context: BrowserContext): Promise<string[]> {
  const caught: string[] = [];
  await context.route(
    (url) => url.pathname === '/sandbox/oauth/consent',
    async (route) => {
      const answer = await route.fetch({ maxRedirects: 0 });
      const location = answer.headers()['location'] ?? '';
      if (!location.includes('/oauth/callback?')) return route.fulfill({ response: answer });
      caught.push(location);
      await route.fulfill({ contentType: 'text/html', body: '<p>Redirect caught by the test.</p>' });
    },
  );
  return caught;
}

/** Signs alice in and approves in the popup; the redirect is caught, so the popup is closed by hand. */
async function approveCaught(popup: Page, caught: string[]): Promise<string> {
  const before = caught.length;
  const signIn = new SandboxSignIn(popup);
  await signIn.signIn(ALICE.username, ALICE.password);
  await signIn.decide('Approve');
  await expect.poll(() => caught.length).toBe(before + 1);
  await popup.close();
  return caught[before]!;
}

/** `redirect` with the `state` the sign-in now waiting in `popup` sent. */
async function withStateOf(popup: Page, redirect: string): Promise<string> {
  await popup.waitForURL(/\/authorize\?/);
  const url = new URL(redirect);
  url.searchParams.set('state', new URL(popup.url()).searchParams.get('state') ?? '');
  await popup.close();
  return url.href;
}

/** No secret and no token anywhere in localStorage or IndexedDB. */
async function expectNoSecretsKept(page: Page, secrets: string[]): Promise<void> {
  const kept = await new StorageScan(page).browserText();
  for (const secret of secrets) expect(kept).not.toContain(secret);
  expect(kept).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\./);
}

/** The run failed with `explanation`, and the entry still holds no token. */
async function expectRefusedNothingStored(grants: VaultGrantPage, explanation: string | RegExp): Promise<void> {
  await expect(grants.problem()).toContainText(explanation);
  await expect(grants.problem()).toContainText('Nothing was stored');
  await expect(grants.vault.flowCurrentStep()).toHaveCount(0);
}

test('a forged state on the callback is refused while the sign-in waits', async ({ workbench }) => {
  const origin = workbench.origin();
  const grants = new VaultGrantPage(workbench.page);
  await grants.addGrantEntry(sandboxEntry(origin, { name: 'Forged state', grant: 'Authorization code + PKCE', clientId: 'wb-public', authMethod: 'none', scope: 'orders:read' }));
  const popup = await grants.getTokensInPopup();
  // An attacker's link lands in the sign-in window: the app's callback with a code and a state it never sent.
  // The callback page hands it to the app and closes itself.
  await popup.goto(`${origin}/oauth/callback?code=forged-code-0451&state=forged-state`, { waitUntil: 'commit' });
  await expect.poll(() => popup.isClosed()).toBe(true);
  await expectRefusedNothingStored(grants, 'is not the one Wirebench sent');
  await expect(grants.steps()).toContainText('cross-site request forgery');
  await expectNoSecretsKept(workbench.page, ['forged-code-0451']);
});

test('an authorization code used twice: refused, and the sandbox revokes what its first use gave', async ({ workbench, context }) => {
  // Two sign-ins, two exchanges and a refresh: 10 s on a quiet machine, past 60 s once in CI beside the 20,000-request import.
  test.setTimeout(120_000);
  const origin = workbench.origin();
  const grants = new VaultGrantPage(workbench.page);
  const caught = await catchRedirects(context);
  await grants.addGrantEntry(sandboxEntry(origin, { name: 'Twice', grant: 'Authorization code + PKCE', clientId: 'wb-public', authMethod: 'none', scope: 'openid offline_access orders:read' }));
  const redirect = await approveCaught(await grants.getTokensInPopup(), caught);
  await grants.pasteRedirect(redirect);
  await expect(grants.stored()).toContainText('Tokens stored in the vault with a refresh token');

  // The same code again, pasted into a new sign-in (with that sign-in's state, so it reaches the token endpoint).
  await grants.pasteRedirect(await withStateOf(await grants.getTokensInPopup(), redirect));
  await expect(grants.problem()).toContainText('already used');
  await expect(grants.problem()).toContainText('Nothing was stored');
  // The entry keeps its first tokens, which the server has revoked: the next refresh says so.
  await expect(grants.vault.flowCurrentStep()).toContainText('Access token: valid');
  await grants.vault.dialog.getByRole('button', { name: 'Refresh now' }).click();
  await expect(grants.vault.dialog).toContainText('presented a second time');
  await expectNoSecretsKept(workbench.page, [new URL(redirect).searchParams.get('code')!]);
});

test('a PKCE verifier that does not match the code\'s challenge is refused', async ({ workbench, context }) => {
  const origin = workbench.origin();
  const grants = new VaultGrantPage(workbench.page);
  const caught = await catchRedirects(context);
  await grants.addGrantEntry(sandboxEntry(origin, { name: 'PKCE', grant: 'Authorization code + PKCE', clientId: 'wb-public', authMethod: 'none', scope: 'orders:read' }));
  // The code of an abandoned sign-in was bound to that sign-in's code_challenge; a new sign-in
  // has a new verifier, so exchanging the old code with it is what a stolen code looks like.
  const abandoned = await approveCaught(await grants.getTokensInPopup(), caught);
  await grants.run.getByRole('button', { name: 'Cancel' }).click();
  await expect(grants.problem()).toContainText('Cancelled: nothing was stored.');

  await grants.pasteRedirect(await withStateOf(await grants.getTokensInPopup(), abandoned));
  await expectRefusedNothingStored(grants, 'code_verifier does not match the code_challenge');
  await expectNoSecretsKept(workbench.page, [new URL(abandoned).searchParams.get('code')!]);
});

test('device polling: slow_down lengthens the interval, an expired device code ends the grant', async ({ workbench }) => {
  const origin = workbench.origin();
  const page = workbench.page;
  const grants = new VaultGrantPage(page);
  await grants.addGrantEntry(sandboxEntry(origin, { name: 'Slow TV', grant: 'Device authorization', clientId: 'wb-device', authMethod: 'none', scope: 'openid orders:read' }));
  // The page's clock is moved by hand: its polls come faster than the sandbox's real 5 s interval.
  await page.clock.install();
  await grants.getTokens();
  const userCode = (await grants.userCode().textContent()) ?? '';
  expect(userCode).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
  await page.clock.runFor(5_000);
  await expect(grants.steps()).toContainText('Waiting for the person to approve');
  await page.clock.runFor(5_000);
  await expect(grants.steps()).toContainText('The server asked to slow down; polling every 10 s');

  // The sandbox's clock for this device code moves past its 600 s; the next poll hears expired_token.
  const aged = await page.request.post(`${origin}/sandbox/oauth/test/age-device`, { form: { user_code: userCode, seconds: '601' } });
  expect(aged.status()).toBe(200);
  await page.clock.runFor(10_000);
  await expectRefusedNothingStored(grants, 'The device code expired before the person approved');
  await expectNoSecretsKept(page, ['dc_']);
});

test('a token endpoint answering an HTML page is explained', async ({ workbench }) => {
  const origin = workbench.origin();
  const grants = new VaultGrantPage(workbench.page);
  await grants.addGrantEntry(sandboxEntry(origin, { name: 'HTML', grant: 'Client credentials', clientId: 'wb-post', clientSecret: POST_SECRET, authMethod: 'client_secret_post', scope: 'orders:read' }));
  // The device verification page, a web form, where the token endpoint should be.
  await grants.form.getByLabel('Token endpoint').fill(`${origin}/sandbox/oauth/device`);
  await grants.save();
  await grants.getTokens();
  await expectRefusedNothingStored(grants, 'with an HTML page, not JSON');
  await expectNoSecretsKept(workbench.page, [POST_SECRET]);
});

// One client carries the switch ("the next ID token for wb-post is faulty"), so these run one after another: in
// parallel, one test's sign-in would take the defect another test armed.
test.describe('faulty ID tokens', () => {
  test.describe.configure({ mode: 'serial' });
  for (const [defect, explanation] of [
    ['nonce', 'is not the one sent with this sign-in'],
    ['aud', 'not for this client (wb-post)'],
    ['signature', 'signature does not verify with the issuer\'s keys'],
  ] as const) {
    test(`an ID token with a wrong ${defect} is refused`, async ({ workbench }) => {
      const origin = workbench.origin();
      const grants = new VaultGrantPage(workbench.page);
      await grants.addGrantEntry(sandboxEntry(origin, { name: `ID token ${defect}`, grant: 'Authorization code + PKCE', clientId: 'wb-post', clientSecret: POST_SECRET, authMethod: 'client_secret_post', scope: 'openid orders:read' }));
      const armed = await workbench.page.request.post(`${origin}/sandbox/oauth/test/id-token-defect`, { form: { client_id: 'wb-post', defect } });
      expect(armed.status()).toBe(200);
      const popup = new SandboxSignIn(await grants.getTokensInPopup());
      await popup.signIn(ALICE.username, ALICE.password);
      await popup.decide('Approve');
      await expectRefusedNothingStored(grants, explanation);
      await expect(grants.run.getByRole('table', { name: 'ID token claims' })).toHaveCount(0);
      await expectNoSecretsKept(workbench.page, [POST_SECRET]);
    });
  }
});

test('private_key_jwt: a key the client did not register is invalid_client, its published key gets tokens', async ({ workbench }) => {
  const origin = workbench.origin();
  const grants = new VaultGrantPage(workbench.page);
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const strangerKey = JSON.stringify({ ...(await exportJWK(privateKey)), kid: 'wb-jwt-1', alg: 'ES256' });
  await grants.addGrantEntry(sandboxEntry(origin, { name: 'Key holder', grant: 'Client credentials', clientId: 'wb-jwt', authMethod: 'private_key_jwt', privateKey: strangerKey, keyId: 'wb-jwt-1', scope: 'orders:read' }));
  await grants.getTokens();
  await expectRefusedNothingStored(grants, 'invalid_client');

  await grants.vault.showSection('Settings');
  await grants.usePrivateKey(JSON.stringify(WB_JWT_PRIVATE_JWK), 'wb-jwt-1', 'ES256');
  await grants.save();
  await grants.getTokens();
  await expect(grants.stored()).toContainText('no refresh token was given');
  await expect(grants.vault.flowCurrentStep()).toContainText('Access token: valid');
  await expect(grants.vault.claims()).toContainText('wb-jwt');
  await expectNoSecretsKept(workbench.page, [WB_JWT_PRIVATE_JWK.d!, JSON.parse(strangerKey).d]);
});
