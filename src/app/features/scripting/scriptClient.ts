/**
 * The page's side of the script worker (`src/scripting/scriptWorker.ts`, spoken to through
 * `createScriptRunner`): `runScript(input)` always gives a result. A worker that cannot load,
 * a run that fails in the engine, or one that does not answer in time becomes a script error
 * in the result, so it lands in the response pane like any other script error. The engine's
 * own time limit stops a looping script; when even the worker stops answering it is
 * terminated, and the next run starts a new one.
 */
import type { ScriptErrorInfo } from '../../../core/run/types';
import type { ScriptRunInput, ScriptRunResult } from '../../../scripting/types';
import { createScriptRunner } from '../../../scripting/workerProtocol';
import { currentRunNumber } from './runContext';

/** Time beyond the script's own limit before the worker counts as stuck: the first run also loads the engine. */
const GRACE_MS = 10_000;

interface ScriptWorker {
  worker: Worker;
  runner: ReturnType<typeof createScriptRunner>;
  /** Settles when the worker is ended, with the error its unfinished runs get. */
  ended: Promise<ScriptErrorInfo>;
}

let current: ScriptWorker | undefined;

/** A result that carries only an error (nothing ran, or the run was lost). */
export function failedRun(error: ScriptErrorInfo, startedAt = Date.now()): ScriptRunResult {
  const empty = () => ({ set: {}, unset: [] });
  return { tests: [], variables: { environment: empty(), collection: empty(), globals: empty(), local: empty() }, console: [], errors: [error], durationMs: Date.now() - startedAt };
}

function startWorker(): ScriptWorker {
  const worker = new Worker(new URL('../../../scripting/scriptWorker.ts', import.meta.url), { type: 'module', name: 'wirebench-scripts' });
  let end!: (error: ScriptErrorInfo) => void;
  const ended = new Promise<ScriptErrorInfo>((resolve) => (end = resolve));
  const stop = (error: ScriptErrorInfo) => {
    worker.terminate();
    if (current?.worker === worker) current = undefined;
    end(error);
  };
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    stop({ kind: 'host', message: `The script worker stopped: ${event.message || 'it could not be loaded'}` });
  });
  const runner = createScriptRunner(worker, {
    graceMs: GRACE_MS,
    onUnresponsive: () => stop({ kind: 'timeout', message: 'The script worker did not answer; it was stopped' }),
  });
  return { worker, runner, ended };
}

/**
 * The run's own cancel: every `pm.sendRequest` the script starts is handed a signal that
 * aborts when `end()` is called (the run is over: finished, stopped at its limit, or its
 * worker lost, so nothing waits for the answer any more) or when `outer` aborts (the send
 * it belongs to was cancelled, or the collection run stopped).
 */
export function scopeSends(input: ScriptRunInput, outer?: AbortSignal): { input: ScriptRunInput; end(): void } {
  const controller = new AbortController();
  const stop = () => controller.abort();
  if (outer?.aborted) stop();
  else outer?.addEventListener('abort', stop, { once: true });
  const host = input.sendRequest;
  return {
    input: host ? { ...input, sendRequest: (request) => host(request, controller.signal) } : input,
    end: () => {
      outer?.removeEventListener('abort', stop);
      stop();
    },
  };
}

/** Runs one script in the worker; never rejects. Its `pm.sendRequest` calls are cancelled when it ends or `signal` aborts. */
export async function runScript(given: ScriptRunInput, signal?: AbortSignal): Promise<ScriptRunResult> {
  const scope = scopeSends(given, signal);
  try {
    return await runScoped(scope.input);
  } finally {
    scope.end();
  }
}

/** The collection run whose session the worker holds, to close it when the next one starts. */
let runSession: string | undefined;

/**
 * The script session a run belongs to (engine.ts, ScriptSession: one context whose modules
 * are evaluated once): a collection run's scripts share one, as in Postman's runner; single
 * sends share the page's.
 */
function sessionFor(target: ScriptWorker): string {
  const run = currentRunNumber();
  if (run === undefined) return 'page';
  const key = `run-${run}`;
  if (runSession !== key) {
    if (runSession) target.runner.closeSession(runSession);
    runSession = key;
  }
  return key;
}

async function runScoped(input: ScriptRunInput): Promise<ScriptRunResult> {
  const startedAt = Date.now();
  let target: ScriptWorker;
  try {
    target = current ??= startWorker();
  } catch (error) {
    return failedRun({ kind: 'host', message: `The script worker could not start: ${error instanceof Error ? error.message : String(error)}` }, startedAt);
  }
  try {
    return await Promise.race([target.runner.run(input, { session: sessionFor(target) }), target.ended.then((error) => failedRun(error, startedAt))]);
  } catch (error) {
    return failedRun({ kind: 'host', message: `The script engine failed: ${error instanceof Error ? error.message : String(error)}` }, startedAt);
  }
}
