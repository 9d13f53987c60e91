/**
 * Issue 17's screens, to look at (not compared): the cookie jar, the Proxy and
 * Certificates dialogs, a streamed SSE response, a Digest exchange's two requests, an
 * HTTP/2 response's pseudo-headers, the TLS report and the SigV4 form signing a presigned URL, at 1280×800 and 1024×700, some in
 * both themes. Written to SHOTS_DIR (default /tmp/shots-h4). Each step also checks that
 * what it shows is there, so a shot of an empty pane fails instead of passing.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { CertificatesPage } from './pages/CertificatesPage';
import { CookiesPage } from './pages/CookiesPage';
import { DigestAuthForm } from './pages/DigestAuthForm';
import { ProtocolPage } from './pages/ProtocolPage';
import { ProxySettingsPage } from './pages/ProxySettingsPage';
import { SigV4AuthForm } from './pages/SigV4AuthForm';
import { StreamPage } from './pages/StreamPage';

const DIR = process.env.SHOTS_DIR ?? '/tmp/shots-h4';
const SIZES = [
  [1280, 800],
  [1024, 700],
] as const;

/** Shoots the page at both sizes; `dark` adds the dark theme. */
async function shoot(page: Page, name: string, options: { dark?: boolean } = {}): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  for (const theme of options.dark ? (['light', 'dark'] as const) : (['light'] as const)) {
    await page.emulateMedia({ colorScheme: theme });
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${DIR}/${name}-${width}x${height}-${theme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the cookie jar with a few cookies, and the Proxy and Certificates dialogs', async ({ composer, inspector, page }) => {
  const cookies = new CookiesPage(page);
  await composer.compose('GET', `${composer.origin()}/sandbox/cookies/set?theme=dark&lang=en-GB&cart=3-items&__Host-pin=refused`);
  await composer.sendAndWait();
  await composer.compose('POST', `${composer.origin()}/sandbox/cookies/login`);
  await composer.addFormField('user', 'ada');
  await composer.addFormField('password', 'lovelace');
  await cookies.setOptions({ followRedirects: true });
  await composer.sendAndWait();
  await inspector.openTab('Timing');
  await expect(cookies.hopCookies('Request 1')).toBeVisible();
  await (await cookies.hopCookieOutcomes('Request 1')).first().scrollIntoViewIfNeeded();
  await shoot(page, 'cookie-hops', { dark: true });
  await composer.compose('GET', `${composer.origin()}/sandbox/cookies/me`);
  await composer.showWirePreview();
  await expect(cookies.wirePreviewNote).toBeVisible();
  await cookies.wirePreviewNote.scrollIntoViewIfNeeded();
  await shoot(page, 'wire-preview-cookies');
  await cookies.open();
  for (const name of ['theme', 'lang', 'sid']) await expect(cookies.cookie(name)).toBeVisible();
  await cookies.explainAttributes('sid');
  await shoot(page, 'cookies-jar', { dark: true });

  const proxy = new ProxySettingsPage(page);
  await proxy.open();
  await proxy.dialog.getByLabel('Use this proxy').check();
  await proxy.dialog.getByLabel('Proxy for http:// targets').fill('http://proxy.corp.example:3128');
  await proxy.dialog.getByLabel('Bypass (NO_PROXY)').fill('localhost, .internal.example');
  await proxy.dialog.getByLabel('Proxy user').fill('ada');
  await shoot(page, 'proxy-dialog', { dark: true });
  await proxy.dialog.getByLabel("Use the server's environment (HTTP_PROXY, HTTPS_PROXY, NO_PROXY)").check();
  await expect(proxy.environment).toBeVisible();
  await shoot(page, 'proxy-dialog-environment');
  await proxy.dialog.getByRole('button', { name: 'Cancel' }).click();

  const certificates = new CertificatesPage(page);
  const demo = await CertificatesPage.demoMaterial(page.request, composer.origin());
  await certificates.open();
  await certificates.addPemCertificate('Sandbox demo client', '127.0.0.1', demo.cert, demo.key);
  await certificates.addCaBundle('Company root CA', '*.corp.example', demo.cert);
  await shoot(page, 'certificates-dialog', { dark: true });
  await page.keyboard.press('Escape');
});

test('a streamed SSE response, a Digest exchange, HTTP/2 pseudo-headers and the TLS report', async ({ composer, inspector, page }) => {
  const stream = new StreamPage(page);
  await stream.get('/sandbox/stream/sse?count=12&interval=20');
  await expect(stream.metrics).toBeVisible({ timeout: 20_000 });
  await stream.rows().first().click();
  await shoot(page, 'sse-events', { dark: true });

  // Refused first (the sandbox's certificate is not trusted yet), then everything over HTTPS with verification skipped.
  const protocol = new ProtocolPage(page);
  const authority = `127.0.0.1:${Number(new URL(composer.origin()).port) + 1}`;
  await composer.compose('GET', `https://${authority}/sandbox/http2/info`);
  await composer.send.click();
  await expect(page.getByTestId('relay-error')).toHaveAttribute('data-kind', 'tls');
  await shoot(page, 'tls-refused');

  // Digest over HTTPS: an origin digest.spec does not use, so the relay has no remembered challenge and shows both requests.
  const form = new DigestAuthForm(page);
  await composer.compose('GET', `https://${authority}/sandbox/api/digest/sha-256`);
  await composer.section('Options');
  await protocol.skipTlsVerification();
  await composer.chooseAuth('Digest');
  await form.signIn('Mufasa', 'Circle of Life');
  await composer.sendAndWait();
  await expect(inspector.status).toContainText('200');
  await inspector.openTab('Timing');
  await expect(page.getByRole('list', { name: 'Requests of the exchange' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('list', { name: 'Requests of the exchange' }).scrollIntoViewIfNeeded();
  await shoot(page, 'digest-hops');

  await composer.compose('GET', `https://${authority}/sandbox/http2/info`);
  await composer.chooseAuth('No auth');
  await composer.addHeader('Connection', 'keep-alive');
  await composer.section('Options');
  await protocol.skipTlsVerification();
  await composer.sendAndWait();
  await expect(inspector.metrics.getByTitle('Protocol')).toHaveText('HTTP/2');
  await inspector.openTab('Headers');
  await protocol.showSentPseudoHeaders();
  await expect(protocol.sentPseudoHeaders).toBeVisible();
  await shoot(page, 'http2-headers', { dark: true });
  await inspector.openTab('Timing');
  await expect(page.getByRole('table', { name: 'Connection' })).toContainText('TLSv1.');
  await page.getByRole('table', { name: 'Connection' }).scrollIntoViewIfNeeded();
  await shoot(page, 'tls-report');
});

test('a presigned URL: the SigV4 form in query mode and what will be sent', async ({ composer, page }) => {
  const form = new SigV4AuthForm(page);
  await composer.url.fill(new URL('/sandbox/api/sigv4?report=2024', page.url()).href);
  await composer.chooseAuth('AWS Signature V4');
  await form.fill({ accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', region: 'us-east-1', service: 'execute-api' });
  await form.presign('600');
  await expect(composer.wirePreview).toContainText('X-Amz-Expires=600&X-Amz-SignedHeaders=host&X-Amz-Signature=');
  await shoot(page, 'sigv4-presigned', { dark: true });
});
