import { expect, type Locator, type Page } from '@playwright/test';
import { RequestLinePage } from './RequestLinePage';

/** The workbench as a person sees it: composer on the left, response on the right. */
export class WorkbenchPage extends RequestLinePage {
  readonly addHeader: Locator;
  readonly body: Locator;
  readonly response: Locator;
  readonly relayError: Locator;

  constructor(page: Page) {
    super(page);
    this.addHeader = page.getByRole('button', { name: 'Add header' });
    this.body = page.getByLabel('Request body');
    this.response = page.getByRole('region', { name: 'Response' });
    this.relayError = page.getByTestId('relay-error');
  }

  async setHeader(index: number, name: string, value: string): Promise<void> {
    await this.page.getByRole('tab', { name: /^Headers/ }).click();
    await this.addHeader.click();
    await this.page.getByLabel(`Header ${index} name`).fill(name);
    await this.page.getByLabel(`Header ${index} value`).fill(value);
  }

  async typeBody(text: string): Promise<void> {
    await this.page.getByRole('tab', { name: /^Body/ }).click();
    await this.page.getByRole('radio', { name: 'JSON' }).check();
    await this.body.click();
    await this.body.pressSequentially(text);
  }

  async sendWithKeyboard(): Promise<void> {
    await this.url.press('Control+Enter');
  }

  /** The response body parsed as JSON. */
  async responseJson<T = Record<string, unknown>>(): Promise<T> {
    await expect(this.metrics).toBeVisible();
    // Pretty is an editor that renders only the lines in view; Raw holds the whole text.
    await this.page.getByRole('tablist', { name: 'Body view' }).getByRole('tab', { name: 'Raw', exact: true }).click();
    return JSON.parse((await this.responseBody.textContent()) ?? '') as T;
  }
}
