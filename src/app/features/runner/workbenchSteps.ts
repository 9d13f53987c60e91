/**
 * The runner's steps sent the way the person sends one request, without opening a tab
 * (issue 27 item 2): the saved request goes into the run's background tab (`backgroundTabs`:
 * a tab's worth of state — draft, link to its collection, checks — never shown in the strip),
 * and the send performer `useSend` registered sends it from there — pre-request scripts, the
 * relay, captures, assertions, post-response scripts, history. The step's result is read
 * back from what that send left in the store: the background tab's exchange, its Checks
 * outcome and the history entry it was stored as. The tab shown is left as it was.
 *
 * Variables: the page's run scope is the run's own while the run lasts (each iteration's
 * data row is written into it, captures and scripts add to it), and is put back as it was
 * when the run ends. Environment and collection writes go where a single send puts them.
 */
import type { StoreApi } from 'zustand';
import { findItem, isSecretHeaderName, looksLikeSecretValue, maskResponseHeaders, type HeaderField } from '../../../core';
import { maskedValue } from '../../../core/run/captures';
import type { RunStep } from '../../../core/run/runPlan';
import type { RunStepResult } from '../../../core/run/types';
import { setRunContext } from '../scripting/runContext';
import { SKIPPED_BY_SCRIPT } from '../checks/sendChecks';
import { checksOfSaved } from '../checks/checksModel';
import type { ScriptValue } from '../../../scripting/types';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import type { SentStep, StepSender } from './runEngine';

/** Resolves once `done(state)` holds (checked at once, then at every store change). */
function waitFor(store: StoreApi<WorkbenchState>, done: (state: WorkbenchState) => boolean): Promise<void> {
  if (done(store.getState())) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = store.subscribe((state) => {
      if (!done(state)) return;
      stop();
      resolve();
    });
  });
}

/** Response headers as a run reports them: credentials and cookie values masked. */
export function maskedHeaders(headers: readonly HeaderField[]): HeaderField[] {
  // History's header rule first (a code or token in a Location's query, fragment or Link), then the run's own masks.
  const history = maskResponseHeaders(headers).headers;
  return headers.map((original, i) => {
    const h = /^set-cookie$/i.test(original.name) ? original : history[i]!;
    const name = h.name.toLowerCase();
    if (name === 'set-cookie') {
      const eq = h.value.indexOf('=');
      const semi = h.value.indexOf(';');
      return eq < 0 ? h : { name: h.name, value: `${h.value.slice(0, eq + 1)}${maskedValue(h.value.slice(eq + 1, semi < 0 ? undefined : semi))}${semi < 0 ? '' : h.value.slice(semi)}` };
    }
    return isSecretHeaderName(h.name) || looksLikeSecretValue(h.value) ? { name: h.name, value: maskedValue(h.value) } : { ...h };
  });
}

/**
 * The secret values a step's texts might repeat (a test's message quoting a token, a URL
 * carrying a key): secret captures, the run's secret names, the active environment's and
 * the collection's secret variables. Short values are left: masking "1" everywhere would
 * blank the report.
 */
function secretValues(state: WorkbenchState, collectionId: string, captured: readonly { value?: string; secret: boolean }[]): string[] {
  const values = new Set<string>();
  for (const c of captured) if (c.secret && c.value) values.add(c.value);
  for (const name of state.runSecretNames) if (state.runValues[name]) values.add(state.runValues[name]!);
  for (const v of state.environments.find((e) => e.id === state.activeEnvironmentId)?.variables ?? []) if (v.secret && v.value) values.add(v.value);
  for (const v of state.collections.find((c) => c.id === collectionId)?.variables ?? []) if (v.secret && v.value) values.add(v.value);
  return [...values].filter((v) => v.length >= 6).sort((a, b) => b.length - a.length);
}

/** `text` with every secret value in it masked. */
function scrubbed(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(maskedValue(secret));
  return out;
}

/**
 * A `StepSender` over the workbench store. `cancelSend` is `useSend`'s cancel (the relay
 * call of the step being sent is aborted with the run); `typedRows` are a JSON data file's
 * rows as parsed, for scripts.
 */
