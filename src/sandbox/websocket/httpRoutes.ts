/**
 * The sandbox's WebSocket paths asked over plain HTTP (no Upgrade): 426 Upgrade Required with
 * the headers a client must send (RFC 6455 §4.2.2, RFC 9110 §15.5.22) and the endpoints listed,
 * so a person who sends an ordinary GET there sees what a WebSocket handshake needs.
 */
import { sendJson, type SandboxContext, type SandboxRoute } from '../router';

function upgradeRequired(ctx: SandboxContext): void {
  sendJson(
    ctx.res,
    426,
    {
      title: 'Upgrade Required',
      detail:
        'This is a WebSocket endpoint: a client opens it with a GET carrying Upgrade: websocket, Connection: Upgrade, Sec-WebSocket-Version: 13 and a random Sec-WebSocket-Key, and the server answers 101 Switching Protocols with Sec-WebSocket-Accept. An ordinary GET gets this 426. Switch the request type to WebSocket and connect to the same address with ws://.',
      endpoints: {
        echo: 'ws://…/sandbox/ws/echo — subprotocols chat and json',
        close: 'ws://…/sandbox/ws/close/{code}?reason=… — closes with that code',
        ticks: 'ws://…/sandbox/ws/ticks?every=1000&count=10',
        flood: 'ws://…/sandbox/ws/flood?rate=1000&seconds=10&size=64',
        refuse: 'ws://…/sandbox/ws/refuse — refuses the upgrade with 401',
        bearer: 'ws://…/sandbox/ws/bearer — needs Authorization: Bearer',
      },
    },
    { Upgrade: 'websocket', Connection: 'Upgrade', 'Sec-WebSocket-Version': '13' },
  );
}

export const webSocketHttpRoutes: SandboxRoute[] = [
  { method: 'GET', pattern: '/ws', handle: upgradeRequired },
  { method: 'GET', pattern: '/ws/*', handle: upgradeRequired },
];
