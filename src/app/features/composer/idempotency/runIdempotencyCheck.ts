/**
 * Runs an idempotency check through the relay: read the resource, then send the request N
 * times reading the resource after each, and judge by state (core `judgeIdempotency`).
 * These sends do not touch the response pane; the check reports its own steps.
 */
import { judgeIdempotency, stateReadRequest, type IdempotencyVerdict, type ResourceState, type WireRequest } from '../../../../core';
import { pageNetworkOptions } from '../../../base/relay/networkOptions';
import { sendThroughRelay } from '../../../base/relay/relayClient';

/** One step of a check as it happens. */
export interface IdempotencyStep {
  label: string;
  status?: number;
  error?: string;
}

/** What a finished check found. */
export type IdempotencyOutcome = { ok: true; verdict: IdempotencyVerdict; steps: IdempotencyStep[] } | { ok: false; message: string; steps: IdempotencyStep[] };

/** Bodies read for comparison are capped; a state bigger than this is compared on its start. */
const STATE_LIMIT = 4 * 1024 * 1024;

async function exchange(request: WireRequest, signal: AbortSignal): Promise<{ ok: true; state: ResourceState } | { ok: false; message: string }> {
  let status = 0;
  const chunks: Uint8Array[] = [];
  let kept = 0;
  const network = await pageNetworkOptions(request.url);
  if (!network.ok) return { ok: false, message: network.message };
  const outcome = await sendThroughRelay(request, { signal, ...network.value }, {
    onHead: (head) => (status = head.status),
    onBody: (chunk) => {
      if (kept >= STATE_LIMIT) return;
      chunks.push(chunk.slice(0, STATE_LIMIT - kept));
      kept += chunk.length;
    },
  });
  if (!outcome.ok) return { ok: false, message: outcome.error.message };
  const decoder = new TextDecoder();
  const body = chunks.map((c) => decoder.decode(c, { stream: true })).join('') + decoder.decode();
  return { ok: true, state: { status, body } };
}

export interface IdempotencyCheckOptions {
  request: WireRequest;
  /** The resource whose state is read before and after each send. */
  stateUrl: string;
  times: number;
  ignoreMembers: string[];
  signal: AbortSignal;
  onStep(steps: IdempotencyStep[]): void;
}

/** Runs the check; never rejects. */
export async function runIdempotencyCheck(options: IdempotencyCheckOptions): Promise<IdempotencyOutcome> {
  const { request, stateUrl, times, signal, onStep } = options;
  const steps: IdempotencyStep[] = [];
  const note = (step: IdempotencyStep) => {
    steps.push(step);
    onStep([...steps]);
  };
  const read = stateReadRequest(request, stateUrl);
  const first = await exchange(read, signal);
  if (!first.ok) return { ok: false, message: `Reading the state before the first send failed: ${first.message}`, steps };
  note({ label: 'GET before send 1', status: first.state.status });
  const after: ResourceState[] = [];
  for (let i = 1; i <= times; i++) {
    const sent = await exchange(request, signal);
    if (!sent.ok) return { ok: false, message: `Send ${i} failed: ${sent.message}`, steps };
    note({ label: `${request.method} send ${i}`, status: sent.state.status });
    const state = await exchange(read, signal);
    if (!state.ok) return { ok: false, message: `Reading the state after send ${i} failed: ${state.message}`, steps };
    note({ label: `GET after send ${i}`, status: state.state.status });
    after.push(state.state);
  }
  return { ok: true, verdict: judgeIdempotency(request.method, first.state, after, { ignoreMembers: options.ignoreMembers }), steps };
}
