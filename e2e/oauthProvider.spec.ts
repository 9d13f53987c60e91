/**
 * The vault against an authorization server not written here: panva's oidc-provider
 * (OpenID Certified), started by the test on loopback with this server's /oauth/callback
 * registered. From the issuer URL alone: discovery, the authorization code grant with
 * PKCE through the provider's own login and consent pages in the popup, the ID token
 * checked against its JWKS, then a refresh that rotates the refresh token.
 */
import { startOidcProvider, type RunningProvider } from '../src/conformance/oidcProvider';
import { expect, test } from './fixtures';
import { VaultGrantPage } from './pages/VaultGrantPage';
import { E2E_PORT } from './support/session';

let op: RunningProvider;

test.beforeAll(async () => {
  op = await startOidcProvider({ redirectUris: [`http://127.0.0.1:${E2E_PORT}/oauth/callback`] });
});

test.afterAll(async () => {
  await op?.close();
});

test('oidc-provider: discovery, authorization code + PKCE through its login and consent pages, refresh with rotation', async ({ workbench }) => {
  const grants = new VaultGrantPage(workbench.page);
  await grants.addGrantEntry({ name: 'OIDC', grant: 'Authorization code + PKCE', issuer: op.issuer, clientId: 'wb-public', authMethod: 'none', scope: 'openid offline_access api:read', hosts: new URL(op.issuer).host });
  await expect(grants.discoveryNote()).toContainText('Read from the OpenID configuration');

  const popup = await grants.getTokensInPopup();
  // The provider's development interactions: any login, then consent.
  await popup.getByPlaceholder('Enter any login').fill('alice');
  await popup.getByPlaceholder('and password').fill('any');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => popup.isClosed()).toBe(true);

  await expect(grants.stored()).toContainText('Tokens stored in the vault with a refresh token');
  await expect(grants.steps()).toContainText('ID token valid: signature, iss, aud, exp, iat, nonce');
  await expect(grants.run.getByRole('table', { name: 'ID token claims' })).toContainText('alice');
  await expect(grants.vault.flowCurrentStep()).toContainText('Access token: valid');

  // A refresh at oidc-provider rotates the refresh token (RFC 6749 §6, public client).
  await grants.vault.dialog.getByRole('button', { name: 'Refresh now' }).click();
  await expect(grants.vault.dialog.getByRole('region', { name: 'Refresh token' })).toContainText('rotated it 1 time');
  await grants.vault.showSection('Exchange log');
  await expect(grants.vault.logRows().nth(1)).toContainText('refresh token rotated');
});

test('oidc-provider: client credentials with client_secret_basic and a secret full of reserved characters', async ({ workbench }) => {
  const grants = new VaultGrantPage(workbench.page);
  await grants.addGrantEntry({ name: 'OIDC service', grant: 'Client credentials', issuer: op.issuer, clientId: 'wb-confidential', clientSecret: 'p@ss:word+with %25 &= ok/', authMethod: 'client_secret_basic', scope: 'api:read', hosts: new URL(op.issuer).host });
  await grants.getTokens();
  await expect(grants.stored()).toContainText('no refresh token was given');
  await expect(grants.vault.flowCurrentStep()).toContainText('Access token: valid');
});
