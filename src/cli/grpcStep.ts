/**
 * `wirebench run` step of a gRPC request: the saved method called in-process with the
 * relay's gRPC engine (definitions by reflection or from the saved .proto text, metadata
 * from the headers and auth, the deadline), every saved message sent in order and the stream
 * half-closed, then the call mapped onto core/run's ExchangeView (status = the gRPC status
 * code, headers = metadata and trailers, body = the response message, or a JSON array of
 * them for a streaming response) so captures and assertions work unchanged. Masked.
 */
import { buildWireRequest, draftWithUrl, substituteVariables, type RequestDraft } from '../core';
import { applyGrpcEvent, emptyGrpcTranscript, type GrpcCallRequest, type GrpcTranscript } from '../core/protocols/grpc/callModel';
import { grpcExchangeView, grpcOutcomeLine } from '../core/protocols/grpc/grpcExchange';
import { emptyGrpcSettings } from '../core/protocols/grpc/settings';
import { grpcStatusInfo } from '../core/protocols/grpc/statusCodes';
import { evaluateAssertions, evaluateCaptures, maskedValue, type Assertion, type Capture, type RunStepResult } from '../core/run';
import { xmlXPath } from '../core/run/xmlXPath';
import { rememberExchangeSecrets } from '../core/workspace/redact';
import { startGrpcCall } from '../relay/grpc/call';
import type { PlannedRequest } from './plan';
import type { StepContext, StepOutcome } from './step';

/** Used when neither the request nor --timeout sets a deadline, so a stuck server cannot hold the run. */
const DEFAULT_DEADLINE_MS = 30_000;

export async function runGrpcStep(planned: PlannedRequest, ctx: StepContext): Promise<StepOutcome> {
  const { request, path } = planned;
  const { mask, variables } = ctx;
  const draft: RequestDraft = request.draft;
  const settings = { ...emptyGrpcSettings(), ...(draft.grpc ?? {}) };
  const result: RunStepResult = { requestId: request.id, name: mask.text(request.name), path: path.map((p) => mask.text(p)), iteration: ctx.iteration, method: 'GRPC', url: mask.text(draft.url), captures: [], assertions: [], tests: [], scriptErrors: [] };
  const fail = (kind: string, message: string): StepOutcome => ({ result: { ...result, error: { kind, message: mask.text(message) } } });
  const values = variables.values();
  const address = substituteVariables(draft.url, values).text.trim();
  const tls = /^(grpcs|https):/i.test(address);
  const httpDraft: RequestDraft = { ...draftWithUrl(draft, draft.url.trim().replace(/^grpc:\/\//i, 'http://').replace(/^grpcs:\/\//i, 'https://')), method: 'POST', body: { ...draft.body, kind: 'none' }, query: [], pathParams: [] };
  let built = buildWireRequest(httpDraft, values);
  if (built.ok && built.value.vaultPending) {
    const credential = ctx.vault ? await ctx.vault.credential(draft.auth.vaultEntryId ?? '', values) : { ok: false as const, error: { message: `the request takes its token from vault entry "${draft.auth.vaultEntryId ?? ''}"; describe it with --vault FILE` } };
    if (!credential.ok) return fail('auth', credential.error.message);
    built = buildWireRequest(httpDraft, values, { vaultCredential: credential.value });
  }
  if (!built.ok) return fail('bad_request', built.error.message);
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
    deadlineMs: settings.deadlineMs || ctx.timeoutMs || DEFAULT_DEADLINE_MS,
    ...(ctx.insecure || draft.options.insecureTls ? { insecureTls: true } : {}),
  };
  let t: GrpcTranscript = emptyGrpcTranscript(settings.service, settings.method);
  const handle = startGrpcCall(call, request.id, (event) => (t = applyGrpcEvent(t, event)));
  await handle.done;
  result.url = mask.text(`${url}/${settings.service}/${settings.method}`);
  const view = grpcExchangeView(t, { url, metadata });
  if (!view) return fail(t.error?.kind ?? 'grpc', grpcOutcomeLine(t));
  rememberExchangeSecrets({ request: view.request, headers: view.headers, ...(view.bodyText !== undefined ? { bodyText: view.bodyText } : {}) }, mask.ledger);
  result.status = view.status;
  result.reason = grpcStatusInfo(view.status).name;
  result.durationMs = view.durationMs;
  result.responseHeaders = mask.headers(view.headers);
  const extra = request as { captures?: Capture[]; assertions?: Assertion[] };
  for (const capture of evaluateCaptures(extra.captures ?? [], view, { xpath: xmlXPath })) {
    if (capture.value !== undefined) variables.set(capture.scope, capture.variable, capture.value, capture.secret);
    const shown = capture.error ? { ...capture, error: mask.text(capture.error) } : capture;
    result.captures.push(capture.value !== undefined && (capture.secret || mask.isSecret(capture.value)) ? { ...shown, value: maskedValue(capture.value) } : shown);
  }
  const now = variables.values();
  const resolved = (extra.assertions ?? []).map((a) => (a.kind === 'compare' && a.expected !== undefined ? { ...a, expected: substituteVariables(a.expected, now).text } : a));
  result.assertions.push(...evaluateAssertions(resolved, view, { xpath: xmlXPath }).map((a) => ({ ...a, label: mask.text(a.label), ...(a.actual !== undefined ? { actual: mask.text(a.actual) } : {}), ...(a.message ? { message: mask.text(a.message) } : {}) })));
  return { result };
}
