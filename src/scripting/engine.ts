/**
 * The isolated script engine: QuickJS compiled to WebAssembly (quickjs-emscripten, the sync
 * release variant), one runtime and one context per script run, a memory limit, a wall-clock
 * limit through the interrupt handler, and the `pm` API evaluated inside the context. The
 * WebAssembly module and chai's source are loaded once per engine; nothing a script does can
 * outlive its run. The context has only the language's own globals (no fetch, timers,
 * process, require or DOM) plus what the prelude defines.
 */
import variant from '@jitl/quickjs-wasmfile-release-sync';
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSDeferredPromise,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import type { ScriptErrorInfo } from '../core/run/types';
import { chaiAsScript } from './chaiScript';
import { SCRIPT_FILE, toScriptError, type GuestError } from './errors';
import { PRELUDE_SOURCE } from './prelude/pm';
import type { ScriptResponse, ScriptRunInput, ScriptRunResult } from './types';

/** Defaults a caller may override per run. */
export const SCRIPT_DEFAULTS = { timeoutMs: 5_000, memoryBytes: 64 * 1024 * 1024, maxSendRequests: 50 } as const;
/** Extra time and memory the engine gives itself after a stopped script, to read the results back. */
const COLLECT_BUDGET = { ms: 1_000, bytes: 8 * 1024 * 1024 };
/**
 * QuickJS's own stack limit. Kept well under the host's: each QuickJS frame also takes host
 * (V8) stack, and at 512 KiB the host overflowed first in Node (about 680 nested calls here).
 */
const STACK_BYTES = 128 * 1024;
const WASM_PAGE = 64 * 1024;

/** How the engine gets chai's bundled build (chai/index.js) as text, and its memory ceiling. */
export interface ScriptEngineOptions {
  /** The text itself, or a loader; default: the bundler's `?raw` import (Vite, vitest). */
  chaiSource?: string | (() => Promise<string>);
  /**
   * Ceiling of the WebAssembly memory all runs of this engine share (default 256 MiB). It is
   * the hard bound: QuickJS's per-runtime limit in the prebuilt WebAssembly counts blocks,
   * not bytes, for large strings and arrays (quickjs-emscripten issues 255 and 271).
   */
  memoryCapBytes?: number;
}

/** A loaded engine: run scripts, each isolated from the others. */
export interface ScriptEngine {
  run(input: ScriptRunInput): Promise<ScriptRunResult>;
}

async function defaultChaiSource(): Promise<string> {
  const { CHAI_MODULE_SOURCE } = await import('./chaiSource');
  return CHAI_MODULE_SOURCE;
}

/** Loads the WebAssembly module and chai once; the engine is then reused for every run. */
export async function createScriptEngine(options: ScriptEngineOptions = {}): Promise<ScriptEngine> {
  const source = options.chaiSource ?? defaultChaiSource;
  const capBytes = options.memoryCapBytes ?? 256 * 1024 * 1024;
  if (!(capBytes >= 32 * 1024 * 1024)) throw new RangeError(`memoryCapBytes must be at least 32 MiB (got ${capBytes})`);
  const load = async (): Promise<LoadedModule> => {
    // A memory of our own with a maximum: when a script fills it, malloc fails inside the
    // WebAssembly and QuickJS throws out of memory, instead of the host growing without bound.
    const memory = new WebAssembly.Memory({ initial: 256, maximum: Math.floor(capBytes / WASM_PAGE) });
    const module = await newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmMemory: memory }));
    return { module, memory, capBytes };
  };
  const [first, chaiModule] = await Promise.all([load(), typeof source === 'string' ? Promise.resolve(source) : source()]);
  const chaiScript = chaiAsScript(chaiModule);
  let current: Promise<LoadedModule> = Promise.resolve(first);
  let currentLoaded: LoadedModule | undefined = first;
  return {
    run: async (input) => {
      validate(input);
      const loaded = await current;
      const { result, poisoned } = await runInFreshContext(loaded, chaiScript, input);
      // After a wasm-level failure (host stack overflow, memory full) the instance may be
      // inconsistent: later runs get a fresh one; runs still using this one finish on it.
      if (poisoned && loaded === currentLoaded) {
        currentLoaded = undefined;
        current = load().then((fresh) => (currentLoaded = fresh));
      }
      return result;
    },
  };
}

