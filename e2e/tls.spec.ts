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

test('a followed HTTPS redirect chain shows TLS for every request and a waterfall group per request, timed alike (issue 14)', async ({ composer, inspector, page }) => {
  const origin = new URL(composer.origin());
  await composer.compose('GET', `https://127.0.0.1:${Number(origin.port) + 1}/sandbox/redirect/2`);
  await composer.section('Options');
  await page.getByLabel('Follow redirects').check();
  await page.getByLabel('Skip TLS certificate verification').check();
  await composer.send.click();
  await expect(inspector.status).toContainText('200');
  await inspector.openTab('Timing');

  const phases = page.getByRole('table', { name: 'Timing phases' });
  await expect(phases.getByRole('columnheader', { name: 'Duration (this request)' })).toBeVisible();
  for (const group of ['Request 1 of 3: GET /sandbox/redirect/2 → 302', 'Request 2 of 3: GET /sandbox/redirect/1 → 302', 'Request 3 of 3: GET /sandbox/anything → 200']) {
    await expect(phases.getByRole('rowgroup', { name: group, exact: true })).toBeVisible();
  }
  // Every request has its own total, and together they are part of the whole exchange, never more (how much of it
  // they cover depends on the machine's load, as in relayTlsRedirect.test.ts: not checked).
  const ms = async (name: string) => {
    const text = await phases.getByRole('row', { name: new RegExp(`^${name}`) }).getByRole('cell').last().innerText();
    const [, value, unit] = /^([\d.]+) (ms|s)$/.exec(text.trim()) ?? [];
    expect(value, `${name}: ${text}`).toBeDefined();
    return Number(value) * (unit === 's' ? 1000 : 1);
  };
  const own = [await ms('Request 1 total'), await ms('Request 2 total'), await ms('Request 3 total')];
  const whole = await ms('Whole exchange');
  expect(own.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(whole + 3);
  for (const total of own) expect(total).toBeGreaterThan(0);
  await expect(phases.getByRole('rowgroup', { name: /^Request 1 of 3/ }).getByRole('row', { name: /^TLS handshake/ })).not.toContainText('0.0 ms');

  const chain = page.getByRole('list', { name: 'Requests of the redirect chain' });
  await expect(chain.getByRole('listitem')).toHaveCount(3);
  for (const item of await chain.getByRole('listitem').all()) await expect(item).toContainText(/TLS: TLSv1\.[23], .*certificate NOT verified/);
  const connection = page.getByRole('table', { name: 'Connection' });
  await expect(connection).not.toContainText('plain HTTP');
  await expect(connection.getByRole('row', { name: /^TLS / })).toContainText(/TLSv1\.[23]/);
  await phases.screenshot({ path: '/tmp/shots-tls/redirect-timing-table.png' });
  await page.getByRole('img', { name: /^Timing of the exchange/ }).screenshot({ path: '/tmp/shots-tls/redirect-waterfall.png' });
  await chain.screenshot({ path: '/tmp/shots-tls/redirect-chain.png' });
});
