import { expect, test } from './fixtures';
import { ComposerPage } from './pages/ComposerPage';
import { RobustnessPage } from './pages/RobustnessPage';

test('100 KB of nested brackets in a JSON body gets a typed message; the app keeps working and sends', async ({ composer, page }) => {
  const robust = new RobustnessPage(page);
  const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
  await composer.compose('POST', `${composer.origin()}/sandbox/anything/deep`);
  await composer.typeJson(deep);
  await expect(robust.jsonFormatNote).toContainText('nests more than 512 levels');
  await expect(robust.formatButton).toBeDisabled();
  await expect(robust.paneFailures).toHaveCount(0);
  await expect(robust.root).not.toBeEmpty();
  await composer.sendAndWait();
  await expect(composer.status).toContainText('200');
});

test('an allOf fan-out OpenAPI description (~2.8 KB) imports through the dialog with a sample of bounded depth', async ({ workspace, page }) => {
  const robust = new RobustnessPage(page);
  await workspace.open();
  await workspace.openImport();
  const text = RobustnessPage.fanOutOpenApi(16);
  expect(text.length).toBeGreaterThan(2_700);
  expect(text.length).toBeLessThan(2_900);
  await workspace.importPasted(text);
  await expect(workspace.importSuccess()).toBeVisible();
  await workspace.closeImport();
  await workspace.row('Create thing').click();
  const composer = new ComposerPage(page);
  await composer.section('Body');
  await expect(robust.requestBody).toContainText('"p15"');
  const sample = (await robust.requestBody.textContent()) ?? '';
  expect(RobustnessPage.depthOf(sample)).toBeGreaterThan(0);
  expect(RobustnessPage.depthOf(sample)).toBeLessThanOrEqual(9);
});

test('a render error in one part of the page leaves the others rendered and working, with nothing lost', async ({ composer, workspace, page }) => {
  const robust = new RobustnessPage(page);
  await composer.compose('GET', `${composer.origin()}/sandbox/anything/first`);
  await composer.sendAndWait();
  await expect(composer.status).toContainText('200');

  await robust.breakLocalTimes();
  await workspace.showHistory();
  await expect(robust.failure('The history')).toBeVisible();
  await expect(robust.failure('The history')).toContainText('Incorrect locale information provided');
  await expect(robust.paneFailures).toHaveCount(1);
  // The rest of the page is there and works: the sidebar's tabs, the composer, the response; a second send goes out.
  await expect(robust.sidebarTabs).toBeVisible();
  await expect(robust.composer).toBeVisible();
  await expect(robust.response).toBeVisible();
  await composer.compose('GET', `${composer.origin()}/sandbox/anything/second`);
  await composer.sendAndWait();
  await expect(composer.status).toContainText('200');

  // Once the cause is gone, "Try again" shows the history with both entries: no data was cleared.
  await robust.restoreLocalTimes();
  await robust.tryAgain('The history');
  await expect(robust.paneFailures).toHaveCount(0);
  await expect(workspace.historyList.getByRole('option')).toHaveCount(2);
});
