/**
 * GraphQL through the real UI against the sandbox's /sandbox/graphql (issue 29 item 3):
 * the schema fetched by introspection through the relay, a query composed with completion
 * and sent, data shown; partial data explained by the status and the errors card, whose
 * location puts the editor's cursor on the failed field; problems marked with line and
 * column before sending; the schema explorer's search and click-to-insert.
 */
import { expect, test as base } from '@playwright/test';
import { GraphQlPage } from './pages/GraphQlPage';
import { expectAccessible } from './support/axe';
import { grantE2eSession } from './support/session';

const test = base.extend<{ graphql: GraphQlPage }>({
  context: async ({ context }, use) => {
    await grantE2eSession(context);
    await use(context);
  },
  graphql: async ({ page }, use) => {
    const graphql = new GraphQlPage(page);
    await graphql.open();
    await use(graphql);
  },
});

test('compose a query with completion from the introspected schema, send it, see the data', async ({ graphql, page }) => {
  await graphql.useGraphQl();
  await expect(graphql.method).toHaveValue('POST');
  await graphql.fetchSchema();
  await graphql.setQuery('');
  await page.keyboard.type('{ boo');
  await expect(graphql.completions).toBeVisible();
  await expect(graphql.completions.getByRole('option', { name: /^books/ })).toBeVisible();
  await graphql.completions.getByRole('option', { name: /^books/ }).click();
  await page.keyboard.insertText(' { title year }');
  await expect(graphql.editor).toContainText('{ books { title year }}');
  await expect(graphql.problems).toHaveCount(0);
  await graphql.sendAndWait();
  await expect(graphql.status).toContainText('200');
  await expect(graphql.responseBody).toContainText('Notes on the Analytical Engine');
  await expect(graphql.errorsCard).toHaveCount(0);
  await graphql.screenshot('query-sent');
});

test('partial data is explained, and an error location jumps into the query', async ({ graphql, page }) => {
  await graphql.useGraphQl();
  await graphql.setQuery('query Library {\n  books {\n    title\n    author { name }\n  }\n}');
  await graphql.sendAndWait();
  await expect(graphql.status).toContainText('200');
  await expect(page.getByTestId('status-sentence')).toContainText('Partial data');
  await expect(graphql.status).toContainText('success status, partly failed in the body');
  await expect(graphql.errorsCard).toContainText('Partial data: some fields failed');
  await expect(graphql.errorsCard).toContainText('No author with id 99');
  await expect(graphql.errorsCard).toContainText('books[2].author');
  await graphql.screenshot('partial-data');
  await expectAccessible(page, 'GraphQL errors card', ['[data-testid="graphql-errors"]']);
  await graphql.errorsCard.getByRole('button', { name: 'line 4, column 5' }).click();
  await expect(graphql.editor).toBeFocused();
  await expect(graphql.activeLine()).toHaveText('    author { name }');
});

test('a document that does not parse and a variable of the wrong type are named with their place before sending', async ({ graphql }) => {
  await graphql.useGraphQl();
  await graphql.fetchSchema();
  await graphql.setQuery('query One($id: ID!) {\n  book(id: $id) {\n    title\n');
  await expect(graphql.problems).toContainText('Query line 4, column 1: The query does not parse at line 4, column 1');
  await graphql.setQuery('query One($id: ID!) {\n  book(id: $id) { title nope }\n}');
  await expect(graphql.problems).toContainText('Query line 2, column 25: Cannot query field "nope" on type "Book".');
  await expect(graphql.editor.locator('.cm-lintRange-error').first()).toBeVisible();
  await graphql.setQuery('query One($id: ID!) {\n  book(id: $id) { title }\n}');
  await graphql.variables.click();
  await graphql.page.keyboard.insertText('{"id": {"not": "an id"}}');
  await expect(graphql.problems).toContainText('Variable "$id" got invalid value');
  await graphql.screenshot('problems');
});

