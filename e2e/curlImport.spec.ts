import { expect, test } from './fixtures';

test('several cURL commands: the URL field reads the first and counts the rest, Import… brings in each (issue 15)', async ({ workspace, page }) => {
  await workspace.open();
  const origin = new URL(page.url()).origin;
  const host = new URL(origin).host;
  const commands = [
    `curl ${origin}/sandbox/anything/list`,
    `curl -T report.pdf ${origin}/sandbox/anything/up/`,
    `curl -r 600 ${origin}/sandbox/anything/part`,
  ].join('\n');

  await workspace.pasteIntoUrl(commands);
  await expect(workspace.method).toHaveValue('GET');
  await expect(workspace.url).toHaveText(`${origin}/sandbox/anything/list`);
  await expect(workspace.requestNotice).toContainText(
    'Read the cURL command (the first of several). 2 more requests were found after this one (3 curl commands); only the first was read here. Use Import… to bring in each as a request of its own.',
  );

  await workspace.openImport();
  await workspace.importPasted(commands);
  await expect(workspace.importSuccess()).toContainText(`Imported ${host} (cURL commands): 3 requests.`);
  await workspace.closeImport();
  const names = await workspace.rowNames();
  expect(names.slice(names.indexOf(host) + 1, names.indexOf(host) + 4)).toEqual(['GET /sandbox/anything/list', 'PUT /sandbox/anything/up/report.pdf', 'GET /sandbox/anything/part']);
});
