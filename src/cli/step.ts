/**
 * One request of a CLI run, start to end: its pre-request scripts, the wire request built by
 * core (variables, auth, body), the send through the relay's engine in-process, the cookie
 * jar, captures and assertions (`core/run`), its post-response scripts — and the step's
 * result with every secret masked. Every failure lands in the step's result as a value.
 */
import { authScheme, buildWireRequest, concatBytes, rememberExchangeSecrets, draftWithUrl, normaliseDraft, schemeSigns, signWire, substituteVariables, type DynamicVariableResolver, type HeaderField, type RequestDraft, type RequestScript, type WireRequest } from '../core';
import { jarState, openJar, storeSetCookies } from '../core/cookies';

/** A live cookie jar (tough-cookie's), as core's `openJar` makes it. */
export type CookieJar = ReturnType<typeof openJar>;
import { evaluateAssertions, evaluateCaptures, exchangeView, maskedValue, type Assertion, type Capture, type ExchangeView, type RunStepResult } from '../core/run';
import { xmlXPath } from '../core/run/xmlXPath';
import type { ScriptRequest, ScriptResponse, ScriptRunResult, ScopeChanges } from '../scripting/types';
import { sendWithin } from './deadline';
import type { RunPorts } from './ports';
import type { PlannedRequest } from './plan';
import type { SecretMask } from './secrets';
import type { DynamicValues } from './dynamicValues';
import { readUploadFile } from './uploads';
import type { VaultGrants } from './vaultGrants';
import type { RunScope } from './variables';
import { isLiveProtocol } from '../core/protocols/types';
import { protocolSteps } from './protocolSteps';
import { isGraphQlSubscription } from '../core/protocols/graphql/subscriptionRun';
import { runGraphQlSubscriptionStep } from './graphqlSubscriptionStep';
import { bodyDetailOf, jarCookiesFor, scriptCookieJar, sentScriptRequest } from './scriptWiring';

/** What a step needs from the run around it. */
export interface StepContext {
  ports: RunPorts;
  variables: RunScope;
  mask: SecretMask;
  jar: CookieJar;
  /** Tokens of `--vault` entries. */
  vault?: VaultGrants;
  iteration: number;
  iterationCount: number;
  timeoutMs?: number;
  /** Wall-clock limit of one script run. */
  scriptTimeoutMs: number;
  /** A script's console line (already masked). */
  console(text: string): void;
  insecure: boolean;
  /** Notes printed once per run (a script dialect that is not run, …). */
  note(text: string): void;
  /** `--working-dir`: where the files requests upload are read from; absent: the current folder. */
  workingDir?: string;
  /** Postman's dynamic variables (`{{$guid}}`…), loaded on first need; absent: they stay unresolved. */
  dynamic?: DynamicValues;
}

/** A step's result and where the run goes next. */
export interface StepOutcome {
  result: RunStepResult;
  /** From `setNextRequest`: a name, null to stop, absent to go on in order. */
  nextRequest?: string | null;
}

const encoder = new TextEncoder();

/**
 * The body's bytes. A file part (a form-data file, a binary body) is read from the path the
 * collection names, relative to `--working-dir` (default: the current folder) and confined
 * to it by real path, as newman reads collection files: a collection does not get to upload
 * whatever it likes from the machine running it.
 */
async function bodyBytes(wire: WireRequest, workingDir: string | undefined): Promise<Uint8Array | null | { error: string }> {
  if (!wire.body || wire.body.length === 0) return null;
  const parts: Uint8Array[] = [];
  for (const chunk of wire.body) {
    if (typeof chunk === 'string') parts.push(encoder.encode(chunk));
    else if (chunk instanceof Uint8Array) parts.push(chunk);
    else {
      const read = await readUploadFile(chunk.name, workingDir);
      if ('error' in read) return read;
      parts.push(read.bytes);
    }
  }
  return concatBytes(parts);
}

