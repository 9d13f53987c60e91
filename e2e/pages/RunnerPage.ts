import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

/** The collection runner dialog (issue 18, item 4). */
export class RunnerPage {
  readonly dialog: Locator;
  readonly runButton: Locator;
  readonly cancelButton: Locator;
  readonly progress: Locator;
  readonly totals: Locator;
  readonly results: Locator;
  readonly stopped: Locator;
  readonly failuresOnly: Locator;
  readonly iterations: Locator;
  readonly delay: Locator;
  readonly bail: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: /^Run / });
    this.runButton = this.dialog.getByRole('button', { name: 'Run', exact: true });
    this.cancelButton = this.dialog.getByRole('button', { name: 'Cancel run' });
    this.progress = this.dialog.locator('.runner-progress');
    this.totals = this.dialog.getByLabel('Run totals');
    this.results = this.dialog.getByRole('region', { name: 'Run results' });
    this.stopped = this.dialog.locator('.runner-stopped');
    this.failuresOnly = this.dialog.getByLabel('Failures only');
    this.iterations = this.dialog.getByLabel('Iterations');
    this.delay = this.dialog.getByLabel('Delay (ms)');
    this.bail = this.dialog.getByLabel('Stop on first failure');
  }

  /** Picks a data file through the file chooser the "Choose file…" button opens. */
  async chooseDataFile(path: string): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.dialog.getByRole('button', { name: /^(Choose file|Replace)…$/ }).click();
    await (await chooser).setFiles(path);
  }

  /** The alert that refuses a data file or a setting. */
  problem(): Locator {
    return this.dialog.locator('.runner-error');
  }

  /** Runs and waits until the run has ended (Run is offered again). */
  async run(): Promise<void> {
    await this.runButton.click();
    await expect(this.runButton).toBeVisible({ timeout: 45_000 });
    await expect(this.totals).toBeVisible();
  }

  iteration(n: number): Locator {
    return this.dialog.getByRole('region', { name: `Iteration ${n}`, exact: true });
  }

  /** The result rows (one per request sent) of an iteration, or of the whole run. */
  steps(scope: Locator = this.dialog): Locator {
    return scope.locator('.runner-step');
  }

  step(iteration: number, name: string): Locator {
    return this.steps(this.iteration(iteration)).filter({ has: this.page.locator('.runner-step-name', { hasText: name }) });
  }

  /** Downloads an export ("JUnit XML", "JSON", "HTML") and returns the file's path. */
  async export(format: 'JUnit XML' | 'JSON' | 'HTML'): Promise<string> {
    const download = this.page.waitForEvent('download');
    await this.dialog.getByRole('group', { name: 'Export the run' }).getByRole('button', { name: format, exact: true }).click();
    return (await (await download).path())!;
  }

  async close(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Close the runner' }).click();
    await expect(this.dialog).toBeHidden();
  }

  /**
   * Makes a Postman environment file's variables an environment of the workbench (through
   * the Environments dialog) and chooses it; `baseUrl` replaces the file's own.
   */
  async useEnvironment(file: string, baseUrl: string): Promise<void> {
    const env = JSON.parse(readFileSync(file, 'utf8')) as { name: string; values: { key: string; value: string; enabled?: boolean }[] };
    const dialog = this.page.getByRole('dialog', { name: 'Environments' });
    await this.page.getByRole('toolbar', { name: 'Collection actions' }).getByRole('button', { name: 'Environments' }).click();
    await dialog.getByRole('button', { name: 'New environment' }).click();
    await dialog.getByLabel('Environment name').fill(env.name);
    let n = 0;
    for (const v of env.values) {
      if (v.enabled === false) continue;
      n++;
      await dialog.getByRole('button', { name: 'Add variable' }).click();
      await dialog.getByLabel(`Variable ${n} name`).fill(v.key);
      await dialog.getByLabel(`Variable ${n} value`).fill(v.key === 'baseUrl' ? baseUrl : v.value);
    }
    await dialog.getByRole('button', { name: 'Done' }).click();
    await this.page.getByLabel('Environment', { exact: true }).selectOption({ label: env.name });
  }
}
