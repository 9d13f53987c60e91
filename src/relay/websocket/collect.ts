/**
 * A run step's connection (`wirebench run`, the app's runner through `POST /api/ws/run`):
 * open, send the saved messages in order, collect what arrives until the time limit (or a
 * count, or the server closes), close with 1000, and hand back the transcript.
 */
import type { WebSocketOpenMeta } from '../../core/protocols/websocket/channel';
import type { OutgoingMessage } from '../../core/protocols/websocket/messageFormat';
import type { WebSocketTranscript } from '../../core/protocols/websocket/transcript';
import { openUpstreamSocket } from './engine';

export interface CollectOptions {
  /** How long to collect after the messages were sent, ms. */
  collectMs: number;
  /** Stop once this many text or binary messages arrived. */
  collectCount?: number;
  signal?: AbortSignal;
}

/** How long the closing handshake may take before the socket is dropped. */
const CLOSE_GRACE_MS = 3000;

export async function collectWebSocket(meta: WebSocketOpenMeta, outgoing: readonly OutgoingMessage[], options: CollectOptions): Promise<{ transcript: WebSocketTranscript; durationMs: number }> {
  const started = performance.now();
  const transcript: WebSocketTranscript = { messages: [] };
  const opened = await openUpstreamSocket(meta, { signal: options.signal });
  if (!opened.ok) {
    if (opened.refusal) transcript.refusal = opened.refusal;
    transcript.failure = opened.failure;
    return { transcript, durationMs: performance.now() - started };
  }
  const socket = opened.socket;
  transcript.handshake = socket.handshake;
  let received = 0;
  await new Promise<void>((resolve) => {
    let closing = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const finish = () => {
      for (const t of timers) clearTimeout(t);
      options.signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    const close = () => {
      if (closing || socket.closed) return;
      closing = true;
      socket.close(1000, 'run step done');
      timers.push(setTimeout(() => socket.terminate(), CLOSE_GRACE_MS));
    };
    const onAbort = () => socket.terminate();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    socket.onEvent((event) => {
      if (event.kind === 'message') {
        transcript.messages.push(event.message);
        if (event.message.direction === 'received' && (event.message.opcode === 'text' || event.message.opcode === 'binary')) {
          received += 1;
          if (options.collectCount !== undefined && received >= options.collectCount) close();
        }
        return;
      }
      if (event.kind === 'close') {
        transcript.closure = event.closure;
        if (event.failure) transcript.failure = event.failure;
        finish();
      }
    });
    for (const message of outgoing) {
      if (socket.closed) break;
      socket.send(message.opcode === 'text' ? message.text : message.bytes);
    }
    timers.push(setTimeout(close, options.collectMs));
  });
  return { transcript, durationMs: performance.now() - started };
}
