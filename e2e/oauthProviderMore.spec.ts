/**
 * More of the vault against panva's oidc-provider (issue 16, "a real authorization server
 * not written here"), besides oauthProvider.spec: the device authorization grant with the
 * user code entered on the provider's own /device page, the ID token's validation and
 * claims shown, and revocation at the provider after which the grant's refresh token is
 * refused there.
 */
import { startOidcProvider, type RunningProvider } from '../src/conformance/oidcProvider';
import { expect, test } from './fixtures';
import { OidcProviderPages, VaultGrantPage } from './pages/VaultGrantPage';
import { E2E_PORT } from './support/session';

let op: RunningProvider;
/** Refresh tokens oidc-provider answered, in order (read from its own grant.success event). */
const issuedRefreshTokens: string[] = [];

test.beforeAll(async () => {
  op = await startOidcProvider({ redirectUris: [`http://127.0.0.1:${E2E_PORT}/oauth/callback`] });
  op.provider.on('grant.success', (ctx) => {
    const body = ctx.body as { refresh_token?: unknown } | undefined;
    if (typeof body?.refresh_token === 'string') issuedRefreshTokens.push(body.refresh_token);
  });
});

test.afterAll(async () => {
  await op?.close();
});

test('oidc-provider: device authorization with the code entered on its /device page', async ({ workbench, context }) => {
  const grants = new VaultGrantPage(workbench.page);
  await grants.addGrantEntry({ name: 'OIDC TV', grant: 'Device authorization', issuer: op.issuer, clientId: 'wb-device', authMethod: 'none', scope: 'openid offline_access api:read', hosts: new URL(op.issuer).host });
  await grants.getTokens();
  await expect(grants.userCode()).toHaveText(/\S/);
  const userCode = (await grants.userCode().textContent()) ?? '';
  await expect(grants.verificationLink()).toHaveAttribute('href', `${op.issuer}/device`);

  const device = await context.newPage();
  await device.goto(`${op.issuer}/device`);
  const pages = new OidcProviderPages(device);
  await pages.enterUserCode(userCode);
  await pages.signIn('alice');
  await pages.consent();
  await expect(device).toHaveTitle('Sign-in Success');
  await workbench.page.bringToFront();

  await expect(grants.stored()).toContainText('Tokens stored in the vault with a refresh token', { timeout: 30_000 });
  await expect(grants.steps()).toContainText(`Enter ${userCode} at ${op.issuer}/device`);
  await expect(grants.steps()).toContainText('ID token valid');
  await expect(grants.vault.flowCurrentStep()).toContainText('Access token: valid');
});

test('oidc-provider: the ID token\'s checks and claims shown, then the grant revoked there', async ({ workbench }) => {
  const grants = new VaultGrantPage(workbench.page);
  await grants.addGrantEntry({ name: 'OIDC revoke', grant: 'Authorization code + PKCE', issuer: op.issuer, clientId: 'wb-public', authMethod: 'none', scope: 'openid offline_access api:read', hosts: new URL(op.issuer).host });
  const before = issuedRefreshTokens.length;
  const popup = new OidcProviderPages(await grants.getTokensInPopup());
  await popup.signIn('alice');
  await popup.consent();
  await expect.poll(() => popup.page.isClosed()).toBe(true);

  await expect(grants.stored()).toContainText('Tokens stored in the vault with a refresh token');
  // oidc-provider puts no at_hash in the code flow's ID token (optional there, OIDC Core §3.1.3.6), so none is checked.
  await expect(grants.run.getByText(/^ID token: /)).toHaveText('ID token: signature, iss, aud, exp, iat, nonce checked');
  const claims = grants.run.getByRole('table', { name: 'ID token claims' });
  await expect(claims.getByRole('row', { name: /^sub/ })).toContainText('alice');
  await expect(claims.getByRole('row', { name: /^iss/ })).toContainText(op.issuer);
  await expect(claims.getByRole('row', { name: /^aud/ })).toContainText('wb-public');
  await expect(claims.getByRole('row', { name: /^nonce/ })).toHaveCount(1);

  await grants.revoke();
  await expect(grants.tools.getByRole('status')).toContainText('Revoked at the server (refresh_token)');
  await expect(grants.vault.flowCurrentStep()).toContainText('Revoked');
  // The refresh token the vault held is now refused by oidc-provider itself.
  expect(issuedRefreshTokens.length).toBe(before + 1);
  const refresh = await fetch(`${op.issuer}/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: issuedRefreshTokens[before]!, client_id: 'wb-public' }).toString(),
  });
  expect(refresh.status).toBe(400);
  expect(((await refresh.json()) as { error: string }).error).toBe('invalid_grant');
});
