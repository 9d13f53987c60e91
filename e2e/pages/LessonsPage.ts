import { expect, type Locator, type Page } from '@playwright/test';

/** The Lessons section of the sidebar. */
export class LessonsPage {
  readonly tab: Locator;
  readonly card: Locator;
  /** The card's line on the lesson's checks (only lessons with captures or assertions have it). */
  readonly checksNote: Locator;

  constructor(readonly page: Page) {
    this.tab = page.getByRole('tab', { name: 'Lessons' });
    this.card = page.getByTestId('lesson-card');
    this.checksNote = page.getByTestId('lesson-checks');
  }

  async open(title: string): Promise<void> {
    await this.tab.click();
    await this.page.getByRole('tree', { name: 'Lessons' }).getByRole('treeitem', { name: title, exact: false }).first().click();
    await expect(this.card).toContainText(title);
  }
}
