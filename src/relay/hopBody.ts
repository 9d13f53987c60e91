/**
 * Sends one hop's request body upstream, for HTTP/1.1 and HTTP/2 alike: bytes at once, or
 * the page's stream piped with each chunk counted by listening alongside the pipe — a
 * Transform in between would cost a stream hop (and its buffering) per chunk of a body that
 * may be gigabytes. A plain pipe, not pipeline: when the target fails, the page's request
 * must stay open so the error can still be answered on it (the relay drains what the page
 * still sends).
 */
import type { Readable, Writable } from 'node:stream';

export function sendHopBody(
  body: Uint8Array | Readable,
  sink: Writable,
  progress: (sent: number) => void,
  fail: (err: Error) => void,
  { unpipeOnClose = false }: { unpipeOnClose?: boolean } = {},
): void {
  if (body instanceof Uint8Array) {
    sink.end(body);
    progress(body.length);
    return;
  }
  let sent = 0;
  const count = (chunk: Buffer) => {
    sent += chunk.length;
    progress(sent);
  };
  body.on('data', count);
  sink.once('close', () => {
    body.off('data', count);
    if (unpipeOnClose) body.unpipe(sink);
  });
  body.once('error', (err: Error) => {
    if (!sink.destroyed) fail(err);
  });
  body.pipe(sink);
}
