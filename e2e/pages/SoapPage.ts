import { expect, type Locator, type Page } from '@playwright/test';
import { RequestLinePage } from './RequestLinePage';

/** The SOAP tools of the composer as a person uses them, and what the inspector shows of the answer. */
export class SoapPage extends RequestLinePage {
  readonly wsdlUrl: Locator;
  readonly loadButton: Locator;
  readonly progress: Locator;
  readonly warnings: Locator;
  readonly service: Locator;
  readonly port: Locator;
  readonly operation: Locator;
  readonly declared: Locator;
  readonly checks: Locator;
  readonly envelope: Locator;
  readonly envelopeCheck: Locator;
  readonly securityMode: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly regenerate: Locator;
  readonly lastHeader: Locator;
  readonly gate: Locator;
  readonly soapFault: Locator;
  readonly relayError: Locator;
  /** "What will be sent": the request as it will go, WS-Security header included. */
  readonly wirePreview: Locator;

  constructor(page: Page) {
    super(page);
    this.wsdlUrl = page.getByLabel('WSDL URL', { exact: true });
    this.loadButton = page.getByRole('button', { name: /^(Load|Reload) WSDL$/ });
    this.progress = page.getByTestId('wsdl-progress');
    this.warnings = page.getByTestId('wsdl-warnings');
    this.service = page.getByLabel('Service', { exact: true });
    this.port = page.getByLabel('Port', { exact: true });
    this.operation = page.getByLabel('Operation', { exact: true });
    this.declared = page.getByLabel('What the WSDL declares');
    this.checks = page.getByRole('list', { name: 'Checks against the WSDL' });
    this.envelope = page.getByLabel('SOAP envelope', { exact: true });
    this.envelopeCheck = page.getByTestId('envelope-check');
    this.securityMode = page.getByLabel('Security header', { exact: true });
    this.username = page.getByLabel('User name', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.regenerate = page.getByRole('checkbox', { name: 'New Nonce and Created at every send' });
    this.lastHeader = page.getByTestId('wss-last-header');
    this.gate = page.getByRole('dialog', { name: /Send this again\?|Confirm before sending/ });
    this.soapFault = page.getByRole('region', { name: /^SOAP 1\.[12] Fault/ });
    this.relayError = page.getByTestId('relay-error');
    this.wirePreview = page.getByTestId('wire-preview');
  }

  /** The sandbox's SOAP order service endpoint. */
  endpoint(): string {
    return `${this.origin()}/sandbox/soap/orders`;
  }

  /** Makes the active tab a SOAP request (its SOAP section opens). */
  async useSoap(): Promise<void> {
    await this.page.getByRole('radiogroup', { name: 'Request type' }).getByRole('radio', { name: 'SOAP' }).check();
    await expect(this.wsdlUrl).toBeVisible();
  }

  async section(name: 'SOAP' | 'Headers' | 'Body'): Promise<void> {
    await this.page.getByRole('tablist', { name: 'Request parts' }).getByRole('tab', { name: new RegExp(`^${name}`) }).click();
  }

  /** Types the address and loads the WSDL, waiting until it is parsed. */
  async loadWsdl(address: string): Promise<void> {
    await this.wsdlUrl.fill(address);
    await this.loadButton.click();
    await expect(this.progress).toContainText(/^Parsed \d+ documents?/);
  }

  async pickPort(label: string | RegExp): Promise<void> {
    await this.port.selectOption({ label: typeof label === 'string' ? label : (await this.optionLabel(this.port, label)) });
  }

  async pickOperation(name: string): Promise<void> {
    await this.operation.selectOption(name);
    await expect(this.operation).toHaveValue(name);
  }

  private async optionLabel(select: Locator, pattern: RegExp): Promise<string> {
    const labels = await select.locator('option').allTextContents();
    const found = labels.find((l) => pattern.test(l));
    if (!found) throw new Error(`No option matching ${pattern} in ${labels.join(' | ')}`);
    return found;
  }

  /** One check against the WSDL, by words of its label. */
  check(label: string | RegExp): Locator {
    return this.checks.getByRole('listitem').filter({ hasText: label });
  }

  /** Replaces the envelope's text. */
  async setEnvelope(text: string): Promise<void> {
    await this.envelope.fill(text);
  }

  /** The envelope's text as the editor holds it. */
  async envelopeText(): Promise<string> {
    return (await this.envelope.innerText()).replace(/\u00a0/g, ' ');
  }

  /** Replaces `from` with `to` in the envelope. */
  async editEnvelope(from: string | RegExp, to: string): Promise<void> {
    // The editor fills in after the operation is picked; wait for the text to be there.
    const has = (t: string) => (typeof from === 'string' ? t.includes(from) : new RegExp(from.source, from.flags.replace('g', '')).test(t));
    await expect.poll(async () => has(await this.envelopeText()), { timeout: 15_000 }).toBe(true);
    const text = await this.envelopeText();
    const next = text.replace(from, to);
    if (next === text) throw new Error(`The envelope does not contain ${String(from)}:\n${text}`);
    await this.setEnvelope(next);
  }

  /** The value of the request header `name` in the Headers table (it opens the Headers section). */
  async headerValue(name: string): Promise<Locator> {
    await this.section('Headers');
    const count = await this.page.getByLabel(/^Header \d+ name$/).count();
    for (let i = 1; i <= count; i++) {
      if ((await this.page.getByLabel(`Header ${i} name`, { exact: true }).inputValue()).toLowerCase() === name.toLowerCase()) {
        return this.page.getByLabel(`Header ${i} value`, { exact: true });
      }
    }
    throw new Error(`No header ${name} in the table`);
  }

  async useSecurity(mode: 'None' | 'UsernameToken, PasswordText' | 'UsernameToken, PasswordDigest', credentials?: { username: string; password: string }): Promise<void> {
    await this.securityMode.selectOption({ label: mode });
    if (credentials) {
      await this.username.fill(credentials.username);
      await this.password.fill(credentials.password);
    }
  }

  /** Sends; `confirm` answers the send gate (a repeated POST, an acknowledged lint error) with Send anyway. */
  async sendAndWait(options: { confirm?: boolean } = {}): Promise<void> {
    const relayed = this.page.waitForResponse((r) => r.url().endsWith('/api/relay') && r.request().method() === 'POST');
    await this.send.click();
    if (options.confirm) {
      await expect(this.gate).toBeVisible();
      await this.gate.getByRole('button', { name: 'Send anyway' }).click();
    }
    await relayed;
    await expect(this.page.getByRole('region', { name: 'Response', exact: true })).toHaveAttribute('aria-busy', 'false');
    await expect(this.metrics).toBeVisible();
  }

  /** The raw response body text. */
  async responseText(): Promise<string> {
    await this.page.getByRole('tablist', { name: 'Body view' }).getByRole('tab', { name: 'Raw', exact: true }).click();
    return (await this.responseBody.textContent()) ?? '';
  }

  /** The WS-Security fieldset. */
  security(): Locator {
    return this.page.getByRole('group', { name: 'WS-Security' });
  }

  async importAsCollection(): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Import WSDL as a collection' }).click();
    return this.page.getByRole('status').filter({ hasText: /Added the collection|could not/ });
  }

  /** Records main-thread long tasks (over 50 ms) from now on, in the page. */
  async watchLongTasks(): Promise<void> {
    await this.page.evaluate(() => {
      const state = window as unknown as { __soapLongTasks: number[] };
      state.__soapLongTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) state.__soapLongTasks.push(entry.duration);
      }).observe({ type: 'longtask' });
    });
  }

  /** The longest main-thread task since `watchLongTasks`, in ms (0 when none was long). */
  async longestTask(): Promise<number> {
    return this.page.evaluate(() => Math.max(0, ...(window as unknown as { __soapLongTasks: number[] }).__soapLongTasks));
  }

  /** A screenshot at the viewport's size, with `focus` scrolled into view first. */
  async screenshot(name: string, focus?: Locator): Promise<void> {
    if (focus) await focus.scrollIntoViewIfNeeded();
    await this.page.screenshot({ path: `/tmp/shots-soap/${name}.png` });
  }
}
