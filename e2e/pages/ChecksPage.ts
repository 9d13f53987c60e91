import { expect, type Locator, type Page } from '@playwright/test';

/** The composer's Checks and Scripts sections and the inspector's Checks tab (issue 18). */
export class ChecksPage {
  /** The inspector's Checks tab (its name carries the pass count). */
  readonly resultsTab: Locator;
  /** The panel the Checks tab shows. */
  readonly results: Locator;
  readonly notSent: Locator;
  /** A post-response script's error under the status card. */
  readonly scriptError: Locator;

  constructor(readonly page: Page) {
    this.resultsTab = page.getByRole('tablist', { name: 'Response details' }).getByRole('tab', { name: /^Checks/ });
    this.results = page.locator('.checks-results');
    this.notSent = page.getByTestId('not-sent');
    this.scriptError = page.getByTestId('script-error');
  }

  async openSection(name: 'Checks' | 'Scripts'): Promise<void> {
    await this.page.getByRole('tablist', { name: 'Request parts' }).getByRole('tab', { name: new RegExp(`^${name}`) }).click();
  }

  /** Adds a capture `variable ← from expression` into `scope`. */
  async addCapture(variable: string, from: string, expression: string, scope: 'Run' | 'Environment' | 'Collection' = 'Run'): Promise<void> {
    await this.openSection('Checks');
    await this.page.getByRole('button', { name: 'Add capture' }).click();
    const n = await this.page.getByLabel(/^Capture \d+ variable$/).count();
    await this.page.getByLabel(`Capture ${n} variable`).fill(variable);
    await this.page.getByLabel(`Capture ${n} scope`).selectOption({ label: scope });
    await this.page.getByLabel(`Capture ${n} from`).selectOption({ label: from });
    await this.page.getByLabel(`Capture ${n} expression`).fill(expression);
  }

  /** Adds a compare assertion; `expression` only for subjects that take one. */
  async addAssertion(subject: string, operator: string, expected: string, expression?: string): Promise<void> {
    await this.openSection('Checks');
    await this.page.getByRole('button', { name: 'Add assertion', exact: true }).click();
    const n = await this.page.getByLabel(/^Assertion \d+ subject$/).count();
    await this.page.getByLabel(`Assertion ${n} subject`).selectOption({ label: subject });
    if (expression !== undefined) await this.page.getByLabel(`Assertion ${n} expression`).fill(expression);
    await this.page.getByLabel(`Assertion ${n} operator`).selectOption(operator);
    // exists and not-exists take no expected value: the field is not there.
    if (operator !== 'exists' && operator !== 'not-exists') await this.page.getByLabel(`Assertion ${n} expected`).fill(expected);
  }

  scriptEditor(phase: 'Pre-request' | 'Post-response'): Locator {
    return this.page.getByRole('textbox', { name: `${phase} script`, exact: true });
  }

  /** Replaces the script of `phase` with `text`. */
  async setScript(phase: 'Pre-request' | 'Post-response', text: string): Promise<void> {
    await this.openSection('Scripts');
    await this.scriptEditor(phase).fill(text);
  }

  /** Saves the active tab as `name` into a new collection (the first-save dialog's default). */
  async saveIntoNewCollection(name: string): Promise<void> {
    await this.page.keyboard.press('Control+s');
    const dialog = this.page.getByRole('dialog', { name: 'Save request' });
    await dialog.getByLabel('Request name').fill(name);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  async openResults(): Promise<void> {
    await this.resultsTab.click();
    await expect(this.results).toBeVisible();
  }

  /** A line of the results naming `text` (a capture, an assertion's label, a test's name). */
  line(group: 'Captures' | 'Assertions' | 'Script tests' | 'Script errors', text: string | RegExp): Locator {
    return this.results.getByRole('region', { name: group }).getByRole('listitem').filter({ hasText: text });
  }

  console(): Locator {
    return this.results.getByRole('region', { name: 'Console' });
  }
}
