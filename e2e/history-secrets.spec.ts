import { expect, test } from './fixtures';
import { StorageScan } from './pages/StorageScan';
import { WorkspacePage } from './pages/WorkspacePage';

const BEARER = 'ghp_historyBearer0123456789abcdefABCDEF';
const ACCESS = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJoaXN0b3J5In0.c2lnbmF0dXJlLWhpc3Rvcnk';
const REFRESH = 'rt-rotated-still-valid-9c2e1b7f';

test('history and its HAR export keep no live tokens from response bodies, unless the person opts in', async ({ composer, page }) => {
  const workspace = new WorkspacePage(page);
  const scan = new StorageScan(page);
  // The echo answers with a token response's members and repeats the bearer token it was sent.
  await composer.compose('POST', `${composer.origin()}/sandbox/anything/token`);
  await composer.addHeader('Authorization', `Bearer ${BEARER}`);
  await composer.typeJson(JSON.stringify({ access_token: ACCESS, token_type: 'Bearer', refresh_token: REFRESH }));
  await composer.sendAndWait();
  await expect(composer.status).toContainText('200');
  // The live response shows what arrived: the person needs to see it.
  expect(JSON.stringify(await composer.responseJson())).toContain(REFRESH);

  await workspace.showHistory();
  await workspace.historyOption('/sandbox/anything/token').click();
  await expect.poll(async () => (await scan.browserText()).includes('masked: refresh_token')).toBe(true);
  const stored = await scan.browserText();
  for (const secret of [BEARER, ACCESS, REFRESH]) expect(stored, `${secret} is in IndexedDB or localStorage`).not.toContain(secret);
  const har = await workspace.exportHistoryHar();
  expect(har).toContain('masked: access_token');
  for (const secret of [BEARER, ACCESS, REFRESH]) expect(har, `${secret} is in the HAR export`).not.toContain(secret);

  // Opted in: the next exchange's body is kept as received.
  await workspace.verbatimBodies().check();
  await composer.send.click();
  await composer.sendAnyway();
  await expect.poll(async () => (await scan.browserText()).includes(REFRESH)).toBe(true);
});
