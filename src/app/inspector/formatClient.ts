/**
 * The page's side of the format worker: streams body chunks in, sends requests and
 * resolves their replies, and keeps the latest progress of each document as a snapshot
 * React reads with `useSyncExternalStore`. One worker serves every exchange; a new body
 * starts a new session, and replies from an older session are dropped.
 */
import { concatBytes } from '../../core/encoding/bytes';
import type { BodyConclusion, DocumentProgress, LineView } from './format/bodyDocument';
import type { DocName, FromWorker, ToWorker, WorkerReplies, WorkerRequest } from './workers/formatProtocol';

/** What the inspector knows about the current body's documents. */
export interface FormatSnapshot {
  session: number;
  /** What the page said this body belongs to (the exchange's chunk list), to tell stale state apart. */
  owner?: unknown;
  body?: DocumentProgress;
  filter?: DocumentProgress;
  conclusion?: BodyConclusion;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** Answers about the current body die with it; a diff of two given texts does not. */
  bound: boolean;
}

/** A request failed in the worker; the message says why in words for people. */
export class FormatRequestError extends Error {
  override name = 'FormatRequestError';
}

export class FormatClient {
  private readonly worker: Worker;
  private session = 0;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Set<() => void>();
  private snapshot: FormatSnapshot = { session: 0 };

  constructor(worker?: Worker) {
    this.worker = worker ?? new Worker(new URL('./workers/formatWorker.ts', import.meta.url), { type: 'module', name: 'wirebench-format' });
    this.worker.onmessage = (event: MessageEvent<FromWorker>) => this.receive(event.data);
  }

  private send(message: ToWorker): void {
    this.worker.postMessage(message);
  }

  private receive(message: FromWorker): void {
    if (message.type === 'reply') {
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      if (pending.bound && message.session !== this.session) pending.reject(new FormatRequestError('The body changed before the answer came.'));
      else if (message.ok) pending.resolve(message.value);
      else pending.reject(new FormatRequestError(message.error));
      return;
    }
    if (message.session !== this.session) return;
    if (message.type === 'progress') this.update({ [message.doc]: message.progress });
    else this.update({ conclusion: message.conclusion });
  }

  private update(patch: Partial<FormatSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Starts a new body belonging to `owner`; everything about the previous one is forgotten. */
  begin(contentType: string | undefined, owner?: unknown): number {
    this.session += 1;
    for (const [id, pending] of this.pending) {
      if (!pending.bound) continue;
      pending.reject(new FormatRequestError('The body changed before the answer came.'));
      this.pending.delete(id);
    }
    this.send(contentType === undefined ? { type: 'begin', session: this.session } : { type: 'begin', session: this.session, contentType });
    this.snapshot = { session: this.session, owner };
    for (const listener of this.listeners) listener();
    return this.session;
  }

  /**
   * Sends received chunks. They are copied into one buffer that is transferred, not
   * cloned: a chunk is often a view into a larger network buffer, and cloning a view
   * clones its whole buffer. The page keeps its own chunks for hex, download and preview.
   */
  push(chunks: readonly Uint8Array[]): void {
    if (!chunks.length) return;
    const joined = concatBytes(chunks);
    this.worker.postMessage({ type: 'chunks', session: this.session, chunks: [joined] } satisfies ToWorker, [joined.buffer]);
  }

  /** The body is complete. */
  end(): void {
    this.send({ type: 'end', session: this.session });
  }

  /** Asks the worker to index a view of a document (the raw view is built on demand). */
  open(doc: DocName, view: LineView): void {
    this.send({ type: 'open', session: this.session, doc, view });
  }

  /** Drops the filter result. */
  clearFilter(): void {
    this.send({ type: 'clearFilter', session: this.session });
    this.update({ filter: undefined });
  }

  /** Sends a request; resolves with its reply or rejects with a `FormatRequestError`. */
  request<R extends WorkerRequest>(request: R): Promise<WorkerReplies[R['type']]> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, bound: request.type !== 'diff' });
      this.send({ type: 'request', session: this.session, id, request });
    });
  }

  /** For `useSyncExternalStore`. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** For `useSyncExternalStore`. */
  getSnapshot = (): FormatSnapshot => this.snapshot;
}

let shared: FormatClient | undefined;

/** The page's one format client, made on first use. */
export function formatClient(): FormatClient {
  shared ??= new FormatClient();
  return shared;
}
