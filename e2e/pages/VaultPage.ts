import { expect, type Locator, type Page } from '@playwright/test';

/** Settings of a vault entry as the form takes them. */
export interface VaultEntrySettings {
  name: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  hosts: string;
  allowPlainHttp?: boolean;
  autoRefresh?: boolean;
  scope?: string;
}

/** The token vault in the sidebar and its entry dialog. */
export class VaultPage {
  readonly tab: Locator;
  readonly panel: Locator;
  readonly dialog: Locator;
  readonly entries: Locator;

  constructor(readonly page: Page) {
    this.tab = page.getByRole('tab', { name: 'Vault' });
    this.panel = page.getByRole('region', { name: 'Token vault' });
    this.dialog = page.getByRole('dialog', { name: /^Vault entry:/ });
    this.entries = this.panel.getByRole('list', { name: 'Vault entries' });
  }

  async open(): Promise<void> {
    await this.tab.click();
    await expect(this.panel).toBeVisible();
  }

  async createEncrypted(passphrase: string): Promise<void> {
    const form = this.panel.getByRole('form', { name: 'Encrypt the vault' });
    await form.getByLabel('Passphrase', { exact: true }).fill(passphrase);
    await form.getByLabel('Repeat passphrase').fill(passphrase);
    await form.getByRole('button', { name: 'Create encrypted vault' }).click();
    await expect(this.panel.getByText('encrypted', { exact: true })).toBeVisible();
  }

  async keepInMemory(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Keep in memory only' }).click();
    await expect(this.panel.getByText('memory only', { exact: true })).toBeVisible();
  }

  async unlock(passphrase: string): Promise<void> {
    const form = this.panel.getByRole('form', { name: 'Unlock the vault' });
    await form.getByLabel('Passphrase').fill(passphrase);
    await form.getByRole('button', { name: 'Unlock' }).click();
  }

  unlockProblem(): Locator {
    return this.panel.getByRole('form', { name: 'Unlock the vault' }).getByRole('alert');
  }

  async lock(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Lock' }).click();
    await expect(this.panel.getByText('locked', { exact: true })).toBeVisible();
  }

  async forgetEverything(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Forget everything' }).click();
    await this.page.getByRole('dialog', { name: 'Forget everything in the vault?' }).getByRole('button', { name: 'Forget everything' }).click();
    await expect(this.panel.getByRole('button', { name: 'Keep in memory only' })).toBeVisible();
  }

  /** Adds an entry, fills its settings and saves; the dialog stays open. */
  async addEntry(settings: VaultEntrySettings): Promise<void> {
    await this.panel.getByRole('button', { name: 'New entry' }).click();
    await expect(this.dialog).toBeVisible();
    const form = this.dialog.getByRole('form', { name: 'Entry settings' });
    await form.getByLabel('Name', { exact: true }).fill(settings.name);
    await form.getByLabel('Token endpoint').fill(settings.tokenUrl);
    await form.getByLabel('Client ID').fill(settings.clientId);
    await form.getByLabel('Client secret').fill(settings.clientSecret);
    await form.getByLabel('Allowed hosts').fill(settings.hosts);
    if (settings.scope !== undefined) await form.getByLabel('Scope', { exact: true }).fill(settings.scope);
    await form.getByLabel('Allow plain http for this entry').setChecked(settings.allowPlainHttp ?? false);
    await form.getByLabel('Refresh automatically before expiry').setChecked(settings.autoRefresh ?? true);
    await form.getByRole('button', { name: 'Save entry' }).click();
    await expect(form.getByRole('status')).toHaveText('Saved.');
  }

  /**
   * Opens the vault (in memory only, or encrypted under `passphrase`), adds an entry and
   * gives it a refresh token: how most tests start. The entry's dialog stays open.
   */
  async holdEntry(storage: 'memory' | { passphrase: string }, settings: VaultEntrySettings, refreshToken: string): Promise<void> {
    await this.open();
    if (storage === 'memory') await this.keepInMemory();
    else await this.createEncrypted(storage.passphrase);
    await this.addEntry(settings);
    await this.giveRefreshToken(refreshToken);
  }

  async showSection(name: 'Token' | 'Settings' | 'Exchange log'): Promise<void> {
    await this.dialog.getByRole('tab', { name }).click();
  }

  async giveRefreshToken(token: string): Promise<void> {
    await this.showSection('Token');
    const section = this.dialog.getByRole('region', { name: 'Refresh token' });
    await section.getByLabel(/refresh token/i).fill(token);
    await section.getByRole('button', { name: 'Use this refresh token' }).click();
  }

  async closeDialog(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Close the entry' }).click();
    await expect(this.dialog).toBeHidden();
  }

  async openEntry(name: string): Promise<void> {
    await this.entry(name).getByRole('button', { name: 'Open' }).click();
    await expect(this.dialog).toBeVisible();
  }

  entry(name: string): Locator {
    return this.entries.getByRole('listitem', { name });
  }

  /** The status badge of an entry in the list ("access token valid", "revoked", …). */
  entryStatus(name: string): Locator {
    return this.entry(name).locator('[data-status]');
  }

  async refreshNow(name: string): Promise<void> {
    await this.entry(name).getByRole('button', { name: 'Refresh now' }).click();
  }

  /** The current step of the three-party flow diagram in the open dialog. */
  flowCurrentStep(): Locator {
    return this.dialog.getByRole('figure').locator('[aria-current="step"]');
  }

  claims(): Locator {
    return this.dialog.getByRole('table', { name: 'Access token claims' });
  }

