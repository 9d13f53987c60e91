import { expect, type Locator, type Page } from '@playwright/test';
import { appReady } from '../support/appReady';
import { urlField } from '../support/urlField';

/**
 * What every view of the workbench shares: the request line (method, URL, Send, Cancel),
 * the response's status, body and metrics, opening the app and composing a request.
 * `WorkbenchPage`, `ComposerPage` and `SoapPage` build on it.
 */
export class RequestLinePage {
  readonly method: Locator;
  readonly url: Locator;
  readonly send: Locator;
  readonly cancel: Locator;
  readonly status: Locator;
  readonly responseBody: Locator;
  readonly metrics: Locator;

  constructor(readonly page: Page) {
    this.method = page.getByLabel('Method', { exact: true });
    this.url = urlField(page.getByLabel('URL', { exact: true }));
    this.send = page.getByRole('button', { name: 'Send', exact: true });
    this.cancel = page.getByRole('button', { name: 'Cancel', exact: true });
    this.status = page.getByTestId('status');
    this.responseBody = page.getByTestId('response-body');
    this.metrics = page.getByTestId('metrics');
  }

  async open(): Promise<void> {
    await this.page.goto('/');
    await appReady(this.page);
    await expect(this.send).toBeVisible();
  }

  /** Opens the full explanation under the status line ("Explain"); the choice is remembered. */
  async explain(): Promise<void> {
    const toggle = this.page.getByRole('region', { name: 'Status', exact: true }).getByRole('button', { name: /^Explain/ });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }

  /** Opens "What will be sent" under the composer (closed until a person opens it; the choice is remembered). */
  async showWirePreview(): Promise<void> {
    const details = this.page.locator('details.wire-preview');
    if ((await details.getAttribute('open')) === null) await details.locator('> summary').click();
    await expect(this.page.getByTestId('wire-preview')).toBeVisible();
  }

  /** A "?" help popover beside a control: its button ("About <topic>") and the note beside it that it controls. */
  help(topic: string): { button: Locator; text: Locator } {
    const button = this.page.getByRole('button', { name: `About ${topic}`, exact: true });
    return { button, text: button.locator('xpath=..').getByRole('note', { includeHidden: true }) };
  }

  /** The origin of the running server, for sandbox URLs. */
  origin(): string {
    return new URL(this.page.url()).origin;
  }

  async compose(method: string, url: string): Promise<void> {
    await this.method.fill(method);
    await this.url.fill(url);
  }
}
