/**
 * GraphQL subscriptions through the real UI beyond the live log (issue 29 items 3 and 5):
 * a subscription run from the tab keeps its transcript in history with the request's token
 * masked (the token went in the handshake and the connection_init payload); a saved
 * subscription in the collection runner collects results until the count, its checks read
 * status 101 and the JSON array of the results.
 */
import { expect, test as base } from '@playwright/test';
import { GraphQlPage } from './pages/GraphQlPage';
import { grantE2eSession } from './support/session';

const test = base.extend({
  context: async ({ context }, use) => {
    await grantE2eSession(context);
    await use(context);
  },
});

const wsAddress = (pageUrl: string) => new URL('/sandbox/graphql/ws', pageUrl).href.replace(/^http/, 'ws');

test('a subscription from the tab is kept in history with its results, the token masked', async ({ page }) => {
  const { WorkspacePage } = await import('./pages/WorkspacePage');
  const { StorageScan } = await import('./pages/StorageScan');
  const TOKEN = 'ghp_gqlSubscriptionBearer0123456789abcdAB';
  const graphql = new GraphQlPage(page);
  await graphql.open();
  await graphql.useGraphQl();
  await page.getByRole('tablist', { name: 'Request parts' }).getByRole('tab', { name: /^Headers/ }).click();
  await page.getByRole('button', { name: 'Add header', exact: true }).click();
  const index = await page.getByLabel(/^Header \d+ name$/).count();
  await page.getByLabel(`Header ${index} name`, { exact: true }).fill('Authorization');
  await page.getByLabel(`Header ${index} value`, { exact: true }).fill(`Bearer ${TOKEN}`);
  await page.getByRole('tablist', { name: 'Request parts' }).getByRole('tab', { name: /^Body/ }).click();
  await graphql.setQuery('subscription Count { countdown(from: 2, intervalMs: 20) }');
  const panel = page.getByTestId('graphql-subscription');
  await panel.getByLabel('Subscriptions URL (graphql-ws over WebSocket)').fill(wsAddress(page.url()));
  await page.getByTestId('graphql-subscribe').click();
  const log = page.getByTestId('graphql-subscription-log');
  await expect(log).toContainText('Complete: the server ended the subscription.');
  await expect(log.locator('li', { hasText: '"countdown"' })).toHaveCount(3);
  const workspace = new WorkspacePage(page);
  await workspace.showHistory();
  await expect(workspace.historyOption('/sandbox/graphql/ws')).toBeVisible();
  const scan = new StorageScan(page);
  await expect.poll(async () => (await scan.browserText()).includes('graphql-subscription')).toBe(true);
  const stored = await scan.browserText();
  expect(stored).toMatch(/countdown\\*"?:\s*0/);
  expect(stored, 'the token is in IndexedDB or localStorage').not.toContain(TOKEN);
});

test('the collection runner runs a saved subscription: results until the count, checked as the step’s body', async ({ page }) => {
  const { WorkspacePage } = await import('./pages/WorkspacePage');
  const { RunnerPage } = await import('./pages/RunnerPage');
  const workspace = new WorkspacePage(page);
  const graphql = new GraphQlPage(page);
  await workspace.open();
  await workspace.newCollection('Live');
  await workspace.compose('POST', new URL('/sandbox/graphql', page.url()).href);
  await graphql.useGraphQl();
  await graphql.setQuery('subscription { countdown(from: 20, intervalMs: 20) }');
  const panel = page.getByTestId('graphql-subscription');
  await panel.getByLabel('Subscriptions URL (graphql-ws over WebSocket)').fill(wsAddress(page.url()));
  await panel.getByLabel('Run steps: stop after (results)').fill('2');
  const parts = page.getByRole('tablist', { name: 'Request parts' });
  await parts.getByRole('tab', { name: /^Checks/ }).click();
  for (const [n, subject, path, expected] of [
    [1, 'status', '', '101'],
    [2, 'jsonpath', '$[1].data.countdown', '19'],
  ] as const) {
    await page.getByRole('button', { name: 'Add assertion' }).click();
    await page.getByLabel(`Assertion ${n} subject`).selectOption(subject);
    if (path) await page.getByLabel(`Assertion ${n} expression`).fill(path);
    await page.getByLabel(`Assertion ${n} operator`).selectOption('==');
    await page.getByLabel(`Assertion ${n} expected`).fill(expected);
  }
  await workspace.saveAs('Countdown', 'Live');
  const runner = new RunnerPage(page);
  await workspace.rowAction('Live', 'Run…');
  await runner.run();
  await expect(runner.totals).toContainText('1 request');
  await expect(runner.totals).toContainText('2 of 2 checks passed');
});
