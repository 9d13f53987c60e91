import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { InspectorPage } from './pages/InspectorPage';
import { SoapPage } from './pages/SoapPage';
import { VaultPage } from './pages/VaultPage';
import { WorkspacePage } from './pages/WorkspacePage';

/**
 * WCAG 2.1 A and AA (contrast included) on the main screens, in both themes, checked by
 * axe-core in real Chromium. A failure lists each rule with the elements that break it.
 */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const report = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.slice(0, 6).map((n) => `   ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join(' ')}`).join('\n')}`);
  expect(report, `${screen}: axe violations`).toEqual([]);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test(`composer and inspector meet WCAG 2.1 AA (${theme})`, async ({ page }) => {
      const inspector = new InspectorPage(page);
      await page.goto('/');
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      await expectAccessible(page, 'empty composer');
      await inspector.get('/sandbox/anything?client_id=my_app');
      await expect(inspector.status).toContainText('200');
      await expect(inspector.body).toBeVisible();
      await inspector.explain();
      await expectAccessible(page, 'composer with a response');
      await page.getByRole('tablist', { name: 'Response details' }).getByRole('tab', { name: 'Timing' }).click();
      await expect(page.getByRole('img', { name: /Timing of the exchange/ })).toBeVisible();
      await expectAccessible(page, 'timing waterfall');
      await page.getByRole('tablist', { name: 'Response details' }).getByRole('tab', { name: /Body/ }).click();
      await inspector.get('/sandbox/status/401');
      await expect(inspector.status).toContainText('401');
      await expectAccessible(page, 'a 401 explained');
    });

    test(`vault and workspace meet WCAG 2.1 AA (${theme})`, async ({ page }) => {
      const workspace = new WorkspacePage(page);
      await workspace.open();
      await expectAccessible(page, 'workspace');
      const vault = new VaultPage(page);
      await vault.open();
      await expectAccessible(page, 'vault');
    });

    test(`SOAP meets WCAG 2.1 AA (${theme})`, async ({ page }) => {
      await page.goto('/');
      const soap = new SoapPage(page);
      await soap.useSoap();
      await soap.loadWsdl(`${soap.endpoint()}?wsdl`);
      await expectAccessible(page, 'SOAP request');
    });
  });
}
