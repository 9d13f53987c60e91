/**
 * `wirebench run` step of a GraphQL subscription (a `graphql` body whose operation is a
 * subscription): the handshake built as a WebSocket step builds it (variables, auth — `--vault`
 * tokens included —, the cookie jar), to the body's subscriptions URL or the request's URL with
 * ws: for http:, opened in-process with the relay's engine offering `graphql-transport-ws`;
 * then graphql-ws (core's `GraphQlWsSession`: connection_init with the request's headers and
 * auth as payload, subscribe, results until `complete`, the body's count or time limit). Mapped
 * onto core/run's ExchangeView (status 101 or the refusal's; body = JSON array of the results'
 * payloads) so captures and assertions work unchanged; a server's `error` (or a close before
 * the end) is a failed check of the step, its GraphQL errors in words. Everything reported is masked.
 */
import { buildWireRequest, draftWithUrl, substituteVariables, type RequestDraft } from '../core';
import { jarState, storeSetCookies } from '../core/cookies';
import { emptyGraphQlBody } from '../core/protocols/graphql/body';
import { GRAPHQL_WS_PROTOCOL } from '../core/protocols/graphql/graphqlWs';
import { graphQlSubscriptionLine, graphQlSubscriptionView, graphQlWsInitPayload, GraphQlWsSession, subscribePayloadOf, subscriptionCheck, subscriptionLimitsOf, type GraphQlWsStep } from '../core/protocols/graphql/subscriptionRun';
import type { WebSocketHandshake, WebSocketRefusal } from '../core/protocols/websocket/transcript';
import { evaluateAssertions, evaluateCaptures, maskedValue, type Assertion, type Capture, type RunStepResult } from '../core/run';
import { xmlXPath } from '../core/run/xmlXPath';
import { rememberExchangeSecrets } from '../core/workspace/redact';
import { openUpstreamSocket } from '../relay/websocket/engine';
import type { PlannedRequest } from './plan';
import type { StepContext, StepOutcome } from './step';

/** How long the closing handshake may take before the socket is dropped. */
const CLOSE_GRACE_MS = 3000;

