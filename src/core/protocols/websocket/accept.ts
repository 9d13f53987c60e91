/**
 * The handshake's proof (RFC 6455 §4.2.2): the server answers `Sec-WebSocket-Accept` =
 * base64(SHA-1(`Sec-WebSocket-Key` + the protocol's GUID)). A wrong value means the answer did
 * not come from a WebSocket server that read this request (a cache, a misconfigured proxy),
 * and the client must fail the connection. Uses Web Crypto (in the page and in Node alike).
 */

export const WEBSOCKET_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** The `Sec-WebSocket-Accept` a server must answer to `key`. */
export async function expectedAccept(key: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-1', new TextEncoder().encode(key.trim() + WEBSOCKET_GUID));
  return toBase64(new Uint8Array(digest));
}

export interface AcceptCheck {
  key: string;
  expected: string;
  /** What the server sent; absent when it sent none. */
  received?: string;
  ok: boolean;
  /** In plain words, what the check found. */
  explanation: string;
}

/** Checks the server's `Sec-WebSocket-Accept` against the key the client sent. */
export async function checkAccept(key: string, received: string | undefined): Promise<AcceptCheck> {
  const expected = await expectedAccept(key);
  if (received === undefined) {
    return { key, expected, ok: false, explanation: 'The server sent no Sec-WebSocket-Accept, so it did not prove it read this handshake; the connection must be failed (RFC 6455 §4.1).' };
  }
  const ok = received.trim() === expected;
  return {
    key,
    expected,
    received,
    ok,
    explanation: ok
      ? 'Sec-WebSocket-Accept is base64(SHA-1(key + the WebSocket GUID)), as RFC 6455 §4.2.2 requires: the answer comes from a server that read this handshake.'
      : `Sec-WebSocket-Accept is "${received}" but should be "${expected}" for the key sent: the answer did not come from a WebSocket server that read this request (a cache or a proxy in between?), so the connection was failed (RFC 6455 §4.1).`,
  };
}
