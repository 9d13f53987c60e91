import { test as base } from '@playwright/test';
import { ComposerPage } from './pages/ComposerPage';
import { InspectorPage } from './pages/InspectorPage';
import { LessonsPage } from './pages/LessonsPage';
import { WorkbenchPage } from './pages/WorkbenchPage';
import { WorkspacePage } from './pages/WorkspacePage';
import { SoapPage } from './pages/SoapPage';
import { grantE2eSession } from './support/session';

/** Tests get a workbench page object, already opened. */
export const test = base.extend<{ workbench: WorkbenchPage; composer: ComposerPage; lessons: LessonsPage; inspector: InspectorPage; workspace: WorkspacePage; soap: SoapPage }>({
  // Every context starts with the session a launch URL would give (the page itself holds no token).
  context: async ({ context }, use) => {
    await grantE2eSession(context);
    await use(context);
  },
  // A reload while a collection is being stored asks first (beforeunload); tests that reload
  // mean it, as before. Every other dialog is dismissed, Playwright's default without a listener.
  page: async ({ page }, use) => {
    page.on('dialog', (dialog) => void (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()));
    await use(page);
  },
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
  workspace: async ({ page }, use) => {
    await use(new WorkspacePage(page));
  },
  soap: async ({ page }, use) => {
    const soap = new SoapPage(page);
    await soap.open();
    await use(soap);
  },
  inspector: async ({ workbench }, use) => {
    await use(new InspectorPage(workbench.page));
  },
});

export { expect } from '@playwright/test';
