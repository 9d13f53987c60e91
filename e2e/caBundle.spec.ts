/**
 * A private CA through the Certificates dialog (issue 17, item 4): the HTTPS sandbox's
 * self-signed certificate is its own CA. Without a bundle the relay refuses it and says
 * the issuer is unknown; with the certificate added as a CA bundle for that host the same
 * request is verified and answered, with no "insecure" anywhere.
 */
import { expect, test } from './fixtures';
import { CertificatesPage } from './pages/CertificatesPage';
import { VaultGrantPage } from './pages/VaultGrantPage';
import { peerCertificatePem } from './support/peerCertificate';

test('a CA bundle added in Certificates makes the HTTPS sandbox verify without "insecure"; without it the unknown CA is explained', async ({ workbench, inspector, page }) => {
  const port = Number(new URL(workbench.origin()).port) + 1;
  const host = `127.0.0.1:${port}`;
  const url = `https://${host}/sandbox/anything`;

  // Without the bundle: refused before anything is sent, the unknown issuer explained.
  await workbench.compose('GET', url);
  await workbench.send.click();
  await expect(workbench.relayError).toHaveAttribute('data-kind', 'tls');
  await expect(workbench.relayError).toContainText('It was issued by a CA the relay does not trust');
  await expect(workbench.relayError).toContainText(`add that CA's certificate as a CA bundle for 127.0.0.1`);

  // The sandbox's certificate as a CA bundle for that host only.
  const pem = await peerCertificatePem('127.0.0.1', port);
  const certificates = new CertificatesPage(page);
  await certificates.open();
  await certificates.addCaBundle('Sandbox CA', host, pem);
  await certificates.save();

  await workbench.send.click();
  await expect(workbench.status).toContainText('200');
  await expect(page.getByTestId('insecure-marker')).toHaveCount(0);
  await inspector.openTab('Timing');
  const connection = page.getByRole('table', { name: 'Connection' });
  await expect(connection.getByRole('row', { name: /^Certificate/ })).toContainText('verified');
  await expect(connection.getByRole('row', { name: /^Certificate/ })).not.toContainText('NOT');
  await expect(connection.getByRole('row', { name: /^CA bundles/ })).toContainText('Sandbox CA');

  // The vault's token calls to that host trust the same bundle: discovery and a client credentials grant over HTTPS.
  const issuer = `https://${host}/sandbox/oauth`;
  const grants = new VaultGrantPage(page);
  await grants.addGrantEntry({ name: 'Over the private CA', grant: 'Client credentials', issuer, clientId: 'urn:wirebench:basic-client', clientSecret: 'b4sic:s3cret/+%&= ok', authMethod: 'client_secret_basic', scope: 'orders:read', hosts: host });
  await grants.getTokens();
  await expect(grants.stored()).toContainText('Tokens stored in the vault');
});
