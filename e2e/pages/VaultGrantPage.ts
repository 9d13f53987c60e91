import { expect, type Locator, type Page } from '@playwright/test';
import { VaultPage } from './VaultPage';

/** An entry whose tokens the vault gets itself. */
export interface GrantEntrySettings {
  name: string;
  grant: 'Authorization code + PKCE' | 'Client credentials' | 'Device authorization' | 'Password (legacy)';
  issuer: string;
  clientId: string;
  clientSecret?: string;
  authMethod?: 'client_secret_basic' | 'client_secret_post' | 'none' | 'private_key_jwt';
  scope?: string;
  hosts?: string;
  username?: string;
  password?: string;
  /** private_key_jwt: the key (PEM or JWK text), its kid and algorithm. */
  privateKey?: string;
  keyId?: string;
  signingAlg?: string;
}

/** The "Get tokens" settings and run of a vault entry, and the provider's pages in a popup or another page. */
export class VaultGrantPage {
  readonly vault: VaultPage;
  readonly form: Locator;
  readonly run: Locator;
  readonly tools: Locator;

  constructor(readonly page: Page) {
    this.vault = new VaultPage(page);
    this.form = this.vault.dialog.getByRole('form', { name: 'Entry settings' });
    this.run = this.vault.dialog.getByRole('region', { name: 'Get tokens' });
    this.tools = this.vault.dialog.getByRole('region', { name: 'Grant at the server' });
  }

  /** Opens a memory-only vault and adds an entry configured from the issuer's discovery document; the dialog stays on Settings. */
  async addGrantEntry(settings: GrantEntrySettings): Promise<void> {
    await this.vault.open();
    if (await this.vault.panel.getByRole('button', { name: 'Keep in memory only' }).isVisible()) await this.vault.keepInMemory();
    await this.vault.panel.getByRole('button', { name: 'New entry' }).click();
    await expect(this.vault.dialog).toBeVisible();
    await this.form.getByLabel('Name', { exact: true }).fill(settings.name);
    await this.form.getByLabel('Grant type').selectOption({ label: settings.grant });
    await this.discover(settings.issuer);
    await expect(this.form.getByLabel('Token endpoint')).toHaveValue(`${settings.issuer}/token`);
    await this.form.getByLabel('Client ID').fill(settings.clientId);
    await this.form.getByLabel('Client secret').fill(settings.clientSecret ?? '');
    if (settings.authMethod) await this.form.getByLabel('Client authentication method').selectOption(settings.authMethod);
    if (settings.scope !== undefined) await this.form.getByLabel('Scopes asked for').fill(settings.scope);
    if (settings.username !== undefined) await this.form.getByLabel('Username').fill(settings.username);
    if (settings.password !== undefined) await this.form.getByLabel('Password', { exact: true }).fill(settings.password);
    if (settings.privateKey !== undefined) await this.usePrivateKey(settings.privateKey, settings.keyId ?? '', settings.signingAlg ?? 'ES256');
    if (settings.hosts !== undefined) await this.form.getByLabel('Allowed hosts').fill(settings.hosts);
    await this.form.getByLabel('Allow plain http for this entry').setChecked(true);
    await this.save();
  }

  async discover(issuer: string): Promise<void> {
    await this.form.getByLabel('Issuer').fill(issuer);
    await this.form.getByRole('button', { name: 'Discover', exact: true }).click();
  }

  /** What discovery read, beside the issuer. */
  discoveryNote(): Locator {
    return this.form.getByText(/^Read from the /);
  }

  discoveryProblem(): Locator {
    return this.form.getByRole('alert');
  }

  /** The private_key_jwt settings (the method must already be private_key_jwt); not saved. */
  async usePrivateKey(key: string, keyId: string, alg: string): Promise<void> {
    await this.form.getByLabel('Private key').fill(key);
    await this.form.getByLabel('Algorithm').selectOption(alg);
    await this.form.getByLabel('Key ID').fill(keyId);
  }

  /** Points the entry at a token endpoint other than the discovered one, and saves. */
  async useTokenEndpoint(url: string): Promise<void> {
    await this.vault.showSection('Settings');
    await this.form.getByLabel('Token endpoint').fill(url);
    await this.save();
  }

  async save(): Promise<void> {
    await this.form.getByRole('button', { name: 'Save entry' }).click();
    await expect(this.form.getByRole('status')).toHaveText(/^Saved/);
  }

