/**
 * The messages between the page and the script worker. Everything is structured-clone safe;
 * `pm.sendRequest` crosses as a `send` message the page answers with `sent`.
 */
import type { ScriptRequest, ScriptResponse, ScriptRunInput, ScriptRunResult } from '../../scripting/types';

/** A run's input as it crosses to the worker: everything but the send callback. */
export type WorkerRunInput = Omit<ScriptRunInput, 'sendRequest'> & { canSend: boolean };

/** Page → worker. */
export type ToScriptWorker =
  | { type: 'run'; id: number; input: WorkerRunInput }
  | { type: 'sent'; id: number; sendId: number; response?: ScriptResponse; error?: string };

/** Worker → page. */
export type FromScriptWorker =
  | { type: 'result'; id: number; result: ScriptRunResult }
  | { type: 'failed'; id: number; message: string }
  | { type: 'send'; id: number; sendId: number; request: ScriptRequest };
