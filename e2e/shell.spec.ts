import { test, expect } from './fixtures';
import { ShellPage } from './pages/ShellPage';
import { appReady } from './support/appReady';

test('each tab keeps its own response, view and filter; a new tab starts empty; closing drops it', async ({ workbench, inspector, page }) => {
  const shell = new ShellPage(page);
  await inspector.get('/sandbox/anything/alpha?client_id=my_app');
  await expect(workbench.status).toContainText('200');
  await inspector.filter.fill('$.args.client_id');
  await inspector.filter.press('Enter');
  await expect(page.getByText('Showing 1 match for $.args.client_id')).toBeVisible();
  await page.getByRole('tablist', { name: 'Body view' }).getByRole('tab', { name: 'Raw', exact: true }).click();
  await page.getByRole('tablist', { name: 'Body view' }).getByRole('tab', { name: 'Pretty', exact: true }).click();

  await shell.newTabButton.click();
  await expect(workbench.status).toHaveCount(0);
  await expect(shell.responsePane).toContainText('No response in this tab yet');

  await shell.tab(/GET alpha/).click();
  await expect(workbench.status).toContainText('200');
  await expect(inspector.filter).toHaveValue('$.args.client_id');
  await expect(page.getByText('Showing 1 match for $.args.client_id')).toBeVisible();

  // Headers chosen in this tab stay chosen here only.
  await page.getByRole('tablist', { name: 'Response details' }).getByRole('tab', { name: /Headers/ }).click();
  await shell.tab(/GET anything/).click();
  await inspector.get('/sandbox/status/404');
  await expect(workbench.status).toContainText('404');
  await expect(page.getByRole('tablist', { name: 'Response details' }).getByRole('tab', { name: /Body/ })).toHaveAttribute('aria-selected', 'true');
  await shell.tab(/GET alpha/).click();
  await expect(page.getByRole('tablist', { name: 'Response details' }).getByRole('tab', { name: /Headers/ })).toHaveAttribute('aria-selected', 'true');

  await shell.closeWithPointer(/GET alpha/);
  await expect(workbench.status).toContainText('404');
  await expect(shell.tab(/GET alpha/)).toHaveCount(0);
});

test('"Not sent" replaces the card in its own tab only, and a reload shows each tab its last response', async ({ workbench, inspector, page }) => {
  const shell = new ShellPage(page);
  // Nothing listens on port 9 of loopback: connection refused.
  await inspector.get('http://127.0.0.1:9/refused');
  await expect(page.getByTestId('relay-error')).toBeVisible();
  await shell.newTabButton.click();
  await inspector.get('/sandbox/anything/second');
  await expect(workbench.status).toContainText('200');
  await shell.tab(/GET refused/).click();
  await workbench.url.fill('http://');
  await workbench.send.click();
  await expect(shell.notSent).toBeVisible();
  await expect(page.getByTestId('relay-error')).toHaveCount(0);
  await shell.tab(/GET second/).click();
  await expect(workbench.status).toContainText('200');
  await expect(shell.notSent).toHaveCount(0);

  await page.reload();
  await expect(workbench.status).toContainText('200');
  await expect(shell.fromHistory).toBeVisible();
  await expect(workbench.responseBody).toContainText('/sandbox/anything/second');
});

test('keyboard: palette, new and closed tabs, sidebar, shortcuts list, Esc cancels', async ({ workbench, page }) => {
  const shell = new ShellPage(page);
  await shell.runCommand('new tab', 'New tab');
  await expect(shell.tabs.getByRole('tab')).toHaveCount(2);
  await page.keyboard.press('Alt+w');
  await expect(shell.tabs.getByRole('tab')).toHaveCount(1);
  await page.keyboard.press('Control+t');
  await expect(shell.tabs.getByRole('tab')).toHaveCount(2);
  await page.keyboard.press('Control+w');
  await expect(shell.tabs.getByRole('tab')).toHaveCount(1);

  // A lesson and a sidebar section, found by fuzzy search.
  await shell.runCommand('lsn colon', 'Basic with a colon');
  await expect(page.getByTestId('lesson-card')).toContainText('Basic with a colon in the password');
  await expect(shell.tabs.getByRole('tab')).toHaveCount(2);

  await page.keyboard.press('Control+b');
  await expect(shell.sidebar).toBeHidden();
  await expect(shell.sidebarToggle).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Control+b');
  await expect(shell.sidebar).toBeVisible();

  await page.getByRole('heading', { name: 'Wirebench' }).click();
  await page.keyboard.press('?');
  await expect(shell.shortcutsDialog).toBeVisible();
  await expect(shell.shortcutsDialog).toContainText('Command palette');
  await page.keyboard.press('Escape');
  await expect(shell.shortcutsDialog).toBeHidden();

  // A slow answer is cancelled with Esc; the elapsed time runs meanwhile.
  await workbench.url.fill(new URL('/sandbox/delay/20000', page.url()).href);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('elapsed')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('relay-error')).toHaveAttribute('data-kind', 'aborted');
});

