import { test as base } from '@playwright/test';
import { ComposerPage } from './pages/ComposerPage';
import { LessonsPage } from './pages/LessonsPage';
import { WorkbenchPage } from './pages/WorkbenchPage';

/** Tests get a workbench page object, already opened. */
export const test = base.extend<{ workbench: WorkbenchPage; composer: ComposerPage; lessons: LessonsPage }>({
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
  lessons: async ({ page }, use) => {
    await use(new LessonsPage(page));
  },
});

export { expect } from '@playwright/test';
