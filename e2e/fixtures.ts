import { test as base } from '@playwright/test';
import { ComposerPage } from './pages/ComposerPage';
import { WorkbenchPage } from './pages/WorkbenchPage';

/** Tests get a workbench page object, already opened. */
export const test = base.extend<{ workbench: WorkbenchPage; composer: ComposerPage }>({
  workbench: async ({ page }, use) => {
    const workbench = new WorkbenchPage(page);
    await workbench.open();
    await use(workbench);
  },
  composer: async ({ page }, use) => {
    const composer = new ComposerPage(page);
    await composer.open();
    await use(composer);
  },
});

export { expect } from '@playwright/test';
