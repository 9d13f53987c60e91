/**
 * Secrets belong to the selected auth scheme (issue 27 item 3), against the sandbox: a Basic
 * password kept only in a tab's memory is gone after a reload; with "No auth" selected the
 * request sends anyway, and with Basic selected the Password field asks for it once, beside
 * the field (no banner, no repeated sentence), and sends once it is typed again. A header's
 * lost secret is asked for the same way under its value.
 */
import { expect, test } from './fixtures';
import { AuthSecretsPage } from './pages/AuthSecretsPage';

const SHOTS = '/tmp/shots-auth-secrets';
const PASSWORD = 'pw-kept-in-memory-7Q';

test('a lost Basic password blocks only Basic, and is asked for once beside its field', async ({ composer: _composer, page }) => {
  const composer = new AuthSecretsPage(page);
  await composer.compose('GET', `${composer.origin()}/sandbox/anything/auth`);
  await composer.chooseAuth('Basic');
  await composer.authField('Username').fill('ann');
  await composer.authField('Password').fill(PASSWORD);
  await expect(composer.authHeader()).toContainText('Authorization: Basic');
  await expect(composer.secretsNotice).toHaveAttribute('data-secrets', 'memory');
  // The snapshot of the tabs holds a reference, not the password; the reload forgets the memory-only value.
  await expect.poll(() => page.evaluate(() => Object.values(localStorage).join('\n').includes('{{secret:'))).toBe(true);
  await page.reload();
  await composer.section('Auth');

  // Asked for once, beside the field: the field is empty, described by the note; no banner says it again.
  await expect(composer.lostNotes).toHaveCount(1);
  await expect(composer.lostNoteOf('Password')).toContainText('type it again here');
  await expect(composer.authField('Password')).toHaveValue('');
  await expect(composer.authField('Password')).toHaveAttribute('aria-invalid', 'true');
  await expect(composer.authField('Password')).toHaveAccessibleDescription(/type it again here/);
  await expect(composer.secretsNotice).toHaveCount(0);
  // Nor as an "Unresolved: {{secret:…}}" variable: a kept secret is not a variable to define.
  await expect(page.getByTestId('unresolved-variables')).toHaveCount(0);
  expect(await composer.timesSaidLost()).toBe(1);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    for (const [w, h] of [[1024, 700], [1920, 1080]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.screenshot({ path: `${SHOTS}/lost-password-${theme}-${w}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // "No auth": the unselected form's password is not sent, so it blocks nothing.
  await composer.page.getByLabel('Auth scheme').selectOption({ label: 'No auth' });
  await expect(composer.lostNotes).toHaveCount(0);
  await composer.sendAndWait();
  await expect(composer.status).toContainText('200');
  const sent = await composer.responseJson<{ headers: Record<string, string> }>();
  expect(Object.keys(sent.headers).map((h) => h.toLowerCase())).not.toContain('authorization');

  // Basic again: Send is refused with one alert pointing at the field, the last response stays.
  await composer.chooseAuth('Basic');
  await expect(composer.lostNotes).toHaveCount(1);
  await composer.send.click();
  await expect(composer.sendProblem).toHaveText('Not sent: Type the password again in the Auth tab (it was kept only in the memory of a tab that has closed).');
  await expect(composer.status).toContainText('200');
  expect(await composer.timesSaidLost()).toBe(2);

  // Typed again: the note goes, and the request sends with it.
  await composer.authField('Password').fill(PASSWORD);
  await expect(composer.lostNotes).toHaveCount(0);
  const before = await composer.exchangeMark();
  await composer.send.click();
  await composer.waitForExchange(before);
  const again = await composer.responseJson<{ headers: Record<string, string> }>();
  expect(JSON.stringify(again.headers)).toContain(`Basic ${Buffer.from(`ann:${PASSWORD}`).toString('base64')}`);
});

test('a lost header secret is asked for under the header value; a disabled header never blocks', async ({ composer: _composer, page }) => {
  const composer = new AuthSecretsPage(page);
  await composer.compose('GET', `${composer.origin()}/sandbox/anything/header`);
  await composer.addHeader('X-Api-Key', 'header-key-kept-in-memory-91');
  await expect(composer.secretsNotice).toHaveAttribute('data-secrets', 'memory');
  await expect.poll(() => page.evaluate(() => Object.values(localStorage).join('\n').includes('{{secret:'))).toBe(true);
  await page.reload();
  await composer.section('Headers');
  const value = page.getByLabel('Header 1 value', { exact: true });
  await expect(composer.lostNotes).toHaveCount(1);
  await expect(value).toHaveValue('');
  await expect(value).toHaveAccessibleDescription(/type it again here/);
  expect(await composer.timesSaidLost()).toBe(1);
  await page.getByLabel('Send header 1').uncheck();
  await expect(composer.lostNotes).toHaveCount(0);
  await composer.sendAndWait();
  await expect(composer.status).toContainText('200');
});