  /** Starts the grant from the Token tab. */
  async getTokens(): Promise<void> {
    await this.vault.showSection('Token');
    await this.run.getByRole('button', { name: /Get (new )?tokens/ }).click();
  }

  /** Starts the authorization code grant and returns the sign-in popup. */
  async getTokensInPopup(): Promise<Page> {
    const popup = this.page.waitForEvent('popup');
    await this.getTokens();
    return popup;
  }

  /** Pastes the address the provider redirected to into the waiting sign-in. */
  async pasteRedirect(url: string): Promise<void> {
    const field = this.run.getByLabel(/address you were redirected to/);
    await field.fill(url);
    await this.run.getByRole('button', { name: 'Use this address' }).click();
  }

  /** One of the settings' name/value tables: "Authorization parameters" or "Token request parameters". */
  parameters(label: 'Authorization parameters' | 'Token request parameters'): Locator {
    return this.form.getByRole('table', { name: label });
  }

  /** Adds a row to a parameter table and fills it (not saved). */
  async addParameter(label: 'Authorization parameters' | 'Token request parameters', name: string, value: string): Promise<void> {
    await this.form.getByRole('button', { name: `Add ${label.toLowerCase().replace(/s$/, '')}` }).click();
    const rows = this.parameters(label).getByRole('row');
    const row = rows.nth((await rows.count()) - 1);
    await row.getByRole('textbox', { name: /^Name/ }).fill(name);
    await row.getByRole('textbox', { name: /^Value/ }).fill(value);
  }

  /** "Save and get tokens" from the Settings tab: saves the form, shows the Token tab and starts the sign-in in a popup. */
  async saveAndGetTokensInPopup(): Promise<Page> {
    const popup = this.page.waitForEvent('popup');
    await this.form.getByRole('button', { name: 'Save and get tokens' }).click();
    return popup;
  }

  stored(): Locator {
    return this.run.getByRole('status');
  }

  problem(): Locator {
    return this.run.getByRole('alert');
  }

  steps(): Locator {
    return this.run.getByRole('list', { name: 'Grant steps' });
  }

  /** Unfolds the authorization request's parameters and returns their table. */
  async authorizationParameters(): Promise<Locator> {
    await this.run.getByText(/^Authorization request: \d+ parameters/).click();
    return this.run.getByRole('table', { name: 'Authorization request parameters' });
  }

  userCode(): Locator {
    return this.run.getByRole('region', { name: 'Device sign-in' }).getByLabel('User code');
  }

  verificationLink(): Locator {
    return this.run.getByRole('region', { name: 'Device sign-in' }).getByRole('link');
  }

  async revoke(): Promise<void> {
    await this.tools.getByRole('button', { name: 'Revoke', exact: true }).click();
    await this.tools.getByRole('button', { name: /^Revoke the / }).click();
  }
}

/** The sandbox authorization server's sign-in, consent and device pages, as the person uses them. */
export class SandboxSignIn {
  constructor(readonly page: Page) {}

  async signIn(username: string, password: string): Promise<void> {
    await this.page.getByLabel('Username').fill(username);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  async decide(decision: 'Approve' | 'Deny'): Promise<void> {
    await this.page.getByRole('button', { name: decision }).click();
  }

  /** Enters the user code on the verification page (already filled when it came from verification_uri_complete). */
  async enterCode(userCode: string): Promise<void> {
    await this.page.getByLabel('Code').fill(userCode);
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }
}

/** oidc-provider's development interaction pages (any login), its device verification and consent, as the person uses them. */
export class OidcProviderPages {
  constructor(readonly page: Page) {}

  async signIn(login: string): Promise<void> {
    await this.page.getByPlaceholder('Enter any login').fill(login);
    await this.page.getByPlaceholder('and password').fill('any');
    await this.page.getByRole('button', { name: 'Sign-in' }).click();
  }

  async consent(): Promise<void> {
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }

  /** On its device verification page: enters the user code, then confirms it on the page that shows it again. */
  async enterUserCode(userCode: string): Promise<void> {
    await this.page.locator('input[name="user_code"]').fill(userCode);
    await this.page.getByRole('button', { name: 'Continue' }).click();
    await expect(this.page.getByRole('heading', { name: 'Confirm Device' })).toBeVisible();
    await expect(this.page.locator('code')).toHaveText(userCode);
    await this.page.getByRole('button', { name: 'Continue' }).click();
  }
}
