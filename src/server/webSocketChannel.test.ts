/**
 * The page channel end to end over loopback: the real server (`startServer`), its `/api/ws`
 * upgrade route and the sandbox's WebSocket endpoints, driven by a `ws` client as the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ChannelEvent, ChannelRequest } from '../core/protocols/websocket/channel';
import { startServer, type RunningServer } from './listen';

const TOKEN = 'test-token-ws-channel';
let wb: RunningServer;

beforeAll(async () => {
  wb = await startServer({ port: 0, host: '127.0.0.1', token: TOKEN });
});
afterAll(() => wb.close());

/** A channel as the page opens it; resolves with the events until the channel closes or `stop` says so. */
function channel(key = TOKEN): { ws: WebSocket; next(stop: (e: ChannelEvent) => boolean): Promise<ChannelEvent[]>; say(r: ChannelRequest): void; refused: Promise<number> } {
  const ws = new WebSocket(`ws://127.0.0.1:${wb.port}/api/ws`, ['wirebench.ws.v1', `key.${key}`]);
  const events: ChannelEvent[] = [];
  let wake = () => {};
  ws.on('message', (data) => {
    events.push(JSON.parse(data.toString()) as ChannelEvent);
    wake();
  });
  ws.on('close', () => wake());
  const refused = new Promise<number>((resolve) => ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
  ws.on('error', () => {});
  return {
    ws,
    refused,
    say: (r) => (ws.readyState === ws.OPEN ? ws.send(JSON.stringify(r)) : ws.once('open', () => ws.send(JSON.stringify(r)))),
    async next(stop) {
      const seen: ChannelEvent[] = [];
      for (;;) {
        while (events.length) {
          const e = events.shift()!;
          seen.push(e);
          if (stop(e)) return seen;
        }
        if (ws.readyState === ws.CLOSED) return seen;
        await new Promise<void>((r) => (wake = r));
      }
    },
  };
}

describe('/api/ws', () => {
  it('refuses a channel without the session', async () => {
    const c = channel('wrong-key');
    expect(await c.refused).toBe(401);
  });

  it('opens the sandbox echo with the json subprotocol, echoes JSON, closes with a code explained', async () => {
    const c = channel();
    c.say({ type: 'open', meta: { url: `ws://127.0.0.1:${wb.port}/sandbox/ws/echo`, headers: [], subprotocols: ['json'] } });
    const [first] = await c.next((e) => e.type !== 'messages');
    expect(first?.type).toBe('handshake');
    if (first?.type !== 'handshake') return;
    expect(first.handshake.protocol).toBe('json');
    expect(first.handshake.accept?.ok).toBe(true);
    c.say({ type: 'send', opcode: 'text', text: '{"hello":"world"}' });
    const echoed = await c.next((e) => e.type === 'messages' && e.messages.some((m) => m.direction === 'received'));
    const got = echoed.flatMap((e) => (e.type === 'messages' ? e.messages : [])).find((m) => m.direction === 'received');
    expect(JSON.parse(got?.text ?? 'null')).toEqual({ echo: { hello: 'world' } });
    c.say({ type: 'close', code: 1006 });
    const problem = await c.next((e) => e.type === 'problem');
    expect(problem.at(-1)).toMatchObject({ type: 'problem', message: expect.stringContaining('cannot be sent') });
    c.say({ type: 'close', code: 4001, reason: 'done here' });
    const end = await c.next((e) => e.type === 'closed');
    expect(end.at(-1)).toMatchObject({ type: 'closed', closure: { code: 4001, reason: 'done here', by: 'client' } });
  });

  it('reports the sandbox close-code endpoint with the server\'s code', async () => {
    const c = channel();
    c.say({ type: 'open', meta: { url: `ws://127.0.0.1:${wb.port}/sandbox/ws/close/1011?reason=boom`, headers: [] } });
    const end = await c.next((e) => e.type === 'closed');
    expect(end.at(-1)).toMatchObject({ type: 'closed', closure: { code: 1011, reason: 'boom', by: 'server' }, failure: { code: 'WB_WS_CLOSED_1011' } });
  });

  it('reports a refused upgrade with status, headers and body', async () => {
    const c = channel();
    c.say({ type: 'open', meta: { url: `ws://127.0.0.1:${wb.port}/sandbox/ws/refuse`, headers: [] } });
    const [event] = await c.next(() => true);
    expect(event).toMatchObject({ type: 'refused', refusal: { status: 401, headers: expect.arrayContaining([{ name: 'WWW-Authenticate', value: 'Bearer realm="sandbox-ws"' }]) } });
    expect(event?.type === 'refused' && event.refusal.body).toContain('no_token');
  });

  it('carries the ticks of a stream in order', async () => {
    const c = channel();
    c.say({ type: 'open', meta: { url: `ws://127.0.0.1:${wb.port}/sandbox/ws/ticks?every=10&count=3`, headers: [] } });
    const all = await c.next((e) => e.type === 'closed');
    const ticks = all.flatMap((e) => (e.type === 'messages' ? e.messages : [])).map((m) => (JSON.parse(m.text ?? '{}') as { tick: number }).tick);
    expect(ticks).toEqual([1, 2, 3]);
  });
});
