/**
 * The checks of a single send (issue 18), in two steps `useSend` calls: `beforeSend` runs
 * the request's pre-request scripts (they may set variables and change the request), and
 * `afterSend` takes the captures, evaluates the assertions and runs the post-response
 * scripts once the response is complete. Results go to the tab's `checkResults`; a script
 * error is a result with its line and column, never a thrown error or a toast.
 */
import type { StoreApi } from 'zustand';
import { buildWireRequest, rememberExchangeSecrets, type RequestDraft, type WireRequest } from '../../../core';
import type { ScriptRequest, ScriptRunResult } from '../../../scripting/types';
import { activeEnvironmentValues } from '../environments/environmentsSlice';
import type { WorkbenchState } from '../../shell/store/workbenchState';
import { RUNNABLE_DIALECTS, hasChecks, scriptsOfPhase, type RequestChecks } from './checksModel';
import { checksOfTab, emptyOutcome, type ChecksOutcome } from './checksSlice';
import { exchangeViewOfExchange, scriptResponseOf, sendForScript } from './exchangeForChecks';
import { applyVariableWrites, rememberTypedRunValues, scriptVariablesOf, scriptWrites } from './variableWrites';
import { currentRunContext } from '../scripting/runContext';
import { draftOfTab } from '../../base/state/tabs';

/** How a script error reads in the response pane: kind, place and message. */
export function scriptErrorText(error: { kind: string; message: string; line?: number; column?: number }, phase: string): string {
  const where = error.line !== undefined ? ` at line ${error.line}${error.column !== undefined ? `, column ${error.column}` : ''}` : '';
  const what = error.kind === 'syntax' ? 'syntax error' : error.kind === 'timeout' ? 'stopped by the time limit' : 'error';
  return `${phase === 'pre-request' ? 'Pre-request' : 'Post-response'} script ${what}${where}: ${error.message}`;
}

/** The request as a script sees it: bodies that are text, as text; file parts are left out. */
export function scriptRequestOf(wire: WireRequest): ScriptRequest {
  const request: ScriptRequest = { method: wire.method, url: wire.url, headers: wire.headers.map((h) => ({ ...h })) };
  if (wire.body && wire.body.length > 0) {
    const decoder = new TextDecoder();
    request.body = wire.body.map((chunk) => (typeof chunk === 'string' ? chunk : chunk instanceof Uint8Array ? decoder.decode(chunk) : '')).join('');
  }
  return request;
}

/** The wire with what a pre-request script changed (URL, method, headers, body); unchanged parts stay as built. */
function adjuster(before: ScriptRequest, after: ScriptRequest | undefined): (wire: WireRequest) => WireRequest {
  if (!after) return (wire) => wire;
  const urlChanged = after.url !== before.url;
  const methodChanged = after.method !== before.method;
  const headersChanged = JSON.stringify(after.headers) !== JSON.stringify(before.headers);
  const bodyChanged = (after.body ?? '') !== (before.body ?? '');
  if (!urlChanged && !methodChanged && !headersChanged && !bodyChanged) return (wire) => wire;
  return (wire) => ({
    ...wire,
    ...(urlChanged ? { url: after.url } : {}),
    ...(methodChanged ? { method: after.method } : {}),
    ...(headersChanged ? { headers: after.headers } : {}),
    ...(bodyChanged ? { body: after.body ? [after.body] : [] } : {}),
  });
}

function outcomeOf(store: StoreApi<WorkbenchState>, tabId: string): ChecksOutcome {
  return store.getState().checkResults[tabId] ?? emptyOutcome();
}

/** Adds a script run's tests, console lines and errors to the tab's outcome, and applies its variables. */
function recordScript(store: StoreApi<WorkbenchState>, tabId: string, phase: 'pre-request' | 'post-response', result: ScriptRunResult): void {
  const writes = scriptWrites(result);
  // Script writes that went elsewhere than asked (no environment, an unsaved tab) are said in the results.
  const redirected = applyVariableWrites(store, tabId, writes).flatMap((note, i) => (note ? [`${writes[i]!.name} (set by the ${phase} script): ${note}`] : []));
  rememberTypedRunValues(result);
  const outcome = outcomeOf(store, tabId);
  store.getState().setCheckResults(tabId, {
    ...outcome,
    notes: [...outcome.notes, ...redirected],
    tests: [...outcome.tests, ...result.tests.map((t) => ({ ...t, phase }))],
    console: [...outcome.console, ...result.console.map((c) => ({ ...c, phase }))],
    scriptErrors: [...outcome.scriptErrors, ...result.errors.map((e) => ({ ...e, phase }))],
    // postman.setNextRequest: the collection runner follows it (a single send has nothing next).
    ...(result.nextRequest !== undefined ? { nextRequest: result.nextRequest } : {}),
    // pm.visualizer: the last script that set a template wins, as in Postman.
    ...(result.visualizer ? { visualizer: result.visualizer } : {}),
  });
}

