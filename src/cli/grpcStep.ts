/**
 * `wirebench run` step of a gRPC request: the saved method called in-process with the
 * relay's gRPC engine (definitions by reflection or from the saved .proto text, metadata
 * from the headers and auth, the deadline; through the proxy the server's environment names
 * for the target, as an HTTP step goes), every saved message sent in order and the stream
 * half-closed, then the call mapped onto core/run's ExchangeView (status = the gRPC status
 * code, headers = metadata and trailers, body = the response message, or a JSON array of
 * them for a streaming response) so captures and assertions work unchanged. Masked.
 */
import { draftWithUrl, substituteVariables, type RequestDraft } from '../core';
import { applyGrpcEvent, emptyGrpcTranscript, type GrpcCallRequest, type GrpcTranscript } from '../core/protocols/grpc/callModel';
import { grpcExchangeView, grpcOutcomeLine } from '../core/protocols/grpc/grpcExchange';
import { emptyGrpcSettings } from '../core/protocols/grpc/settings';
import { grpcStatusInfo } from '../core/protocols/grpc/statusCodes';
import { rememberExchangeSecrets } from '../core/workspace/redact';
import { startGrpcCall } from '../relay/grpc/call';
import { buildLiveRequest, finishLiveStep, liveDeadlineMs, startLiveStep } from './liveStep';
import type { PlannedRequest } from './plan';
import type { StepContext, StepOutcome } from './step';

export async function runGrpcStep(planned: PlannedRequest, ctx: StepContext): Promise<StepOutcome> {
  const { request } = planned;
  const { mask, variables } = ctx;
  const draft: RequestDraft = request.draft;
  const settings = { ...emptyGrpcSettings(), ...(draft.grpc ?? {}) };
  const step = startLiveStep(planned, ctx, 'GRPC');
  const { result, fail } = step;
  const values = variables.values();
  const address = substituteVariables(draft.url, values).text.trim();
  const tls = /^(grpcs|https):/i.test(address);
  const httpDraft: RequestDraft = { ...draftWithUrl(draft, draft.url.trim().replace(/^grpc:\/\//i, 'http://').replace(/^grpcs:\/\//i, 'https://')), method: 'POST', body: { ...draft.body, kind: 'none' }, query: [], pathParams: [] };
  const built = await buildLiveRequest(httpDraft, ctx, values);
  if (!built.ok) return fail(built.kind, built.message);
  const metadata = built.value.wire.headers.filter((h) => !/^(host|content-type|content-length|user-agent|accept-encoding)$/i.test(h.name));
  rememberExchangeSecrets({ request: { method: 'POST', url: built.value.wire.url, headers: metadata }, headers: [] }, mask.ledger);
  const messages: unknown[] = [];
  for (const [i, text] of settings.messages.entries()) {
    try {
      messages.push(JSON.parse(substituteVariables(text, values).text));
    } catch (err) {
      return fail('bad_message', `Message ${i + 1} of "${request.name}" is not valid JSON: ${(err as Error).message}`);
    }
  }
  const url = built.value.wire.url.replace(/^https?:\/\//i, tls ? 'grpcs://' : 'grpc://').replace(/\/$/, '');
  const call: GrpcCallRequest = {
    url, source: settings.source, ...(settings.source === 'proto' ? { protoFiles: settings.protoFiles } : {}),
    service: settings.service, method: settings.method, messages, end: true, metadata,
    deadlineMs: liveDeadlineMs(ctx, settings.deadlineMs),
    ...(ctx.insecure || draft.options.insecureTls ? { insecureTls: true } : {}),
  };
  let t: GrpcTranscript = emptyGrpcTranscript(settings.service, settings.method);
  const handle = startGrpcCall(call, request.id, (event) => (t = applyGrpcEvent(t, event)));
  await handle.done;
  result.url = mask.text(`${url}/${settings.service}/${settings.method}`);
  const view = grpcExchangeView(t, { url, metadata });
  if (!view) return fail(t.error?.kind ?? 'grpc', grpcOutcomeLine(t));
  return finishLiveStep(planned, ctx, step, view, { reason: grpcStatusInfo(view.status).name, durationMs: view.durationMs });
}
