import { expect, type Locator, type Page } from '@playwright/test';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Measures the workbench's layout as the window shows it: page width, boxes, what is on top. */
export class LayoutProbe {
  readonly strip: Locator;
  readonly allTabsButton: Locator;
  readonly requestPane: Locator;
  readonly responsePane: Locator;

  constructor(readonly page: Page) {
    this.strip = page.getByRole('tablist', { name: 'Open requests' });
    this.allTabsButton = page.getByRole('button', { name: /^All tabs/ });
    this.requestPane = page.getByRole('region', { name: 'Request', exact: true });
    this.responsePane = page.getByRole('region', { name: 'Response', exact: true });
  }

  /** Opens tabs with Ctrl+T until `count` are open. */
  async openTabs(count: number): Promise<void> {
    const tabs = this.strip.getByRole('tab');
    for (let n = await tabs.count(); n < count; n++) {
      await this.page.keyboard.press('Control+t');
      await expect(tabs).toHaveCount(n + 1);
    }
  }

  /** How wide the document is and how far it is scrolled, against the window. */
  pageWidth(): Promise<{ scrollWidth: number; innerWidth: number; scrollX: number; appLeft: number }> {
    return this.page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      scrollX: window.scrollX + document.documentElement.scrollLeft + document.body.scrollLeft,
      appLeft: document.querySelector('.app')!.getBoundingClientRect().left,
    }));
  }

  async expectNoSidewaysPage(): Promise<void> {
    const width = await this.pageWidth();
    expect(width.scrollWidth, `document ${width.scrollWidth} px wide in a ${width.innerWidth} px window`).toBeLessThanOrEqual(width.innerWidth);
    expect(width.scrollX, 'page scrolled sideways').toBe(0);
    expect(width.appLeft, 'workbench moved off its place').toBe(0);
  }

  /** The box of an element as the window shows it. */
  async box(locator: Locator): Promise<Box> {
    return locator.evaluate((element) => {
      const r = element.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    });
  }

  /** The active tab (its whole tab: label and close button) lies inside the strip's visible box. */
  async expectActiveTabInStrip(): Promise<void> {
    // Retried: the strip reveals its active tab when its ResizeObserver reports, after the frame's layout
    // and before its paint, so a read made between a resize (or a new tab) and that frame sees the tab still moving.
    await expect(async () => {
      const strip = await this.box(this.strip);
      const tab = await this.box(this.strip.locator('.request-tab-active'));
      const where = `tab ${tab.left.toFixed(1)}–${tab.right.toFixed(1)}, strip ${strip.left.toFixed(1)}–${strip.right.toFixed(1)}`;
      expect(tab.left, where).toBeGreaterThanOrEqual(strip.left - 0.5);
      expect(tab.right, where).toBeLessThanOrEqual(strip.right + 0.5);
    }).toPass({ timeout: 5000 });
  }

  /** A menu or popover lies inside the window, and nothing else is drawn over it (no pane clips or covers it). */
  async expectInsideWindowAndOnTop(floating: Locator, what: string): Promise<void> {
    await expect(floating, what).toBeVisible();
    const box = await this.box(floating);
    const view = this.page.viewportSize()!;
    expect(box.left, `${what}: left`).toBeGreaterThanOrEqual(0);
    expect(box.top, `${what}: top`).toBeGreaterThanOrEqual(0);
    expect(box.right, `${what}: right`).toBeLessThanOrEqual(view.width);
    expect(box.bottom, `${what}: bottom`).toBeLessThanOrEqual(view.height);
    expect(box.bottom - box.top, `${what}: height`).toBeGreaterThan(10);
    // Its four corners and centre are its own: a pane's edge or another pane would own them if it were clipped or under.
    const own = await floating.evaluate((element) => {
      const r = element.getBoundingClientRect();
      const points = [
        [r.left + 4, r.top + 4],
        [r.right - 4, r.top + 4],
        [r.left + 4, r.bottom - 4],
        [r.right - 4, r.bottom - 4],
        [(r.left + r.right) / 2, (r.top + r.bottom) / 2],
      ];
      return points.map(([x, y]) => {
        const hit = document.elementFromPoint(x!, y!);
        return hit !== null && element.contains(hit);
      });
    });
    expect(own, `${what}: drawn on top at its corners and centre`).toEqual([true, true, true, true, true]);
  }

  /** How much of `content` the window shows inside `pane`, as a share of the pane's height. */
  async visibleShare(content: Locator, pane: Locator): Promise<number> {
    const c = await this.box(content);
    const p = await this.box(pane);
    return Math.max(0, Math.min(c.bottom, p.bottom) - Math.max(c.top, p.top)) / (p.bottom - p.top);
  }
}
