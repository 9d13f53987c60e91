/**
 * gRPC deadlines. A deadline is a point in time, not a timeout per hop: the client sends the
 * time left in the `grpc-timeout` request header (at most 8 digits and a unit: H, M, S, m, u,
 * n), every server along the way sees the same end, and when it passes the call ends with
 * DEADLINE_EXCEEDED on both sides — whatever the server had done by then stays done. No
 * deadline means the call may wait forever (a stuck server, a lost stream), which is why
 * production clients always set one.
 */

/** The longest deadline accepted here: one day. */
export const MAX_GRPC_DEADLINE_MS = 24 * 60 * 60 * 1000;

/** The `grpc-timeout` header value for `ms` milliseconds (the gRPC-over-HTTP/2 spec's TimeoutValue + TimeoutUnit). */
export function grpcTimeoutHeader(ms: number): string {
  const whole = Math.max(0, Math.ceil(ms));
  if (whole < 1e8) return `${whole}m`;
  const seconds = Math.ceil(whole / 1000);
  if (seconds < 1e8) return `${seconds}S`;
  return `${Math.ceil(seconds / 60)}M`;
}

/** Reads a `grpc-timeout` header value back into milliseconds, or undefined when it is not one. */
export function parseGrpcTimeout(value: string): number | undefined {
  const m = /^(\d{1,8})([HMSmun])$/.exec(value.trim());
  if (!m) return undefined;
  const n = Number(m[1]);
  const factor: Record<string, number> = { H: 3_600_000, M: 60_000, S: 1000, m: 1, u: 1e-3, n: 1e-6 };
  return n * factor[m[2]!]!;
}

/** Checks a deadline as typed in the composer (milliseconds; empty or 0 for none). */
export function checkGrpcDeadline(text: string): { ok: true; ms: number } | { ok: false; message: string } {
  const t = text.trim();
  if (t === '' || t === '0') return { ok: true, ms: 0 };
  if (!/^\d+$/.test(t)) return { ok: false, message: `The deadline must be a whole number of milliseconds (e.g. 5000 for 5 s), or 0 for none, not "${t}".` };
  const ms = Number(t);
  if (ms > MAX_GRPC_DEADLINE_MS) return { ok: false, message: `A deadline of ${ms} ms is more than a day; use at most ${MAX_GRPC_DEADLINE_MS} ms, or 0 for none.` };
  return { ok: true, ms };
}

/** Plain words for a call's deadline, shown next to the field and with the outcome. */
export function describeDeadline(ms: number): string {
  if (!ms) return 'No deadline: the call waits as long as the server takes. Set one so a stuck server cannot hold the call forever.';
  const shown = ms >= 1000 ? `${(ms / 1000).toLocaleString('en', { maximumFractionDigits: 3 })} s` : `${ms} ms`;
  return `The call must finish within ${shown} of starting (sent as grpc-timeout: ${grpcTimeoutHeader(ms)}); after that both sides end it with 4 DEADLINE_EXCEEDED.`;
}

/** What a DEADLINE_EXCEEDED means for the call that got it. */
export function deadlineExceededNote(ms: number): string {
  const limit = ms ? `the ${ms} ms deadline` : 'the deadline (set by a server or proxy in between; this call set none)';
  return `The call did not finish within ${limit}. Messages received before it are shown; the server may have completed some or all of the work, so check before sending a write again.`;
}
