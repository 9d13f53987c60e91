/**
 * The first screen (index.html's shell: a URL field that takes typing, a disabled Send) is
 * plain HTML, painted before the app's scripts arrive; tests that drive the app wait until
 * the app has taken over from it (the shell is gone).
 */
import { expect, type Page } from '@playwright/test';

export async function appReady(page: Page): Promise<void> {
  await expect(page.locator('#boot')).toHaveCount(0);
}
