/**
 * The app runner's gRPC step: the saved method called through the relay with every saved
 * message (the stream half-closed after them), then mapped onto core/run's ExchangeView
 * (status = gRPC code, headers = metadata + trailers, body = the message or a JSON array of
 * them) for the request's assertions and captures. Captured values are written into their
 * variables as the HTTP runner's send writes them (grpcRunChecks.ts) and reported masked.
 */
import { applyGrpcEvent, emptyGrpcTranscript, type GrpcTranscript } from '../../../core/protocols/grpc/callModel';
import { grpcExchangeView, grpcOutcomeLine } from '../../../core/protocols/grpc/grpcExchange';
import { grpcStatusInfo } from '../../../core/protocols/grpc/statusCodes';
import type { RunStepResult } from '../../../core/run/types';
import { maskSecretText } from '../../../core/workspace/secretLedger';
import { activeEnvironmentValues } from '../environments/environmentsSlice';
import type { AppProtocolStep } from '../runner/protocolSteps';
import { streamGrpcCall } from './grpcClient';
import { runGrpcStepChecks } from './grpcRunChecks';
import { prepareGrpc } from './grpcPrepare';

const DEFAULT_DEADLINE_MS = 30_000;

export const runGrpcAppStep: AppProtocolStep = async (store, request, step, signal) => {
  const result: RunStepResult = { requestId: request.id, name: request.name, path: step.request.path, iteration: step.iteration, method: 'GRPC', url: maskSecretText(request.draft.url), captures: [], assertions: [], tests: [], scriptErrors: [] };
  // Values earlier steps captured (run scope) are read as an HTTP step reads them.
  const env = { ...activeEnvironmentValues(store.getState()), ...store.getState().runValues, ...(step.dataRow ?? {}) };
  const prepared = await prepareGrpc(request.draft, env);
  if (!prepared.ok) return { result: { ...result, error: { kind: 'bad_request', message: maskSecretText(prepared.message) } } };
  const { target, metadata, settings, messageTexts } = prepared.value;
  const messages: unknown[] = [];
  for (const [i, text] of messageTexts.entries()) {
    try {
      messages.push(JSON.parse(text));
    } catch (err) {
      return { result: { ...result, error: { kind: 'bad_message', message: `Message ${i + 1} is not valid JSON: ${(err as Error).message}` } } };
    }
  }
  let t: GrpcTranscript = emptyGrpcTranscript(settings.service, settings.method);
  await streamGrpcCall({ ...target, service: settings.service, method: settings.method, messages, end: true, metadata, deadlineMs: settings.deadlineMs || DEFAULT_DEADLINE_MS }, (e) => (t = applyGrpcEvent(t, e)), signal);
  const view = grpcExchangeView(t, { url: target.url, metadata });
  if (!view) return { result: { ...result, error: { kind: t.error?.kind ?? 'grpc', message: maskSecretText(grpcOutcomeLine(t)) } } };
  result.status = view.status;
  result.reason = grpcStatusInfo(view.status).name;
  result.durationMs = view.durationMs;
  result.responseHeaders = view.headers.map((h) => ({ name: h.name, value: maskSecretText(h.value) }));
  const checks = runGrpcStepChecks(store, request, view);
  result.captures = checks.captures;
  result.assertions = checks.assertions;
  return { result };
};
