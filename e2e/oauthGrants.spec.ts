/**
 * The vault gets its tokens itself, against the sandbox authorization server (issue 16):
 * each grant from an issuer URL through the UI, the sign-in in a real popup, the device
 * code entered in another page, failures explained with nothing stored, revocation, and
 * the token then carried by a composer request.
 */
import { expect, test } from './fixtures';
import { SandboxSignIn, VaultGrantPage } from './pages/VaultGrantPage';

const ALICE = { username: 'alice', password: 'wonderland-42' };

test('authorization code + PKCE: discover, sign in in the popup, use the token in a request, revoke', async ({ workbench }) => {
  const origin = workbench.origin();
  const grants = new VaultGrantPage(workbench.page);
  await grants.addGrantEntry({ name: 'Alice orders', grant: 'Authorization code + PKCE', issuer: `${origin}/sandbox/oauth`, clientId: 'wb-public', authMethod: 'none', scope: 'openid offline_access orders:read', hosts: new URL(origin).host });
  await expect(grants.form.getByLabel('Redirect URI', { exact: true })).toHaveValue(`${origin}/oauth/callback`);

  const popup = new SandboxSignIn(await grants.getTokensInPopup());
  await popup.signIn(ALICE.username, ALICE.password);
  await popup.decide('Approve');
  await expect.poll(() => popup.page.isClosed()).toBe(true);

  await expect(grants.stored()).toContainText('Tokens stored in the vault with a refresh token');
  await expect(grants.steps()).toContainText('The provider redirected back with a code');
  await expect(grants.steps()).toContainText('ID token valid');
  await expect(grants.run.getByRole('table', { name: 'ID token claims' })).toContainText('alice');
  await expect(await grants.authorizationParameters()).toContainText('code_challenge_methodS256');
  await expect(grants.vault.flowCurrentStep()).toContainText('Access token: valid');

  // Introspection and userinfo from the entry.
  await grants.tools.getByRole('button', { name: 'Introspect access token' }).click();
  await expect(grants.tools.getByRole('status')).toContainText('access token is active');
  await expect(grants.tools.getByRole('table', { name: 'Introspection' })).toContainText('wb-public');
  await grants.tools.getByRole('button', { name: 'Userinfo' }).click();
  await expect(grants.tools.getByRole('table', { name: 'Userinfo claims' })).toContainText('alice');
  await grants.vault.closeDialog();

  // The composer's request carries the token the sign-in gave.
  await workbench.compose('GET', `${origin}/sandbox/api/bearer`);
  await grants.vault.useInComposer('Alice orders');
  await workbench.send.click();
  await expect(workbench.status).toContainText('200');

  // Revoked at the server: the entry drops its tokens and the flow says so.
  await grants.vault.openEntry('Alice orders');
  await grants.vault.showSection('Token');
  await grants.revoke();
  await expect(grants.tools.getByRole('status')).toContainText('Revoked at the server (refresh_token)');
  await expect(grants.vault.flowCurrentStep()).toContainText('Revoked');
  // No code, verifier or token anywhere on the page.
  await expect(grants.vault.dialog).not.toContainText(/code_verifier=|access_token=|refresh_token=/);
});

test('client credentials with a Basic secret full of reserved characters, and a wrong secret explained with nothing stored', async ({ workbench }) => {
  const origin = workbench.origin();
  const grants = new VaultGrantPage(workbench.page);
  const entry = { name: 'Service', grant: 'Client credentials' as const, issuer: `${origin}/sandbox/oauth`, clientId: 'urn:wirebench:basic-client', clientSecret: 'not-the-secret', authMethod: 'client_secret_basic' as const, scope: 'orders:read', hosts: new URL(origin).host };
  await grants.addGrantEntry(entry);
  await grants.getTokens();
  await expect(grants.problem()).toContainText('invalid_client');
  await expect(grants.problem()).toContainText('Nothing was stored');
  await expect(grants.vault.flowCurrentStep()).toHaveCount(0);

  await grants.vault.showSection('Settings');
  await grants.form.getByLabel('Client secret').fill('b4sic:s3cret/+%&= ok');
  await grants.save();
  await grants.getTokens();
  await expect(grants.stored()).toContainText('no refresh token was given');
  await expect(grants.vault.flowCurrentStep()).toContainText('Access token: valid');
  await expect(grants.vault.claims()).toContainText('urn:wirebench:basic-client');
});

test('device authorization: the code is entered on the verification page in another page and approved', async ({ workbench, context }) => {
  const origin = workbench.origin();
  const grants = new VaultGrantPage(workbench.page);
  await grants.addGrantEntry({ name: 'TV app', grant: 'Device authorization', issuer: `${origin}/sandbox/oauth`, clientId: 'wb-device', authMethod: 'none', scope: 'openid offline_access orders:read', hosts: new URL(origin).host });
  await grants.getTokens();
  await expect(grants.userCode()).toHaveText(/^[A-Z]{4}-[A-Z]{4}$/);
  const userCode = (await grants.userCode().textContent()) ?? '';
  await expect(grants.run.getByRole('region', { name: 'Device sign-in' }).getByRole('img')).toBeVisible();
  await expect(grants.run.getByRole('region', { name: 'Device sign-in' })).toContainText(/Expires in \d+:\d\d/);

  const other = new SandboxSignIn(await context.newPage());
  await other.page.goto((await grants.verificationLink().getAttribute('href')) ?? '');
  await other.enterCode(userCode);
  await other.signIn(ALICE.username, ALICE.password);
  await other.decide('Approve');
  await workbench.page.bringToFront();

  await expect(grants.stored()).toContainText('Tokens stored in the vault with a refresh token', { timeout: 30_000 });
  await expect(grants.steps()).toContainText(`Enter ${userCode} at ${origin}/sandbox/oauth/device`);
  await expect(grants.vault.flowCurrentStep()).toContainText('Access token: valid');
});

