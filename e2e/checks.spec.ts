import { expectAccessible as expectAccessibleIn } from './support/axe';
import { expect, test } from './fixtures';
import { ChecksPage } from './pages/ChecksPage';
import { WorkspacePage } from './pages/WorkspacePage';

test('checks: a capture, assertions and a pm.test on a token response; the captured token sent by a second request', async ({ composer, page }) => {
  const checks = new ChecksPage(page);
  const workspace = new WorkspacePage(page);
  const origin = composer.origin();

  await composer.compose('POST', `${origin}/sandbox/oauth/token`);
  await composer.addFormField('grant_type', 'client_credentials');
  await composer.addFormField('client_id', 'wb-post');
  await composer.addFormField('client_secret', 'post-secret-2c1f');
  await composer.addFormField('scope', 'orders:read');
  await checks.addCapture('token', 'JSONPath', '$.access_token');
  await checks.addAssertion('Status', '==', '200');
  await checks.addAssertion('JSONPath', '==', 'mac', '$.token_type');
  await checks.setScript(
    'Post-response',
    'pm.test("a token came", () => { pm.expect(pm.response.json().access_token).to.be.a("string"); });\nconsole.log("expires in", pm.response.json().expires_in);',
  );
  await composer.sendAndWait();
  await expect(composer.status).toContainText('200');

  await expect(checks.resultsTab).toContainText('2/3 passed');
  await checks.openResults();
  await expect(checks.line('Captures', 'token')).toContainText('$.access_token =');
  // The token has the shape of a JWT: secret by kind, masked.
  await expect(checks.line('Captures', 'token')).toContainText('(secret,');
  await expect(checks.line('Assertions', 'status == 200')).toContainText('passed');
  const failed = checks.line('Assertions', '$.token_type == mac');
  await expect(failed).toContainText('failed');
  await expect(failed).toContainText(/actual\s+Bearer/);
  await expect(checks.line('Script tests', 'a token came')).toContainText('passed');
  await expect(checks.console()).toContainText('expires in');

  // A second request sends the captured token as {{token}}.
  await workspace.compose('GET', `${origin}/sandbox/api/bearer`);
  await composer.addHeader('Authorization', 'Bearer {{token}}');
  await composer.sendAndWait();
  await expect(composer.status).toContainText('200');
  // No checks on this request: no Checks tab.
  await expect(checks.resultsTab).toHaveCount(0);
});

test('checks: a looping script is stopped by the time limit, a syntax error names its line and column, and neither request is sent', async ({ composer, page }) => {
  const checks = new ChecksPage(page);
  const origin = composer.origin();

  await composer.compose('GET', `${origin}/sandbox/anything`);
  await checks.setScript('Pre-request', 'while (true) {}');
  await composer.send.click();
  await expect(checks.notSent).toContainText('Pre-request script stopped by the time limit', { timeout: 30_000 });
  await expect(checks.notSent).toContainText('the request was not sent');
  await expect(checks.line('Script errors', /time limit/)).toBeVisible();

  await checks.setScript('Pre-request', 'const ok = 1;\nlet broken = ;');
  await composer.send.click();
  await expect(checks.notSent).toContainText(/Pre-request script syntax error at line 2, column \d+/);

  // A post-response error is that exchange's error, under the status, with its place.
  await checks.setScript('Pre-request', '');
  await checks.setScript('Post-response', 'const body = pm.response.json();\nbody.missing.field;');
  await composer.sendAndWait();
  await expect(checks.scriptError).toContainText(/Post-response script error at line 2, column \d+/);
  await expect(checks.resultsTab).toContainText('1 script error');
});

test('checks: captures, assertions and scripts are saved with the request and come back after a reload', async ({ composer, page }) => {
  const checks = new ChecksPage(page);
  const workspace = new WorkspacePage(page);
  const origin = composer.origin();

  await composer.compose('GET', `${origin}/sandbox/anything`);
  await checks.addCapture('seenUrl', 'JSONPath', '$.url', 'Collection');
  await checks.addAssertion('Header', 'exists', '', 'Content-Type');
  await checks.setScript('Post-response', 'pm.test("echo", () => pm.response.to.have.status(200));');
  await checks.saveIntoNewCollection('Echo');
  // Closed before the reload, so the checks come back from the stored collection, not the open tabs.
  await expect(page.getByRole('tab', { name: /Echo/ })).toHaveCount(1);
  await page.keyboard.press('Control+w');
  await expect(page.getByRole('tab', { name: /Echo/ })).toHaveCount(0);
  await workspace.settle();

  await page.reload();
  await workspace.showCollections();
  await workspace.row('Echo').click();
  await checks.openSection('Checks');
  await expect(page.getByLabel('Capture 1 variable')).toHaveValue('seenUrl');
  await expect(page.getByLabel('Capture 1 scope')).toHaveValue('collection');
  await expect(page.getByLabel('Assertion 1 expression')).toHaveValue('Content-Type');
  await checks.openSection('Scripts');
  await expect(checks.scriptEditor('Post-response')).toContainText('pm.test("echo"');

  // By keyboard: Add puts focus on the new row, Remove gives it back to Add.
  await checks.openSection('Checks');
  await page.getByRole('button', { name: 'Add assertion', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Use assertion 2')).toBeFocused();
  await page.getByRole('button', { name: 'Remove assertion 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Use assertion 2')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add assertion', exact: true })).toBeFocused();

  await composer.sendAndWait();
  await expect(checks.resultsTab).toContainText('2/2 passed');
  await checks.openResults();
  await expect(checks.line('Captures', 'seenUrl')).toContainText('collection variable');
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test(`checks: the Checks and Scripts sections and the results meet WCAG 2.1 AA (${theme})`, async ({ composer, page }) => {
      const checks = new ChecksPage(page);
      // Scoped to the request and response panes, where the Checks and Scripts sections and the results are.
      const expectAccessible = (screen: string) => expectAccessibleIn(page, screen, ['section[aria-label="Request"]', 'section[aria-label="Response"]']);
      await composer.compose('GET', `${composer.origin()}/sandbox/anything`);
      await checks.addCapture('seen', 'JSONPath', '$.url');
      await checks.addAssertion('Status', '==', '201');
      await page.getByRole('button', { name: 'Add JSON Schema' }).click();
      await page.getByRole('button', { name: 'Add conventions check' }).click();
      await expectAccessible('checks editor');
      await checks.setScript('Post-response', 'pm.test("ok", () => pm.response.to.have.status(200));\nconsole.log("done");\nnope();');
      await expectAccessible('scripts editor');
      await composer.sendAndWait();
      await checks.openResults();
      await expect(checks.resultsTab).toContainText('script error');
      await expectAccessible('check results');
    });
  });
}
