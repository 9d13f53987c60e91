import type { Locator, Page } from '@playwright/test';

/** The auth form of the composer as the Digest scheme renders it. */
export class DigestAuthForm {
  readonly scheme: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly realm: Locator;
  readonly authTab: Locator;

  constructor(readonly page: Page) {
    this.scheme = page.getByLabel('Auth scheme');
    this.username = page.getByLabel('Username', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.realm = page.getByLabel('Realm', { exact: true });
    this.authTab = page.getByRole('tablist', { name: 'Request parts' }).getByRole('tab', { name: /^Auth/ });
  }

  /** Fills user and password. */
  async signIn(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
  }
}
