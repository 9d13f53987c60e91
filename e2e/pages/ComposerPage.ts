import { expect, type Locator, type Page } from '@playwright/test';
import { RequestLinePage } from './RequestLinePage';

/** A multipart part as the builder takes it. */
export interface PartSpec {
  name: string;
  kind: 'Text' | 'JSON' | 'File';
  content?: string;
  /** A path on disk for a file part. */
  file?: string;
  contentType?: string;
  base64?: boolean;
}

/** The composer as a person uses it: tabs, request line, parts of the request, conventions, checks. */
export class ComposerPage extends RequestLinePage {
  readonly pane: Locator;
  readonly sendProblem: Locator;
  readonly requestTabs: Locator;
  readonly wirePreview: Locator;
  readonly conventions: Locator;
  readonly gate: Locator;
  readonly uploadProgress: Locator;
  /** The line under the request line about where this request's secrets are kept. */
  readonly secretsNotice: Locator;

  constructor(page: Page) {
    super(page);
    this.pane = page.getByRole('region', { name: 'Request', exact: true });
    this.sendProblem = page.getByRole('alert').filter({ hasText: 'Not sent:' });
    this.requestTabs = page.getByRole('tablist', { name: 'Open requests' });
    this.wirePreview = page.getByTestId('wire-preview');
    this.conventions = page.getByRole('list', { name: 'Convention findings' });
    this.gate = page.getByRole('dialog', { name: /Send this again\?|Confirm before sending/ });
    this.uploadProgress = page.getByRole('progressbar', { name: 'Upload progress' });
    this.secretsNotice = page.locator('.secrets-notice');
  }

  async section(name: 'Params' | 'Headers' | 'Auth' | 'Body' | 'Options'): Promise<void> {
    await this.page.getByRole('tablist', { name: 'Request parts' }).getByRole('tab', { name: new RegExp(`^${name}`) }).click();
  }

  // Params

  queryValue(index: number): Locator {
    return this.page.getByLabel(`Query parameter ${index} value`, { exact: true });
  }

  async setQueryStyle(index: number, style: 'Single value' | 'Comma list' | 'Repeated'): Promise<void> {
    await this.section('Params');
    await this.page.getByLabel(`Query parameter ${index} style`).selectOption({ label: style });
  }

  listItem(param: number, item: number): Locator {
    return this.page.getByLabel(`Query parameter ${param} item ${item}`, { exact: true });
  }

  resultingQuery(): Locator {
    return this.page.getByTestId('resulting-query');
  }

  // Headers

  async addHeader(name: string, value: string): Promise<void> {
    await this.section('Headers');
    await this.page.getByRole('button', { name: 'Add header', exact: true }).click();
    const rows = this.page.getByLabel(/^Header \d+ name$/);
    const index = await rows.count();
    await this.page.getByLabel(`Header ${index} name`, { exact: true }).fill(name);
    await this.page.getByLabel(`Header ${index} value`, { exact: true }).fill(value);
  }

  // Auth

  async chooseAuth(scheme: string): Promise<void> {
    await this.section('Auth');
    await this.page.getByLabel('Auth scheme').selectOption({ label: scheme });
  }

  authField(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }

  /** The error shown under an auth field (its accessible description). */
  authFieldError(label: string): Locator {
    return this.page.locator('.auth-field').filter({ has: this.page.getByLabel(label, { exact: true }) }).locator('.field-error');
  }

  authHeader(): Locator {
    return this.page.getByTestId('auth-header');
  }

  // Body

  async chooseBody(kind: 'None' | 'JSON' | 'Form' | 'Multipart' | 'XML' | 'Text' | 'Binary file'): Promise<void> {
    await this.section('Body');
    await this.page.getByRole('radiogroup', { name: 'Body type' }).getByRole('radio', { name: kind, exact: true }).check();
  }

  async typeJson(text: string): Promise<void> {
    await this.chooseBody('JSON');
    const editor = this.page.getByLabel('Request body');
    await editor.fill(text);
  }

  async addFormField(name: string, value: string): Promise<void> {
    await this.chooseBody('Form');
    await this.page.getByRole('button', { name: 'Add form field' }).click();
    const index = await this.page.getByLabel(/^Form field \d+ name$/).count();
    await this.page.getByLabel(`Form field ${index} name`).fill(name);
    await this.page.getByLabel(`Form field ${index} value`).fill(value);
  }

  encodedForm(): Locator {
    return this.page.getByTestId('form-encoded');
  }

