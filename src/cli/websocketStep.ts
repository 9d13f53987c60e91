/**
 * `wirebench run` step of a WebSocket request: the handshake built as an HTTP step builds its
 * request (variables, auth — `--vault` tokens included —, the cookie jar), the connection
 * opened in-process with the relay's engine, the saved messages sent in order, what arrives
 * collected for the request's time limit (`collectMs`), then closed with 1000. Mapped onto
 * core/run's ExchangeView (status 101 or the refusal's, body = JSON array of the messages
 * received) so captures and assertions work unchanged. Everything reported is masked.
 */
import { buildWireRequest, draftWithUrl, substituteVariables, type RequestDraft } from '../core';
import { jarState, storeSetCookies } from '../core/cookies';
import { runMessages, webSocketExchangeView, webSocketOutcomeLine } from '../core/protocols/websocket/runView';
import { DEFAULT_COLLECT_MS, emptyWebSocketSettings } from '../core/protocols/websocket/settings';
import { evaluateAssertions, evaluateCaptures, maskedValue, type Assertion, type Capture, type RunStepResult } from '../core/run';
import { xmlXPath } from '../core/run/xmlXPath';
import { rememberExchangeSecrets } from '../core/workspace/redact';
import { collectWebSocket } from '../relay/websocket/collect';
import type { PlannedRequest } from './plan';
import type { StepContext, StepOutcome } from './step';

export async function runWebSocketStep(planned: PlannedRequest, ctx: StepContext): Promise<StepOutcome> {
  const { request, path } = planned;
  const { mask, variables } = ctx;
  const draft: RequestDraft = request.draft;
  const settings = { ...emptyWebSocketSettings(), ...(draft.websocket ?? {}) };
  const result: RunStepResult = { requestId: request.id, name: mask.text(request.name), path: path.map((p) => mask.text(p)), iteration: ctx.iteration, method: 'WEBSOCKET', url: mask.text(draft.url), captures: [], assertions: [], tests: [], scriptErrors: [] };
  const fail = (kind: string, message: string): StepOutcome => ({ result: { ...result, error: { kind, message: mask.text(message) } } });
  const values = variables.values();
  // Variables first: a {{base}} may hold the ws:// scheme the HTTP builder would refuse.
  const address = substituteVariables(draft.url, values).text.trim();
  const secure = /^(wss|https):/i.test(address);
  const httpDraft: RequestDraft = { ...draftWithUrl(draft, address.replace(/^ws(s?):\/\//i, 'http$1://')), method: 'GET', body: { ...draft.body, kind: 'none' } };
  let built = buildWireRequest(httpDraft, values);
  if (built.ok && built.value.vaultPending) {
    const credential = ctx.vault ? await ctx.vault.credential(draft.auth.vaultEntryId ?? '', values) : { ok: false as const, error: { message: `the request takes its token from vault entry "${draft.auth.vaultEntryId ?? ''}"; describe it with --vault FILE` } };
    if (!credential.ok) return fail('auth', credential.error.message);
    built = buildWireRequest(httpDraft, values, { vaultCredential: credential.value });
  }
  if (!built.ok) return fail('bad_request', built.error.message);
  const wire = built.value.wire;
  const headers = wire.headers.filter((h) => !/^(content-type|content-length)$/i.test(h.name));
  rememberExchangeSecrets({ request: { method: 'GET', url: wire.url, headers }, headers: [] }, mask.ledger);
  const outgoing = runMessages(settings.messages, (text) => substituteVariables(text, values).text);
  if (!outgoing.ok) return fail('bad_message', `${request.name}: ${outgoing.error.message}`);
  const url = wire.url.replace(/^http(s?):/i, secure ? 'wss:' : 'ws:');
  result.url = mask.text(url);
  const { transcript, durationMs } = await collectWebSocket(
    {
      url,
      headers,
      subprotocols: settings.subprotocols.filter((p) => p.trim() !== ''),
      deflate: settings.deflate,
      ...(ctx.timeoutMs ? { timeoutMs: Math.max(ctx.timeoutMs, 100) } : {}),
      ...(ctx.insecure || draft.options.insecureTls ? { insecureTls: true } : {}),
      ...(draft.options.cookies === false ? {} : { cookies: jarState(ctx.jar) }),
    },
    outgoing.value,
    { collectMs: settings.collectMs ?? DEFAULT_COLLECT_MS, ...(settings.collectCount ? { collectCount: settings.collectCount } : {}) },
  );
  const answerHeaders = transcript.handshake?.responseHeaders ?? transcript.refusal?.headers ?? [];
  if (draft.options.cookies !== false) storeSetCookies(ctx.jar, wire.url, answerHeaders.filter((h) => /^set-cookie$/i.test(h.name)).map((h) => h.value));
  const view = webSocketExchangeView(transcript, { method: 'GET', url, headers }, durationMs);
  if (!view) return fail(transcript.failure?.kind ?? 'websocket', webSocketOutcomeLine(transcript));
  rememberExchangeSecrets({ request: view.request, headers: view.headers, ...(view.bodyText !== undefined ? { bodyText: view.bodyText } : {}) }, mask.ledger);
  result.status = view.status;
  result.reason = view.reason;
  result.durationMs = Math.round(durationMs);
  result.responseHeaders = mask.headers(view.headers);
  // A protocol failure after the 101 (bad UTF-8, a frame too big) fails the step; a server's close code is for assertions to judge.
  if (transcript.handshake && transcript.failure && transcript.failure.kind !== 'closed') result.error = { kind: transcript.failure.kind, message: mask.text(transcript.failure.message) };
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
