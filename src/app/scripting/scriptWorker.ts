/**
 * The script worker: runs request scripts on the QuickJS engine off the page's thread, so
 * a script never blocks typing or painting. The engine (WebAssembly and chai) loads with the
 * first script and is reused; each run still gets its own runtime and context. The worker
 * itself has no access to the page, the store or the vault: it sees only what a run carries.
 */
/// <reference lib="webworker" />
import { createScriptEngine, type ScriptEngine } from '../../scripting/engine';
import type { ScriptResponse } from '../../scripting/types';
import type { FromScriptWorker, ToScriptWorker } from './scriptProtocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
let engine: Promise<ScriptEngine> | undefined;
let nextSendId = 0;
const waiting = new Map<number, { resolve(response: ScriptResponse): void; reject(error: Error): void }>();

function post(message: FromScriptWorker): void {
  scope.postMessage(message);
}

scope.onmessage = (event: MessageEvent<ToScriptWorker>) => {
  const message = event.data;
  if (message.type === 'sent') {
    const pending = waiting.get(message.sendId);
    waiting.delete(message.sendId);
    if (!pending) return;
    if (message.response) pending.resolve(message.response);
    else pending.reject(new Error(message.error ?? 'pm.sendRequest failed'));
    return;
  }
  const { id, input } = message;
  const { canSend, ...run } = input;
  engine ??= createScriptEngine();
  engine
    .then((loaded) =>
      loaded.run({
        ...run,
        ...(canSend
          ? {
              sendRequest: (request) =>
                new Promise<ScriptResponse>((resolve, reject) => {
                  const sendId = ++nextSendId;
                  waiting.set(sendId, { resolve, reject });
                  post({ type: 'send', id, sendId, request });
                }),
            }
          : {}),
      }),
    )
    .then(
      (result) => post({ type: 'result', id, result }),
      (error: unknown) => {
        // A failed load is retried with the next run rather than cached as broken.
        engine = undefined;
        post({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) });
      },
    );
};
