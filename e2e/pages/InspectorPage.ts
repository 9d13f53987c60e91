import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

/** The response inspector as a person reads it: status card, tabs, body views, search, preview. */
export class InspectorPage {
  readonly pane: Locator;
  readonly status: Locator;
  readonly statusCard: Locator;
  readonly explanation: Locator;
  /** The one sentence under the status line. */
  readonly sentence: Locator;
  /** The "Explain" toggle of the status card. */
  readonly explainToggle: Locator;
  readonly metrics: Locator;
  readonly body: Locator;
  readonly streamingBody: Locator;
  readonly search: Locator;
  readonly searchCount: Locator;
  readonly soapFault: Locator;
  readonly countdown: Locator;
  readonly filter: Locator;

  constructor(readonly page: Page) {
    this.pane = page.getByRole('region', { name: 'Response', exact: true });
    this.statusCard = page.getByRole('region', { name: 'Status', exact: true });
    this.status = page.getByTestId('status');
    this.explanation = page.getByTestId('status-explanation');
    this.sentence = page.getByTestId('status-sentence');
    this.explainToggle = this.statusCard.getByRole('button', { name: /^Explain/ });
    this.metrics = page.getByTestId('metrics');
    this.body = page.getByTestId('response-body');
    this.streamingBody = page.getByTestId('response-body-streaming');
    this.search = page.getByRole('searchbox', { name: 'Search body' });
    this.searchCount = page.getByTestId('search-count');
    this.soapFault = page.getByRole('region', { name: /^SOAP 1\.[12] Fault/ });
    this.countdown = page.getByRole('timer');
    this.filter = page.getByLabel(/^(JSONPath|XPath) filter$/);
  }

  /** Sends a GET for `path` (relative to the server) with the composer. */
  async get(path: string): Promise<void> {
    await this.page.getByLabel('Method', { exact: true }).fill('GET');
    await this.page.getByLabel('URL', { exact: true }).fill(new URL(path, this.page.url()).href);
    await this.page.getByRole('button', { name: 'Send', exact: true }).click();
  }

  /** Sends the composed request, confirming the composer's gate when it asks (lessons that break a rule on purpose). */
  async send(options: { confirm?: boolean } = {}): Promise<void> {
    await this.page.getByRole('button', { name: 'Send', exact: true }).click();
    if (options.confirm) await this.page.getByRole('dialog', { name: 'Confirm before sending' }).getByRole('button', { name: 'Send anyway' }).click();
  }

  /** Opens the full explanation (findings, Next, references); the choice is remembered across responses. */
  async explain(): Promise<void> {
    if ((await this.explainToggle.getAttribute('aria-expanded')) !== 'true') await this.explainToggle.click();
    await expect(this.explainToggle).toHaveAttribute('aria-expanded', 'true');
  }

  /** A finding of the status card, by words of its title. */
  finding(title: string | RegExp): Locator {
    return this.statusCard.getByRole('listitem').filter({ hasText: title });
  }

  async openTab(name: 'Body' | 'Headers' | 'Timing' | 'Compare'): Promise<void> {
    await this.page.getByRole('tablist', { name: 'Response details' }).getByRole('tab', { name: new RegExp(`${name}`) }).click();
  }

  async showView(name: 'Pretty' | 'Raw' | 'Preview' | 'Hex'): Promise<void> {
    await this.page.getByRole('tablist', { name: 'Body view' }).getByRole('tab', { name, exact: true }).click();
  }

  /** Waits until the body is fully formatted in whichever viewer shows it. */
  async waitForFormatted(timeout = 15_000): Promise<void> {
    await expect(this.body).toHaveAttribute('data-formatted', 'complete', { timeout });
  }

  /** Body lines on screen (the line viewer's rows, or the editor's lines). */
  visibleLines(): Locator {
    return this.pane.locator('[data-body-line], .cm-line');
  }

  async find(text: string): Promise<void> {
    await this.search.fill(text);
  }

  /** The HTML preview's frame. */
  previewFrame(): FrameLocator {
    return this.page.frameLocator('iframe[title="HTML preview of the response"]');
  }

  previewElement(): Locator {
    return this.page.getByTitle('HTML preview of the response');
  }

  /** The pages of a PDF preview (canvases labelled "Page n of m"). */
  pdfPages(): Locator {
    return this.body.getByRole('img', { name: /^Page \d+ of \d+$/ });
  }

  headerRow(name: string): Locator {
    return this.page.getByRole('table', { name: 'Response headers' }).getByRole('row').filter({ has: this.page.getByRole('rowheader', { name }) });
  }

  async explainHeader(name: string): Promise<void> {
    await this.headerRow(name).getByRole('button', { name: new RegExp(`Explain ${name}`) }).click();
  }

  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: `/tmp/shots-inspector/${name}.png` });
  }
}
