/**
 * The isolated script engine: QuickJS compiled to WebAssembly (quickjs-emscripten, the sync
 * release variant). Each engine loads, once, the WebAssembly, a runtime and a library context
 * holding chai and the pm API's code, frozen. A session (`openSession`: a collection run, the
 * app's runner, the page's single sends) has one context of its own (its globals and
 * intrinsics), as Postman has one sandbox context per run: each run of the session gets its
 * own `pm` objects there from the library, its script runs as a function of its own under a
 * wall-clock limit (the interrupt handler), results come back as JSON; a module a script
 * requires is evaluated once per session. `run` alone is a session of one run. A context has
 * only the language's own globals (no fetch, timers, process, require or DOM) plus what the
 * library puts there. Runs of one engine are serialized.
 *
 * Why a shared library context: QuickJS here cannot store compiled bytecode, and parsing
 * chai (140 kB) and the pm API in every context cost 10–35 ms a run; shared and frozen, a run
 * costs about a millisecond (see bench/scriptEngine.ts).
 */
import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSContext, type QuickJSHandle, type QuickJSRuntime } from 'quickjs-emscripten-core';
import type { ScriptErrorInfo } from '../core/run/types';
import { chaiAsScript } from './chaiScript';
import { isInterrupt, SCRIPT_FILE, toScriptError, type GuestError } from './errors';
import { buildHost, drain, errorMessage, type RunLibraries, type RunState } from './hostBridge';
import { LIBRARY_SOURCE } from './prelude/pm';
import { INLINE_MODULES, modulesNamedIn, type SandboxLibrary, type SandboxLibraryLoader } from './sandboxLibraries/catalog';
import { SCRIPT_DEFAULTS, type ScriptRunInput, type ScriptRunResult } from './types';

/** Time the engine gives its own library code: to build a run's pm objects before the script, and to read the results back after it (also after a stopped script). */
const COLLECT_BUDGET_MS = 1_000;
/**
 * QuickJS's own stack limit. Kept well under the host's: each QuickJS frame also takes host
 * (V8) stack, and at 512 KiB the host overflowed first in Node (about 680 nested calls here).
 */
const STACK_BYTES = 128 * 1024;
const WASM_PAGE = 64 * 1024;
const OUT_OF_MEMORY = 'The script ran out of memory (the memory limit was reached) and was stopped';

/** How the engine gets chai's bundled build (chai/index.js) as text, and its memory ceiling. */
export interface ScriptEngineOptions {
  /** The text itself, or a loader; default: the bundler's `?raw` import (Vite, vitest). */
  chaiSource?: string | (() => Promise<string>);
  /**
   * Ceiling of the WebAssembly memory of this engine (default 256 MiB). It is the hard bound:
   * QuickJS's per-runtime limit in the prebuilt WebAssembly counts blocks, not bytes, for
   * large strings and arrays (quickjs-emscripten issues 255 and 271).
   */
  memoryCapBytes?: number;
  /**
   * How the engine gets the texts of the modules scripts require (lodash, moment, …; see
   * sandboxLibraries/catalog.ts); default: the Vite plugin's chunks (the page's worker,
   * vitest). The CLI passes nodeSandboxLibraries. Loaded when a script first names a module,
   * kept for the engine's life.
   */
  libraries?: SandboxLibraryLoader;
}

/**
 * Runs that share one context, as the scripts of one Postman collection run share one
 * sandbox: what a script leaves on the global object or on a built-in prototype, the modules
 * required (evaluated once) and Sugar reach the session's later scripts; `pm`, `console`,
 * `require`, the timers and the legacy globals are each run's own. Close it when the run ends.
 */
export interface ScriptSession {
  run(input: ScriptRunInput): Promise<ScriptRunResult>;
  /** Frees the session's context (a run after this starts a new one). */
  close(): void;
}

/** A loaded engine: run scripts, each alone (`run`) or in a session. */
export interface ScriptEngine {
  /** One run in a context of its own, nothing shared with any other run. */
  run(input: ScriptRunInput): Promise<ScriptRunResult>;
  openSession(): ScriptSession;
}

