import type { Locator, Page } from '@playwright/test';
import { ComposerPage } from './ComposerPage';

/** The composer as issue 27 item 5 looks at it: how the URL field marks `{{variables}}`, and What will be sent's notes. */
export class KnownVariablesPage extends ComposerPage {
  readonly runNote: Locator;
  readonly setAtSendNote: Locator;
  readonly dynamicNote: Locator;

  constructor(page: Page) {
    super(page);
    this.runNote = page.getByTestId('wire-preview-run');
    this.setAtSendNote = page.getByTestId('wire-preview-set-at-send');
    this.dynamicNote = page.getByTestId('wire-preview-dynamic');
  }

  /** The mark of `{{name}}` in the URL field (its class says known or unresolved, its title says why). */
  urlVariable(name: string): Locator {
    return this.url.locator('.cm-wb-var', { hasText: `{{${name}}}` });
  }

  /** Opens a new request tab and composes `method url` in it. */
  async composeInNewTab(method: string, url: string): Promise<void> {
    await this.page.getByRole('button', { name: 'New request' }).click();
    await this.compose(method, url);
  }
}
