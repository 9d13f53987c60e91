import type { Locator, Page } from '@playwright/test';

/** The composer's auth form as the AWS Signature V4 scheme renders it, and where its signing steps are shown. */
export class SigV4AuthForm {
  readonly scheme: Locator;
  readonly accessKeyId: Locator;
  readonly secretAccessKey: Locator;
  readonly sessionToken: Locator;
  readonly region: Locator;
  readonly service: Locator;
  readonly payload: Locator;

  constructor(readonly page: Page) {
    this.scheme = page.getByLabel('Auth scheme');
    this.accessKeyId = page.getByLabel('Access key ID', { exact: true });
    this.secretAccessKey = page.getByLabel('Secret access key', { exact: true });
    this.sessionToken = page.getByLabel('Session token (optional)', { exact: true });
    this.region = page.getByLabel('Region', { exact: true });
    this.service = page.getByLabel('Service', { exact: true });
    this.payload = page.getByLabel('Payload', { exact: true });
  }

  /** Fills the credential and its scope. */
  async fill(keys: { accessKeyId: string; secretAccessKey: string; region: string; service: string }): Promise<void> {
    await this.accessKeyId.fill(keys.accessKeyId);
    await this.secretAccessKey.fill(keys.secretAccessKey);
    await this.region.fill(keys.region);
    await this.service.fill(keys.service);
  }

  /**
   * A step of "How it was signed" ("Canonical request", "String to sign"): under "What
   * will be sent" (`preview`) or under the inspector's Request as sent (`sent`), opened.
   */
  async step(where: 'preview' | 'sent', label: 'Canonical request' | 'String to sign'): Promise<Locator> {
    const block = this.page.getByTestId(where === 'preview' ? 'wire-preview-signing' : 'sent-request-signing');
    if ((await block.getAttribute('open')) === null) await block.locator('summary').click();
    return block.getByLabel(label, { exact: true });
  }
}
