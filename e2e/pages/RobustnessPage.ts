import type { Locator, Page } from '@playwright/test';

/** What shows that a part of the page failed or declined heavy input, while the rest works. */
export class RobustnessPage {
  readonly paneFailures: Locator;
  readonly jsonFormatNote: Locator;
  readonly formatButton: Locator;
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.paneFailures = page.getByTestId('pane-failure');
    this.jsonFormatNote = page.getByTestId('json-format-note');
    this.formatButton = page.getByRole('button', { name: 'Format JSON' });
    this.root = page.locator('#root');
  }

  /** An OpenAPI description whose schemas fan out through allOf (~2.4^count paths without depth counting). */
  static fanOutOpenApi(count: number): string {
    const schemas: Record<string, unknown> = { S0: { type: 'object', properties: { p0: { type: 'string' } } }, S1: { type: 'object', properties: { p1: { type: 'integer' } } } };
    const ref = (n: number) => ({ $ref: `#/components/schemas/S${n}` });
    for (let i = 2; i < count; i++) schemas[`S${i}`] = { allOf: [ref(i - 1), ref(i - 2), ref(i - 1), { type: 'object', properties: { [`p${i}`]: { type: 'string' } } }] };
    return JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Fan-out', version: '1' },
      paths: { '/things': { post: { summary: 'Create thing', requestBody: { content: { 'application/json': { schema: ref(count - 1) } } }, responses: { '200': { description: 'ok' } } } } },
      components: { schemas },
    });
  }
}
