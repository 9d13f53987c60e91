import { expect, type Locator, type Page } from '@playwright/test';

/** The Cookies tab of the sidebar (the workspace jar and What will be sent) and the request option that turns cookies on. */
export class CookiesPage {
  readonly sidebarTab: Locator;
  readonly preview: Locator;
  readonly showValues: Locator;
  readonly clearAll: Locator;
  readonly undo: Locator;
  /** The composer's What will be sent note on the jar's cookies (names only). */
  readonly wirePreviewNote: Locator;

  constructor(readonly page: Page) {
    this.sidebarTab = page.getByRole('tab', { name: 'Cookies', exact: true });
    this.preview = page.getByTestId('cookie-preview');
    this.showValues = page.getByLabel('Show values', { exact: true });
    this.clearAll = page.getByRole('toolbar', { name: 'Cookie jar actions' }).getByRole('button', { name: 'Clear all' });
    this.undo = page.getByRole('button', { name: 'Undo', exact: true });
    this.wirePreviewNote = page.getByTestId('wire-preview-cookies');
  }

  /** The inspector's cookie line of one request of the exchange (`Request 1`, …, or `Response` for a single request), under Timing. */
  hopCookies(label: string): Locator {
    return this.page.getByLabel(`${label}: cookies`, { exact: true });
  }

  /** Opens a hop's cookie line to its per-Set-Cookie outcomes. */
  async hopCookieOutcomes(label: string): Promise<Locator> {
    await this.hopCookies(label).locator('summary').click();
    return this.hopCookies(label).getByRole('listitem');
  }

  async open(): Promise<void> {
    await this.sidebarTab.click();
    await expect(this.page.getByRole('heading', { name: 'Cookie jar' })).toBeVisible();
  }

  /** The cookies shown for one domain. */
  domain(name: string): Locator {
    return this.page.getByRole('region', { name: `Cookies for ${name}` });
  }

  /** One cookie of the jar by name (any domain and path). */
  cookie(name: string): Locator {
    return this.page.getByRole('listitem', { name: new RegExp(`^Cookie ${name.replace(/[$()*+.?[\\\]^{|}]/g, '\\$&')} \\(`) });
  }

  /** The value shown for a cookie (masked unless Show values is on). */
  value(name: string): Locator {
    return this.cookie(name).getByTestId('cookie-value');
  }

  async deleteCookie(name: string): Promise<void> {
    await this.cookie(name).getByRole('button', { name: /^Delete cookie / }).click();
    await expect(this.cookie(name)).toHaveCount(0);
  }

  async explainAttributes(name: string): Promise<Locator> {
    const details = this.cookie(name).getByText('What these attributes do');
    await details.click();
    return this.cookie(name).getByRole('definition');
  }

  /** Request Options: "Follow redirects" and "Send and store cookies". */
  async setOptions(options: { followRedirects?: boolean; cookies?: boolean }): Promise<void> {
    await this.page.getByRole('tablist', { name: 'Request parts' }).getByRole('tab', { name: /^Options/ }).click();
    if (options.followRedirects !== undefined) await this.page.getByLabel('Follow redirects', { exact: true }).setChecked(options.followRedirects);
    if (options.cookies !== undefined) await this.page.getByLabel('Send and store cookies', { exact: true }).setChecked(options.cookies);
  }

  /** Screenshots at 1024×700 in both themes, to look at (not compared). */
  async screenshots(name: string): Promise<void> {
    await this.page.setViewportSize({ width: 1024, height: 700 });
    for (const theme of ['light', 'dark'] as const) {
      await this.page.emulateMedia({ colorScheme: theme });
      await this.page.screenshot({ path: `/tmp/shots-cookies/${name}-${theme}-1024x700.png` });
    }
    await this.page.emulateMedia({ colorScheme: null });
  }

  async openAddForm(): Promise<Locator> {
    await this.page.getByRole('toolbar', { name: 'Cookie jar actions' }).getByRole('button', { name: 'Add cookie' }).click();
    return this.page.getByRole('form', { name: 'Add a cookie' });
  }
}

