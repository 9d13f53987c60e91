import type { Locator, Page } from '@playwright/test';
import { RequestLinePage } from './RequestLinePage';

/** Parts of the workbench whose code loads on first use: what was fetched, and a part that failed. */
export class LazyPartsPage extends RequestLinePage {
  readonly failure: Locator;
  readonly tryAgain: Locator;
  readonly wsdlUrl: Locator;
  /** Paths of the scripts the page fetched, in order. */
  readonly scripts: string[] = [];

  constructor(page: Page) {
    super(page);
    this.failure = page.getByTestId('pane-failure');
    this.tryAgain = this.failure.getByRole('button', { name: 'Try again' });
    this.wsdlUrl = page.getByLabel('WSDL URL', { exact: true });
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (/\.m?js$/.test(path)) this.scripts.push(path);
    });
  }

  /** Makes the next `count` fetches of the chunk whose name starts with `part` fail, as a dropped connection would. */
  async failChunk(part: string, count = 1): Promise<void> {
    let left = count;
    await this.page.route(new RegExp(`/assets/${part}-[\\w-]+\\.js(\\?.*)?$`), (route) => (left-- > 0 ? route.abort('connectionreset') : route.continue()));
  }

  /**
   * Holds back every fetch of the chunk whose name starts with `part` until the returned
   * `release` is called, as a slow connection would: what the page does while that code is
   * on its way.
   */
  async holdChunk(part: string): Promise<{ release(): void }> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await this.page.route(new RegExp(`/assets/${part}-[\\w-]+\\.js(\\?.*)?$`), async (route) => {
      await released;
      await route.continue();
    });
    return { release };
  }

  /** The chunks fetched so far whose names start with one of `parts`. */
  fetched(parts: readonly string[]): string[] {
    return this.scripts.filter((path) => parts.some((part) => new RegExp(`/assets/${part}-[\\w-]+\\.js(\\?.*)?$`).test(path)));
  }

  async chooseSoap(): Promise<void> {
    await this.page.getByRole('radiogroup', { name: 'Request type' }).getByRole('radio', { name: 'SOAP' }).check();
  }
}
