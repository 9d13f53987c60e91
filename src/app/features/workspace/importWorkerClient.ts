/**
 * The page's side of the import worker. Each import runs in the worker under a time
 * budget: past it the worker is ended (the only way to stop work that does not yield)
 * and the import fails as a typed `import-too-complex` value the dialog shows, so no
 * input can freeze the page. A crashed worker fails its imports with the reason; the next
 * import starts a fresh one. Results are `Result`s; nothing rejects.
 */
import { fail, importAny, type ImportAnyOutcome, type Result } from '../../../core';
import { importFileSet, type ImportFileData } from './importFiles';
import { ItemAssembler } from './collectionChunks';
import type { ImportWorkerRequest, ImportWorkerResponse } from './importWorkerProtocol';

/** What one import sends: a text with its file name, or several files of one description. */
type ImportPayload = { text: string; fileName: string } | { files: ImportFileData[] };

/** Makes the worker; tests give their own. */
export type ImportWorkerFactory = () => Worker;

/** How long one import may run before it is called too complex. Real descriptions of many megabytes take a few seconds. */
export const IMPORT_TIME_BUDGET_MS = 15_000;
/** …or this much per megabyte of input, when that is more. */
export const BUDGET_PER_MB_MS = 4_000;

const defaultFactory: ImportWorkerFactory = () => new Worker(new URL('./importWorker.ts', import.meta.url), { type: 'module', name: 'wirebench-import' });

interface Pending {
  resolve(result: Result<ImportAnyOutcome>): void;
  timer: ReturnType<typeof setTimeout>;
  /** The collection's items as their chunks arrive. */
  items?: ItemAssembler;
}

/** Runs imports in one worker, each within the time budget. */
export class ImportWorkerClient {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly factory: ImportWorkerFactory = defaultFactory,
    private readonly budgetMs: number = IMPORT_TIME_BUDGET_MS,
  ) {}

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = this.factory();
    worker.onmessage = (event: MessageEvent<ImportWorkerResponse>) => this.receive(event.data);
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      this.endAll({ kind: 'worker-error', message: `The import worker failed (${event.message || 'it stopped with an error'}); try again.` });
    };
    worker.onmessageerror = () => this.endAll({ kind: 'worker-error', message: 'The import worker sent an answer that could not be read; try again.' });
    this.worker = worker;
    return worker;
  }

  /** Ends the worker and fails every open import with `error`; the next import starts a new worker. */
  private endAll(error: { kind: string; message: string }): void {
    this.worker?.terminate();
    this.worker = undefined;
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.resolve(fail(error));
    }
    this.pending.clear();
  }

  private receive(message: ImportWorkerResponse): void {
    const pending = this.pending.get(message.id);
    if (!pending) return;
    if ('chunk' in message) {
      (pending.items ??= new ItemAssembler()).add(message.chunk);
      return;
    }
    clearTimeout(pending.timer);
    this.pending.delete(message.id);
    let { result } = message;
    if (message.chunked && result.ok && 'result' in result.value) {
      const items = pending.items ?? new ItemAssembler();
      if (!items.complete()) {
        pending.resolve(fail({ kind: 'worker-error', message: 'The import worker sent an incomplete collection; try again.' }));
        return;
      }
      result = { ...result, value: { ...result.value, result: { ...result.value.result, collection: { ...result.value.result.collection, items: items.items } } } };
    }
    if (message.freshIds && result.ok && 'result' in result.value) freshCollections.add(result.value.result.collection);
    pending.resolve(result);
  }

  /** Stops every running import (the worker is ended); each fails as `cancelled`. */
  cancel(): void {
    if (this.pending.size > 0) this.endAll({ kind: 'cancelled', message: 'The import was cancelled; nothing was changed.' });
  }

  /** Imports `text` (named `fileName`) in whatever format it is, off the page's thread and within the budget. */
  run(text: string, fileName = ''): Promise<Result<ImportAnyOutcome>> {
    return this.post({ text, fileName }, text.length);
  }

  /** Imports `files` (zips expanded in the worker) as one description, off the page's thread and within the budget. */
  runFiles(files: ImportFileData[]): Promise<Result<ImportAnyOutcome>> {
    return this.post({ files }, files.reduce((n, f) => n + ('text' in f ? f.text.length : f.zip.byteLength), 0));
  }

  private post(payload: ImportPayload, size: number): Promise<Result<ImportAnyOutcome>> {
    const id = this.nextId++;
    // A large description earns time in proportion (a 10 MB export of 100,000 requests reads in seconds); a small one that takes long is the trouble the budget is for.
    const budget = Math.max(this.budgetMs, (size / (1024 * 1024)) * BUDGET_PER_MB_MS);
    const seconds = Math.round(budget / 100) / 10;
    return new Promise((resolve) => {
      const timer = setTimeout(
        () =>
          this.endAll({
            kind: 'import-too-complex',
            message: `This description is too complex to import: reading it took longer than ${seconds} s and was stopped (nothing was changed). Import a smaller part of it, or simplify deeply shared schemas.`,
          }),
        budget,
      );
      this.pending.set(id, { resolve, timer });
      this.ensureWorker().postMessage({ id, ...payload } satisfies ImportWorkerRequest);
    });
  }
}

/** Collections whose ids the worker made new: adding them to the store needs no second copy. */
const freshCollections = new WeakSet<object>();

/** Whether `collection` came from the import worker with new ids throughout. */
export function hasFreshIds(collection: object): boolean {
  return freshCollections.has(collection);
}

let shared: ImportWorkerClient | undefined;

/**
 * Imports `text` in the page's import worker. Where workers do not exist (tests under
 * Node) it runs in place.
 */
export function importInWorker(text: string, fileName = ''): Promise<Result<ImportAnyOutcome>> {
  if (typeof Worker === 'undefined') return Promise.resolve(importAny(text, fileName));
  shared ??= new ImportWorkerClient();
  return shared.run(text, fileName);
}

/** Imports several files (a folder, a zip, files dropped together) as one description in the page's import worker. */
export function importFilesInWorker(files: ImportFileData[]): Promise<Result<ImportAnyOutcome>> {
  if (typeof Worker === 'undefined') return Promise.resolve(importFileSet(files));
  shared ??= new ImportWorkerClient();
  return shared.runFiles(files);
}

/** Cancels the imports running in the page's import worker (nothing to do when none is). */
export function cancelImportsInWorker(): void {
  shared?.cancel();
}
