import { expect, type Locator, type Page } from '@playwright/test';

/** The workbench's shell: request tabs, sidebar, layout, theme, command palette, shortcuts. */
export class ShellPage {
  readonly tabs: Locator;
  readonly newTabButton: Locator;
  readonly allTabsButton: Locator;
  readonly sidebar: Locator;
  readonly sidebarToggle: Locator;
  readonly palette: Locator;
  readonly paletteInput: Locator;
  readonly shortcutsDialog: Locator;
  readonly responsePane: Locator;
  readonly notSent: Locator;
  readonly fromHistory: Locator;
  readonly layoutButton: Locator;
  readonly themeButton: Locator;

  constructor(readonly page: Page) {
    this.tabs = page.getByRole('tablist', { name: 'Open requests' });
    this.newTabButton = page.getByRole('button', { name: 'New request' });
    this.allTabsButton = page.getByRole('button', { name: /^All tabs/ });
    this.sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    this.sidebarToggle = page.getByRole('button', { name: /^(Show|Hide) sidebar$/ });
    this.palette = page.getByRole('dialog', { name: 'Command palette' });
    this.paletteInput = this.palette.getByRole('combobox');
    this.shortcutsDialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    this.responsePane = page.getByRole('region', { name: 'Response', exact: true });
    this.notSent = page.getByTestId('not-sent');
    this.fromHistory = page.getByTestId('from-history');
    this.layoutButton = page.getByRole('button', { name: /^Layout:/ });
    this.themeButton = page.getByRole('button', { name: /^Theme:/ });
  }

  tab(name: string | RegExp): Locator {
    return this.tabs.getByRole('tab', { name });
  }

  /** Closes a tab with its × (a pointer-only control, hidden from the accessibility tree; keyboard users press Delete). */
  async closeWithPointer(name: string | RegExp): Promise<void> {
    await this.tabs.locator('.request-tab').filter({ hasText: name }).locator('.request-tab-close').click();
  }

  /** Runs a palette entry by typing `query` and pressing Enter on the first match, which must contain `expected`. */
  async runCommand(query: string, expected: string | RegExp): Promise<void> {
    await this.page.keyboard.press('Control+k');
    await expect(this.palette).toBeVisible();
    await this.paletteInput.fill(query);
    await expect(this.palette.getByRole('option').first()).toContainText(expected);
    await this.paletteInput.press('Enter');
    await expect(this.palette).toBeHidden();
  }

  /** Where the response pane sits relative to the composer: side by side or stacked. */
  async orientation(): Promise<'horizontal' | 'vertical' | 'not laid out'> {
    const request = await this.page.getByRole('region', { name: 'Request', exact: true }).boundingBox();
    const response = await this.responsePane.boundingBox();
    if (!request || !response) return 'not laid out';
    // Stacked panes start at the same left edge; side by side, the response starts right of the request.
    return Math.abs(response.x - request.x) < 8 ? 'vertical' : 'horizontal';
  }

  async theme(): Promise<string | null> {
    return this.page.evaluate(() => document.documentElement.dataset.theme ?? null);
  }
}
