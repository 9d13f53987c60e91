/**
 * `wirebench run` step of a WebSocket request: the handshake built as an HTTP step builds its
 * request (variables, auth — `--vault` tokens included —, the cookie jar), the connection
 * opened in-process with the relay's engine, the saved messages sent in order, what arrives
 * collected for the request's time limit (`collectMs`), then closed with 1000. Mapped onto
 * core/run's ExchangeView (status 101 or the refusal's, body = JSON array of the messages
 * received) so captures and assertions work unchanged. Everything reported is masked.
 */
import { draftWithUrl, substituteVariables, type RequestDraft } from '../core';
import { jarState, storeSetCookies } from '../core/cookies';
import { runMessages, webSocketExchangeView, webSocketOutcomeLine } from '../core/protocols/websocket/runView';
import { DEFAULT_COLLECT_MS, emptyWebSocketSettings } from '../core/protocols/websocket/settings';
import { rememberExchangeSecrets } from '../core/workspace/redact';
import { collectWebSocket } from '../relay/websocket/collect';
import { buildLiveRequest, finishLiveStep, startLiveStep } from './liveStep';
import type { PlannedRequest } from './plan';
import type { StepContext, StepOutcome } from './step';

export async function runWebSocketStep(planned: PlannedRequest, ctx: StepContext): Promise<StepOutcome> {
  const { request } = planned;
  const { mask, variables } = ctx;
  const draft: RequestDraft = request.draft;
  const settings = { ...emptyWebSocketSettings(), ...(draft.websocket ?? {}) };
  const step = startLiveStep(planned, ctx, 'WEBSOCKET');
  const { result, fail } = step;
  const values = variables.values();
  // Variables first: a {{base}} may hold the ws:// scheme the HTTP builder would refuse.
  const address = substituteVariables(draft.url, values).text.trim();
  const secure = /^(wss|https):/i.test(address);
  const httpDraft: RequestDraft = { ...draftWithUrl(draft, address.replace(/^ws(s?):\/\//i, 'http$1://')), method: 'GET', body: { ...draft.body, kind: 'none' } };
  const built = await buildLiveRequest(httpDraft, ctx, values);
  if (!built.ok) return fail(built.kind, built.message);
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
  // A protocol failure after the 101 (bad UTF-8, a frame too big) fails the step; a server's close code is for assertions to judge.
  const failed = transcript.handshake && transcript.failure && transcript.failure.kind !== 'closed' ? { kind: transcript.failure.kind, message: transcript.failure.message } : undefined;
  return finishLiveStep(planned, ctx, step, view, { reason: view.reason, durationMs: Math.round(durationMs), ...(failed ? { error: failed } : {}) });
}
