import { expect, test } from './fixtures';
import { WebSocketPage } from './pages/WebSocketPage';

test('WebSocket through the UI: the sandbox echo with the json subprotocol, a JSON message echoed, a bad JSON message refused with its place, a close code explained', async ({ composer, page }) => {
  const ws = new WebSocketPage(page);
  await ws.open();
  await ws.connect(`ws://${new URL(composer.origin()).host}/sandbox/ws/echo`, 'json');
  await expect(ws.phase).toHaveText('Open');
  await expect(ws.response).toContainText('subprotocol json');
  await ws.response.getByText(/^Handshake: 101/).click();
  await expect(ws.response.getByTestId('ws-handshake')).toContainText('Sec-WebSocket-Accept checked');
  await expect(ws.response.getByTestId('ws-handshake')).toContainText('permessage-deflate');

  await ws.send('JSON', '{"greeting": "hello from Playwright"}');
  await expect(ws.rows).toHaveCount(2);
  await expect(ws.rows.nth(1)).toContainText('↓');
  await expect(ws.rows.nth(1)).toContainText('"echo":{"greeting":"hello from Playwright"}');
  await ws.rows.nth(1).click();
  await expect(page.getByTestId('ws-detail')).toContainText('"greeting": "hello from Playwright"');

  // Bad JSON: nothing is sent, the place is said, the text stays.
  await ws.composer.getByLabel('Message to send').fill('{"a": }');
  await expect(ws.composer.getByText(/Not JSON at line 1, column 7/)).toBeVisible();
  await expect(ws.composer.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await expect(ws.composer.getByLabel('Message to send')).toHaveValue('{"a": }');

  // A code only reported, never sent, is refused before anything goes.
  await ws.composer.getByLabel('Code').fill('1006');
  await expect(ws.composer.getByText(/1006 \(Abnormal closure\) cannot be sent/)).toBeVisible();
  await ws.closeWith('4001', 'done testing');
  await expect(ws.phase).toHaveText('Closed');
  await expect(page.getByTestId('ws-closure')).toContainText('Closed by you: 4001 Application code');
  await expect(page.getByTestId('ws-closure')).toContainText('done testing');
  await expect(ws.composer.getByRole('button', { name: 'Reconnect' })).toBeVisible();
});

test('WebSocket through the UI: a server closing with 1011 is explained, and a refused upgrade shows its status, headers and body', async ({ composer, page }) => {
  const ws = new WebSocketPage(page);
  const host = new URL(composer.origin()).host;
  await ws.open();
  await ws.connect(`ws://${host}/sandbox/ws/close/1011?reason=handler%20crashed`);
  await expect(ws.phase).toHaveText('Closed');
  await expect(page.getByTestId('ws-closure')).toContainText('Closed by the server: 1011 Internal error');
  await expect(page.getByTestId('ws-closure')).toContainText('handler crashed');

  await ws.connect(`ws://${host}/sandbox/ws/refuse`);
  const refusal = page.getByTestId('ws-refusal');
  await expect(refusal).toContainText('Upgrade refused: 401 Unauthorized');
  await expect(refusal).toContainText('instead of 101 Switching Protocols');
  await expect(refusal).toContainText('WWW-Authenticate');
  await expect(refusal).toContainText('no_token');
});

test('WebSocket history keeps the transcript with the handshake’s token masked, in the entry and in the messages that carried it', async ({ composer, page }) => {
  const { StorageScan } = await import('./pages/StorageScan');
  const { WorkspacePage } = await import('./pages/WorkspacePage');
  const TOKEN = 'ghp_wsHistoryBearer0123456789abcdefABCD';
  const ws = new WebSocketPage(page);
  await ws.open();
  await ws.composer.getByRole('tab', { name: 'Handshake headers' }).click();
  await page.getByRole('button', { name: 'Add header', exact: true }).click();
  const index = await page.getByLabel(/^Header \d+ name$/).count();
  await page.getByLabel(`Header ${index} name`, { exact: true }).fill('Authorization');
  await page.getByLabel(`Header ${index} value`, { exact: true }).fill(`Bearer ${TOKEN}`);
  await ws.composer.getByRole('tab', { name: 'Messages' }).click();
  await ws.connect(`ws://${new URL(composer.origin()).host}/sandbox/ws/echo`, 'chat');
  await expect(ws.phase).toHaveText('Open');
  await ws.send('Text', `my token is ${TOKEN}`);
  await expect(ws.rows).toHaveCount(2);
  await ws.closeWith('1000', '');
  await expect(ws.phase).toHaveText('Closed');
  const workspace = new WorkspacePage(page);
  await workspace.showHistory();
  await expect(workspace.historyOption('/sandbox/ws/echo')).toBeVisible();
  const scan = new StorageScan(page);
  await expect.poll(async () => /"opcode\\?":\s*\\?"text/.test(await scan.browserText())).toBe(true);
  const stored = await scan.browserText();
  // The messages that carried the token are kept, their text masked as a whole (the JSON body masking of history).
  expect(stored).toMatch(/"direction\\?":\s*\\?"received/);
  expect(stored).toContain('(masked: text)');
  expect(stored, 'the token is in IndexedDB or localStorage').not.toContain(TOKEN);
});

test('WebSocket in the collection runner: the saved message sent, what arrived checked as the step’s body', async ({ composer, page }) => {
  const { WorkspacePage } = await import('./pages/WorkspacePage');
  const { RunnerPage } = await import('./pages/RunnerPage');
  void composer;
  const workspace = new WorkspacePage(page);
  await workspace.open();
  await workspace.newCollection('Sockets');
  const ws = new WebSocketPage(page);
  await ws.open();
  await ws.url.fill(`ws://${new URL(page.url()).host}/sandbox/ws/echo`);
  await ws.composer.getByLabel('Subprotocols').fill('json');
  await ws.composer.getByLabel('Format').selectOption({ label: 'JSON' });
  await ws.composer.getByLabel('Message to send').fill('{"n": 1}');
  await ws.composer.getByRole('button', { name: 'Save message' }).click();
  await ws.composer.getByRole('tab', { name: 'Checks' }).click();
  await ws.composer.getByLabel('Stop after (messages)').fill('1');
  await page.getByRole('button', { name: 'Add assertion' }).click();
  await page.getByLabel('Assertion 1 expected').fill('101');
  await page.getByRole('button', { name: 'Add assertion' }).click();
  await page.getByLabel('Assertion 2 subject').selectOption('jsonpath');
  await page.getByLabel('Assertion 2 expression').fill('$[0].echo.n');
  await page.getByLabel('Assertion 2 operator').selectOption('==');
  await page.getByLabel('Assertion 2 expected').fill('1');
  await workspace.saveAs('Echo', 'Sockets');

  const runner = new RunnerPage(page);
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Search actions, saved requests and lessons' }).fill('Run collection Sockets');
  await page.keyboard.press('Enter');
  await expect(runner.dialog).toBeVisible();
  await runner.run();
  const step = runner.step(1, 'Echo');
  await expect(step.locator('.runner-step-status')).toHaveText('101');
  await expect(step.locator('.runner-check-pass')).toHaveCount(2);
});
