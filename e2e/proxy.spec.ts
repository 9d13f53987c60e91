import http from 'node:http';
import type net from 'node:net';
import { createProxy, type ProxyServer } from 'proxy';
import { expect, test } from './fixtures';
import { ProxySettingsPage } from './pages/ProxySettingsPage';
import { VaultGrantPage } from './pages/VaultGrantPage';

const USER = 'e2e-proxy-user';
const PASSWORD = 'e2e-proxy-pw';
let proxy: ProxyServer;
let proxyOrigin = '';
const tunnels: string[] = [];
/** Absolute URLs of plain-HTTP requests the proxy forwarded. */
const forwarded: string[] = [];

test.beforeAll(async () => {
  proxy = createProxy(http.createServer());
  proxy.authenticate = (req) => req.headers['proxy-authorization'] === `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
  proxy.on('connect', (req: http.IncomingMessage) => tunnels.push(req.url ?? ''));
  proxy.on('request', (req: http.IncomingMessage) => forwarded.push(req.url ?? ''));
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyOrigin = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
});

test.afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
});

test('a proxy set in the settings carries an https request through CONNECT, and the timing shows the tunnel (issue 17)', async ({ composer, inspector, page }) => {
  const settings = new ProxySettingsPage(page);
  await settings.open();
  await expect(settings.environment).toBeVisible();
  await settings.useProxy(proxyOrigin, { user: USER, password: PASSWORD });

  const origin = new URL(composer.origin());
  const target = `127.0.0.1:${Number(origin.port) + 1}`;
  await composer.compose('GET', `https://${target}/sandbox/anything`);
  await composer.section('Options');
  await page.getByLabel('Skip TLS certificate verification').check();
  await composer.send.click();
  await expect(inspector.status).toContainText('200');
  expect(tunnels).toContain(target);

  await inspector.openTab('Timing');
  const phases = page.getByRole('table', { name: 'Timing phases' });
  await expect(phases.getByRole('row', { name: /^Proxy CONNECT/ })).toBeVisible();
  await expect(phases.getByRole('row', { name: /^TCP connect \(proxy\)/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Connection' }).getByRole('row', { name: /^Proxy/ })).toContainText(`${proxyOrigin} (CONNECT tunnel, from the proxy settings, Basic credentials)`);
});

test("the vault's token calls go through the workspace's proxy like sends, and the proxy settings stay with the workspace (issue 17)", async ({ workbench, page }) => {
  const settings = new ProxySettingsPage(page);
  await settings.open();
  await settings.useProxy(proxyOrigin, { user: USER, password: PASSWORD });

  // Discovery and the client credentials grant to the plain-HTTP sandbox: the proxy forwards both, with its Basic credentials.
  const origin = workbench.origin();
  const issuer = `${origin}/sandbox/oauth`;
  const before = forwarded.length;
  const grants = new VaultGrantPage(page);
  await grants.addGrantEntry({ name: 'Proxied service', grant: 'Client credentials', issuer, clientId: 'urn:wirebench:basic-client', clientSecret: 'b4sic:s3cret/+%&= ok', authMethod: 'client_secret_basic', scope: 'orders:read', hosts: new URL(origin).host });
  await grants.getTokens();
  await expect(grants.stored()).toContainText('Tokens stored in the vault');
  const calls = forwarded.slice(before);
  expect(calls.some((url) => url.startsWith(`${issuer}/.well-known/`)), `discovery went direct: ${calls.join(', ')}`).toBe(true);
  expect(calls).toContain(`${issuer}/token`);
  await grants.vault.closeDialog();

  // The workspace keeps the settings (the password only in memory): after a reload they are still there.
  await page.reload();
  await settings.open();
  await expect(settings.dialog.getByLabel('Use this proxy')).toBeChecked();
  await expect(settings.dialog.getByLabel('Proxy for http:// targets')).toHaveValue(proxyOrigin);
  await expect(settings.dialog.getByLabel('Proxy user')).toHaveValue(USER);
  await expect(settings.dialog.getByLabel('Proxy password')).toHaveValue('');
});

test("a send made right after a reload, while the workspace is still loading, goes through the workspace's proxy", async ({ composer, inspector, page }) => {
  // A proxy without credentials: the password is typed again after a reload, and this send is made before anyone could.
  const open = createProxy(http.createServer());
  const seen: string[] = [];
  open.on('request', (req: http.IncomingMessage) => seen.push(req.url ?? ''));
  await new Promise<void>((resolve) => open.listen(0, '127.0.0.1', resolve));
  const openOrigin = `http://127.0.0.1:${(open.address() as net.AddressInfo).port}`;
  try {
    const settings = new ProxySettingsPage(page);
    await settings.open();
    await settings.useProxy(openOrigin);
    // The workspace has stored the choice: a reload shows it.
    await page.reload();
    await settings.open();
    await expect(settings.dialog.getByLabel('Use this proxy')).toBeChecked();
    await settings.close();

    // The workspace session's load asks the server for its workspace folder; that answer comes late this time,
    // once the Send was pressed and a second more, so a send that does not wait for the settings has certainly gone.
    let pressed!: () => void;
    const sendPressed = new Promise<void>((resolve) => (pressed = resolve));
    await page.route('**/api/workspace', async (route) => {
      await sendPressed;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.reload();
    const target = `${composer.origin()}/sandbox/anything?right-after-reload`;
    await composer.compose('GET', target);
    await composer.send.click();
    pressed();
    await expect(inspector.status).toContainText('200');
    expect(seen, 'the send went past the proxy the workspace chose').toContain(target);
    await inspector.openTab('Timing');
    await expect(page.getByRole('table', { name: 'Connection' }).getByRole('row', { name: /^Proxy/ })).toContainText(`${openOrigin} (the proxy forwarded the request, from the proxy settings)`);
  } finally {
    await page.unroute('**/api/workspace');
    open.closeAllConnections();
    await new Promise((resolve) => open.close(resolve));
  }
});
