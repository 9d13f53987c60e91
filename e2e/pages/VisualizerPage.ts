import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

/** The inspector's Visualize tab (pm.visualizer.set): the tab, its sandboxed frame and the frame's document. */
export class VisualizerPage {
  readonly tab: Locator;
  readonly frameElement: Locator;
  readonly frame: FrameLocator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.tab = page.getByRole('tablist', { name: 'Response details' }).getByRole('tab', { name: 'Visualize' });
    this.frameElement = page.getByTitle('Visualization from the post-response script');
    this.frame = page.frameLocator('iframe.visualizer-frame');
    this.error = page.locator('.visualizer-error');
  }

  async open(): Promise<void> {
    await this.tab.click();
    await expect(this.tab).toHaveAttribute('aria-selected', 'true');
  }
}
