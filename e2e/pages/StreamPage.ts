import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** A streamed response read in the inspector's Events (or Lines) view. */
export class StreamPage {
  readonly view: Locator;
  readonly list: Locator;
  readonly count: Locator;
  readonly typeFilter: Locator;
  readonly lineFilter: Locator;
  readonly detail: Locator;
  readonly partial: Locator;
  readonly metrics: Locator;
  readonly cancel: Locator;
  readonly relayError: Locator;

  constructor(readonly page: Page) {
    this.view = page.getByTestId('stream-view');
    this.list = page.getByRole('region', { name: /^(Events|Lines)$/ });
    this.count = page.getByTestId('stream-count');
    this.typeFilter = page.getByLabel('Show events of type');
    this.lineFilter = page.getByLabel('Show lines');
    this.detail = page.getByRole('region', { name: 'Selected record' });
    this.partial = page.getByRole('region', { name: 'Incomplete event' });
    this.metrics = page.getByTestId('metrics');
    this.cancel = page.getByRole('button', { name: 'Cancel', exact: true });
    this.relayError = page.getByTestId('relay-error');
  }

  /** Sends a GET for a sandbox path with the composer. */
  async get(path: string): Promise<void> {
    await this.page.getByLabel('Method', { exact: true }).fill('GET');
    await this.page.getByLabel('URL', { exact: true }).fill(new URL(path, this.page.url()).href);
    await this.page.getByRole('button', { name: 'Send', exact: true }).click();
  }

  /** The list's rows (buttons), optionally those containing `text`. */
  rows(text?: string | RegExp): Locator {
    const rows = this.list.getByRole('button');
    return text === undefined ? rows : rows.filter({ hasText: text });
  }

  /** The row of the event with id `id` (the id cell comes right after the arrival time). */
  eventRow(id: string): Locator {
    return this.list.getByRole('button', { name: new RegExp(`^\\+\\S+ \\S+\\s*${id}\\b`) });
  }

  async showView(name: 'Events' | 'Lines' | 'Raw'): Promise<void> {
    await this.page.getByRole('tablist', { name: 'Body view' }).getByRole('tab', { name, exact: true }).click();
  }

  /** Open streams and streams closed early, as the sandbox counts them. */
  async connections(request: APIRequestContext): Promise<{ open: number; closedEarly: number }> {
    const answer = await request.get('/sandbox/stream/connections');
    expect(answer.ok()).toBe(true);
    return (await answer.json()) as { open: number; closedEarly: number };
  }

  /** A screenshot of the page with the stream view scrolled into sight. */
  async screenshot(name: string): Promise<void> {
    await this.view.scrollIntoViewIfNeeded();
    await this.page.screenshot({ path: `/tmp/shots-streaming/${name}.png` });
  }
}
