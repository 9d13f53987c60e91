import { mkdirSync } from 'node:fs';
import { test, expect } from './fixtures';
import { InspectorPage } from './pages/InspectorPage';
import { appReady } from './support/appReady';

/**
 * The workbench at 1024×700, 1280×800 and 1920×1080, light and dark, with a real request
 * and its response: the URL must be readable whole and, with the explanation collapsed,
 * the response body must start above the fold. WIREBENCH_README_SHOTS=<dir> also writes
 * the README's two pictures (1280×800, light and dark).
 */
const SIZES = [
  [1024, 700],
  [1280, 800],
  [1920, 1080],
] as const;

for (const theme of ['light', 'dark'] as const) {
  test(`screenshots at three sizes, ${theme}`, async ({ browser }, testInfo) => {
    const dir = testInfo.outputPath('shots');
    mkdirSync(dir, { recursive: true });
    const { grantE2eSession } = await import('./support/session');
    for (const [width, height] of SIZES) {
      const context = await browser.newContext({ viewport: { width, height }, colorScheme: theme });
      await grantE2eSession(context);
      const page = await context.newPage();
      await page.goto('/');
      await appReady(page);
      const inspector = new InspectorPage(page);
      const url = new URL('/sandbox/api/users/2/orders?status=open,shipped&client_id=my_app', page.url()).href;
      await inspector.get(url);
      await expect(inspector.status).toContainText('200');
      await expect(inspector.body).toBeVisible();
      // At 1280 px (stacked) the whole URL (84 characters) shows; at 1024 px beside the sidebar, and at 1920 px side by side, at least 56 characters do.
      const shown = await page.locator('.url-editor .cm-line').evaluate((line) => {
        const field = line.closest('.url-editor') as HTMLElement;
        const probe = document.createElement('span');
        probe.textContent = 'x'.repeat(100);
        line.appendChild(probe);
        const charWidth = probe.getBoundingClientRect().width / 100;
        probe.remove();
        return { fits: (line as HTMLElement).scrollWidth <= field.clientWidth, characters: Math.floor(field.clientWidth / charWidth) };
      });
      if (width === 1280) expect(shown.fits, `whole URL readable at ${width}×${height}`).toBe(true);
      else expect(shown.characters, `URL characters shown at ${width}×${height}`).toBeGreaterThanOrEqual(56);
      const bodyTop = (await inspector.body.boundingBox())!.y;
      expect(bodyTop, `body starts above the fold at ${width}×${height}`).toBeLessThan(height - 60);
      await page.screenshot({ path: `${dir}/workbench-${theme}-${width}x${height}.png` });
      if (process.env.WIREBENCH_README_SHOTS && width === 1280) {
        mkdirSync(process.env.WIREBENCH_README_SHOTS, { recursive: true });
        await page.screenshot({ path: `${process.env.WIREBENCH_README_SHOTS}/workbench-${theme}.png` });
      }
      await context.close();
    }
  });
}
