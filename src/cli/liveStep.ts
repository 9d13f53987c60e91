/**
 * What the `wirebench run` steps of the live protocols (WebSocket, gRPC, MCP) share, so each
 * step file holds only its protocol: the result skeleton with name, folder path and URL
 * masked; the request built as an HTTP step builds it (variables, auth, a `--vault` token); the
 * deadline when neither the request nor `--timeout` sets one; and the end — the outcome mapped
 * onto core/run's ExchangeView recorded in the result (secrets it holds remembered, headers
 * masked), then captures and assertions evaluated on it with every text masked.
 */
import { buildWireRequest, substituteVariables, type RequestDraft, type WireBuild } from '../core';
import { evaluateAssertions, evaluateCaptures, maskedValue, type Assertion, type Capture, type ExchangeView, type RunStepResult } from '../core/run';
import { xmlXPath } from '../core/run/xmlXPath';
import { rememberExchangeSecrets } from '../core/workspace/redact';
import type { PlannedRequest } from './plan';
import type { StepContext, StepOutcome } from './step';

/** Used when neither the request nor --timeout sets a deadline, so a stuck server cannot hold the run. */
export const LIVE_DEFAULT_DEADLINE_MS = 30_000;

/** The request's own deadline, else `--timeout`, else `LIVE_DEFAULT_DEADLINE_MS`. */
export function liveDeadlineMs(ctx: StepContext, own = 0): number {
  return own || ctx.timeoutMs || LIVE_DEFAULT_DEADLINE_MS;
}

export interface LiveStep {
  /** The result as the step fills it in (name, path and URL masked from the start). */
  result: RunStepResult;
  /** The step's outcome failing with `kind` and `message` (masked), the result as it stands. */
  fail(kind: string, message: string): StepOutcome;
}

/** Starts a live step's result under `method` (`WEBSOCKET`, `GRPC`, `MCP`). */
export function startLiveStep(planned: PlannedRequest, ctx: StepContext, method: string): LiveStep {
  const { request, path } = planned;
  const { mask } = ctx;
  const result: RunStepResult = { requestId: request.id, name: mask.text(request.name), path: path.map((p) => mask.text(p)), iteration: ctx.iteration, method, url: mask.text(request.draft.url), captures: [], assertions: [], tests: [], scriptErrors: [] };
  return { result, fail: (kind, message) => ({ result: { ...result, error: { kind, message: mask.text(message) } } }) };
}

/**
 * `httpDraft` (the live request seen as an HTTP one) built into its wire form with the run's
 * variables, taking a `--vault` token when its auth names a vault entry; the failure's kind
 * (`auth`, `bad_request`) and message otherwise.
 */
export async function buildLiveRequest(httpDraft: RequestDraft, ctx: StepContext, values: Record<string, string>): Promise<{ ok: true; value: WireBuild } | { ok: false; kind: string; message: string }> {
  let built = buildWireRequest(httpDraft, values);
  if (built.ok && built.value.vaultPending) {
    const entry = httpDraft.auth.vaultEntryId ?? '';
    const credential = ctx.vault ? await ctx.vault.credential(entry, values) : { ok: false as const, error: { message: `the request takes its token from vault entry "${entry}"; describe it with --vault FILE` } };
    if (!credential.ok) return { ok: false, kind: 'auth', message: credential.error.message };
    built = buildWireRequest(httpDraft, values, { vaultCredential: credential.value });
  }
  return built.ok ? { ok: true, value: built.value } : { ok: false, kind: 'bad_request', message: built.error.message };
}

/** What the step shows of the view besides its status and headers. */
export interface LiveFinish {
  reason: string;
  durationMs?: number | undefined;
  /** The step failed even though there is a view (the error is masked); `checks: false` skips captures and assertions. */
  error?: { kind: string; message: string };
  checks?: boolean;
}

/**
 * Ends a live step on `view`: the secrets it holds remembered, status, reason, duration and
 * masked headers recorded, then (unless `finish.checks` is false) the request's captures set as
 * variables and its assertions judged, every text masked.
 */
export function finishLiveStep(planned: PlannedRequest, ctx: StepContext, step: LiveStep, view: ExchangeView, finish: LiveFinish): StepOutcome {
  const { mask, variables } = ctx;
  const { result } = step;
  rememberExchangeSecrets({ request: view.request, headers: view.headers, ...(view.bodyText !== undefined ? { bodyText: view.bodyText } : {}) }, mask.ledger);
  result.status = view.status;
  result.reason = finish.reason;
  if ('durationMs' in finish) result.durationMs = finish.durationMs;
  result.responseHeaders = mask.headers(view.headers);
  if (finish.error && finish.checks === false) return step.fail(finish.error.kind, finish.error.message);
  if (finish.error) result.error = { kind: finish.error.kind, message: mask.text(finish.error.message) };
  const extra = planned.request as { captures?: Capture[]; assertions?: Assertion[] };
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