/** pm.cookies and pm.cookies.jar() over the workspace's jar (issue 28), loaded with the first script. */
async function scriptJarOf(store: StoreApi<WorkbenchState>) {
  const [{ cookieJarOf }, { pageScriptCookieJar, pageScriptCookies }] = await Promise.all([import('../cookies/cookieJarStore'), import('../scripting/pageCookieJar')]);
  const jar = cookieJarOf(store);
  return { cookieJar: pageScriptCookieJar(jar), cookies: (url: string) => pageScriptCookies(jar, url) };
}

/** Scripts of a phase that run here; the others get a note saying why not. */
function runnableScripts(store: StoreApi<WorkbenchState>, tabId: string, checks: RequestChecks, phase: 'pre-request' | 'post-response'): string[] {
  const codes: string[] = [];
  const notes: string[] = [];
  for (const { script } of scriptsOfPhase(checks, phase)) {
    if (script.file !== undefined && !script.text) notes.push(`The ${phase} script in ${script.file} was not run: scripts kept as files do not run here yet.`);
    else if (!RUNNABLE_DIALECTS.has(script.dialect)) notes.push(`A ${script.dialect} ${phase} script was not run: only Postman (pm) scripts run here.`);
    else if ((script.text ?? '').trim() !== '') codes.push(script.text!);
  }
  if (notes.length > 0) {
    const outcome = outcomeOf(store, tabId);
    store.getState().setCheckResults(tabId, { ...outcome, notes: [...outcome.notes, ...notes] });
  }
  return codes;
}

/** The not-sent message of a request a pre-request script skipped; a run reports such a step as skipped, not failed. */
export const SKIPPED_BY_SCRIPT = 'A pre-request script called pm.execution.skipRequest(): the request was not sent.';

/**
 * What `beforeSend` gives `useSend`: the values to resolve with and the script's changes,
 * or why not to send (`skipped`: a script called `pm.execution.skipRequest()`).
 */
export type BeforeSend = { ok: true; env: Record<string, string>; adjust(wire: WireRequest): WireRequest } | { ok: false; message: string; skipped?: boolean };

/**
 * Step one of a send: clears the tab's last results, then runs the tab's pre-request
 * scripts in order (each sees the variables and request the one before left). On a single
 * send a script error stops the send with the error's text (as the Postman app does since
 * 7.8: the person is there to fix the script); inside a collection run it is recorded and the
 * request still goes, as newman and `wirebench run` do, so a run in the page and a run in CI
 * give the same results. The results show the error with its position either way.
 */
export async function beforeSend(store: StoreApi<WorkbenchState>, tabId: string, draft: RequestDraft, env: Record<string, string>, signal?: AbortSignal): Promise<BeforeSend> {
  const checks = checksOfTab(store.getState(), tabId);
  store.getState().setCheckResults(tabId, { ...emptyOutcome(), running: hasChecks(checks) });
  const codes = runnableScripts(store, tabId, checks, 'pre-request');
  if (codes.length === 0) return { ok: true, env, adjust: (wire) => wire };
  const { runScript } = await import('../scripting/scriptClient');
  const jar = await scriptJarOf(store);
  // Before resolving: a variable the script sets may be one the URL needs, so an unbuildable draft is shown to it as typed.
  const preview = buildWireRequest(draft, env);
  const before: ScriptRequest = preview.ok
    ? scriptRequestOf(preview.value.wire)
    : { method: draft.method, url: draft.url, headers: draft.headers.filter((h) => h.enabled).map((h) => ({ name: h.name, value: h.value })) };
  let request = before;
  for (const code of codes) {
    const result = await runScript({
      phase: 'pre-request',
      code,
      request,
      variables: scriptVariablesOf(store.getState(), tabId),
      info: { iteration: currentRunContext()?.iteration ?? 0, iterationCount: currentRunContext()?.iterationCount ?? 1, requestName: draft.name ?? '', requestId: store.getState().tabLinks[tabId]?.requestId ?? draft.id },
      sendRequest: sendForScript,
      cookies: jar.cookies(request.url),
      cookieJar: jar.cookieJar,
    }, signal);
    recordScript(store, tabId, 'pre-request', result);
    if (result.errors.length > 0 && !currentRunContext()) {
      finish(store, tabId);
      return { ok: false, message: `${scriptErrorText(result.errors[0]!, 'pre-request')} — the request was not sent.` };
    }
    if (result.request) request = result.request;
    if (result.skipRequest) {
      finish(store, tabId);
      return { ok: false, skipped: true, message: SKIPPED_BY_SCRIPT };
    }
  }
  // The values as the scripts left them, for this tab (a runner step's is not the tab shown).
  return { ok: true, env: activeEnvironmentValues({ ...store.getState(), activeTabId: tabId }), adjust: adjuster(before, request === before ? undefined : request) };
}