interface LoadedModule {
  module: QuickJSWASMModule;
  memory: WebAssembly.Memory;
  capBytes: number;
}

function validate(input: ScriptRunInput): void {
  if (input.phase !== 'pre-request' && input.phase !== 'post-response') {
    throw new TypeError(`phase must be 'pre-request' or 'post-response' (got ${JSON.stringify(input.phase)})`);
  }
  if (typeof input.code !== 'string') throw new TypeError('code must be the script text (a string)');
  if (input.phase === 'post-response' && !input.response) throw new TypeError('a post-response script needs the response');
  for (const [name, value] of Object.entries({ timeoutMs: input.timeoutMs, memoryBytes: input.memoryBytes, maxSendRequests: input.maxSendRequests })) {
    if (value !== undefined && !(Number.isFinite(value) && value >= 0)) throw new RangeError(`${name} must be a non-negative number (got ${value})`);
  }
}

const encoder = new TextEncoder();
function withSize(response: ScriptResponse): ScriptResponse {
  return response.responseSize === undefined ? { ...response, responseSize: encoder.encode(response.body).length } : response;
}

function errorMessage(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

interface RunState {
  runtime: QuickJSRuntime;
  ctx: QuickJSContext;
  deadline: number;
  interrupted: boolean;
  ended: boolean;
  inFlight: Set<QuickJSDeferredPromise>;
  timers: Set<ReturnType<typeof setTimeout>>;
  wake?: () => void;
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

function buildHost(state: RunState, input: ScriptRunInput, chaiScript: string): QuickJSHandle {
  const { ctx } = state;
  const host = ctx.newObject();
  const payload = JSON.stringify({
    phase: input.phase,
    request: input.request,
    response: input.response ? withSize(input.response) : undefined,
    variables: input.variables,
    info: input.info,
    maxSendRequests: input.maxSendRequests ?? SCRIPT_DEFAULTS.maxSendRequests,
  });
  ctx.newFunction('input', () => ctx.newString(payload)).consume((fn) => ctx.setProp(host, 'input', fn));
  ctx.newFunction('chai', () => ctx.evalCode(chaiScript, 'chai.js')).consume((fn) => ctx.setProp(host, 'chai', fn));
  ctx
    .newFunction('send', (requestJson) => {
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
  return host;
}

/** Runs the context's jobs until no host operation is in flight, or the deadline passes. */
async function drain(state: RunState, guestErrors: GuestError[]): Promise<void> {
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

const OUT_OF_MEMORY = 'The script ran out of memory (the memory limit was reached) and was stopped';

/** The shared WebAssembly memory has grown to its ceiling: allocations are failing. */
function memoryFull(loaded: LoadedModule): boolean {
  return loaded.memory.buffer.byteLength >= loaded.capBytes - 2 * 1024 * 1024;
}

/** What a failure thrown by the WebAssembly itself (not by the script) means for the run. */
function hostFailure(error: unknown, loaded: LoadedModule): ScriptErrorInfo {
  const { name, message } = errorMessage(error);
  if (name === 'RangeError' && /call stack/i.test(message)) return { kind: 'runtime', message: 'RangeError: stack overflow (too much recursion)' };
  if (memoryFull(loaded)) return { kind: 'memory', message: OUT_OF_MEMORY };
  return { kind: 'host', message: `The script engine could not complete the run: ${message}` };
}

function disposeAll(disposers: Array<() => void>): boolean {
  let clean = true;
  for (const dispose of disposers) {
    try {
      dispose();
    } catch {
      clean = false;
    }
  }
  return clean;
}

type Collected = Omit<ScriptRunResult, 'errors' | 'durationMs'> & { errors: GuestError[] };

async function runInFreshContext(loaded: LoadedModule, chaiScript: string, input: ScriptRunInput): Promise<{ result: ScriptRunResult; poisoned: boolean }> {
  const startedAt = Date.now();
  const timeoutMs = input.timeoutMs ?? SCRIPT_DEFAULTS.timeoutMs;
  const memoryBytes = input.memoryBytes ?? SCRIPT_DEFAULTS.memoryBytes;
  const runtime = loaded.module.newRuntime();
  runtime.setMemoryLimit(memoryBytes);
  runtime.setMaxStackSize(STACK_BYTES);
  const ctx = runtime.newContext();
  const state: RunState = { runtime, ctx, deadline: startedAt + timeoutMs, interrupted: false, ended: false, inFlight: new Set(), timers: new Set() };
  runtime.setInterruptHandler(() => {
    if (Date.now() <= state.deadline) return false;
    state.interrupted = true;
    return true;
  });
  const errors: ScriptErrorInfo[] = [];
  const guestErrors: GuestError[] = [];
  const timeoutError = (waiting: boolean): ScriptErrorInfo => ({
    kind: 'timeout',
    message: `The script did not finish within ${timeoutMs} ms and was stopped${waiting ? ' (it was still waiting for pm.sendRequest or setTimeout)' : ''}`,
  });
  let poisoned = false;
  let control: QuickJSHandle | undefined;
  let collected: Collected | undefined;
  try {
    const prelude = ctx.unwrapResult(ctx.evalCode(PRELUDE_SOURCE, 'wirebench-prelude.js', { strict: true }));
    const host = buildHost(state, input, chaiScript);
    const made = ctx.callFunction(prelude, ctx.undefined, host);
    prelude.dispose();
    host.dispose();
    control = ctx.unwrapResult(made);
    const compiled = ctx.evalCode(`(async function () {\n${input.code}\n})`, SCRIPT_FILE);
    if (compiled.error) {
      errors.push(toScriptError(ctx.dump(compiled.error) as GuestError, true));
      compiled.error.dispose();
    } else {
      const started = ctx.getProp(control, 'start').consume((start) => ctx.callFunction(start, control!, compiled.value));
      compiled.value.dispose();
      if (started.error) guestErrors.push(ctx.dump(started.error) as GuestError);
      (started.error ?? started.value).dispose();
      await drain(state, guestErrors);
    }
    const waiting = state.inFlight.size > 0;
    if (state.interrupted || waiting) errors.push(timeoutError(waiting));
    // Reading the results back runs the prelude's own code: give it a fresh, small budget.
    state.deadline = Date.now() + COLLECT_BUDGET.ms;
    state.interrupted = false;
    runtime.setMemoryLimit(memoryBytes + COLLECT_BUDGET.bytes);
    const finished = ctx.getProp(control, 'finish').consume((finish) => ctx.callFunction(finish, control!));
    (finished.error ?? finished.value).dispose();
    const text = ctx.getProp(control, 'collect').consume((collect) => ctx.unwrapResult(ctx.callFunction(collect, control!)));
    collected = JSON.parse(text.consume((handle) => ctx.getString(handle))) as Collected;
  } catch (error) {
    const failure = hostFailure(error, loaded);
    if (!errors.some((e) => e.kind === failure.kind)) errors.push(failure);
    poisoned = true;
  } finally {
    state.ended = true;
    for (const timer of state.timers) clearTimeout(timer);
    const clean = disposeAll([
      ...[...state.inFlight].map((deferred) => () => deferred.dispose()),
      () => control?.dispose(),
      () => ctx.dispose(),
      () => runtime.dispose(),
    ]);
    if (!clean) poisoned = true;
  }
  for (const guest of [...guestErrors, ...(collected?.errors ?? [])]) {
    if (guest.name === 'InternalError' && guest.message === 'interrupted') {
      if (!errors.some((e) => e.kind === 'timeout')) errors.push(timeoutError(false));
      continue;
    }
    // With memory full QuickJS may not even allocate the error, and the script sees null thrown.
    const info = guest.thrownValue && memoryFull(loaded) ? { kind: 'memory' as const, message: OUT_OF_MEMORY } : toScriptError(guest, false);
    if (info.kind === 'memory') poisoned = true;
    if (!errors.some((e) => e.kind === 'memory' && info.kind === 'memory')) errors.push(info);
  }
  const empty = () => ({ set: {}, unset: [] });
  const result: ScriptRunResult = {
    tests: collected?.tests ?? [],
    variables: collected?.variables ?? { environment: empty(), collection: empty(), globals: empty(), local: empty() },
    console: collected?.console ?? [],
    errors,
    durationMs: Date.now() - startedAt,
  };
  if (collected?.request) result.request = collected.request;
  if (collected && 'nextRequest' in collected) result.nextRequest = collected.nextRequest;
  if (collected?.skipRequest) result.skipRequest = true;
  return { result, poisoned };
}