function textBody(draft: RequestDraft): string | undefined {
  const kind = draft.body.kind;
  return kind === 'json' || kind === 'xml' || kind === 'text' ? draft.body.texts[kind] : undefined;
}

/** The draft as a pre-request script changed it: method, URL (query tables follow), headers, a text body. */
function draftAfterScript(draft: RequestDraft, changed: ScriptRequest): RequestDraft {
  let next = draft.url === changed.url ? draft : draftWithUrl(draft, changed.url);
  next = normaliseDraft({ ...next, method: changed.method, headers: changed.headers.map((h) => ({ name: h.name, value: h.value })) });
  const kind = next.body.kind;
  if (changed.body !== undefined && (kind === 'json' || kind === 'xml' || kind === 'text')) next = { ...next, body: { ...next.body, texts: { ...next.body.texts, [kind]: changed.body } } };
  return next;
}

/** The request a script sees: the URL as a template when no variables resolve it yet, as Postman shows `pm.request.url`. */
function scriptRequestOf(draft: RequestDraft): ScriptRequest {
  const body = textBody(draft);
  return { method: draft.method, url: draft.url, headers: draft.headers.filter((h) => h.enabled !== false).map((h) => ({ name: h.name, value: h.value })), ...(body !== undefined ? { body } : {}) };
}

/** The body with its mode for a script, when it is not plain text (a urlencoded or form-data body, a file…). */
function withBodyDetail(draft: RequestDraft): { bodyDetail?: ScriptRequest['bodyDetail'] } {
  const detail = bodyDetailOf(draft);
  return detail ? { bodyDetail: detail } : {};
}

function setCookieLines(headers: readonly HeaderField[]): string[] {
  return headers.filter((h) => /^set-cookie$/i.test(h.name)).map((h) => h.value);
}

