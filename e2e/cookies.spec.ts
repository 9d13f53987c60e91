import { expect, test } from './fixtures';
import { InspectorPage } from './pages/InspectorPage';
import { CookiesPage } from './pages/CookiesPage';
import { StorageScan } from './pages/StorageScan';
import { WorkspacePage } from './pages/WorkspacePage';

test('cookie login: the session set on the redirect is stored and sent, shown and deleted in the editor, then 401; history and HAR mask it', async ({ composer, page }) => {
  const cookies = new CookiesPage(page);
  const workspace = new WorkspacePage(page);
  const scan = new StorageScan(page);
  const origin = composer.origin();

  // Log in: the 303 sets the session, and the welcome hop already carries it.
  await composer.compose('POST', `${origin}/sandbox/cookies/login`);
  await composer.addFormField('user', 'ada');
  await composer.addFormField('password', 'lovelace');
  await cookies.setOptions({ followRedirects: true });
  await composer.sendAndWait();
  await expect(composer.status).toContainText('200');
  expect(await composer.responseJson()).toMatchObject({ welcome: 'ada', cookiesReceived: expect.arrayContaining(['sid']) });

  // The inspector tells per hop what the jar sent and stored, by name only.
  const inspector = new InspectorPage(page);
  await inspector.openTab('Timing');
  await expect(cookies.hopCookies('Request 1')).toContainText('Cookies: stored sid, __Host-csrf, prefs');
  await expect(cookies.hopCookies('Request 2')).toContainText(/Cookies: sent .*sid/);
  const loginOutcomes = await cookies.hopCookieOutcomes('Request 1');
  await expect(loginOutcomes.filter({ hasText: 'sid' }).first()).toContainText('stored for 127.0.0.1/sandbox/cookies');
  await inspector.openTab('Body');

  // The editor shows the jar by domain, values masked until asked.
  await cookies.open();
  await expect(cookies.domain('127.0.0.1')).toBeVisible();
  for (const name of ['sid', '__Host-csrf', 'prefs']) await expect(cookies.cookie(name)).toBeVisible();
  await expect(cookies.value('sid')).toContainText('characters');
  const attributes = await cookies.explainAttributes('__Host-csrf');
  await expect(attributes.filter({ hasText: '__Host-' })).toContainText('Secure, Path=/ and no Domain');
  await cookies.showValues.check();
  const sid = ((await cookies.value('sid').textContent()) ?? '').trim();
  expect(sid).toMatch(/^[\w-]{20,}$/);
  await cookies.showValues.uncheck();

  // /me: What will be sent names the jar's cookies, and the session works.
  await composer.compose('GET', `${origin}/sandbox/cookies/me`);
  await expect(cookies.preview).toContainText('sid=•••');
  // The composer's What will be sent carries the jar's Cookie header too, values masked, names in a note.
  await expect(composer.wirePreview).toContainText(/^Cookie: .*sid=••••••••/m);
  await expect(composer.wirePreview).not.toContainText(sid);
  await expect(cookies.wirePreviewNote).toContainText('from the workspace jar');
  await expect(cookies.wirePreviewNote).toContainText('sid');
  // A typed Cookie header goes first and wins by name, as the relay merges them.
  await composer.addHeader('Cookie', 'prefs=typed');
  await expect(composer.wirePreview).toContainText(/^Cookie: prefs=typed; .*sid=••••••••/m);
  await expect(cookies.wirePreviewNote).toContainText('Typed in Headers, so not taken from the jar: prefs');
  await cookies.setOptions({ cookies: false });
  await expect(composer.wirePreview).toContainText(/^Cookie: prefs=typed$/m);
  await expect(cookies.wirePreviewNote).toContainText('Send and store cookies is off');
  await cookies.setOptions({ cookies: true });
  await composer.sendAndWait();
  await expect(composer.status).toContainText('200');
  expect(await composer.responseJson()).toMatchObject({ user: 'ada' });
  await cookies.screenshots('jar');
  const form = await cookies.openAddForm();
  await cookies.screenshots('add-form');
  await form.getByRole('button', { name: 'Cancel' }).click();

  // Deleted in the editor: no longer sent, so 401.
  await cookies.deleteCookie('sid');
  await expect(cookies.preview).not.toContainText('sid=');
  const before = await composer.exchangeMark();
  await composer.send.click();
  await composer.waitForExchange(before);
  await expect(composer.status).toContainText('401');
  // One story (issue 27.4): the 401 is about the session cookie, and the fix is the jar, not an auth scheme.
  await inspector.explain();
  const missing = inspector.finding('No "sid" cookie sent');
  // Read from the Cookie header as sent (the typed prefs and the jar's other cookies), names only.
  await expect(missing).toContainText(/sent cookies \([^)]*prefs[^)]*\), but not the "sid" cookie/);
  await expect(inspector.finding('The server asks for a session cookie')).toBeVisible();
  await expect(inspector.statusCard).not.toContainText('No Authorization sent');
  await expect(inspector.statusCard).not.toContainText('Send credentials for Cookie');
  await expect(inspector.statusCard.getByRole('button', { name: /^Set up Cookie auth/ })).toHaveCount(0);
  await workspace.showHistory();
  await expect(page.getByRole('heading', { name: 'Cookie jar' })).toBeHidden();
  await missing.getByRole('button', { name: 'Show the cookie jar' }).click();
  await expect(page.getByRole('heading', { name: 'Cookie jar' })).toBeVisible();
  // The request is still sendable: nothing was set up in its place.
  const again = await composer.exchangeMark();
  await composer.send.click();
  await composer.waitForExchange(again);
  await expect(composer.status).toContainText('401');

  // History and its HAR export hold the Set-Cookie and Cookie headers masked, never the session value.
  await workspace.showHistory();
  await expect(workspace.historyOption('/sandbox/cookies/me').first()).toBeVisible();
  await workspace.settle();
  const stored = await scan.browserText();
  expect(stored).toContain('/sandbox/cookies/login');
  expect(stored, 'the session id is in IndexedDB or localStorage').not.toContain(sid);
  const har = await workspace.exportHistoryHar();
  expect(har).toContain('/sandbox/cookies/login');
  expect(har, 'the session id is in the HAR export').not.toContain(sid);
});

test('a Set-Cookie the jar refuses is reported by name with why, and the value never shows', async ({ composer, page }) => {
  const cookies = new CookiesPage(page);
  const inspector = new InspectorPage(page);
  // The sandbox sets each pair with Path=/sandbox and no Secure: a __Host- name breaks its prefix rule.
  await composer.compose('GET', `${composer.origin()}/sandbox/cookies/set?theme=dark&__Host-pin=h4secret`);
  await composer.sendAndWait();
  await expect(composer.status).toContainText('200');
  await inspector.openTab('Timing');
  await expect(cookies.hopCookies('Response')).toContainText('Cookies: stored theme · rejected __Host-pin');
  const outcomes = await cookies.hopCookieOutcomes('Response');
  await expect(outcomes.filter({ hasText: '__Host-pin' })).toContainText('rejected: ');
  await expect(inspector.pane).not.toContainText('h4secret');
  await cookies.open();
  await expect(cookies.cookie('theme')).toBeVisible();
  await expect(cookies.cookie('__Host-pin')).toHaveCount(0);
});
