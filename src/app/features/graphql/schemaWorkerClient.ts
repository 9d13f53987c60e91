/**
 * The page's side of the schema worker, with a budget: at most 64 MB of text, and 15 s to
 * build; past that the worker is stopped and the person told, the page never blocked.
 */
import type { SchemaSourceKind, SchemaWorkerAnswer, SchemaWorkerRequest } from './schemaWorkerProtocol';

export const SCHEMA_TEXT_LIMIT = 64 * 1024 * 1024;
export const SCHEMA_BUILD_BUDGET_MS = 15_000;

export type SchemaWorkerFactory = () => Worker;
const defaultFactory: SchemaWorkerFactory = () => new Worker(new URL('./schemaWorker.ts', import.meta.url), { type: 'module', name: 'wirebench-graphql-schema' });

let nextId = 1;

/** Builds the schema in a fresh worker (stopped after), within the budget. Never rejects. */
export function buildSchemaInWorker(kind: SchemaSourceKind, text: string, factory: SchemaWorkerFactory = defaultFactory, budgetMs = SCHEMA_BUILD_BUDGET_MS): Promise<SchemaWorkerAnswer> {
  const id = nextId++;
  if (text.length > SCHEMA_TEXT_LIMIT) {
    return Promise.resolve({ id, ok: false, message: `The schema is ${Math.round(text.length / 1048576)} MB; at most ${SCHEMA_TEXT_LIMIT / 1048576} MB is read.` });
  }
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = factory();
    } catch (error) {
      resolve({ id, ok: false, message: `The schema worker did not start: ${error instanceof Error ? error.message : String(error)}` });
      return;
    }
    const timer = setTimeout(() => {
      worker.terminate();
      resolve({ id, ok: false, message: `Building the schema took longer than ${budgetMs / 1000} s and was stopped.` });
    }, budgetMs);
    worker.onmessage = (event: MessageEvent<SchemaWorkerAnswer>) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      clearTimeout(timer);
      worker.terminate();
      resolve({ id, ok: false, message: `The schema worker failed: ${event.message || 'unknown error'}` });
    };
    worker.postMessage({ id, kind, text } satisfies SchemaWorkerRequest);
  });
}
