import { test, expect } from './fixtures';
import { InspectorPage } from './pages/InspectorPage';
import { SoapPage } from './pages/SoapPage';
import { VaultPage } from './pages/VaultPage';
import { WorkspacePage } from './pages/WorkspacePage';
import { expectAccessible } from './support/axe';
import { appReady } from './support/appReady';

/**
 * WCAG 2.1 A and AA (contrast included) on the main screens, in both themes, checked by
 * axe-core in real Chromium (`support/axe.ts`: scoped to the panes under test, with its own
 * time budget). A failure lists each rule with the elements that break it.
 */
const PANES = ['header', 'section[aria-label="Request"]', 'section[aria-label="Response"]'];

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test(`composer and inspector meet WCAG 2.1 AA (${theme})`, async ({ page }) => {
      const inspector = new InspectorPage(page);
      await page.goto('/');
      await appReady(page);
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await expectAccessible(page, 'empty composer', PANES);
      await inspector.get('/sandbox/anything?client_id=my_app');
      await expect(inspector.status).toContainText('200');
      await expect(inspector.body).toBeVisible();
      await inspector.explain();
      await expectAccessible(page, 'composer with a response', PANES);
      await page.getByRole('tablist', { name: 'Response details' }).getByRole('tab', { name: 'Timing' }).click();
      await expect(page.getByRole('img', { name: /Timing of the exchange/ })).toBeVisible();
      await expectAccessible(page, 'timing waterfall', ['section[aria-label="Response"]']);
      await page.getByRole('tablist', { name: 'Response details' }).getByRole('tab', { name: /Body/ }).click();
      await inspector.get('/sandbox/status/401');
      await expect(inspector.status).toContainText('401');
      await expectAccessible(page, 'a 401 explained', ['section[aria-label="Response"]']);
    });

    test(`vault and workspace meet WCAG 2.1 AA (${theme})`, async ({ page }) => {
      const workspace = new WorkspacePage(page);
      await workspace.open();
      await expectAccessible(page, 'workspace', ['#sidebar']);
      const vault = new VaultPage(page);
      await vault.open();
      await expectAccessible(page, 'vault', ['#sidebar']);
    });

    test(`SOAP meets WCAG 2.1 AA (${theme})`, async ({ page }) => {
      await page.goto('/');
      await appReady(page);
      const soap = new SoapPage(page);
      await soap.useSoap();
      await soap.loadWsdl(`${soap.endpoint()}?wsdl`);
      await expectAccessible(page, 'SOAP request', ['section[aria-label="Request"]']);
    });
  });
}
