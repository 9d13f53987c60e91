/**
 * `--timeout` as a deadline for a whole exchange. The relay's own `timeoutMs` bounds each
 * phase of a hop (connecting, waiting for the head, silence between body chunks), so a
 * server that drips a byte now and then, or redirects on and on, keeps an exchange open
 * for ever within it; a CI run must end. Here the exchange — connect to its last body byte,
 * redirects included — is cancelled when the deadline passes (a quarter second after it, see
 * `PHASE_FIRST_MS`), or when `signal` aborts (the
 * script that started a `pm.sendRequest` has ended), and the cancel reaches the socket.
 */
import type { RelayRequestMeta } from '../core';
import type { SendExchange } from './ports';

/**
 * The whole-exchange deadline fires this long after --timeout, so that when a single phase
 * already took all of it (no head in time) the relay's own timeout, which names the phase,
 * is what the person reads.
 */
const PHASE_FIRST_MS = 250;

/** How one send is bounded: the whole exchange's deadline (`--timeout`), and an outside cancel. */
export interface SendBounds {
  /** Milliseconds the whole exchange may take; none: only the relay's per-phase deadlines apply. */
  deadlineMs?: number;
  /** Cancels the exchange (the script that sent it ended); the result is then an `aborted` error. */
  signal?: AbortSignal;
}

/** `send`, cancelled at the deadline (a `timeout` error saying so) or when `bounds.signal` aborts. */
export async function sendWithin(send: SendExchange, meta: RelayRequestMeta, body: Uint8Array | null, bounds: SendBounds): ReturnType<SendExchange> {
  const { deadlineMs, signal } = bounds;
  if (deadlineMs === undefined && !signal) return send(meta, body, {});
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    deadlineMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, deadlineMs + PHASE_FIRST_MS);
  const cancel = () => controller.abort();
  if (signal?.aborted) cancel();
  else signal?.addEventListener('abort', cancel, { once: true });
  try {
    const sent = await send(meta, body, { signal: controller.signal });
    // The relay's own deadline for a phase (no head within --timeout) says more: its error is kept.
    if (!sent.ok && timedOut && sent.error.kind !== 'timeout') {
      return { ok: false, error: { kind: 'timeout', message: `The whole exchange took longer than --timeout ${deadlineMs} ms (connecting, the head and the body, redirects included), so it was stopped.` } };
    }
    if (!sent.ok && signal?.aborted) return { ok: false, error: { kind: 'aborted', message: 'The script that sent it had ended, so the request was stopped.' } };
    return sent;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}
