/**
 * The host side of a run: the bridge functions a script's sandbox calls (its input as JSON,
 * pm.sendRequest, the bounded setTimeout) and the loop that runs the QuickJS job queue until
 * every host call has settled or the run's deadline passes.
 */
import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten-core';
import type { GuestError } from './errors';
import type { SandboxLibrary } from './sandboxLibraries/catalog';
import { SCRIPT_DEFAULTS, type ScriptCookie, type ScriptResponse, type ScriptRunInput } from './types';


const encoder = new TextEncoder();
/** The response with responseSize filled (UTF-8 length of the body) when the caller left it out. */
export function withSize(response: ScriptResponse): ScriptResponse {
  return response.responseSize === undefined ? { ...response, responseSize: encoder.encode(response.body).length } : response;
}

/** Name and message of anything thrown on the host side. */
export function errorMessage(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

/** One run's bookkeeping on the host side. */
export interface RunState {
  runtime: QuickJSRuntime;
  /** The run's own context (the script's realm). */
  ctx: QuickJSContext;
  deadline: number;
  interrupted: boolean;
  ended: boolean;
  inFlight: Set<QuickJSDeferredPromise>;
  timers: Set<ReturnType<typeof setTimeout>>;
  wake?: () => void;
}

/**
 * A script of a session may keep a function of an earlier run (a global it set to
 * `pm.sendRequest`); calling it after that run ended fails with this, and nothing is sent.
 */
function ended(state: RunState): { error: QuickJSHandle } | undefined {
  if (!state.ended) return undefined;
  return { error: state.ctx.newError({ name: 'Error', message: "this belongs to a script run that has ended (a function kept from an earlier script): use the current script's pm" }) };
}

/** A host operation the script awaits: a QuickJS promise settled when `work` settles. */
function hostPromise(state: RunState, work: Promise<string>): QuickJSHandle {
  const { ctx } = state;
  const deferred = ctx.newPromise();
  state.inFlight.add(deferred);
  const settle = (fill: () => void) => {
    if (state.ended || !deferred.alive) return;
    fill();
    state.inFlight.delete(deferred);
    deferred.dispose();
    state.wake?.();
  };
  work.then(
    (text) => settle(() => ctx.newString(text).consume((value) => deferred.resolve(value))),
    (error: unknown) => settle(() => ctx.newError(errorMessage(error)).consume((value) => deferred.reject(value))),
  );
  return deferred.handle;
}

/** The module texts a run may require: loaded ones by name, and why others could not be loaded. */
export interface RunLibraries {
  loaded: ReadonlyMap<string, SandboxLibrary>;
  problems: ReadonlyMap<string, string>;
}

/** What a cookie-jar call from the sandbox carries (JSON). */
interface JarArguments {
  url: string;
  name?: string;
  cookie?: ScriptCookie;
}

function randomHex(count: number): string {
  const bytes = new Uint8Array(count);
  globalThis.crypto.getRandomValues(bytes);
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * The host object a run's sandbox receives: input, send, timer, the cookie jar, the modules'
 * texts compiled in the session's context, and random bytes; all created in that context.
 */
export function buildHost(state: RunState, input: ScriptRunInput, libraries: RunLibraries): QuickJSHandle {
  const { ctx } = state;
  const host = ctx.newObject();
  const payload = JSON.stringify({
    phase: input.phase,
    request: input.request,
    response: input.response ? withSize(input.response) : undefined,
    variables: input.variables,
    info: input.info,
    cookies: input.cookies,
    maxSendRequests: input.maxSendRequests ?? SCRIPT_DEFAULTS.maxSendRequests,
    maxConsoleLines: input.maxConsoleLines ?? SCRIPT_DEFAULTS.maxConsoleLines,
    maxConsoleLineChars: input.maxConsoleLineChars ?? SCRIPT_DEFAULTS.maxConsoleLineChars,
  });
  ctx.newFunction('input', () => ctx.newString(payload)).consume((fn) => ctx.setProp(host, 'input', fn));
  ctx
    .newFunction('send', (requestJson) => {
      const gone = ended(state);
      if (gone) return gone;
      const request = JSON.parse(ctx.getString(requestJson));
      const sender = input.sendRequest;
      const work = sender
        ? Promise.resolve().then(() => sender(request)).then((response) => JSON.stringify(withSize(response)))
        : Promise.reject(new Error('pm.sendRequest is not available here: the caller gave the script engine no way to send'));
      return hostPromise(state, work);
    })
    .consume((fn) => ctx.setProp(host, 'send', fn));
  ctx
    .newFunction('timer', (msHandle) => {
      const gone = ended(state);
      if (gone) return gone;
      const ms = Math.max(0, ctx.getNumber(msHandle));
      const work = new Promise<string>((resolve) => {
        const timer = setTimeout(() => {
          state.timers.delete(timer);
          resolve('');
        }, ms);
        state.timers.add(timer);
      });
      return hostPromise(state, work);
    })
    .consume((fn) => ctx.setProp(host, 'timer', fn));
  const jar = input.cookieJar;
  if (jar) {
    ctx
      .newFunction('jar', (opHandle, argsHandle) => {
        const gone = ended(state);
      if (gone) return gone;
        const op = ctx.getString(opHandle);
        const args = JSON.parse(ctx.getString(argsHandle)) as JarArguments;
        const work = Promise.resolve().then(async (): Promise<string> => {
          if (op === 'getAll') return JSON.stringify(await jar.getAll(args.url));
          if (op === 'set' && args.cookie) await jar.set(args.url, args.cookie);
          else if (op === 'unset' && args.name !== undefined) await jar.unset(args.url, args.name);
          else if (op === 'clear') await jar.clear(args.url);
          else throw new TypeError(`unknown cookie jar call ${op}`);
          return '';
        });
        return hostPromise(state, work);
      })
      .consume((fn) => ctx.setProp(host, 'jar', fn));
  }
  // A module's text compiled in the run's own context (its realm, its limits): the function the sandbox's require calls.
  ctx
    .newFunction('module', (nameHandle) => {
      const name = ctx.getString(nameHandle);
      const library = libraries.loaded.get(name);
      if (!library) return ctx.newString(libraries.problems.get(name) ?? '');
      const compiled = ctx.evalCode(`(function (module, exports, require, __wirebench) {${library.text}\n})`, `sandbox-module:${name}`);
      return compiled.error ? { error: compiled.error } : compiled.value;
    })
    .consume((fn) => ctx.setProp(host, 'module', fn));
  ctx
    .newFunction('random', (countHandle) => ctx.newString(randomHex(Math.max(0, Math.min(65_536, Math.floor(ctx.getNumber(countHandle)))))))
    .consume((fn) => ctx.setProp(host, 'random', fn));
  return host;
}

/** Runs the context's jobs until no host operation is in flight, or the deadline passes. */
export async function drain(state: RunState, guestErrors: GuestError[]): Promise<void> {
  for (;;) {
    const jobs = state.runtime.executePendingJobs();
    if (jobs.error) {
      guestErrors.push(jobs.error.context.dump(jobs.error) as GuestError);
      jobs.error.dispose();
      if (state.interrupted) return;
      continue;
    }
    if (state.interrupted || state.inFlight.size === 0) return;
    const remaining = state.deadline - Date.now();
    if (remaining <= 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, remaining);
      state.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    state.wake = undefined;
  }
}

