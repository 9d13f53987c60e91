import type { Locator, Page } from '@playwright/test';
import { ComposerPage } from './ComposerPage';

/** The composer as issue 27 item 3 looks at it: lost secrets asked for beside their fields. */
export class AuthSecretsPage extends ComposerPage {
  /** Every "type it again" note on the page (one per field that lost its secret). */
  readonly lostNotes: Locator;

  constructor(page: Page) {
    super(page);
    this.lostNotes = page.locator('[data-lost-secret]');
  }

  /** The note under the auth field labelled `label`. */
  lostNoteOf(label: string): Locator {
    return this.page.locator('.auth-field').filter({ has: this.page.getByLabel(label, { exact: true }) }).locator('[data-lost-secret]');
  }

  /** How many times the page says the secrets were kept only in a closed tab's memory. */
  async timesSaidLost(): Promise<number> {
    const text = (await this.page.locator('body').innerText()).toLowerCase();
    return text.split('kept only in the memory of a tab').length - 1;
  }
}