  audienceFindings(): Locator {
    return this.dialog.getByRole('list', { name: 'Audience explained' });
  }

  /** The `exp` claim (seconds) of the entry's access token, read from its claims table. */
  async accessTokenExp(name: string): Promise<number> {
    await this.openEntry(name);
    await this.showSection('Token');
    const cell = this.claims().getByRole('row', { name: /^exp/ }).getByRole('cell');
    const exp = Number(/^\d+/.exec((await cell.textContent()) ?? '')?.[0]);
    await this.closeDialog();
    expect(exp).toBeGreaterThan(0);
    return exp;
  }

  /** One claim of the entry's access token (`jti`, `gid`, …) as its claims table shows it; the dialog is closed again. */
  async accessTokenClaim(name: string, claim: string): Promise<string> {
    await this.openEntry(name);
    await this.showSection('Token');
    const value = ((await this.claims().getByRole('row', { name: new RegExp(`^${claim}\\b`) }).getByRole('cell').textContent()) ?? '').trim();
    await this.closeDialog();
    expect(value).not.toBe('');
    return value;
  }

  /**
   * What the entry holds now, read from its dialog: the access token's `exp` and `gid`
   * claims and how many times the server rotated the refresh token.
   */
  async tokenState(name: string): Promise<{ exp: number; grantId: string; rotations: number }> {
    await this.openEntry(name);
    await this.showSection('Token');
    const claim = async (claimName: string) => ((await this.claims().getByRole('row', { name: new RegExp(`^${claimName}`) }).getByRole('cell').textContent()) ?? '').trim();
    const exp = Number(/^\d+/.exec(await claim('exp'))?.[0]);
    const grantId = await claim('gid');
    const note = (await this.dialog.getByRole('region', { name: 'Refresh token' }).textContent()) ?? '';
    const rotations = Number(/rotated it (\d+) time/.exec(note)?.[1]);
    await this.closeDialog();
    expect(exp).toBeGreaterThan(0);
    expect(rotations).toBeGreaterThanOrEqual(0);
    return { exp, grantId, rotations };
  }

  accessTokenProblem(): Locator {
    return this.dialog.getByRole('region', { name: 'Access token' }).getByRole('alert');
  }

  logRows(): Locator {
    return this.dialog.getByRole('table', { name: 'Exchange log' }).getByRole('row');
  }

  /** Points the composer's Auth tab at a vault entry: the request then holds only its id. */
  async useInComposer(entryName: string): Promise<string> {
    await this.page.getByRole('tab', { name: 'Auth', exact: true }).click();
    await this.page.getByLabel('Auth scheme').selectOption('vault');
    const picker = this.page.getByLabel('Vault entry');
    const id = await picker.locator('option', { hasText: entryName }).getAttribute('value');
    expect(id).toBeTruthy();
    await picker.selectOption(id!);
    return id!;
  }

  /** What the page keeps in localStorage (drafts persisted by the composer), as JSON text. */
  async localStorageText(): Promise<string> {
    return this.page.evaluate(() => JSON.stringify({ ...localStorage }));
  }

  /** Every record of the vault's IndexedDB database, as JSON text, read in the page. */
  async rawIndexedDb(): Promise<string> {
    return this.page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('wirebench-vault');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const dump: Record<string, unknown[]> = {};
      for (const name of Array.from(db.objectStoreNames)) {
        dump[name] = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(name).objectStore(name).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      }
      db.close();
      return JSON.stringify(dump);
    });
  }
}

/**
 * The sandbox's identity provider pages: consent and grants, as the person uses them, in
 * a tab of their own. After each visit the workbench tab is brought back to the front:
 * Chromium throttles animation frames in background tabs, which stalls every action there.
 */
export class SandboxAuthPages {
  constructor(
    readonly page: Page,
    readonly workbench: Page,
  ) {}

  /** Grants `clientId` access on the consent page and returns the refresh token it shows. */
  async grantAccess(origin: string, clientId: string): Promise<string> {
    await this.page.goto(`${origin}/sandbox/auth/consent?client_id=${encodeURIComponent(clientId)}`);
    await this.page.getByRole('button', { name: 'Grant access' }).click();
    await expect(this.page.getByRole('heading', { name: 'Access granted' })).toBeVisible();
    const token = (await this.page.locator('#refresh-token').textContent())?.trim() ?? '';
    expect(token).not.toBe('');
    await this.workbench.bringToFront();
    return token;
  }

  /** One grant as the grants page lists it: "active" or "revoked …", and how many exchanges it saw. */
  async grant(origin: string, grantId: string): Promise<{ status: string; exchanges: number }> {
    await this.page.goto(`${origin}/sandbox/auth/grants`);
    const cells = this.page.getByRole('row', { name: new RegExp(grantId) }).getByRole('cell');
    const [exchanges, status] = await Promise.all([cells.nth(4).textContent(), cells.nth(5).textContent()]);
    await this.workbench.bringToFront();
    return { status: status?.trim() ?? '', exchanges: Number(exchanges) };
  }

  /** Revokes one grant on the grants page, as the person would. */
  async revokeGrant(origin: string, grantId: string): Promise<void> {
    await this.page.goto(`${origin}/sandbox/auth/grants`);
    await this.page.getByRole('button', { name: `Revoke grant ${grantId}` }).click();
    await expect(this.page.getByRole('row', { name: new RegExp(grantId) })).toContainText('revoked');
    await this.workbench.bringToFront();
  }
}
