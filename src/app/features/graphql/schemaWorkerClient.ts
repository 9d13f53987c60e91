/**
 * The page's side of the schema worker, with budgets: at most 64 MB of text (or its bytes,
 * transferred) and 15 s to load
 * (past that the worker is stopped and the person told); then the worker stays, holding the
 * schema, and answers questions (a type, a search, completion, lint, hover, the problems list)
 * each within its own budget. Only the newest question of each kind counts: when a newer one
 * is asked (the document changed), the older one's answer is dropped, and so is an answer
 * that arrives past its budget or after the caller says it is stale. Never rejects.
 */
import type { ExplorerIndex } from '../../../core/protocols/graphql/schemaModel';
import type { SchemaQuestion, SchemaReplies, SchemaSourceKind, SchemaWorkerAnswer, SchemaWorkerRequest } from './schemaWorkerProtocol';

export const SCHEMA_TEXT_LIMIT = 64 * 1024 * 1024;
export const SCHEMA_BUILD_BUDGET_MS = 15_000;
/** How long a question may take (the first one waits for the schema to be built in the worker). */
export const QUESTION_BUDGET_MS = 5_000;

export type SchemaWorkerFactory = () => Worker;
const defaultFactory: SchemaWorkerFactory = () => new Worker(new URL('./schemaWorker.ts', import.meta.url), { type: 'module', name: 'wirebench-graphql-schema' });

/** A loaded schema in its worker. */
export interface SchemaHandle {
  /** The answer, or undefined when it was dropped (stale, past its budget, the worker stopped or failed). */
  ask<K extends SchemaQuestion['kind']>(question: Extract<SchemaQuestion, { kind: K }>, options?: { budgetMs?: number; isCurrent?: () => boolean }): Promise<SchemaReplies[K] | undefined>;
  stop(): void;
}

export type SchemaLoad = { ok: true; index: ExplorerIndex; typeCount: number; ms: number; handle: SchemaHandle } | { ok: false; message: string };

interface Pending {
  kind: string;
  settle(answer: SchemaWorkerAnswer | undefined): void;
}

/** Loads the schema into a new worker (stopped again if loading fails), within the budget. */
export function loadSchemaInWorker(source: SchemaSourceKind, text: string | Uint8Array, factory: SchemaWorkerFactory = defaultFactory, budgetMs = SCHEMA_BUILD_BUDGET_MS): Promise<SchemaLoad> {
  const size = typeof text === 'string' ? text.length : text.byteLength;
  if (size > SCHEMA_TEXT_LIMIT) {
    return Promise.resolve({ ok: false, message: `The schema is ${Math.round(size / 1048576)} MB; at most ${SCHEMA_TEXT_LIMIT / 1048576} MB is read.` });
  }
  let worker: Worker;
  try {
    worker = factory();
  } catch (error) {
    return Promise.resolve({ ok: false, message: `The schema worker did not start: ${error instanceof Error ? error.message : String(error)}` });
  }
  let nextId = 1;
  let stopped = false;
  const pending = new Map<number, Pending>();
  const stop = () => {
    stopped = true;
    worker.terminate();
    for (const p of pending.values()) p.settle(undefined);
    pending.clear();
  };
  worker.onmessage = (event: MessageEvent<SchemaWorkerAnswer>) => {
    const p = pending.get(event.data.id);
    pending.delete(event.data.id);
    p?.settle(event.data);
  };
  worker.onerror = (event) => {
    const message = `The schema worker failed: ${event.message || 'unknown error'}`;
    for (const [id, p] of pending) p.settle({ id, ok: false, message });
    pending.clear();
  };
  const send = (request: SchemaWorkerRequest, kind: string, budget: number, transfer: Transferable[] = []): Promise<SchemaWorkerAnswer | 'late' | undefined> =>
    new Promise((resolve) => {
      if (stopped) return resolve(undefined);
      const timer = setTimeout(() => {
        pending.delete(request.id);
        resolve('late');
      }, budget);
      pending.set(request.id, {
        kind,
        settle: (answer) => {
          clearTimeout(timer);
          resolve(answer);
        },
      });
      worker.postMessage(request, transfer);
    });
  const handle: SchemaHandle = {
    async ask(question, options = {}) {
      // Only the newest question of a kind counts: the ones before it are dropped now.
      for (const [id, p] of pending) {
        if (p.kind === question.kind) {
          pending.delete(id);
          p.settle(undefined);
        }
      }
      const answer = await send({ id: nextId++, ...question } as SchemaWorkerRequest, question.kind, options.budgetMs ?? QUESTION_BUDGET_MS);
      if (!answer || answer === 'late' || !answer.ok || answer.kind !== 'reply') return undefined;
      if (options.isCurrent && !options.isCurrent()) return undefined;
      return answer.value as never;
    },
    stop,
  };
  // Bytes travel to the worker transferred (no copy, no decoding on the page); a view of part of a buffer is copied out first.
  const payload = typeof text === 'string' ? text : text.byteOffset === 0 && text.byteLength === text.buffer.byteLength ? (text.buffer as ArrayBuffer) : (text.slice().buffer as ArrayBuffer);
  return send({ id: nextId++, kind: 'load', source, text: payload }, 'load', budgetMs, typeof payload === 'string' ? [] : [payload]).then((answer) => {
    if (answer === 'late') {
      stop();
      return { ok: false, message: `Building the schema took longer than ${budgetMs / 1000} s and was stopped.` };
    }
    if (!answer || !answer.ok || answer.kind !== 'load') {
      stop();
      return { ok: false, message: answer && !answer.ok ? answer.message : 'The schema worker stopped before answering.' };
    }
    return { ok: true, index: answer.index, typeCount: answer.typeCount, ms: answer.ms, handle };
  });
}
