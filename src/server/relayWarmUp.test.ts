import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './listen';
import { warmUpRelay } from './relayWarmUp';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', token: 'warm-token' });
});
afterAll(() => server.close());

describe('warming the relay up at start', () => {
  it('sends its exchanges through the real relay to the sandbox, each answered with a summary', async () => {
    expect(await warmUpRelay(server.origin, 'warm-token')).toBe(6);
  });

  it('never throws: with a token the guard refuses, nothing completes and start-up goes on', async () => {
    expect(await warmUpRelay(server.origin, 'not-the-token')).toBe(0);
  });

  it('never throws when nothing listens at the address', async () => {
    expect(await warmUpRelay('http://127.0.0.1:9', 'warm-token')).toBe(0);
  });
});