export function workbenchStepSender(store: StoreApi<WorkbenchState>, collectionId: string, cancelSend: () => void, typedRows?: readonly Readonly<Record<string, ScriptValue>>[]): StepSender {
  const start = store.getState();
  const savedRun = { values: start.runValues, secrets: start.runSecretNames };
  // The run's one background tab: each step's request is put in it in turn.
  let tabId: string | undefined;
  let row: Readonly<Record<string, string>> = {};
  return {
    startIteration(iteration, iterations, dataRow) {
      row = dataRow ?? {};
      // Scripts read a JSON file's row with its types (pm.iterationData.get('tags') is an array); {{name}} reads the text.
      const typed = typedRows && typedRows.length > 0 ? typedRows[Math.min(iteration, typedRows.length - 1)] : undefined;
      setRunContext({ iteration, iterationCount: iterations, data: typed ?? row });
      if (iteration === 0) store.getState().clearRunValues();
      // The row's values for this iteration; run values set by captures and scripts carry over, as in Postman.
      if (Object.keys(row).length > 0) store.getState().writeRunValues({ ...row });
    },
    async send(step: RunStep, iterations: number, signal: AbortSignal): Promise<SentStep> {
      const base: RunStepResult = {
        requestId: step.request.id,
        name: step.request.name,
        path: step.request.path,
        iteration: step.iteration + 1,
        method: '',
        url: '',
        captures: [],
        assertions: [],
        tests: [],
        scriptErrors: [],
      };
      await waitFor(store, (s) => !s.sendInFlight);
      const state = store.getState();
      const found = findItem(state.collections.find((c) => c.id === collectionId)?.items ?? [], step.request.id)?.item;
      if (!found || found.kind !== 'request') return { result: { ...base, error: { kind: 'not_sent', message: `"${step.request.name}" is no longer in the collection.` } } };
      const draft = { ...found.draft, name: found.name };
      if (tabId === undefined) tabId = state.addBackgroundTab(draft);
      else state.setBackgroundDraft(tabId, draft);
      const id = tabId;
      // Linked to its saved request (collection variables, pm.info.requestId) with its checks, as an opened tab is.
      store.setState((s) => ({ tabLinks: { ...s.tabLinks, [id]: { collectionId, requestId: found.id } } }));
      store.getState().setTabChecks(id, checksOfSaved(found));
      base.method = draft.method;
      base.url = draft.url;
      const performer = store.getState().sendPerformer;
      if (!performer) return { result: { ...base, error: { kind: 'not_sent', message: 'The page cannot send yet (its send path is not ready).' } } };
      // No consent gate: starting the run is the person's go-ahead for every request in it.
      performer('tab', {}, { tabId: id });
      const abort = () => cancelSend();
      signal.addEventListener('abort', abort, { once: true });
      try {
        await waitFor(store, (s) => !s.sendInFlight && s.checkResults[id]?.running !== true);
      } finally {
        signal.removeEventListener('abort', abort);
      }
      const after = store.getState();
      const exchange = after.responses[id]?.exchange;
      const outcome = after.checkResults[id];
      const result: RunStepResult = { ...base };
      if (!exchange) {
        result.error = { kind: 'not_sent', message: after.sendProblem?.message ?? 'The request was not sent.' };
      } else if (exchange.notSent && exchange.error?.message === SKIPPED_BY_SCRIPT) {
        // pm.execution.skipRequest(): neither sent nor failed, as newman and `wirebench run` report it.
        result.skipped = true;
      } else {
        if (exchange.request) {
          result.method = exchange.request.method;
          result.url = exchange.request.url;
        }
        if (exchange.head) {
          result.status = exchange.head.status;
          result.reason = exchange.head.reason;
          result.responseHeaders = maskedHeaders(exchange.head.headers);
        }
        if (exchange.summary) result.durationMs = exchange.summary.timings.total;
        if (exchange.error) result.error = { kind: exchange.notSent ? 'not_sent' : exchange.error.kind, message: exchange.error.message };
        const historyId = after.backgroundTabs.find((t) => t.id === id)?.lastHistoryId;
        if (historyId) result.historyId = historyId;
      }
      let nextRequest: string | null | undefined;
      const secrets = secretValues(after, collectionId, outcome?.captures ?? []);
      const clean = (text: string) => scrubbed(text, secrets);
      result.url = clean(result.url);
      if (result.error) result.error = { ...result.error, message: clean(result.error.message) };
      if (outcome) {
        result.captures = outcome.captures.map(({ note: _note, ...c }) => (c.secret && c.value !== undefined ? { ...c, value: maskedValue(c.value) } : c));
        result.tests = outcome.tests.map(({ phase: _phase, ...t }) => (t.error ? { ...t, error: clean(t.error) } : t));
        result.scriptErrors = outcome.scriptErrors.map(({ phase: _phase, ...e }) => ({ ...e, message: clean(e.message) }));
        result.assertions = outcome.assertions.map((a) => ({ ...a, ...(a.actual !== undefined ? { actual: clean(a.actual) } : {}), ...(a.message !== undefined ? { message: clean(a.message) } : {}) }));
        nextRequest = outcome.nextRequest;
      }
      void iterations;
      return nextRequest !== undefined ? { result, nextRequest } : { result };
    },
    finish() {
      setRunContext(undefined);
      const s = store.getState();
      s.clearRunValues();
      if (Object.keys(savedRun.values).length > 0) s.writeRunValues({ ...savedRun.values }, savedRun.secrets);
      if (tabId !== undefined) s.dropBackgroundTab(tabId);
    },
  };
}
