import { expect, type Locator, type Page } from '@playwright/test';

/** A WebSocket tab as a person uses it: address, Connect, the message composer, close controls, the connection pane. */
export class WebSocketPage {
  readonly composer: Locator;
  readonly response: Locator;
  readonly url: Locator;
  readonly phase: Locator;
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.composer = page.getByRole('region', { name: 'Request', exact: true });
    this.response = page.getByRole('region', { name: 'WebSocket connection' });
    this.url = this.composer.getByLabel('URL', { exact: true });
    this.phase = page.getByTestId('ws-phase');
    this.rows = page.getByTestId('ws-row');
  }

  async open(): Promise<void> {
    await this.page.getByRole('radiogroup', { name: 'Request type' }).getByText('WebSocket', { exact: true }).click();
    await expect(this.composer.getByRole('button', { name: /^(Connect|Reconnect)$/ })).toBeVisible();
  }

  async connect(url: string, subprotocols = ''): Promise<void> {
    await this.url.fill(url);
    await this.composer.getByLabel('Subprotocols').fill(subprotocols);
    await this.composer.getByRole('button', { name: /^(Connect|Reconnect)$/ }).click();
  }

  async send(format: 'Text' | 'JSON' | 'Binary (hex)' | 'Binary (base64)', body: string): Promise<void> {
    await this.composer.getByLabel('Format').selectOption({ label: format });
    await this.composer.getByLabel('Message to send').fill(body);
    await this.composer.getByRole('button', { name: 'Send message' }).click();
  }

  async closeWith(code: string, reason: string): Promise<void> {
    await this.composer.getByLabel('Code').fill(code);
    await this.composer.getByLabel('Reason').fill(reason);
    await this.composer.getByRole('button', { name: 'Close with code' }).click();
  }
}
