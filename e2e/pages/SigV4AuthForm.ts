import { expect, type Locator, type Page } from '@playwright/test';

/** The composer's auth form as the AWS Signature V4 scheme renders it, and where its signing steps are shown. */
export class SigV4AuthForm {
  readonly scheme: Locator;
  readonly accessKeyId: Locator;
  readonly secretAccessKey: Locator;
  readonly sessionToken: Locator;
  readonly region: Locator;
  readonly service: Locator;
  readonly payload: Locator;
  readonly signWith: Locator;
  readonly expires: Locator;
  readonly expiresError: Locator;
  readonly copyPresigned: Locator;
  readonly presignedStatus: Locator;

  constructor(readonly page: Page) {
    this.scheme = page.getByLabel('Auth scheme');
    this.accessKeyId = page.getByLabel('Access key ID', { exact: true });
    this.secretAccessKey = page.getByLabel('Secret access key', { exact: true });
    this.sessionToken = page.getByLabel('Session token (optional)', { exact: true });
    this.region = page.getByLabel('Region', { exact: true });
    this.service = page.getByLabel('Service', { exact: true });
    this.payload = page.getByLabel('Payload', { exact: true });
    this.signWith = page.getByLabel('Sign with', { exact: true });
    this.expires = page.getByLabel('Expires in (s)', { exact: true });
    // The generic auth form gives each field's error the id `<field id>-error`.
    this.expiresError = page.locator('#auth-sigv4-expires-error');
    this.copyPresigned = page.getByRole('button', { name: 'Copy presigned URL' });
    this.presignedStatus = page.getByTestId('presigned-url-status');
  }

  /** Chooses "Sign with: Query string (presigned URL)", valid for `seconds`. */
  async presign(seconds: string): Promise<void> {
    await this.signWith.selectOption({ label: 'Query string (presigned URL)' });
    await this.expires.fill(seconds);
  }

  /** Clicks "Copy presigned URL" and returns what it put on the clipboard. */
  async copyPresignedUrl(): Promise<string> {
    await this.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await this.copyPresigned.click();
    await expect(this.presignedStatus).toContainText('Copied');
    return this.page.evaluate(() => navigator.clipboard.readText());
  }

  /** The X-Amz-Signature of the request as sent (the inspector's Headers tab must be open). */
  async sentSignature(): Promise<string> {
    const sent = (await this.page.getByTestId('sent-request').textContent()) ?? '';
    const match = /X-Amz-Signature=([0-9a-f]{64})/.exec(sent);
    if (!match) throw new Error(`The request as sent has no X-Amz-Signature: ${sent.slice(0, 300)}`);
    return match[1]!;
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
    // "What will be sent" itself is closed until a person opens it.
    const preview = this.page.locator('details.wire-preview');
    if (where === 'preview' && (await preview.getAttribute('open')) === null) await preview.locator('> summary').click();
    if ((await block.getAttribute('open')) === null) await block.locator('summary').click();
    return block.getByLabel(label, { exact: true });
  }
}