/** A session's context on one instance of the engine (a recycled instance takes its contexts with it). */
interface SessionContext {
  library: Library;
  ctx: QuickJSContext;
  /** The session's object in the library context (its modules). */
  state: QuickJSHandle;
}

/** One WebAssembly instance with its runtime and the frozen library context. */
interface Library {
  memory: WebAssembly.Memory;
  capBytes: number;
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  makeSandbox: QuickJSHandle;
  /** The run the interrupt handler is watching (runs are serialized). */
  active?: RunState;
}

async function defaultChaiSource(): Promise<string> {
  const { CHAI_MODULE_SOURCE } = await import('./chaiSource');
  return CHAI_MODULE_SOURCE;
}

const pageLibraries: SandboxLibraryLoader = async (name) => (await import('./sandboxLibraries/pageLibraries')).pageSandboxLibraries(name);

/**
 * The module texts a script may need (the modules it names and what they require), loaded
 * through `load` once per engine; a module that cannot be loaded is named with the reason,
 * and a script that requires it gets that reason as its error.
 */
function libraryCache(load: SandboxLibraryLoader): (code: string) => Promise<RunLibraries> {
  const texts = new Map<string, Promise<SandboxLibrary>>();
  const fetch = (name: string): Promise<SandboxLibrary> => {
    const inline = INLINE_MODULES[name];
    if (inline) return Promise.resolve(inline);
    let pending = texts.get(name);
    if (!pending) {
      pending = Promise.resolve().then(() => load(name));
      // A failure is not kept: a later run tries again.
      pending.catch(() => texts.delete(name));
      texts.set(name, pending);
    }
    return pending;
  };
  return async (code) => {
    const loaded = new Map<string, SandboxLibrary>();
    const problems = new Map<string, string>();
    const visit = async (name: string): Promise<void> => {
      if (loaded.has(name) || problems.has(name)) return;
      try {
        const library = await fetch(name);
        loaded.set(name, library);
        await Promise.all(library.requires.map(visit));
      } catch (error) {
        problems.set(name, `the module could not be loaded (${errorMessage(error).message})`);
      }
    };
    // Sugar's text is at hand for every run: any script may read one of its methods (prelude/modules.ts).
    await Promise.all([...modulesNamedIn(code), 'sugar'].map(visit));
    return { loaded, problems };
  };
}

async function loadLibrary(chaiScript: string, capBytes: number): Promise<Library> {
  // A memory of our own with a maximum: when a script fills it, malloc fails inside the
  // WebAssembly and QuickJS throws out of memory, instead of the host growing without bound.
  const memory = new WebAssembly.Memory({ initial: 256, maximum: Math.floor(capBytes / WASM_PAGE) });
  const module = await newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmMemory: memory }));
  const runtime = module.newRuntime();
  runtime.setMaxStackSize(STACK_BYTES);
  const context = runtime.newContext();
  const chaiExports = context.unwrapResult(context.evalCode(chaiScript, 'chai.js'));
  const factory = context.unwrapResult(context.evalCode(LIBRARY_SOURCE, 'wirebench-library.js'));
  const makeSandbox = context.unwrapResult(context.callFunction(factory, context.undefined, chaiExports));
  factory.dispose();
  chaiExports.dispose();
  const library: Library = { memory, capBytes, runtime, context, makeSandbox };
  runtime.setInterruptHandler(() => {
    const run = library.active;
    if (!run || Date.now() <= run.deadline) return false;
    run.interrupted = true;
    return true;
  });
  return library;
}

