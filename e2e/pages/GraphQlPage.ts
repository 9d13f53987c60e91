import { expect, type Locator, type Page } from '@playwright/test';
import { RequestLinePage } from './RequestLinePage';

/** A GraphQL request as a person composes it: the type picker, the query editor with completion, variables, schema and explorer, and the errors card. */
export class GraphQlPage extends RequestLinePage {
  readonly editor: Locator;
  readonly variables: Locator;
  readonly schemaStatus: Locator;
  readonly problems: Locator;
  readonly explorer: Locator;
  readonly errorsCard: Locator;
  readonly completions: Locator;

  constructor(page: Page) {
    super(page);
    this.editor = page.getByTestId('graphql-query');
    this.variables = page.getByRole('textbox', { name: 'GraphQL variables' });
    this.schemaStatus = page.getByTestId('graphql-schema-status');
    this.problems = page.getByTestId('graphql-problems');
    this.explorer = page.getByTestId('graphql-explorer');
    this.errorsCard = page.getByTestId('graphql-errors');
    this.completions = page.locator('.cm-tooltip-autocomplete');
  }

  /** Picks GraphQL as the request type, aims it at the sandbox endpoint and shows the Body. */
  async useGraphQl(path = '/sandbox/graphql'): Promise<void> {
    await this.page.getByRole('radiogroup', { name: 'Request type' }).getByRole('radio', { name: 'GraphQL' }).check();
    await this.url.fill(new URL(path, this.page.url()).href);
    await this.page.getByRole('tablist', { name: 'Request parts' }).getByRole('tab', { name: /^Body/ }).click();
    await expect(this.editor).toBeVisible();
  }

  async fetchSchema(): Promise<void> {
    await this.page.getByTestId('graphql-fetch-schema').click();
    await expect(this.schemaStatus).toContainText(/Schema by introspection: \d+ types/);
  }

  /** Replaces the query with `text` (inserted as a whole, so brackets are not closed twice). */
  async setQuery(text: string): Promise<void> {
    await this.editor.click();
    await this.page.keyboard.press('ControlOrMeta+a');
    await this.page.keyboard.press('Delete');
    await this.page.keyboard.insertText(text);
  }

  /** The line the editor's cursor is on. */
  activeLine(): Locator {
    return this.editor.locator('.cm-activeLine');
  }

  async sendAndWait(): Promise<void> {
    await this.send.click();
    await expect(this.status).toBeVisible();
  }

  async screenshot(name: string): Promise<void> {
    await this.page.screenshot({ path: `/tmp/shots-graphql/${name}.png` });
  }
}
