/**
 * The app runner's step of a GraphQL subscription (a `graphql` body whose operation is a
 * subscription): the handshake built as the tab's Subscribe builds it (with the run's data
 * row), a channel to the relay, graphql-ws spoken by core's `GraphQlWsSession` (connection_init
 * with the request's headers and auth, subscribe, results) until `complete`, the body's count
 * or its time limit; mapped onto core/run's ExchangeView (status 101 or the refusal's; body =
 * JSON array of the results' payloads) for the request's assertions and captures (captured
 * values written into their variables as the HTTP runner's send writes them). A server's
 * `error` is a failed check of the step, in words. All reported masked.
 */
import type { StoreApi } from 'zustand';
import { substituteVariables } from '../../../core';
import type { SavedRequest } from '../../../core/workspace/model';
import { findItem } from '../../../core/workspace/tree';
import { emptyGraphQlBody } from '../../../core/protocols/graphql/body';
import { GRAPHQL_WS_PROTOCOL } from '../../../core/protocols/graphql/graphqlWs';
import { graphQlSubscriptionLine, graphQlSubscriptionView, graphQlWsInitPayload, GraphQlWsSession, subscribePayloadOf, subscriptionCheck, subscriptionLimitsOf } from '../../../core/protocols/graphql/subscriptionRun';
import { evaluateAssertions } from '../../../core/run/assertions';
import { evaluateCaptures, maskedValue } from '../../../core/run/captures';
import type { RunStep } from '../../../core/run/runPlan';
import type { RunStepResult } from '../../../core/run/types';
import { rememberExchangeSecrets } from '../../../core/workspace/redact';
import { maskSecretText } from '../../../core/workspace/secretLedger';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import { applyCollectionVariableWrites } from '../checks/variableWrites';
import { activeEnvironmentValues } from '../environments/environmentsSlice';
import type { SentStep } from '../runner/runEngine';
import { openMetaFor } from '../websocket/connection';
import { runSubscriptionChannel } from './subscriptionChannel';
import { subscriptionUrlOf } from './subscription';

export async function runGraphQlSubscriptionAppStep(store: StoreApi<WorkbenchState>, request: SavedRequest, step: RunStep, signal: AbortSignal): Promise<SentStep> {
  const draft = request.draft;
  const body = draft.body.graphql ?? emptyGraphQlBody();
  // Iterations are reported from 1, as the HTTP steps report them (workbenchSteps.ts).
  const result: RunStepResult = { requestId: request.id, name: request.name, path: step.request.path, iteration: step.iteration + 1, method: 'SUBSCRIBE', url: maskSecretText(draft.url), captures: [], assertions: [], tests: [], scriptErrors: [] };
  const fail = (kind: string, message: string): SentStep => ({ result: { ...result, error: { kind, message: maskSecretText(message) } } });
  const extra = step.dataRow ?? {};
  const values = { ...activeEnvironmentValues(store.getState()), ...extra };
  const payload = subscribePayloadOf(body, (text) => substituteVariables(text, values).text);
  if (!payload.ok) return fail('bad_request', payload.error.message);
  const url = subscriptionUrlOf(draft.url, body.subscriptionUrl);
  const prepared = await openMetaFor(store, { ...draft, url, websocket: { subprotocols: [GRAPHQL_WS_PROTOCOL], deflate: true, messages: [] } }, extra);
  if (!prepared.ok) return fail('bad_request', prepared.message);
  result.url = maskSecretText(prepared.meta.url);
  const limits = subscriptionLimitsOf(body);
  const session = new GraphQlWsSession(payload.value, graphQlWsInitPayload(prepared.meta.headers), limits.collectCount);
  const connection = await runSubscriptionChannel(prepared.meta, session, { collectMs: limits.collectMs, signal }).done;
  const outcome = session.outcome;
  const view = graphQlSubscriptionView(connection, outcome, { method: 'GET', url: prepared.meta.url, headers: prepared.meta.headers }, connection.durationMs);
  if (!view) return fail('websocket', graphQlSubscriptionLine(connection, outcome));
  rememberExchangeSecrets({ request: view.request, headers: view.headers, ...(view.bodyText !== undefined ? { bodyText: view.bodyText } : {}) });
  result.status = view.status;
  result.reason = view.reason;
  result.durationMs = Math.round(connection.durationMs);
  result.responseHeaders = view.headers.map((h) => ({ name: h.name, value: maskSecretText(h.value) }));
  // Captured values go into their variables as the HTTP runner's send writes them (run scope, the environment, the collection).
  const captured = evaluateCaptures(request.captures ?? [], view);
  const collectionId = store.getState().collections.find((c) => findItem(c.items, request.id))?.id;
  applyCollectionVariableWrites(store, collectionId, captured.filter((c) => c.value !== undefined).map((c) => ({ scope: c.scope, name: c.variable, value: c.value, secret: c.secret })));
  result.captures = captured.map((c) => (c.value === undefined ? c : { ...c, value: c.secret ? maskedValue(c.value) : maskSecretText(c.value) }));
  const check = subscriptionCheck(outcome);
  result.assertions = [
    ...(check ? [{ ...check, ...(check.message ? { message: maskSecretText(check.message) } : {}) }] : []),
    ...evaluateAssertions(request.assertions ?? [], view).map((a) => ({ ...a, ...(a.actual !== undefined ? { actual: maskSecretText(a.actual) } : {}) })),
  ];
  return { result };
}