/** Loads the WebAssembly, chai and the pm library once; the engine is then reused for every run. */
export async function createScriptEngine(options: ScriptEngineOptions = {}): Promise<ScriptEngine> {
  const source = options.chaiSource ?? defaultChaiSource;
  const capBytes = options.memoryCapBytes ?? 256 * 1024 * 1024;
  if (!(capBytes >= 32 * 1024 * 1024)) throw new RangeError(`memoryCapBytes must be at least 32 MiB (got ${capBytes})`);
  const chaiScript = chaiAsScript(typeof source === 'string' ? source : await source());
  const librariesFor = libraryCache(options.libraries ?? pageLibraries);
  let library = loadLibrary(chaiScript, capBytes);
  await library;
  let queue: Promise<unknown> = Promise.resolve();
  const runOne = async (input: ScriptRunInput, libraries: RunLibraries, session: { current?: SessionContext }): Promise<ScriptRunResult> => {
    // A failed reload is not kept: the next run tries again.
    const loaded = await library.catch(() => (library = loadLibrary(chaiScript, capBytes)));
    if (session.current?.library !== loaded) session.current = newSessionContext(loaded);
    const { result, recycle } = await runInContext(session.current, input, libraries);
    // After a stopped run (jobs may still be queued) or a wasm-level failure (the instance may
    // be inconsistent) the next run gets a fresh instance; this one is dropped whole, with
    // every session's context on it (their next runs start again on the new one).
    if (recycle) {
      session.current = undefined;
      library = loadLibrary(chaiScript, capBytes);
    }
    return result;
  };
  const serialized = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work);
    queue = next.catch(() => undefined);
    return next;
  };
  const sessionRun = (session: { current?: SessionContext }, input: ScriptRunInput): Promise<ScriptRunResult> => {
    validate(input);
    // Module texts load outside the run's time limit (the first build or fetch of a large one can take a moment).
    const libraries = librariesFor(input.code);
    return serialized(async () => runOne(input, await libraries, session));
  };
  const closeSession = (session: { current?: SessionContext }) => {
    const current = session.current;
    session.current = undefined;
    if (current) void serialized(async () => disposeSessionContext(current));
  };
  return {
    async run(input) {
      const session: { current?: SessionContext } = {};
      try {
        return await sessionRun(session, input);
      } finally {
        closeSession(session);
      }
    },
    openSession() {
      const session: { current?: SessionContext } = {};
      return { run: (input) => sessionRun(session, input), close: () => closeSession(session) };
    },
  };
}

function newSessionContext(library: Library): SessionContext {
  return { library, ctx: library.runtime.newContext(), state: library.context.newObject() };
}

/** Frees a session's context (on an instance already dropped, nothing is left to free). */
function disposeSessionContext(session: SessionContext): void {
  if (!session.ctx.alive) return;
  try {
    session.state.dispose();
    session.ctx.dispose();
  } catch {
    // The instance was dropped after a failure: its memory goes with it.
  }
}

function validate(input: ScriptRunInput): void {
  if (input.phase !== 'pre-request' && input.phase !== 'post-response') {
    throw new TypeError(`phase must be 'pre-request' or 'post-response' (got ${JSON.stringify(input.phase)})`);
  }
  if (typeof input.code !== 'string') throw new TypeError('code must be the script text (a string)');
  if (input.phase === 'post-response' && !input.response) throw new TypeError('a post-response script needs the response');
  for (const [name, value] of Object.entries({ timeoutMs: input.timeoutMs, memoryBytes: input.memoryBytes, maxSendRequests: input.maxSendRequests, maxConsoleLines: input.maxConsoleLines, maxConsoleLineChars: input.maxConsoleLineChars })) {
    if (value !== undefined && !(Number.isFinite(value) && value >= 0)) throw new RangeError(`${name} must be a non-negative number (got ${value})`);
  }
}

/** The WebAssembly memory has grown to its ceiling: allocations are failing. */
function memoryFull(library: Library): boolean {
  return library.memory.buffer.byteLength >= library.capBytes - 2 * 1024 * 1024;
}

/** What a failure thrown by the WebAssembly itself (not by the script) means for the run. */
function hostFailure(error: unknown, library: Library): ScriptErrorInfo {
  const { name, message } = errorMessage(error);
  if (name === 'RangeError' && /call stack/i.test(message)) return { kind: 'runtime', message: 'RangeError: stack overflow (too much recursion)' };
  if (memoryFull(library)) return { kind: 'memory', message: OUT_OF_MEMORY };
  return { kind: 'host', message: `The script engine could not complete the run: ${message}` };
}

type Collected = Omit<ScriptRunResult, 'errors' | 'durationMs'> & { errors: GuestError[] };

function callMethod(library: Library, target: QuickJSHandle, name: string, ...args: QuickJSHandle[]): QuickJSHandle {
  const { context } = library;
  return context.getProp(target, name).consume((method) => context.unwrapResult(context.callFunction(method, target, ...args)));
}

