/**
 * Every request a script starts can be cancelled and is cancelled when the script's run
 * ends or the send it belongs to is cancelled (issue 32 item 4): `pm.sendRequest` goes
 * through a real Wirebench server's relay to a target that drips a body for ever, and the
 * target sees its connection closed. An answer larger than a script can read is stopped too.
 */
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../../server/listen';
import { sendForScript, SCRIPT_RESPONSE_LIMIT } from '../checks/exchangeForChecks';
import type { ScriptRunInput } from '../../../scripting/types';
import { scopeSends } from './scriptClient';

const TOKEN = 'test-token-script-sends';
let wb: RunningServer;
let target: http.Server;
let targetOrigin = '';
/** Resolvers for the next request to reach the target and for its connection closing. */
let arrived: () => void = () => undefined;
let closed: () => void = () => undefined;

beforeAll(async () => {
  wb = await startServer({ port: 0, host: '127.0.0.1', token: TOKEN });
  target = http.createServer((req, res) => {
    if (req.url === '/huge') {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      const block = Buffer.alloc(1024 * 1024, 0x61);
      const pump = () => {
        while (!res.destroyed && res.write(block));
        if (!res.destroyed) res.once('drain', pump);
      };
      res.once('close', () => closed());
      pump();
      return;
    }
    // A body that never ends: one byte now, the rest never.
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.write('x');
    res.once('close', () => closed());
    arrived();
  });
  targetOrigin = await new Promise<string>((resolve) => target.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(target.address() as net.AddressInfo).port}`)));
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init: RequestInit = {}) => realFetch(new URL(input, wb.origin), { ...init, headers: { ...(init.headers as Record<string, string>), 'X-Wirebench-Token': TOKEN } }));
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await wb.close();
  target.closeAllConnections();
  await new Promise((resolve) => target.close(resolve));
});

const input = (): ScriptRunInput => ({ phase: 'pre-request', code: '', request: { method: 'GET', url: '', headers: [] }, variables: {} as ScriptRunInput['variables'], info: {} as ScriptRunInput['info'], sendRequest: sendForScript });
const waitFor = (set: (resolve: () => void) => void) => new Promise<void>((resolve) => set(resolve));

describe('pm.sendRequest is cancelled with its script', () => {
  it('stops the request when the run ends while it is still downloading', async () => {
    const scope = scopeSends(input());
    const reached = waitFor((r) => (arrived = r));
    const gone = waitFor((r) => (closed = r));
    const sent = scope.input.sendRequest!({ method: 'GET', url: `${targetOrigin}/drip`, headers: [] });
    await reached;
    scope.end();
    await expect(sent).rejects.toThrow(/was cancelled: its script ended/);
    await gone;
  });

  it('stops the request when the send it belongs to is cancelled', async () => {
    const outer = new AbortController();
    const scope = scopeSends(input(), outer.signal);
    const reached = waitFor((r) => (arrived = r));
    const gone = waitFor((r) => (closed = r));
    const sent = scope.input.sendRequest!({ method: 'GET', url: `${targetOrigin}/drip`, headers: [] });
    await reached;
    outer.abort();
    await expect(sent).rejects.toThrow(/was cancelled/);
    await gone;
    scope.end();
  });

  it(`stops an answer past ${SCRIPT_RESPONSE_LIMIT >> 20} MB and says why`, async () => {
    const gone = waitFor((r) => (closed = r));
    await expect(sendForScript({ method: 'GET', url: `${targetOrigin}/huge`, headers: [] })).rejects.toThrow(/was stopped: its answer passed 16 MB/);
    await gone;
  });
});
