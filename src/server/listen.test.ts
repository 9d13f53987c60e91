import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type RunningServer } from './listen';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', token: 'listen-token' });
});
afterAll(() => server.close());

it('answers 404 (never leaves the request hanging) when there is no built app to serve', async () => {
  const answer = await fetch(`${server.origin}/sandbox/..`, { signal: AbortSignal.timeout(5000) });
  expect(answer.status).toBe(404);
  expect(await answer.text()).toMatch(/no built app/);
});
