/**
 * The page's side of the gRPC channel to the relay (`/api/grpc/…`, with the page key like
 * every `/api` call): Load services, start a call and read its NDJSON events as they come,
 * send further messages, half-close, cancel.
 */
import { parseGrpcEventLine, type GrpcCallEvent, type GrpcCallRequest, type GrpcDescribeResult, type GrpcFailure, type GrpcTarget } from '../../../core/protocols/grpc/callModel';
import type { HeaderField } from '../../../core';
import { relayToken } from '../../base/relay/session';

const headers = () => ({ 'Content-Type': 'application/json', 'X-Wirebench-Token': relayToken() });

async function refusal(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    return (JSON.parse(text) as { error?: string }).error ?? text;
  } catch {
    return text.trim() || `HTTP ${response.status}`;
  }
}

/** Loads the services by reflection or from the target's .proto files. */
export async function describeGrpcServices(target: GrpcTarget, metadata: HeaderField[], signal?: AbortSignal): Promise<GrpcDescribeResult> {
  try {
    const response = await fetch('/api/grpc/describe', { method: 'POST', headers: headers(), body: JSON.stringify({ ...target, metadata }), signal });
    if (!response.ok) return { ok: false, error: { kind: 'bad_request', message: `The relay refused to load the services: ${await refusal(response)}` } };
    return (await response.json()) as GrpcDescribeResult;
  } catch (err) {
    return { ok: false, error: { kind: 'bad_request', message: `The Wirebench server could not be reached to load the services (${(err as Error).message}). Check that it is still running.` } };
  }
}

/**
 * Starts a call; `onEvent` gets each event as its line arrives. Resolves when the stream
 * ends. Aborting `signal` closes the stream, which cancels the call in the relay.
 */
export async function streamGrpcCall(request: GrpcCallRequest, onEvent: (event: GrpcCallEvent) => void, signal?: AbortSignal): Promise<void> {
  const started = performance.now();
  const fail = (message: string) => onEvent({ type: 'error', error: { kind: 'bad_request', message }, at: performance.now() - started });
  let response: Response;
  try {
    response = await fetch('/api/grpc/calls', { method: 'POST', headers: headers(), body: JSON.stringify(request), signal });
  } catch (err) {
    if (signal?.aborted) return;
    return fail(`The Wirebench server could not be reached (${(err as Error).message}). Check that it is still running.`);
  }
  if (!response.ok || !response.body) return fail(`The relay refused the call: ${await refusal(response)}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  let ended = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      pending += value;
      let nl: number;
      while ((nl = pending.indexOf('\n')) >= 0) {
        const event = parseGrpcEventLine(pending.slice(0, nl));
        pending = pending.slice(nl + 1);
        if (!event) continue;
        if (event.type === 'status' || event.type === 'error') ended = true;
        onEvent(event);
      }
    }
  } catch (err) {
    if (signal?.aborted) return;
    return fail(`The connection to the Wirebench server broke during the call (${(err as Error).message}).`);
  }
  if (!ended && !signal?.aborted) fail('The relay closed the call without a status.');
}

async function post(path: string, body: unknown): Promise<{ ok: true } | { ok: false; error: GrpcFailure }> {
  try {
    const response = await fetch(path, { method: 'POST', headers: headers(), body: JSON.stringify(body ?? {}) });
    const value = (await response.json().catch(() => ({}))) as { ok?: boolean; error?: GrpcFailure | string };
    if (value.ok) return { ok: true };
    const error = typeof value.error === 'string' ? { kind: 'bad_request' as const, message: value.error } : value.error;
    return { ok: false, error: error ?? { kind: 'bad_request', message: `HTTP ${response.status}` } };
  } catch (err) {
    return { ok: false, error: { kind: 'bad_request', message: `The Wirebench server could not be reached (${(err as Error).message}).` } };
  }
}

export const sendGrpcMessage = (callId: string, message: unknown) => post(`/api/grpc/calls/${callId}/messages`, { message });
export const endGrpcStream = (callId: string) => post(`/api/grpc/calls/${callId}/end`, {});
export const cancelGrpcCall = (callId: string) => post(`/api/grpc/calls/${callId}/cancel`, {});
