import { expect, type Locator, type Page } from '@playwright/test';
import { RunnerPage } from './RunnerPage';
import type { WorkspacePage } from './WorkspacePage';

/** The request tab strip as the runner leaves it (issue 27 item 2): tabs, the preview tab, the runner's Preview/Open. */
export class RunnerTabsPage {
  readonly runner: RunnerPage;
  readonly strip: Locator;
  readonly tabs: Locator;
  readonly previewTab: Locator;
  readonly activeTab: Locator;

  constructor(
    readonly page: Page,
    readonly workspace: WorkspacePage,
  ) {
    this.runner = new RunnerPage(page);
    this.strip = page.getByRole('tablist', { name: 'Open requests' });
    this.tabs = this.strip.getByRole('tab');
    this.previewTab = page.locator('.request-tab-preview [role="tab"]');
    this.activeTab = this.strip.getByRole('tab', { selected: true });
  }

  /** Opens the runner on `target` (a collection or folder row) with its last results. */
  async openRunner(target: string): Promise<void> {
    await this.workspace.rowAction(target, 'Run…');
    await expect(this.runner.dialog).toBeVisible();
  }

  /** Shows step `name` of iteration `iteration` through its Preview or Open button; the dialog closes. */
  async show(iteration: number, name: string, how: 'Preview' | 'Open'): Promise<void> {
    await this.runner.step(iteration, name).getByRole('button', { name: new RegExp(`^${how} ${name} `) }).click();
    await expect(this.runner.dialog).toBeHidden();
  }

  /** The font style of a tab's label ('italic' for the preview tab). */
  async labelStyle(tab: Locator): Promise<string> {
    return tab.locator('.request-tab-label').evaluate((el) => getComputedStyle(el).fontStyle);
  }
}