  async addPart(part: PartSpec): Promise<void> {
    await this.chooseBody('Multipart');
    await this.page.getByRole('button', { name: 'Add part', exact: true }).click();
    const n = await this.page.getByLabel(/^Part \d+ name$/).count();
    const field = (label: string) => this.page.getByLabel(`Part ${n} ${label}`, { exact: true });
    await field('name').fill(part.name);
    await field('type').selectOption({ label: part.kind });
    if (part.file) await field('file').setInputFiles(part.file);
    if (part.content !== undefined) await field('content').fill(part.content);
    if (part.contentType) await field('Content-Type').fill(part.contentType);
    if (part.base64) await field('base64').check();
  }

  multipartPreview(): Locator {
    return this.page.getByTestId('multipart-preview');
  }

  async chooseBodyFile(path: string): Promise<void> {
    await this.chooseBody('Binary file');
    await this.page.getByLabel('Body file').setInputFiles(path);
  }

  // Options

  async setMethodOverride(on: boolean): Promise<void> {
    await this.section('Options');
    await this.page.getByLabel('Send as POST with X-HTTP-Method-Override').setChecked(on);
  }

  // Sending

  /** Sends and waits for the response to complete. */
  async sendAndWait(): Promise<void> {
    await this.send.click();
    await expect(this.metrics).toBeVisible();
  }

  async sendAnyway(): Promise<void> {
    await this.gate.getByRole('button', { name: 'Send anyway' }).click();
  }

  async dontSend(): Promise<void> {
    await this.gate.getByRole('button', { name: 'Don’t send' }).click();
  }

  /** The response body parsed as JSON, once the exchange completed. */
  async responseJson<T = Record<string, unknown>>(): Promise<T> {
    await expect(this.metrics).toBeVisible();
    // Pretty is an editor that renders only the lines in view; Raw holds the whole text.
    await this.page.getByRole('tablist', { name: 'Body view' }).getByRole('tab', { name: 'Raw', exact: true }).click();
    return JSON.parse((await this.responseBody.textContent()) ?? '') as T;
  }

  /** What identifies the exchange shown now (its figures and when it was sent), for `waitForExchange`. */
  async exchangeMark(): Promise<string> {
    if ((await this.metrics.count()) === 0) return '';
    return `${(await this.metrics.getAttribute('data-started-at')) ?? ''}|${(await this.metrics.textContent()) ?? ''}`;
  }

  /** Resolves when a new exchange has started and completed: its figures are shown and it is not the one marked before. */
  async waitForExchange(previousMark?: string): Promise<void> {
    await expect(this.metrics).toBeVisible();
    if (previousMark) await expect.poll(() => this.exchangeMark(), { timeout: 15_000 }).not.toBe(previousMark);
  }

  // Idempotency

  /** Runs the idempotency check and returns the verdict element. */
  async checkIdempotency(options: { stateUrl?: string; times?: number } = {}): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Check idempotency' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Check idempotency' });
    if (options.stateUrl) await dialog.getByLabel('Resource to read (GET)').fill(options.stateUrl);
    if (options.times) await dialog.getByLabel('Sends').fill(String(options.times));
    await dialog.getByRole('button', { name: /^Run check/ }).click();
    const verdict = dialog.getByTestId('idempotency-verdict');
    await expect(verdict).toBeVisible({ timeout: 30_000 });
    return verdict;
  }

  async closeIdempotencyCheck(): Promise<void> {
    await this.page.getByRole('dialog', { name: 'Check idempotency' }).getByRole('button', { name: 'Close' }).click();
  }

  // Tabs

  async newTab(): Promise<void> {
    await this.page.getByRole('button', { name: 'New request' }).click();
  }

  tab(name: string | RegExp): Locator {
    return this.requestTabs.getByRole('tab', { name });
  }

  async save(): Promise<void> {
    await this.url.press('Control+s');
    // A tab's first save asks where to keep it (the workspace); its defaults are fine here.
    const where = this.page.getByRole('dialog', { name: 'Save request' });
    await expect(where).toBeVisible();
    await where.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(where).toBeHidden();
  }

  /**
   * Records every value the upload progress bar shows from now on, through a
   * MutationObserver in the page, so a fast upload's intermediate values are not missed.
   */
  async recordUploadProgress(): Promise<() => Promise<{ value: number; max: number }[]>> {
    await this.page.evaluate(() => {
      const samples: { value: number; max: number }[] = [];
      (window as unknown as { __progressSamples: typeof samples }).__progressSamples = samples;
      const record = () => {
        const bar = document.querySelector<HTMLProgressElement>('progress[aria-label="Upload progress"]');
        if (bar) samples.push({ value: bar.value, max: bar.max });
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value', 'max'] });
    });
    return () => this.page.evaluate(() => (window as unknown as { __progressSamples: { value: number; max: number }[] }).__progressSamples);
  }
}
