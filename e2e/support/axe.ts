/**
 * WCAG 2.1 A and AA (contrast included) checked by axe-core in real Chromium, on the part of
 * the page under test (`include`: CSS selectors; the whole page when none). axe's analysis
 * is slow on a loaded machine, so each call gives the test its own budget on top of its
 * timeout instead of eating into the time the rest of the test has. A failure lists each
 * rule with the elements that break it.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** The extra time one analysis may take, whatever the machine's load. */
export const AXE_BUDGET_MS = 90_000;

export async function expectAccessible(page: Page, screen: string, include: readonly string[] = []): Promise<void> {
  test.info().setTimeout(test.info().timeout + AXE_BUDGET_MS);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of include) builder = builder.include(selector);
  const results = await builder.analyze();
  const report = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.slice(0, 6).map((n) => `   ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join(' ')}`).join('\n')}`);
  expect(report, `${screen}: axe violations`).toEqual([]);
}