/** The WebSocket address of a GraphQL endpoint: the typed subscriptions URL, else the request's URL with ws: for http:. */
function subscriptionAddress(url: string, typed: string | undefined): string {
  if (typed && typed.trim() !== '') return typed.trim();
  return url.trim().replace(/^http(s?):\/\//i, (_m, s: string) => `ws${s}://`);
}

export async function runGraphQlSubscriptionStep(planned: PlannedRequest, ctx: StepContext): Promise<StepOutcome> {
  const { request, path } = planned;
  const { mask, variables } = ctx;
  const draft: RequestDraft = request.draft;
  const body = draft.body.graphql ?? emptyGraphQlBody();
  const result: RunStepResult = { requestId: request.id, name: mask.text(request.name), path: path.map((p) => mask.text(p)), iteration: ctx.iteration, method: 'SUBSCRIBE', url: mask.text(draft.url), captures: [], assertions: [], tests: [], scriptErrors: [] };
  const fail = (kind: string, message: string): StepOutcome => ({ result: { ...result, error: { kind, message: mask.text(message) } } });
  const values = variables.values();
  const payload = subscribePayloadOf(body, (text) => substituteVariables(text, values).text);
  if (!payload.ok) return fail('bad_request', `${request.name}: ${payload.error.message}`);
  // Variables first: a {{base}} may hold the ws:// scheme the HTTP builder would refuse.
  const address = substituteVariables(subscriptionAddress(draft.url, body.subscriptionUrl), values).text.trim();
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
  const url = wire.url.replace(/^http(s?):/i, secure ? 'wss:' : 'ws:');
  result.url = mask.text(url);
  const limits = subscriptionLimitsOf(body);
  const session = new GraphQlWsSession(payload.value, graphQlWsInitPayload(headers), limits.collectCount);
  const started = performance.now();
  const connection: { handshake?: WebSocketHandshake; refusal?: WebSocketRefusal } = {};
  const opened = await openUpstreamSocket({
    url,
    headers,
    subprotocols: [GRAPHQL_WS_PROTOCOL],
    deflate: true,
    ...(ctx.timeoutMs ? { timeoutMs: Math.max(ctx.timeoutMs, 100) } : {}),
    ...(ctx.insecure || draft.options.insecureTls ? { insecureTls: true } : {}),
    ...(draft.options.cookies === false ? {} : { cookies: jarState(ctx.jar) }),
  });
  if (!opened.ok) {
    if (opened.refusal) connection.refusal = opened.refusal;
    else session.failed(opened.failure.message);
  } else {
    const socket = opened.socket;
    connection.handshake = socket.handshake;
    await new Promise<void>((resolve) => {
      const timers: ReturnType<typeof setTimeout>[] = [];
      let closing = false;
      const act = (step: GraphQlWsStep) => {
        for (const text of step.send) if (!socket.closed) socket.send(text);
        if (step.close && !closing && !socket.closed) {
          closing = true;
          socket.close(step.close.code, step.close.reason);
          timers.push(setTimeout(() => socket.terminate(), CLOSE_GRACE_MS));
        }
      };
      socket.onEvent((event) => {
        if (event.kind === 'message') {
          const m = event.message;
          if (m.direction === 'received' && m.opcode === 'text' && m.text !== undefined) act(session.received(m.text, m.at));
        } else if (event.kind === 'close') {
          if (event.failure && event.failure.kind !== 'closed') session.failed(event.failure.message);
          session.closed(event.closure.by === 'network' ? undefined : event.closure.code, event.closure.reason);
          for (const t of timers) clearTimeout(t);
          resolve();
        }
      });
      act(session.opened(socket.handshake.protocol));
      timers.push(setTimeout(() => act(session.finish('time')), limits.collectMs));
    });
  }
  const durationMs = performance.now() - started;
  const answerHeaders = connection.handshake?.responseHeaders ?? connection.refusal?.headers ?? [];
  if (draft.options.cookies !== false) storeSetCookies(ctx.jar, wire.url, answerHeaders.filter((h) => /^set-cookie$/i.test(h.name)).map((h) => h.value));
  const outcome = session.outcome;
  const view = graphQlSubscriptionView(connection, outcome, { method: 'GET', url, headers }, durationMs);
  if (!view) return fail('websocket', graphQlSubscriptionLine(connection, outcome));
  rememberExchangeSecrets({ request: view.request, headers: view.headers, ...(view.bodyText !== undefined ? { bodyText: view.bodyText } : {}) }, mask.ledger);
  result.status = view.status;
  result.reason = view.reason;
  result.durationMs = Math.round(durationMs);
  result.responseHeaders = mask.headers(view.headers);
  const extra = request as { captures?: Capture[]; assertions?: Assertion[] };
  for (const capture of evaluateCaptures(extra.captures ?? [], view, { xpath: xmlXPath })) {
    if (capture.value !== undefined) variables.set(capture.scope, capture.variable, capture.value, capture.secret);
    const shown = capture.error ? { ...capture, error: mask.text(capture.error) } : capture;
    result.captures.push(capture.value !== undefined && (capture.secret || mask.isSecret(capture.value)) ? { ...shown, value: maskedValue(capture.value) } : shown);
  }
  const now = variables.values();
  const resolved = (extra.assertions ?? []).map((a) => (a.kind === 'compare' && a.expected !== undefined ? { ...a, expected: substituteVariables(a.expected, now).text } : a));
  const check = subscriptionCheck(outcome);
  if (check) result.assertions.push({ ...check, ...(check.message ? { message: mask.text(check.message) } : {}) });
  result.assertions.push(...evaluateAssertions(resolved, view, { xpath: xmlXPath }).map((a) => ({ ...a, label: mask.text(a.label), ...(a.actual !== undefined ? { actual: mask.text(a.actual) } : {}), ...(a.message ? { message: mask.text(a.message) } : {}) })));
  return { result };
}
