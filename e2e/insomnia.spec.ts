/**
 * Insomnia exports through the real UI (issue 29 item 3): an export format 4 file chosen in
 * the Import dialog becomes a collection and its sub-environment an environment; its
 * GraphQL request (two operations, the one named run with its variables) is sent to the
 * sandbox's /sandbox/graphql through the relay; the collection goes back out as an
 * Insomnia export from the Export dialog, GraphQL as `application/graphql`.
 */
import { writeFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { GraphQlPage } from './pages/GraphQlPage';
import { WorkspacePage } from './pages/WorkspacePage';

const SHOTS = '/tmp/shots-insomnia';

function insomniaExport(origin: string) {
  return {
    _type: 'export',
    __export_format: 4,
    __export_date: '2026-11-29T00:00:00.000Z',
    __export_source: 'insomnia.desktop.app:v10.2.0',
    resources: [
      { _id: 'wrk_lib', parentId: null, name: 'Library (Insomnia)', scope: 'collection', _type: 'workspace' },
      { _id: 'env_base', parentId: 'wrk_lib', name: 'Base Environment', data: { baseUrl: 'http://127.0.0.1:1', bookId: '1' }, _type: 'environment' },
      { _id: 'env_sandbox', parentId: 'env_base', name: 'Insomnia sandbox', data: { baseUrl: origin }, _type: 'environment' },
      { _id: 'fld_books', parentId: 'wrk_lib', name: 'Books', metaSortKey: 1, _type: 'request_group' },
      {
        _id: 'req_book',
        parentId: 'fld_books',
        name: 'Book by id',
        method: 'POST',
        url: '{{ _.baseUrl }}/sandbox/graphql',
        metaSortKey: 1,
        body: { mimeType: 'application/graphql', text: JSON.stringify({ query: 'query Book($id: ID!) { book(id: $id) { title year } }\nquery All { books { title } }', variables: { id: '{{ _.bookId }}' }, operationName: 'Book' }) },
        headers: [{ name: 'Content-Type', value: 'application/json' }],
        parameters: [],
        authentication: {},
        _type: 'request',
      },
    ],
  };
}

test('an Insomnia export imported from a file: its GraphQL request is sent to the sandbox, and the collection goes back out as Insomnia', async ({ workspace, page }, testInfo) => {
  await workspace.open();
  const origin = new URL(page.url()).origin;
  const file = testInfo.outputPath('Insomnia_2026-11-29.json');
  writeFileSync(file, JSON.stringify(insomniaExport(origin), null, 2));

  await workspace.openImport();
  await expect(workspace.importDialog).toContainText('Insomnia exports (v4 JSON, v5 YAML)');
  await workspace.importFile(file);
  await expect(workspace.importSuccess()).toContainText('Imported Library (Insomnia) (Insomnia export format 4): 1 request.');
  await expect(workspace.importSuccess()).toContainText('1 sub-environment ("Insomnia sandbox") came as an environment');
  await page.screenshot({ path: `${SHOTS}/imported.png` });
  await workspace.closeImport();

  await page.getByLabel('Environment', { exact: true }).selectOption({ label: 'Insomnia sandbox' });
  if (!(await workspace.row('Book by id').isVisible())) await workspace.row('Books').click();
  await workspace.row('Book by id').click();
  const graphql = new GraphQlPage(page);
  await page.getByRole('tablist', { name: 'Request parts' }).getByRole('tab', { name: /^Body/ }).click();
  await expect(graphql.editor).toContainText('query Book($id: ID!)');
  await graphql.sendAndWait();
  await expect(graphql.status).toContainText('200');
  // Book 1 of the sandbox library: only the operation named Book, with $id from the variables, gives this.
  await expect(graphql.responseBody).toContainText('Notes on the Analytical Engine');
  await expect(graphql.responseBody).toContainText('1843');
  await page.screenshot({ path: `${SHOTS}/sent.png` });

  await workspace.rowAction('Library (Insomnia)', 'Export…');
  await expect(workspace.exportDialog).toBeVisible();
  await workspace.exportDialog.getByLabel('Insomnia (export format 4, .json)').check();
  const preview = workspace.exportDialog.getByLabel('Preview');
  await expect(preview).toHaveValue(/"__export_format": 4/);
  await expect(preview).toHaveValue(/"mimeType": "application\/graphql"/);
  await expect(preview).toHaveValue(/\\"operationName\\":\\"Book\\"/);
  await page.screenshot({ path: `${SHOTS}/export.png` });
});

test.describe('screenshots of the import and export dialogs', () => {
  for (const [width, height] of [
    [1024, 700],
    [1920, 1080],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`${width}x${height} ${scheme}`, async ({ page }, testInfo) => {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme: scheme });
        const workspace = new WorkspacePage(page);
        await workspace.open();
        const file = testInfo.outputPath('Insomnia_shot.json');
        writeFileSync(file, JSON.stringify(insomniaExport(new URL(page.url()).origin)));
        await workspace.openImport();
        await workspace.importFile(file);
        await expect(workspace.importSuccess()).toContainText('Insomnia export format 4');
        await page.screenshot({ path: `${SHOTS}/import-${width}x${height}-${scheme}.png` });
        await workspace.closeImport();
        await workspace.rowAction('Library (Insomnia)', 'Export…');
        await workspace.exportDialog.getByLabel('Insomnia (export format 4, .json)').check();
        const scroll = await workspace.exportDialog.evaluate((d) => d.scrollWidth > d.clientWidth);
        expect(scroll).toBe(false);
        await page.screenshot({ path: `${SHOTS}/export-${width}x${height}-${scheme}.png` });
      });
    }
  }
});