/** Runs `planned` once. */
export async function runStep(planned: PlannedRequest, ctx: StepContext): Promise<StepOutcome> {
  const { request, path } = planned;
  let draft = request.draft;
  const { mask, variables, ports } = ctx;
  // Names and the URL as written go into reports even when the request is never built: masked from the start.
  const result: RunStepResult = { requestId: request.id, name: mask.text(request.name), path: path.map((p) => mask.text(p)), iteration: ctx.iteration, method: draft.method, url: mask.text(draft.url), captures: [], assertions: [], tests: [], scriptErrors: [] };
  if (isLiveProtocol(draft.protocol)) {
    // WebSocket, gRPC and MCP requests are run by their protocol's step (src/cli/protocolSteps.ts).
    const live = protocolSteps[draft.protocol];
    if (live) return live(planned, ctx);
    result.error = { kind: 'unsupported', message: `wirebench run cannot run ${draft.protocol} requests in this build, so "${request.name}" was not run` };
    return { result };
  }
  // A GraphQL subscription goes over graphql-ws, not as an HTTP request.
  if (draft.body.kind === 'graphql' && isGraphQlSubscription(draft.body.graphql)) return runGraphQlSubscriptionStep(planned, ctx);
  let nextRequest: string | null | undefined;
  let skipped = false;
  const scripts = (request.scripts ?? []).filter((s): s is RequestScript & { text: string } => {
    if (s.dialect !== 'postman' || s.text === undefined) {
      ctx.note(`${s.dialect} ${s.phase} scripts are not run by wirebench run (only Postman scripts are); "${request.name}" has one.`);
      return false;
    }
    return true;
  });

  // `pm.variables` (the local scope) lasts the whole run in newman (postman-runtime keeps it run-wide), so it is the run layer here.
  const applyChanges = (scope: 'environment' | 'collection' | 'global' | 'run', changes: ScopeChanges) => {
    for (const [name, value] of Object.entries(changes.set)) variables.setTyped(scope, name, value);
    for (const name of changes.unset) variables.set(scope, name, undefined);
  };

  const runScripts = async (phase: RequestScript['phase'], response?: ScriptResponse, sentRequest?: ScriptRequest): Promise<void> => {
    for (const script of scripts.filter((s) => s.phase === phase)) {
      if (!ports.runScript) {
        result.scriptErrors.push({ kind: 'host', message: 'the script engine (src/scripting) is not available in this build, so scripts cannot run' });
        return;
      }
      // A pm.sendRequest still going when its script ends (stopped at its time limit, or never awaited) is cancelled, not left downloading.
      const scriptRun = new AbortController();
      const outcome: ScriptRunResult = await ports.runScript({
        phase,
        code: script.text,
        // Before sending: the draft (URL as a template), its body with the mode; after: the request as it was sent.
        request: sentRequest ?? { ...scriptRequestOf(draft), ...withBodyDetail(draft), ...(request.description ? { description: request.description } : {}) },
        ...(response ? { response } : {}),
        cookies: jarCookiesFor(ctx.jar, sentRequest?.url ?? substituteVariables(draft.url, variables.values()).text),
        cookieJar: scriptCookieJar(ctx.jar),
        variables: { environment: variables.layer('environment'), collection: variables.layer('collection'), globals: variables.layer('global'), local: variables.layer('run'), iterationData: variables.layer('data') },
        info: { requestName: request.name, requestId: request.id, iteration: ctx.iteration - 1, iterationCount: ctx.iterationCount, location: [...path, request.name], currentLocation: request.name },
        sendRequest: (sub) => sendForScript(sub, ctx, scriptRun.signal),
        timeoutMs: ctx.scriptTimeoutMs,
      }).finally(() => scriptRun.abort());
      applyChanges('environment', outcome.variables.environment);
      applyChanges('collection', outcome.variables.collection);
      applyChanges('global', outcome.variables.globals);
      applyChanges('run', outcome.variables.local);
      for (const line of outcome.console) ctx.console(mask.text(line.text));
      result.tests.push(...outcome.tests.map((t) => ({ ...t, name: mask.text(t.name), ...(t.error ? { error: mask.text(t.error) } : {}) })));
      result.scriptErrors.push(...outcome.errors.map((e) => ({ ...e, message: mask.text(e.message) })));
      if (outcome.request && phase === 'pre-request') draft = draftAfterScript(draft, outcome.request);
      if (outcome.nextRequest !== undefined) nextRequest = outcome.nextRequest;
      if (outcome.skipRequest) skipped = true;
      // As in newman, a script that throws ends only itself: the request is still sent and the other scripts run.
    }
  };

  await runScripts('pre-request');
  if (skipped) return { result: { ...result, skipped: true }, nextRequest };
  const values = variables.values();
  // Drawn now, once per use, as the request is built (Postman draws them at send time too).
  const dynamic: DynamicVariableResolver | undefined = await ctx.dynamic?.resolverFor([JSON.stringify(draft), ...Object.values(values)]);
  const drawing = dynamic ? { dynamic } : {};
  let built = buildWireRequest(draft, values, drawing);
  if (built.ok && built.value.vaultPending) {
    const credential = ctx.vault ? await ctx.vault.credential(draft.auth.vaultEntryId ?? '', variables.values()) : { ok: false as const, error: { kind: 'vault-entry', message: `the request takes its token from vault entry "${draft.auth.vaultEntryId ?? ''}"; describe it with --vault FILE (client credentials or refresh token, secrets from {{$env.NAME}})` } };
    if (!credential.ok) {
      result.error = { kind: 'auth', message: mask.text(credential.error.message) };
      return { result, nextRequest };
    }
    built = buildWireRequest(draft, values, { ...drawing, vaultCredential: credential.value });
  }
  if (!built.ok) {
    result.error = { kind: 'bad_request', message: mask.text(built.error.message) };
    return { result, nextRequest };
  }
  // The auth's secret fields as resolved: a Digest password or an AWS secret key never goes on the wire, and a Basic
  // password goes only Base64-encoded, so no exchange teaches the mask them; a script or an echo could still show them.
  for (const field of authScheme(draft.auth.scheme)?.fields ?? []) {
    if (field.kind === 'secret') mask.add(substituteVariables(draft.auth.values[field.name] ?? '', values).text, `the request's ${field.label}`);
  }
  let wire = built.value.wire;
  // A signing scheme (AWS SigV4) signs last, the request exactly as it goes, at this moment, as a send in the app does.
  if (draft.auth.scheme !== 'vault' && schemeSigns(draft.auth.scheme)) {
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(draft.auth.values)) values[name] = substituteVariables(value, variables.values(), drawing).text;
    const signed = await signWire(draft.auth.scheme, values, wire, { now: new Date() });
    if (!signed.ok) {
      result.error = { kind: 'auth', message: mask.text(`Not signed: ${signed.error.message}`) };
      return { result, nextRequest };
    }
    if (signed.value) wire = signed.value.wire;
  }
  result.method = wire.method;
  result.url = mask.text(wire.url);
  if (built.value.unresolved.length > 0) ctx.note(`"${request.name}": {{${built.value.unresolved.join('}}, {{')}}} ${built.value.unresolved.length === 1 ? 'is' : 'are'} not defined and sent as written.`);
  const body = await bodyBytes(wire, ctx.workingDir);
  if (body && 'error' in body) {
    result.error = { kind: 'bad_request', message: mask.text(body.error) };
    return { result, nextRequest };
  }
  const withCookies = draft.options.cookies !== false;
  const sent = await sendWithin(
    ports.send,
    {
      method: wire.method,
      url: wire.url,
      headers: wire.headers,
      followRedirects: draft.options.followRedirects,
      ...(draft.options.maxRedirects !== undefined ? { maxRedirects: draft.options.maxRedirects } : {}),
      ...(draft.options.postmanRedirects ? { postmanRedirects: draft.options.postmanRedirects } : {}),
      timeoutMs: ctx.timeoutMs ?? draft.options.timeoutMs,
      insecureTls: ctx.insecure || draft.options.insecureTls,
      ...(built.value.digest ? { digest: built.value.digest } : {}),
      ...(withCookies ? { cookies: jarState(ctx.jar) } : {}),
      ...(draft.options.protocol && draft.options.protocol !== 'auto' ? { protocol: draft.options.protocol } : {}),
    },
    body,
    ctx.timeoutMs !== undefined ? { deadlineMs: ctx.timeoutMs } : {},
  );
  const resolveText = (text: string) => substituteVariables(text, variables.values(), drawing).text;
  if (!sent.ok) {
    result.error = { kind: sent.error.kind, message: mask.text(sent.error.message) };
    // As newman does, the post-response scripts still run after a request that got no answer (refused, DNS, timeout),
    // with an empty response (status 0, no headers, no body): their tests are reported, failing or skipped, not missing.
    // Not when the run itself was stopped (--timeout-run) or the send cancelled.
    if (sent.error.kind !== 'aborted') {
      const asSent = sentScriptRequest({ method: wire.method, url: wire.url, headers: wire.headers }, draft, resolveText);
      await runScripts('post-response', { code: 0, status: '', headers: [], body: '', responseTime: 0, responseSize: 0 }, { ...asSent, ...(request.description ? { description: request.description } : {}) });
    }
    return { result, nextRequest };
  }
  const { head, hops, summary } = sent.value;
  if (withCookies) {
    for (const hop of hops) storeSetCookies(ctx.jar, hop.url, setCookieLines(hop.headers));
    storeSetCookies(ctx.jar, summary.sent.url, setCookieLines(head.headers));
  }
  result.status = head.status;
  result.reason = mask.text(head.reason);
  result.durationMs = summary.timings.total;
  result.responseHeaders = mask.headers(head.headers);
  const view = exchangeView({
    request: { method: summary.sent.method, url: summary.sent.url, headers: summary.sent.headers },
    response: { status: head.status, reason: head.reason, httpVersion: head.httpVersion, headers: head.headers },
    body: { bytes: sent.value.body },
    durationMs: summary.timings.total,
  });
  // Provenance before anything copies: what the request carried and the credentials its answer holds stay secrets wherever they go.
  rememberExchangeSecrets({ request: view.request, headers: view.headers, ...(view.bodyText !== undefined ? { bodyText: view.bodyText } : {}) }, mask.ledger);
  const extra = request as { captures?: Capture[]; assertions?: Assertion[] };
  if (extra.captures?.length) {
    for (const capture of evaluateCaptures(extra.captures, view, { xpath: xmlXPath })) {
      if (capture.value !== undefined) variables.set(capture.scope, capture.variable, capture.value, capture.secret);
      const shown = capture.error ? { ...capture, error: mask.text(capture.error) } : capture;
      result.captures.push(capture.value !== undefined && (capture.secret || mask.isSecret(capture.value)) ? { ...shown, value: maskedValue(capture.value) } : shown);
    }
  }
  if (extra.assertions?.length) {
    // Expected values may hold {{variables}} (a captured id, an environment's limit), resolved as the request was.
    const now = variables.values();
    const resolved = extra.assertions.map((a) => (a.kind === 'compare' && a.expected !== undefined ? { ...a, expected: substituteVariables(a.expected, now, drawing).text } : a));
    result.assertions.push(...evaluateAssertions(resolved, view, { xpath: xmlXPath }).map((a) => ({ ...a, label: mask.text(a.label), ...(a.actual !== undefined ? { actual: mask.text(a.actual) } : {}), ...(a.message ? { message: mask.text(a.message) } : {}) })));
  }
  const asSent = sentScriptRequest(summary.sent, draft, resolveText);
  await runScripts('post-response', scriptResponseOf(view, sent.value.body.length), { ...asSent, ...(request.description ? { description: request.description } : {}) });
  return { result, nextRequest };
}

