import { expect, type Locator, type Page } from '@playwright/test';

/** The proxy settings dialog opened from the header bar. */
export class ProxySettingsPage {
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Proxy' });
  }

  async open(): Promise<void> {
    await this.page.getByRole('button', { name: 'Proxy', exact: true }).click();
  }

  /** Closes the dialog without changing anything. */
  async close(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(this.dialog).toBeHidden();
  }

  /** The server's proxy environment as the dialog shows it. */
  get environment(): Locator {
    return this.dialog.getByRole('table', { name: 'Proxy environment of the server' });
  }

  /** Names a proxy for both schemes, optionally with Basic credentials, loopback included. */
  async useProxy(url: string, credentials?: { user: string; password: string }): Promise<void> {
    await this.dialog.getByLabel('Use this proxy').check();
    await this.dialog.getByLabel('Proxy for http:// targets').fill(url);
    await this.dialog.getByLabel('Proxy for https:// targets').fill(url);
    if (credentials) {
      await this.dialog.getByLabel('Proxy user').fill(credentials.user);
      await this.dialog.getByLabel('Proxy password').fill(credentials.password);
    }
    await this.dialog.getByLabel(/Send localhost and loopback addresses through the proxy/).check();
    await this.dialog.getByRole('button', { name: 'Save proxy settings' }).click();
  }
}
