import { createServer } from 'node:net';
import { expect, test } from './fixtures';

test('a GET to the sandbox echo shows 200 and the echo', async ({ workbench }) => {
  await workbench.compose('GET', `${workbench.origin()}/sandbox/anything/hello?a=1&a=2`);
  await workbench.send.click();
  await expect(workbench.status).toContainText('200');
  await expect(workbench.status).toContainText('OK');
  const echo = await workbench.responseJson<{ method: string; args: Record<string, unknown> }>();
  expect(echo.method).toBe('GET');
  expect(echo.args).toEqual({ a: ['1', '2'] });
});

test('a POST with headers and a body, sent with Ctrl+Enter, arrives exactly', async ({ workbench }) => {
  await workbench.compose('POST', `${workbench.origin()}/sandbox/anything`);
  await workbench.setHeader(1, 'Content-Type', 'application/json');
  await workbench.setHeader(2, 'X-Trace', 'one');
  await workbench.typeBody('{"name":"wirebench"');
  await workbench.sendWithKeyboard();
  await expect(workbench.status).toContainText('200');
  const echo = await workbench.responseJson<{ method: string; json: unknown; headerList: { name: string; value: string }[] }>();
  expect(echo.method).toBe('POST');
  // CodeMirror closes the brace as the person types, as an editor should.
  expect(echo.json).toEqual({ name: 'wirebench' });
  expect(echo.headerList.map((h) => h.name)).toEqual(expect.arrayContaining(['Content-Type', 'X-Trace']));
});

test('a closed port shows the refused error explained', async ({ workbench }) => {
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const p = (server.address() as { port: number }).port;
      server.close(() => resolve(p));
    });
  });
  await workbench.compose('GET', `http://127.0.0.1:${port}/`);
  await workbench.send.click();
  await expect(workbench.relayError).toHaveAttribute('data-kind', 'refused');
  await expect(workbench.relayError).toContainText('Connection refused');
  await expect(workbench.relayError).toContainText('nothing is listening on that port');
});

test('cancel stops a slow request', async ({ workbench }) => {
  // A TCP server that accepts and never answers: the relay waits for a head that never comes.
  const server = createServer(() => undefined);
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
  await workbench.compose('GET', `http://127.0.0.1:${port}/`);
  await workbench.send.click();
  await expect(workbench.cancel).toBeVisible();
  await workbench.page.keyboard.press('Escape');
  await expect(workbench.relayError).toHaveAttribute('data-kind', 'aborted');
  server.close();
});
