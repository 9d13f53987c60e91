import type { Locator, Page } from '@playwright/test';

/** What shows that a part of the page failed or declined heavy input, while the rest works. */
export class RobustnessPage {
  readonly paneFailures: Locator;
  readonly jsonFormatNote: Locator;
  readonly formatButton: Locator;
  readonly requestBody: Locator;
  readonly root: Locator;
  readonly composer: Locator;
  readonly response: Locator;
  readonly sidebarTabs: Locator;

  constructor(readonly page: Page) {
    this.paneFailures = page.getByTestId('pane-failure');
    this.jsonFormatNote = page.getByTestId('json-format-note');
    this.formatButton = page.getByRole('button', { name: 'Format JSON' });
    this.requestBody = page.getByLabel('Request body');
    this.root = page.locator('#root');
    this.composer = page.getByRole('tablist', { name: 'Request parts' });
    this.response = page.getByRole('region', { name: 'Response' });
    this.sidebarTabs = page.getByRole('tablist', { name: 'Sidebar sections' });
  }

  /** The failure notice of the part named `name` ("The history", "The request composer"…). */
  failure(name: string): Locator {
    return this.paneFailures.filter({ hasText: `${name} could not be shown` });
  }

  /** Presses "Try again" on the failure notice of the part named `name`. */
  async tryAgain(name: string): Promise<void> {
    await this.failure(name).getByRole('button', { name: 'Try again' }).click();
  }

  /**
   * Makes `Date#toLocaleTimeString` throw, as a broken locale or extension would. Only
   * the history list calls it while rendering the sidebar and request panes, so exactly
   * one part of the page fails to render: a real render error, no hook in the app.
   */
  async breakLocalTimes(): Promise<void> {
    await this.page.evaluate(() => {
      const proto = Date.prototype as Date & { __wbOriginalLocaleTime?: typeof Date.prototype.toLocaleTimeString };
      proto.__wbOriginalLocaleTime = proto.toLocaleTimeString;
      proto.toLocaleTimeString = () => {
        throw new RangeError('Incorrect locale information provided');
      };
    });
  }

  /** Undoes `breakLocalTimes`. */
  async restoreLocalTimes(): Promise<void> {
    await this.page.evaluate(() => {
      const proto = Date.prototype as Date & { __wbOriginalLocaleTime?: typeof Date.prototype.toLocaleTimeString };
      if (proto.__wbOriginalLocaleTime) proto.toLocaleTimeString = proto.__wbOriginalLocaleTime;
    });
  }

  /**
   * An OpenAPI description whose schemas fan out through allOf: each joins the one before
   * it three times, so sampling it without counting compositions as depth walks 3^count
   * paths. At 16 schemas it is ~2.8 KB (the description that froze the page).
   */
  static fanOutOpenApi(count: number): string {
    const ref = (n: number) => ({ $ref: `#/components/schemas/s${n}` });
    const schemas: Record<string, unknown> = { s0: { properties: { p0: { type: 'string' } } } };
    for (let i = 1; i < count; i++) schemas[`s${i}`] = { allOf: [ref(i - 1), ref(i - 1), ref(i - 1), { properties: { [`p${i}`]: { type: 'string' } } }] };
    return JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Fan-out', version: '1' },
      paths: { '/things': { post: { summary: 'Create thing', requestBody: { content: { 'application/json': { schema: ref(count - 1) } } }, responses: { '200': { description: 'ok' } } } } },
      components: { schemas },
    });
  }

  /** How deeply the JSON `text` nests (0 for a scalar), counted without recursion. */
  static depthOf(text: string): number {
    let depth = 0;
    let deepest = 0;
    let inString = false;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === '{' || c === '[') deepest = Math.max(deepest, ++depth);
      else if (c === '}' || c === ']') depth--;
    }
    return deepest;
  }
}
