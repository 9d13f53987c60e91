import type { Locator, Page } from '@playwright/test';

/** The HTTP version option and what the inspector shows of HTTP/2: pseudo-headers both ways and the notes on dropped headers. */
export class ProtocolPage {
  readonly responseHeaders: Locator;
  readonly sentPseudoHeaders: Locator;
  readonly sentNotes: Locator;

  constructor(readonly page: Page) {
    this.responseHeaders = page.getByRole('table', { name: 'Response headers' });
    this.sentPseudoHeaders = page.getByRole('table', { name: 'Pseudo-headers sent (HTTP/2)' });
    this.sentNotes = page.getByRole('list', { name: 'Changed for HTTP/2' });
  }

  /** Opens the explanations of the pseudo-headers sent (the head as sent shows them; their meaning is behind a disclosure). */
  async showSentPseudoHeaders(): Promise<void> {
    await this.page.getByText(/^What the \d+ pseudo-headers mean$/).click();
  }

  /** Chooses the HTTP version in the composer's options (the Options part must be open). */
  async chooseHttpVersion(label: 'Automatic (HTTP/2 when an https server offers it)' | 'Force HTTP/1.1' | 'HTTP/2 with prior knowledge (h2c) for http://'): Promise<void> {
    await this.page.getByLabel('HTTP version').selectOption({ label });
  }

  async skipTlsVerification(): Promise<void> {
    await this.page.getByLabel('Skip TLS certificate verification').check();
  }

  /** A header row (pseudo-header or not) of a header table, by its exact name. */
  row(table: Locator, name: string): Locator {
    return table.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }

  /** Opens a row's explanation and returns the explanation row. */
  async explain(table: Locator, name: string): Promise<Locator> {
    await this.row(table, name).getByRole('button', { name: `Explain ${name}` }).click();
    return this.row(table, name).locator('xpath=following-sibling::tr[1]');
  }
}