test('password grant: RFC 9700\'s warning shown, tokens stored', async ({ workbench }) => {
  const origin = workbench.origin();
  const grants = new VaultGrantPage(workbench.page);
  await grants.addGrantEntry({ name: 'Legacy', grant: 'Password (legacy)', issuer: `${origin}/sandbox/oauth`, clientId: 'wb-legacy', clientSecret: 'legacy-secret-9e4a', authMethod: 'client_secret_basic', scope: 'orders:read', hosts: new URL(origin).host, ...ALICE });
  await expect(grants.form.getByRole('note').filter({ hasText: 'RFC 9700 §2.4' })).toBeVisible();
  await grants.getTokens();
  await expect(grants.stored()).toContainText('Tokens stored in the vault with a refresh token');
  await expect(grants.steps()).toContainText('removed by the OAuth 2.0 Security Best Current Practice');
});

test('denied consent is explained and nothing is stored; a discovery issuer mismatch is refused', async ({ workbench }) => {
  const origin = workbench.origin();
  const grants = new VaultGrantPage(workbench.page);
  await grants.addGrantEntry({ name: 'Denied', grant: 'Authorization code + PKCE', issuer: `${origin}/sandbox/oauth`, clientId: 'wb-public', authMethod: 'none', scope: 'orders:read', hosts: new URL(origin).host });
  const popup = new SandboxSignIn(await grants.getTokensInPopup());
  await popup.signIn(ALICE.username, ALICE.password);
  await popup.decide('Deny');
  await expect(grants.problem()).toContainText('access_denied');
  await expect(grants.problem()).toContainText('Nothing was stored');
  await expect(grants.vault.flowCurrentStep()).toHaveCount(0);

  await grants.vault.showSection('Settings');
  await grants.discover(`${origin}/sandbox/oauth/`);
  await expect(grants.discoveryProblem()).toContainText('differ only in a trailing slash');
  await expect(grants.discoveryProblem()).toContainText('Nothing was filled in');
});

test('settings: extra parameters with reserved names refused, discovery kept on the entry, "Save and get tokens", the run kept in the exchange log', async ({ workbench }) => {
  const origin = workbench.origin();
  const grants = new VaultGrantPage(workbench.page);
  await grants.addGrantEntry({ name: 'Hinted', grant: 'Authorization code + PKCE', issuer: `${origin}/sandbox/oauth`, clientId: 'wb-public', authMethod: 'none', scope: 'orders:read', hosts: new URL(origin).host });
  // What discovery found stays with the entry after the dialog closes.
  await grants.vault.closeDialog();
  await grants.vault.openEntry('Hinted');
  await grants.vault.showSection('Settings');
  await expect(grants.form.getByText(/^Discovered .* from the OpenID configuration/)).toBeVisible();
  await expect(grants.form.getByText('the server offers S256', { exact: false })).toBeVisible();

  // A reserved name is refused beside its row, and the grant cannot start with it.
  await grants.addParameter('Authorization parameters', 'state', 'mine');
  await expect(grants.parameters('Authorization parameters')).toContainText('"state" cannot be set here: Wirebench writes it itself');
  await grants.addParameter('Token request parameters', 'scope', 'more');
  await expect(grants.parameters('Token request parameters')).toContainText('it comes from "Scopes asked for"');
  await expect(grants.form.getByRole('button', { name: 'Save and get tokens' })).toBeDisabled();
  await grants.parameters('Token request parameters').getByRole('button', { name: 'Remove scope' }).click();
  await grants.parameters('Authorization parameters').getByRole('textbox', { name: 'Name 1' }).fill('login_hint');
  await grants.parameters('Authorization parameters').getByRole('textbox', { name: 'Value 1' }).fill('alice');

  // Unsaved edits survive a look at the Token tab, which says they are saved before the grant runs.
  await grants.vault.showSection('Token');
  await expect(grants.run.getByRole('button', { name: 'Save and get tokens' })).toBeVisible();
  await expect(grants.run).toContainText('Settings has unsaved changes');
  await grants.vault.showSection('Settings');
  await expect(grants.parameters('Authorization parameters').getByRole('textbox', { name: 'Value 1' })).toHaveValue('alice');

  const popup = new SandboxSignIn(await grants.saveAndGetTokensInPopup());
  await expect(await grants.authorizationParameters()).toContainText('login_hintalice');
  await popup.signIn(ALICE.username, ALICE.password);
  await popup.decide('Approve');
  await expect(grants.stored()).toContainText('Tokens stored in the vault');

  // The run's steps are in the exchange log.
  await grants.vault.showSection('Exchange log');
  const log = grants.vault.dialog.getByRole('table', { name: 'Exchange log' });
  await expect(log).toContainText('Get tokens');
  await log.getByText('3 steps').click();
  await expect(log.getByRole('list', { name: 'Logged grant steps' })).toContainText('The provider redirected back with a code');
  await expect(log).not.toContainText(/code=|code_verifier=/);
});