async function runInContext(session: SessionContext, input: ScriptRunInput, libraries: RunLibraries): Promise<{ result: ScriptRunResult; recycle: boolean }> {
  const startedAt = Date.now();
  const timeoutMs = input.timeoutMs ?? SCRIPT_DEFAULTS.timeoutMs;
  const { library, ctx } = session;
  const { runtime, context } = library;
  runtime.setMemoryLimit(input.memoryBytes ?? SCRIPT_DEFAULTS.memoryBytes);
  // Building the run's pm objects is the library's work, not the script's: it gets its own small budget.
  const state: RunState = { runtime, ctx, deadline: startedAt + COLLECT_BUDGET_MS, interrupted: false, ended: false, inFlight: new Set(), timers: new Set() };
  library.active = state;
  const errors: ScriptErrorInfo[] = [];
  const guestErrors: GuestError[] = [];
  const timeoutError = (waiting: boolean): ScriptErrorInfo => ({
    kind: 'timeout',
    message: `The script did not finish within ${timeoutMs} ms and was stopped${waiting ? ' (it was still waiting for pm.sendRequest or setTimeout)' : ''}`,
  });
  let recycle = false;
  let control: QuickJSHandle | undefined;
  let collected: Collected | undefined;
  try {
    const host = buildHost(state, input, libraries);
    const made = context.callFunction(library.makeSandbox, context.undefined, host, ctx.global, session.state);
    host.dispose();
    control = context.unwrapResult(made);
    state.deadline = Date.now() + timeoutMs;
    const compiled = ctx.evalCode(`(async function () {\n${input.code}\n})`, SCRIPT_FILE);
    if (compiled.error) {
      const guest = ctx.dump(compiled.error) as GuestError;
      compiled.error.dispose();
      // Stopped by the time limit while compiling (a busy machine, a 1 ms limit): the timeout below is the one finding.
      if (isInterrupt(guest)) state.interrupted = true;
      else errors.push(toScriptError(guest, true));
    } else {
      const started = context.getProp(control, 'start').consume((start) => context.callFunction(start, control!, compiled.value));
      compiled.value.dispose();
      if (started.error) guestErrors.push(context.dump(started.error) as GuestError);
      (started.error ?? started.value).dispose();
      await drain(state, guestErrors);
    }
    const waiting = state.inFlight.size > 0;
    if (state.interrupted || waiting) {
      errors.push(timeoutError(waiting));
      recycle = true;
    }
    // Reading the results back runs the library's own code: give it a fresh, small budget.
    state.deadline = Date.now() + COLLECT_BUDGET_MS;
    state.interrupted = false;
    callMethod(library, control, 'finish').dispose();
    const text = callMethod(library, control, 'collect');
    collected = JSON.parse(text.consume((handle) => context.getString(handle))) as Collected;
    if (runtime.hasPendingJob()) recycle = true;
  } catch (error) {
    const failure = hostFailure(error, library);
    if (!errors.some((e) => e.kind === failure.kind)) errors.push(failure);
    recycle = true;
  } finally {
    state.ended = true;
    library.active = undefined;
    for (const timer of state.timers) clearTimeout(timer);
    // The context stays for the session's next run; what belonged to this run goes.
    for (const dispose of [...[...state.inFlight].map((d) => () => d.dispose()), () => control?.dispose()]) {
      try {
        dispose();
      } catch {
        recycle = true;
      }
    }
  }
  for (const guest of [...guestErrors, ...(collected?.errors ?? [])]) {
    if (isInterrupt(guest)) {
      if (!errors.some((e) => e.kind === 'timeout')) errors.push(timeoutError(false));
      recycle = true;
      continue;
    }
    // With memory full QuickJS may not even allocate the error, and the script sees null thrown.
    const info = guest.thrownValue && memoryFull(library) ? { kind: 'memory' as const, message: OUT_OF_MEMORY } : toScriptError(guest, false);
    if (info.kind === 'memory') recycle = true;
    if (!(info.kind === 'memory' && errors.some((e) => e.kind === 'memory'))) errors.push(info);
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
  if (collected?.visualizer) result.visualizer = collected.visualizer;
  return { result, recycle };
}
