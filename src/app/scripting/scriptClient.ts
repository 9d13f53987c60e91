/**
 * The page's side of the script worker: `runScript(input)` sends a run to the worker and
 * gives back its result, always a result — a worker that cannot start, a run that fails in
 * the engine or one that does not answer in time becomes a script error in the result, so
 * it lands in the response pane like any other script error. The engine's own time limit
 * stops a looping script; the watchdog here is the last resort (the worker is terminated
 * and made again for the next run).
 */
import type { ScriptErrorInfo } from '../../core/run/types';
import type { ScriptRunInput, ScriptRunResult } from '../../scripting/types';
import type { FromScriptWorker, ToScriptWorker } from './scriptProtocol';

/** The engine's default time limit (SCRIPT_DEFAULTS.timeoutMs, not imported: that would bring the engine into the page's bundle). */
const DEFAULT_TIMEOUT_MS = 5_000;
/** Time the engine gets beyond the script's own limit to load and answer before the worker is ended. */
const WATCHDOG_GRACE_MS = 10_000;

interface PendingRun {
  input: ScriptRunInput;
  resolve(result: ScriptRunResult): void;
  watchdog: ReturnType<typeof setTimeout>;
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, PendingRun>();

/** A result that carries only an error (nothing ran, or the run was lost). */
export function failedRun(error: ScriptErrorInfo, startedAt = Date.now()): ScriptRunResult {
  const empty = () => ({ set: {}, unset: [] });
  return { tests: [], variables: { environment: empty(), collection: empty(), globals: empty(), local: empty() }, console: [], errors: [error], durationMs: Date.now() - startedAt };
}

function settle(id: number, result: ScriptRunResult): void {
  const run = pending.get(id);
  if (!run) return;
  pending.delete(id);
  clearTimeout(run.watchdog);
  run.resolve(result);
}

function endWorker(error: ScriptErrorInfo): void {
  worker?.terminate();
  worker = undefined;
  for (const id of [...pending.keys()]) settle(id, failedRun(error));
}

function startWorker(): Worker {
  const started = new Worker(new URL('./scriptWorker.ts', import.meta.url), { type: 'module', name: 'wirebench-scripts' });
  started.onmessage = (event: MessageEvent<FromScriptWorker>) => {
    const message = event.data;
    if (message.type === 'result') settle(message.id, message.result);
    else if (message.type === 'failed') settle(message.id, failedRun({ kind: 'host', message: `The script engine failed: ${message.message}` }));
    else if (message.type === 'send') void answerSend(started, message);
  };
  started.onerror = (event) => {
    event.preventDefault();
    endWorker({ kind: 'host', message: `The script worker stopped: ${event.message || 'it could not be loaded'}` });
  };
  return started;
}

async function answerSend(target: Worker, message: Extract<FromScriptWorker, { type: 'send' }>): Promise<void> {
  const run = pending.get(message.id);
  const reply = (answer: Omit<Extract<ToScriptWorker, { type: 'sent' }>, 'type' | 'id' | 'sendId'>) =>
    target.postMessage({ type: 'sent', id: message.id, sendId: message.sendId, ...answer } satisfies ToScriptWorker);
  if (!run?.input.sendRequest) return reply({ error: 'pm.sendRequest is not available here' });
  try {
    reply({ response: await run.input.sendRequest(message.request) });
  } catch (error) {
    reply({ error: error instanceof Error ? error.message : String(error) });
  }
}

/** Runs one script in the worker; never rejects. */
export function runScript(input: ScriptRunInput): Promise<ScriptRunResult> {
  const startedAt = Date.now();
  const id = ++nextId;
  const { sendRequest, ...rest } = input;
  const limit = (input.timeoutMs ?? DEFAULT_TIMEOUT_MS) + WATCHDOG_GRACE_MS;
  return new Promise<ScriptRunResult>((resolve) => {
    let target: Worker;
    try {
      target = worker ??= startWorker();
    } catch (error) {
      resolve(failedRun({ kind: 'host', message: `The script worker could not start: ${error instanceof Error ? error.message : String(error)}` }, startedAt));
      return;
    }
    const watchdog = setTimeout(
      () => endWorker({ kind: 'timeout', message: `The script did not answer within ${limit} ms; its worker was stopped` }),
      limit,
    );
    pending.set(id, { input, resolve, watchdog });
    target.postMessage({ type: 'run', id, input: { ...rest, canSend: sendRequest !== undefined } } satisfies ToScriptWorker);
  });
}
