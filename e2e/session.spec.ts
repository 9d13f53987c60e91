import { createServer, type ViteDevServer } from 'vite';
import { startChildServer } from '../src/relay/childServer';
import { expect, test } from './fixtures';
import { ComposerPage } from './pages/ComposerPage';
import { SessionProbe } from './pages/SessionProbe';

test('the page holds no token: without the launch URL it cannot use the relay; the one-time launch URL gives it a session', async ({ browser }) => {
  const server = await startChildServer('session-e2e-token');
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const composer = new ComposerPage(page);
    await page.goto(`${server.origin}/`);
    expect(await page.content()).not.toContain(server.token);
    await composer.compose('GET', `${server.origin}/sandbox/anything/no-session`);
    await composer.send.click();
    await expect(page.getByText(/no Wirebench session/).first()).toBeVisible();

    await page.goto(server.launchUrl);
    expect(new URL(page.url()).search).toBe('');
    // The page key came in the fragment and left the address at once.
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => document.cookie)).toBe('');
    await composer.compose('GET', `${server.origin}/sandbox/anything/with-session`);
    await composer.sendAndWait();
    await expect(composer.status).toContainText('200');
    // The link was spent: opened again (say, from shell history), it starts nothing.
    const again = await context.request.get(server.launchUrl, { maxRedirects: 0 });
    expect(again.status()).toBe(403);
  } finally {
    await context.close();
    await server.stop();
  }
});

test('a page on another localhost port cannot read the npm start page nor make the relay call out, even with the session cookie present', async ({ page, baseURL }) => {
  const probe = new SessionProbe();
  await probe.start();
  try {
    await page.goto(`${baseURL}/`);
    await page.goto(probe.attackerOrigin);
    expect(await probe.tryToRead(page, `${baseURL}/`)).toMatch(/^refused:/);
    expect(await probe.tryToRead(page, `${baseURL}/api/health`)).toMatch(/^refused:/);
    await probe.tryToRelay(page, baseURL!);
    await page.goto(`${baseURL}/sandbox/anything/settle`);
    expect(probe.hits).toBe(0);
  } finally {
    await probe.stop();
  }
});

test('the Vite dev server: no CORS, the production CSP with frame-ancestors none, no token in the page', async ({ page }) => {
  test.setTimeout(180_000);
  const port = 45_000 + Math.floor(Math.random() * 1000);
  let dev: ViteDevServer | undefined;
  const probe = new SessionProbe();
  await probe.start();
  try {
    dev = await createServer({ configFile: 'vite.config.ts', logLevel: 'error', server: { port, strictPort: true } });
    await dev.listen();
    const origin = `http://127.0.0.1:${port}`;
    const index = await fetch(`${origin}/`);
    const csp = index.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-/);
    expect(index.headers.get('access-control-allow-origin')).toBeNull();
    expect(await index.text()).not.toContain('wirebench-token');
    await page.goto(probe.attackerOrigin);
    expect(await probe.tryToRead(page, `${origin}/`)).toMatch(/^refused:/);
    expect(await probe.tryToRead(page, `${origin}/src/main.tsx`)).toMatch(/^refused:/);
    await probe.tryToRelay(page, origin);
    expect(probe.hits).toBe(0);
    // The CSP still lets the dev app itself run (Vite's injected scripts carry the nonce).
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && /Content Security Policy/.test(m.text()) && errors.push(m.text()));
    await page.goto(`${origin}/`);
    await expect(new ComposerPage(page).send).toBeVisible({ timeout: 90_000 });
    expect(errors).toEqual([]);
  } finally {
    await dev?.close();
    await probe.stop();
  }
});
