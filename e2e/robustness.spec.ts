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
  await page.screenshot({ path: '/tmp/shots-robustness/deep-json.png' });
});

test('an allOf fan-out OpenAPI description imports at once with a bounded sample', async ({ workspace, page }) => {
  await workspace.open();
  await workspace.openImport();
  const text = RobustnessPage.fanOutOpenApi(17);
  expect(text.length).toBeLessThan(3_200);
  await workspace.importPasted(text);
  await expect(workspace.importSuccess()).toBeVisible();
  await workspace.closeImport();
  await workspace.row('Create thing').click();
  const composer = new ComposerPage(page);
  await composer.section('Body');
  await expect(page.getByLabel('Request body')).toContainText('"p16"');
});
