import { test as base } from '@playwright/test';
import { WorkbenchPage } from './pages/WorkbenchPage';

/** Tests get a workbench page object, already opened. */
export const test = base.extend<{ workbench: WorkbenchPage }>({
  workbench: async ({ page }, use) => {
    const workbench = new WorkbenchPage(page);
    await workbench.open();
    await use(workbench);
  },
});

export { expect } from '@playwright/test';
