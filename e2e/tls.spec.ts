import { expect, test } from './fixtures';

test('the HTTPS sandbox is refused until its certificate is trusted for that target, then answers', async ({ workbench, page }) => {
  const origin = new URL(workbench.origin());
  const httpsUrl = `https://127.0.0.1:${Number(origin.port) + 1}/sandbox/anything`;
  await workbench.compose('GET', httpsUrl);
  await workbench.send.click();
  await expect(workbench.relayError).toHaveAttribute('data-kind', 'tls');
  const trust = page.getByTestId('certificate-trust');
  await expect(trust).toContainText('This is the certificate the Wirebench sandbox made');
  await trust.getByRole('button', { name: /Trust this certificate for 127\.0\.0\.1:/ }).click();
  await expect(trust).toContainText('Trusted for');
  await workbench.send.click();
  await expect(workbench.status).toContainText('200');
});