function scriptResponseOf(view: ExchangeView, size: number): ScriptResponse {
  return { code: view.status, status: view.reason, headers: view.headers, body: view.bodyText ?? '', responseTime: view.durationMs ?? 0, responseSize: size };
}

/**
 * `pm.sendRequest`: the script's request, sent as given through the same engine and jar,
 * within `--timeout` as a whole and cancelled when its script run ends; a failure rejects
 * in the script.
 */
async function sendForScript(request: ScriptRequest, ctx: StepContext, scriptRun: AbortSignal): Promise<ScriptResponse> {
  const withCookies = jarState(ctx.jar);
  const sent = await sendWithin(
    ctx.ports.send,
    { method: request.method, url: request.url, headers: request.headers, ...(ctx.timeoutMs !== undefined ? { timeoutMs: ctx.timeoutMs } : {}), insecureTls: ctx.insecure, cookies: withCookies },
    request.body !== undefined ? encoder.encode(request.body) : null,
    { ...(ctx.timeoutMs !== undefined ? { deadlineMs: ctx.timeoutMs } : {}), signal: scriptRun },
  );
  if (!sent.ok) throw new Error(`pm.sendRequest to ${ctx.mask.text(request.url)} failed (${sent.error.kind}): ${ctx.mask.text(sent.error.message)}`);
  const { head, hops, summary, body } = sent.value;
  for (const hop of hops) storeSetCookies(ctx.jar, hop.url, setCookieLines(hop.headers));
  storeSetCookies(ctx.jar, summary.sent.url, setCookieLines(head.headers));
  const view = exchangeView({ request: { method: request.method, url: request.url, headers: request.headers }, response: { status: head.status, reason: head.reason, headers: head.headers }, body: { bytes: body }, durationMs: summary.timings.total });
  rememberExchangeSecrets({ request: { ...view.request, ...(request.body !== undefined ? { bodyText: request.body } : {}) }, headers: view.headers, ...(view.bodyText !== undefined ? { bodyText: view.bodyText } : {}) }, ctx.mask.ledger);
  return scriptResponseOf(view, body.length);
}

/** A fresh cookie jar for a run. */
export function emptyJar(): CookieJar {
  return openJar();
}
