/**
 * WebSocket (issue 29): the handshake starts as HTTP. An ordinary GET to the sandbox's echo
 * gets 426 Upgrade Required naming what a handshake needs; the lesson then points to the
 * WebSocket request type, where the same address opens with 101 and the close codes are explained.
 */
import type { Lesson } from './lesson';

export const WEBSOCKET_LESSONS: readonly Lesson[] = [
  {
    id: 'websocket-handshake',
    group: 'Utilities',
    title: 'WebSocket: the handshake is an HTTP upgrade',
    convention: 'RFC 6455 §4 (opening handshake), §7.4 (close codes); RFC 9110 §15.5.22 (426)',
    teaches:
      'A WebSocket starts as an HTTP GET with Upgrade: websocket and a random Sec-WebSocket-Key; the server answers 101 Switching Protocols with Sec-WebSocket-Accept, base64(SHA-1(key + a fixed GUID)), which proves it read this handshake. After that the connection carries messages both ways until one side sends a Close frame with a code: 1000 is normal, 1011 a server error, 4000–4999 the application’s own. An ordinary GET to a WebSocket endpoint is refused with 426 Upgrade Required.',
    lookAt:
      'The 426 and its Upgrade and Sec-WebSocket-Version headers say what was missing. Now switch the request type to WebSocket, keep the address with ws:// and the subprotocol json, and Connect: the response shows the 101 with Sec-WebSocket-Accept checked and permessage-deflate; send a JSON message and see it echoed; try ws://…/sandbox/ws/close/1011 to see a close code explained.',
    request: { method: 'GET', url: '/sandbox/ws/echo', headers: [{ name: 'Accept', value: 'application/json' }] },
    expectedStatus: 426,
  },
];
