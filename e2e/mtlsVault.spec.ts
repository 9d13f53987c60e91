/**
 * The vault's token calls reach a host as a send does, with the host's client certificate
 * (issue 17): a client credentials grant against the sandbox's token endpoint on its mTLS
 * listener, which answers only a client that presents an accepted certificate. Without a
 * covering certificate the grant fails with the server's reason and nothing is stored; with
 * one, the token is stored and never shown.
 */
import { expect, test } from './fixtures';
import { CertificatesPage } from './pages/CertificatesPage';
import { VaultGrantPage } from './pages/VaultGrantPage';

const BASIC_CLIENT = { clientId: 'urn:wirebench:basic-client', clientSecret: 'b4sic:s3cret/+%&= ok' };

test('client credentials at a token endpoint behind mutual TLS: refused while no certificate covers its host, granted once one does', async ({ workbench, page }) => {
  const origin = workbench.origin();
  const demo = await CertificatesPage.demoMaterial(page.request, origin);
  const mtlsHost = new URL(demo.endpoint).host;
  expect(new URL(demo.tokenEndpoint).host).toBe(mtlsHost);
  const httpsHost = `127.0.0.1:${Number(new URL(origin).port) + 1}`;
  const certificates = new CertificatesPage(page);

  // The demo certificate, but for the HTTPS sandbox: it does not cover the mTLS host.
  await certificates.open();
  const demoEntry = await certificates.addPemCertificate('Demo client', httpsHost, demo.cert, demo.key);
  await certificates.save();

  // Trust the sandbox's self-signed server certificate for the mTLS host, as a send asks to.
  await workbench.compose('GET', demo.endpoint);
  await workbench.send.click();
  await expect(workbench.relayError).toHaveAttribute('data-kind', 'tls');
  await page.getByTestId('certificate-trust').getByRole('button', { name: /Trust this certificate for 127\.0\.0\.1:/ }).click();
  await workbench.send.click();
  await expect(workbench.status).toContainText('401');

  // A grant entry discovered from the ordinary issuer, its token endpoint moved to the mTLS listener.
  const grants = new VaultGrantPage(page);
  await grants.addGrantEntry({ name: 'mTLS service', grant: 'Client credentials', issuer: `${origin}/sandbox/oauth`, ...BASIC_CLIENT, authMethod: 'client_secret_basic', scope: 'orders:read', hosts: new URL(origin).host });
  await grants.useTokenEndpoint(demo.tokenEndpoint);

  await grants.getTokens();
  await expect(grants.problem()).toContainText('invalid_client');
  await expect(grants.problem()).toContainText('requires a client certificate');
  // The relay saw the handshake ask for a certificate and none sent: the vault says so before the generic invalid_client meaning.
  await expect(grants.problem()).toContainText('the server asked for a client certificate in the TLS handshake and none was sent');
  await expect(grants.problem()).toContainText('none came');
  await expect(grants.problem()).toContainText('Nothing was stored');
  await expect(grants.vault.flowCurrentStep()).toHaveCount(0);
  await expect(grants.vault.claims()).toHaveCount(0);
  await grants.vault.closeDialog();

  // The same certificate, now for the mTLS host: the next token call presents it.
  await certificates.open();
  await demoEntry.getByLabel('Hosts').fill(mtlsHost);
  await certificates.save();
  await grants.vault.openEntry('mTLS service');
  await grants.getTokens();
  await expect(grants.stored()).toContainText('Tokens stored in the vault (no refresh token was given); nothing secret is shown.');
  await expect(grants.problem()).toHaveCount(0);
  await expect(grants.vault.flowCurrentStep()).toContainText('Access token: valid');
  await expect(grants.vault.claims()).toContainText(BASIC_CLIENT.clientId);
  await expect(grants.vault.dialog.getByRole('region', { name: 'Access token' })).toContainText('Obtained');
  // Claims are shown; the token itself is not, nor the client secret.
  await expect(grants.vault.dialog).not.toContainText(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/);
  await expect(grants.vault.dialog).not.toContainText(BASIC_CLIENT.clientSecret);
});