function finish(store: StoreApi<WorkbenchState>, tabId: string): void {
  store.getState().setCheckResults(tabId, { ...outcomeOf(store, tabId), running: false });
}

/**
 * Step two: after the response of tab `tabId` is complete, its captures (in order, each
 * written where it asks), its assertions, then its post-response scripts. A send that got
 * no response runs none of them. `checks` are those of the tab when it was sent. Never
 * rejects: what fails here is a note in the results.
 */
export async function afterSend(store: StoreApi<WorkbenchState>, tabId: string, checks: RequestChecks, signal?: AbortSignal): Promise<void> {
  try {
    const exchange = store.getState().responses[tabId]?.exchange;
    if (!exchange || exchange.phase !== 'done' || !hasChecks(checks)) return;
    const view = exchangeViewOfExchange(exchange);
    if (!view) return;
    // Provenance before anything copies: a token this answer holds stays a secret in whatever variable a capture or script puts it.
    rememberExchangeSecrets({ request: view.request, headers: view.headers, ...(view.bodyText !== undefined ? { bodyText: view.bodyText } : {}) });
    const { evaluateCaptures } = await import('../../../core/run/captures');
    const { evaluateAssertions } = await import('../../../core/run/assertions');
    const { describeSubject } = await import('../../../core/run/subject');
    // XPath's XML parser and engine load only for requests that read XPath.
    const readsXPath = [...checks.captures.map((c) => c.from), ...checks.assertions.map((a) => (a.kind === 'compare' ? a.subject : undefined))].some((s) => s?.kind === 'xpath');
    const options = readsXPath ? { xpath: (await import('../../../core/run/xmlXPath')).xmlXPath } : {};
    const captured = evaluateCaptures(checks.captures, view, options);
    const notes = applyVariableWrites(
      store,
      tabId,
      captured.filter((c) => c.value !== undefined).map((c) => ({ scope: c.scope, name: c.variable, value: c.value, secret: c.secret })),
    );
    const sources = new Map(checks.captures.map((c) => [c.id, describeSubject(c.from)]));
    let written = 0;
    const captures = captured.map((c) => {
      const note = c.value === undefined ? undefined : notes[written++];
      return { ...c, source: sources.get(c.captureId) ?? '', ...(note ? { note } : {}) };
    });
    const assertions = evaluateAssertions(checks.assertions, view, options);
    store.getState().setCheckResults(tabId, { ...outcomeOf(store, tabId), captures, assertions });
    const codes = runnableScripts(store, tabId, checks, 'post-response');
    if (codes.length === 0) return;
    const { runScript } = await import('../scripting/scriptClient');
    const jar = await scriptJarOf(store);
    const request = exchange.request ? scriptRequestOf(exchange.request) : { method: view.request.method, url: view.request.url, headers: view.request.headers };
    for (const code of codes) {
      const result = await runScript({
        phase: 'post-response',
        code,
        request,
        response: scriptResponseOf(exchange, view),
        variables: scriptVariablesOf(store.getState(), tabId),
        info: { iteration: currentRunContext()?.iteration ?? 0, iterationCount: currentRunContext()?.iterationCount ?? 1, requestName: draftOfTab(store.getState(), tabId)?.name ?? '', requestId: store.getState().tabLinks[tabId]?.requestId ?? exchange.draftId ?? '' },
        sendRequest: sendForScript,
        cookies: jar.cookies(request.url),
        cookieJar: jar.cookieJar,
      }, signal);
      recordScript(store, tabId, 'post-response', result);
    }
  } catch (error) {
    // Never thrown at the caller: useSend calls this in a `finally` that must end the send.
    const outcome = outcomeOf(store, tabId);
    store.getState().setCheckResults(tabId, { ...outcome, notes: [...outcome.notes, `The checks could not complete: ${error instanceof Error ? error.message : String(error)}`] });
  } finally {
    finish(store, tabId);
  }
}
