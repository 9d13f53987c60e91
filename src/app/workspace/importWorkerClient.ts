/**
 * The page's side of the import worker. Each import runs in the worker under a time
 * budget: past it the worker is ended (the only way to stop work that does not yield)
 * and the import fails as a typed `import-too-complex` value the dialog shows, so no
 * input can freeze the page. A crashed worker fails its imports with the reason; the next
 * import starts a fresh one. Results are `Result`s; nothing rejects.
 */
import { fail, importAny, type ImportAnyOutcome, type Result } from '../../core';
import { importFileSet, type ImportFileData } from './importFiles';
import type { ImportWorkerRequest, ImportWorkerResponse } from './importWorkerProtocol';

/** What one import sends: a text with its file name, or several files of one description. */
type ImportPayload = { text: string; fileName: string } | { files: ImportFileData[] };

/** Makes the worker; tests give their own. */
export type ImportWorkerFactory = () => Worker;

/** How long one import may run before it is called too complex. Real descriptions of many megabytes take a few seconds. */
export const IMPORT_TIME_BUDGET_MS = 15_000;

const defaultFactory: ImportWorkerFactory = () => new Worker(new URL('./importWorker.ts', import.meta.url), { type: 'module', name: 'wirebench-import' });

interface Pending {
  resolve(result: Result<ImportAnyOutcome>): void;
  timer: ReturnType<typeof setTimeout>;
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
    clearTimeout(pending.timer);
    this.pending.delete(message.id);
    pending.resolve(message.result);
  }

  /** Stops every running import (the worker is ended); each fails as `cancelled`. */
  cancel(): void {
    if (this.pending.size > 0) this.endAll({ kind: 'cancelled', message: 'The import was cancelled; nothing was changed.' });
  }

  /** Imports `text` (named `fileName`) in whatever format it is, off the page's thread and within the budget. */
  run(text: string, fileName = ''): Promise<Result<ImportAnyOutcome>> {
    return this.post({ text, fileName });
  }

  /** Imports `files` (zips expanded in the worker) as one description, off the page's thread and within the budget. */
  runFiles(files: ImportFileData[]): Promise<Result<ImportAnyOutcome>> {
    return this.post({ files });
  }

  private post(payload: ImportPayload): Promise<Result<ImportAnyOutcome>> {
    const id = this.nextId++;
    const seconds = Math.round(this.budgetMs / 100) / 10;
    return new Promise((resolve) => {
      const timer = setTimeout(
        () =>
          this.endAll({
            kind: 'import-too-complex',
            message: `This description is too complex to import: reading it took longer than ${seconds} s and was stopped (nothing was changed). Import a smaller part of it, or simplify deeply shared schemas.`,
          }),
        this.budgetMs,
      );
      this.pending.set(id, { resolve, timer });
      this.ensureWorker().postMessage({ id, ...payload } satisfies ImportWorkerRequest);
    });
  }
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