test('the schema explorer: search, open a type, click a field to insert it', async ({ graphql, page }) => {
  await graphql.useGraphQl();
  await graphql.fetchSchema();
  await page.getByTestId('graphql-explorer-toggle').click();
  await expect(graphql.explorer).toBeVisible();
  await expect(graphql.explorer.getByTestId('graphql-type-detail')).toContainText('Query');
  await graphql.explorer.getByRole('searchbox', { name: 'Search the schema' }).fill('author');
  await graphql.explorer.getByRole('button', { name: 'Book.author', exact: true }).click();
  const detail = graphql.explorer.getByTestId('graphql-type-detail');
  await expect(detail).toContainText('The author; the sandbox has lost one author');
  await graphql.setQuery('{ book(id: "1") {  } }');
  await graphql.page.keyboard.press('ArrowLeft');
  await graphql.page.keyboard.press('ArrowLeft');
  await graphql.page.keyboard.press('ArrowLeft');
  await graphql.page.keyboard.press('ArrowLeft');
  await detail.getByRole('button', { name: 'title', exact: true }).click();
  await expect(graphql.editor).toContainText('{ book(id: "1") { title } }');
  await graphql.screenshot('explorer');
  await expectAccessible(page, 'GraphQL body with the explorer', ['[data-testid="graphql-body"]']);
});

test('a subscription over graphql-ws, through the relay, streams its results to the end', async ({ graphql, page }) => {
  await graphql.useGraphQl();
  await graphql.setQuery('subscription Count { countdown(from: 3, intervalMs: 50) }');
  const panel = page.getByTestId('graphql-subscription');
  await panel.getByLabel('Subscriptions URL (graphql-ws over WebSocket)').fill(new URL('/sandbox/graphql/ws', page.url()).href.replace(/^http/, 'ws'));
  await page.getByTestId('graphql-subscribe').click();
  const log = page.getByTestId('graphql-subscription-log');
  await expect(log).toContainText('{"data":{"countdown":3}}');
  await expect(log).toContainText('{"data":{"countdown":0}}');
  await expect(log).toContainText('Complete: the server ended the subscription.');
  await expect(log.locator('li', { hasText: '"countdown"' })).toHaveCount(4);
  await graphql.screenshot('subscription');
});

test('the collection runner sends a saved GraphQL request and its checks read $.data and $.errors', async ({ page }) => {
  const { WorkspacePage } = await import('./pages/WorkspacePage');
  const { RunnerPage } = await import('./pages/RunnerPage');
  const workspace = new WorkspacePage(page);
  const graphql = new GraphQlPage(page);
  await workspace.open();
  await workspace.newCollection('Library');
  await workspace.compose('POST', new URL('/sandbox/graphql', page.url()).href);
  await graphql.useGraphQl();
  await graphql.setQuery('{ books { title author { name } } }');
  const parts = page.getByRole('tablist', { name: 'Request parts' });
  await parts.getByRole('tab', { name: /^Checks/ }).click();
  for (const [n, path, expected] of [
    [1, '$.data.books[0].title', 'Notes on the Analytical Engine'],
    [2, '$.errors[0].path[2]', 'author'],
  ] as const) {
    await page.getByRole('button', { name: 'Add assertion' }).click();
    await page.getByLabel(`Assertion ${n} subject`).selectOption('jsonpath');
    await page.getByLabel(`Assertion ${n} expression`).fill(path);
    await page.getByLabel(`Assertion ${n} operator`).selectOption('==');
    await page.getByLabel(`Assertion ${n} expected`).fill(expected);
  }
  await workspace.saveAs('Books', 'Library');
  const runner = new RunnerPage(page);
  await workspace.rowAction('Library', 'Run…');
  await runner.run();
  await expect(runner.totals).toContainText('1 request');
  await expect(runner.totals).toContainText('2 of 2 checks passed');
});
