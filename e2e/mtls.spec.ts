import { expect, test } from './fixtures';
import { CertificatesPage } from './pages/CertificatesPage';
import { StorageScan } from './pages/StorageScan';
import type { Page } from '@playwright/test';

/** The page in the light and the dark theme, for looking at (not compared). */
async function shootBothThemes(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    await page.screenshot({ path: `/tmp/shots-tls/${name}-${theme}.png` });
  }
}

test('mutual TLS against the sandbox: the demo certificate (PEM, then PKCS#12) is asked for and sent, an expired one refused, none explained; no key or passphrase in storage', async ({ workbench, inspector, page }) => {
  const origin = workbench.origin();
  const demo = await CertificatesPage.demoMaterial(page.request, origin);
  const mtlsPort = Number(new URL(origin).port) + 2;
  const url = `https://127.0.0.1:${mtlsPort}/sandbox/tls/client-cert`;
  expect(demo.endpoint).toBe(url.replace('/sandbox/tls/client-cert', '') + '/sandbox/tls/client-cert');
  const certificates = new CertificatesPage(page);
  const connection = page.getByRole('table', { name: 'Connection' });
  const clientRow = connection.getByRole('row', { name: /^Client certificate/ });

  await certificates.open();
  await certificates.addPemCertificate('Demo client', `127.0.0.1:${mtlsPort}`, demo.cert, demo.key);
  await certificates.save();

  // The mTLS listener presents the sandbox's self-signed certificate: trust it for this target.
  await workbench.compose('GET', url);
  await workbench.send.click();
  await expect(workbench.relayError).toHaveAttribute('data-kind', 'tls');
  await page.getByTestId('certificate-trust').getByRole('button', { name: /Trust this certificate for 127\.0\.0\.1:/ }).click();
  await workbench.send.click();
  await expect(inspector.status).toContainText('200');
  await expect(inspector.body).toContainText('Accepted: \\"Wirebench demo client\\"');
  await inspector.openTab('Timing');
  await expect(clientRow).toContainText('asked for by the server; sent "Demo client"');
  await expect(page.getByRole('list', { name: 'Server certificate chain' })).toBeVisible();

  // The expired certificate: sent, and refused with the reason.
  await certificates.open();
  await certificates.pickPem(certificates.clientCertificate('Demo client'), demo.expiredCert, demo.expiredKey);
  await certificates.save();
  await workbench.send.click();
  await expect(inspector.status).toContainText('403');
  await inspector.openTab('Body');
  await expect(inspector.body).toContainText('A client certificate came but is refused: it expired on');
  await inspector.openTab('Timing');
  await expect(clientRow).toContainText(/asked for by the server; sent "Demo client".*expired on/);

  // The PKCS#12 file with its passphrase.
  if (demo.p12) {
    await certificates.open();
    await certificates.usePkcs12(certificates.clientCertificate('Demo client'), demo.p12, demo.p12Passphrase ?? '');
    await certificates.save();
    await workbench.send.click();
    await expect(inspector.status).toContainText('200');
    await expect(clientRow).toContainText('asked for by the server; sent "Demo client"');
  }

  // Secrets never rest in plaintext: not the key, not the PKCS#12 file, not the passphrase.
  const stored = await new StorageScan(page).browserText();
  expect(stored).toContain('wirebench.tlsSettings');
  expect(stored).toContain('{{secret:tls/');
  const keyLine = demo.key.split('\n')[1]!;
  const expiredKeyLine = demo.expiredKey.split('\n')[1]!;
  expect(keyLine.length).toBeGreaterThan(40);
  expect(stored).not.toContain(keyLine);
  expect(stored).not.toContain(expiredKeyLine);
  if (demo.p12) {
    expect(stored).not.toContain(demo.p12.toString('base64').slice(0, 60));
    expect(stored).not.toContain(demo.p12Passphrase!);
  }

  // No certificate at all: the server asked and none came.
  await certificates.open();
  await certificates.dialog.getByRole('button', { name: 'Remove Demo client' }).click();
  await certificates.save();
  await workbench.send.click();
  await expect(inspector.status).toContainText('401');
  await expect(clientRow).toContainText('asked for by the server; none sent');
  await inspector.openTab('Body');
  await expect(inspector.body).toContainText('asked for a client certificate and none came');
});

test('the Certificates dialog: problems per field, verification off only after a confirmation, listed INSECURE; screenshots in both themes', async ({ workbench, page }) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  const certificates = new CertificatesPage(page);
  await certificates.open();
  await certificates.dialog.getByRole('button', { name: 'Add client certificate' }).click();
  const entry = certificates.dialog.getByRole('group', { name: 'Client certificate: Client certificate 1' });
  await entry.getByLabel('Hosts').fill('https://api.example.com/v1');
  await entry.getByLabel('Certificate (PEM)').fill('-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----');
  await certificates.dialog.getByRole('button', { name: 'Save certificates' }).click();
  await expect(certificates.dialog.getByRole('alert')).toContainText('Not saved');
  await expect(entry.getByLabel('Name')).toBeFocused();
  await expect(entry.getByLabel('Hosts')).toHaveAccessibleDescription(/Write only the host/);
  await expect(entry.getByLabel('Certificate (PEM)')).toHaveAccessibleDescription(/private key, not a certificate/);
  await shootBothThemes(page, 'certificates-dialog');
  await entry.getByRole('button', { name: 'Remove Client certificate 1' }).click();

  await certificates.dialog.getByRole('button', { name: 'Add CA bundle' }).click();
  await certificates.dialog.getByLabel('Trust for every host').check();

  const httpsHost = `127.0.0.1:${Number(new URL(workbench.origin()).port) + 1}`;
  await certificates.dialog.getByLabel('Host to stop verifying').fill(httpsHost);
  await certificates.dialog.getByRole('button', { name: 'Turn verification off…' }).click();
  const confirm = certificates.dialog.getByRole('group', { name: 'Confirm turning verification off' });
  const doNotVerify = confirm.getByRole('button', { name: `Do not verify ${httpsHost}` });
  await expect(doNotVerify).toBeFocused();
  await doNotVerify.click();
  const insecure = certificates.dialog.getByRole('list', { name: 'Hosts whose certificates are not verified' });
  await expect(insecure.getByRole('listitem')).toContainText(`Insecure ${httpsHost}`);
  await shootBothThemes(page, 'certificates-dialog-verification');

  await page.keyboard.press('Escape');
  await expect(certificates.dialog).toBeHidden();

  // Saved, the exception tells the relay: the HTTPS sandbox answers without a trust step, marked insecure.
  await certificates.open();
  await expect(insecure).toBeHidden();
  await certificates.dialog.getByLabel('Host to stop verifying').fill(httpsHost);
  await certificates.dialog.getByRole('button', { name: 'Turn verification off…' }).click();
  await doNotVerify.click();
  await certificates.save();
  await workbench.compose('GET', `https://${httpsHost}/sandbox/anything`);
  await workbench.send.click();
  await expect(workbench.status).toContainText('200');
  await expect(page.getByTestId('insecure-marker')).toBeVisible();
});