test('many tabs: the strip scrolls and the All tabs menu reaches every one', async ({ workbench, page }) => {
  const shell = new ShellPage(page);
  for (let i = 1; i <= 8; i++) {
    await shell.newTabButton.click();
    await workbench.url.fill(`http://127.0.0.1:1/items/number-${i}`);
  }
  await expect(shell.tabs.getByRole('tab')).toHaveCount(9);
  await shell.allTabsButton.click();
  const menu = page.getByRole('menu', { name: 'Open tabs' });
  await expect(menu.getByRole('menuitemradio')).toHaveCount(9);
  await menu.getByRole('menuitemradio', { name: /number-2/ }).click();
  await expect(workbench.url).toContainText('number-2');
  await expect(shell.tab(/number-2/)).toBeInViewport();
});

test('layout: stacked at 1024×700, switchable and remembered; sidebar width by keyboard', async ({ workbench, page }) => {
  const shell = new ShellPage(page);
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect.poll(() => shell.orientation()).toBe('vertical');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await expect.poll(() => shell.orientation()).toBe('horizontal');
  await shell.layoutButton.click();
  await shell.layoutButton.click();
  await expect(shell.layoutButton).toHaveText('Layout: stacked');
  await expect.poll(() => shell.orientation()).toBe('vertical');
  const resizer = page.getByRole('separator', { name: 'Resize the sidebar' });
  const before = Number(await resizer.getAttribute('aria-valuenow'));
  await resizer.focus();
  await page.keyboard.press('ArrowRight');
  await expect(resizer).toHaveAttribute('aria-valuenow', String(before + 16));
  await page.reload();
  await expect(workbench.send).toBeVisible();
  await expect(shell.layoutButton).toHaveText('Layout: stacked');
  await expect(page.getByRole('separator', { name: 'Resize the sidebar' })).toHaveAttribute('aria-valuenow', String(before + 16));
});

test('theme follows the system, the toggle is remembered', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const { grantE2eSession } = await import('./support/session');
  await grantE2eSession(context);
  const page = await context.newPage();
  await page.goto('/');
  await appReady(page);
  const shell = new ShellPage(page);
  await expect.poll(() => shell.theme()).toBe('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => shell.theme()).toBe('light');
  // system → dark → light
  await shell.themeButton.click();
  await expect(shell.themeButton).toContainText('Theme: dark');
  await expect.poll(() => shell.theme()).toBe('dark');
  await page.reload();
  await expect.poll(() => shell.theme()).toBe('dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor || getComputedStyle(document.documentElement).backgroundColor);
  expect(background).not.toBe('rgb(246, 247, 249)');
  await context.close();
});

test('tab names: the saved name, else method and the last meaningful path segment', async ({ workbench, page }) => {
  const shell = new ShellPage(page);
  await workbench.method.fill('POST');
  await workbench.url.fill('https://api.example/users/{id}/orders');
  await expect(shell.tab(/POST orders/)).toBeVisible();
  await expect(shell.tab(/POST orders/).locator('.method-tag')).toHaveClass(/method-post/);
});

test("a tab's context menu duplicates it and closes the others, by pointer or keyboard", async ({ workbench, page }) => {
  const shell = new ShellPage(page);
  await workbench.url.fill(new URL('/sandbox/anything/original', page.url()).href);
  await shell.tab(/GET original/).click({ button: 'right' });
  const menu = page.getByRole('menu', { name: 'Tab actions' });
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await menu.getByRole('menuitem', { name: 'Duplicate tab' }).click();
  await expect(shell.tabs.getByRole('tab', { name: /GET original/ })).toHaveCount(2);
  await shell.newTabButton.click();
  await expect(shell.tabs.getByRole('tab')).toHaveCount(3);
  await shell.tabs.getByRole('tab', { name: /GET original/ }).first().focus();
  await page.keyboard.press('Shift+F10');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(shell.tabs.getByRole('tab', { name: /GET original/ }).first()).toBeFocused();
  await page.keyboard.press('Shift+F10');
  await page.keyboard.press('End');
  await expect(menu.getByRole('menuitem', { name: 'Close other tabs' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(shell.tabs.getByRole('tab')).toHaveCount(1);
});

test('a tab keeps how far its body was scrolled', async ({ inspector, page }) => {
  const shell = new ShellPage(page);
  await inspector.get('/sandbox/json/1');
  await expect(inspector.body).toBeVisible();
  const scroller = page.locator('.body-view .cm-scroller');
  await scroller.evaluate((el) => (el.scrollTop = 3000));
  // The editor settles the offset to whole measured lines; the tab records it on the next frame.
  await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(2900);
  const scrolled = await scroller.evaluate((el) => el.scrollTop);
  await shell.newTabButton.click();
  await expect(shell.responsePane).toContainText('No response in this tab yet');
  await shell.tab(/GET json/).click();
  await expect(inspector.body).toBeVisible();
  await expect.poll(() => page.locator('.body-view .cm-scroller').evaluate((el, at) => Math.abs(el.scrollTop - at), scrolled)).toBeLessThan(40);
});
