/**
 * MCP through the UI (issue 30): connect to the sandbox's MCP server, get 401, Authorize
 * (resource metadata → authorization server → dynamic registration → sign-in with PKCE in
 * the popup, tokens into the vault), connect again, list and call tools (structured output
 * checked, a tool error), cancel a slow one, see the wire, disconnect with DELETE.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './support/axe';
import { SandboxSignIn } from './pages/VaultGrantPage';
import { VaultPage } from './pages/VaultPage';

function mcp(page: Page) {
  const composer = page.getByRole('region', { name: 'Request' });
  const response = page.getByRole('region', { name: 'Response' });
  return {
    composer,
    response,
    async open() {
      await page.getByRole('radiogroup', { name: 'Request type' }).getByText('MCP', { exact: true }).click();
      await composer.getByRole('button', { name: 'Use the sandbox MCP server' }).click();
    },
    connect: () => composer.getByRole('button', { name: 'Connect' }).click(),
    section: (name: 'Server' | 'Headers' | 'Auth') => composer.getByRole('tablist', { name: 'MCP request parts' }).getByRole('tab', { name }).click(),
    view: (name: RegExp) => response.getByRole('tablist', { name: 'MCP response views' }).getByRole('tab', { name }).click(),
    tool: (name: string) => composer.getByRole('list', { name: 'Tools' }).getByRole('button', { name: new RegExp(`^${name}`) }).click(),
  };
}

test('MCP through the UI: 401, authorization through the vault, tools listed and called, cancel, the wire', async ({ workbench, page }) => {
  void workbench;
  const vault = new VaultPage(page);
  await vault.open();
  await vault.keepInMemory();
  const m = mcp(page);
  await m.open();

  await m.connect();
  await expect(m.composer.getByRole('alert').filter({ hasText: 'Not connected' })).toContainText('401 Unauthorized');
  await expect(m.composer.getByText('The server wants a token.')).toBeVisible();

  await m.section('Auth');
  const popupWait = page.waitForEvent('popup');
  await m.composer.getByRole('button', { name: 'Authorize' }).click();
  const popup = new SandboxSignIn(await popupWait);
  const steps = m.composer.getByRole('list', { name: 'Authorization steps' });
  await expect(steps).toContainText('resource_metadata=');
  await expect(steps).toContainText('Protected resource metadata (RFC 9728)');
  await expect(steps).toContainText('registration_endpoint:');
  await expect(steps).toContainText('Registered client dyn_');
  await popup.signIn('alice', 'wonderland-42');
  await popup.decide('Approve');
  await expect(steps).toContainText('Signed in');

  await m.connect();
  await expect(m.composer.getByRole('status').filter({ hasText: 'Connected' })).toContainText('Connected to wirebench-sandbox (protocol 2025-11-25, session');
  await m.composer.getByRole('button', { name: 'List what the server offers' }).click();
  await expect(m.composer.getByRole('tab', { name: 'Tools (4)' })).toBeVisible();

  await m.tool('Weather');
  await m.composer.getByLabel(/^city/).fill('Oslo');
  await m.composer.getByRole('button', { name: 'Call weather' }).click();
  await expect(m.response).toContainText('Oslo: ');
  await expect(m.response.getByRole('region', { name: 'Structured content' })).toContainText("fits the tool's output schema");
  await expectAccessible(page, 'MCP composer and result', ['.mcp-composer', '.mcp-response']);

  await m.tool('Divide');
  await m.composer.getByLabel(/^a/).fill('1');
  await m.composer.getByLabel(/^b/).fill('0');
  await m.composer.getByRole('button', { name: 'Call divide' }).click();
  await expect(m.response).toContainText('This is a tool error, not a protocol error');
  await expect(m.response).toContainText('Cannot divide by zero');

  await m.tool('Slow count');
  await m.composer.getByLabel(/^to/).fill('50');
  await m.composer.getByRole('button', { name: 'Call slow_count' }).click();
  await expect(m.composer.getByRole('status').filter({ hasText: 'Progress' })).toContainText('of 50');
  await m.composer.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(m.response).toContainText('Cancelled');

  await m.view(/The wire/);
  const wire = m.response.getByRole('list', { name: 'JSON-RPC messages in order' });
  await expect(wire).toContainText('→ initialize #1');
  await expect(wire).toContainText('← result #1 (initialize)');
  await expect(wire).toContainText('→ notifications/initialized');
  await expect(wire).toContainText('← notifications/progress');
  await expect(wire).toContainText('→ notifications/cancelled');
  await expectAccessible(page, 'MCP wire', ['.mcp-response']);
  // The token is an HTTP header, never on the wire of messages.
  await m.view(/Handshake/);
  await expect(m.response).toContainText('tools: offers tools');

  await m.composer.getByRole('button', { name: 'Disconnect' }).click();
  await m.view(/The wire/);
  await expect(wire).toContainText('DELETE → 200');

  // History keeps the session's transcript; no token (a JWT) is stored anywhere in the browser.
  const { StorageScan } = await import('./pages/StorageScan');
  const { WorkspacePage } = await import('./pages/WorkspacePage');
  const workspace = new WorkspacePage(page);
  await workspace.showHistory();
  // Two sessions: the one refused with 401, and the one that ran.
  await expect(workspace.historyOption('/sandbox/mcp')).toHaveCount(2);
  const scan = new StorageScan(page);
  await expect.poll(async () => (await scan.browserText()).includes('notifications/cancelled')).toBe(true);
  expect(await scan.browserText()).not.toMatch(/eyJ[\w-]{10,}\.eyJ[\w-]{10,}\./);
});
