import type { Locator, Page } from '@playwright/test';
import { ComposerPage } from './ComposerPage';

/** The smaller things issue 27 lists: the network indicator, the palette's dialogs, Recent requests, a multipart JSON part. */
export class WorkbenchDetailsPage extends ComposerPage {
  readonly indicator: Locator;
  readonly recent: Locator;
  readonly partJsonError: Locator;

  constructor(page: Page) {
    super(page);
    this.indicator = page.getByRole('group', { name: 'How requests leave' });
    this.recent = page.locator('.recent-list').getByRole('button');
    this.partJsonError = page.getByTestId('part-json-error');
  }
}
