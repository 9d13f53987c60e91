/**
 * The page's side of the format worker: streams body chunks in, sends requests and
 * resolves their replies, and keeps the latest progress of each document as a snapshot
 * React reads with `useSyncExternalStore`. One worker serves every exchange; a new body
 * starts a new session, and replies from an older session are dropped.
 */
import { concatBytes } from '../../../core/encoding/bytes';
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
  /** Keys for owners (an exchange's chunk list), so the worker can park a body by a number. */
  private readonly keys = new WeakMap<object, number>();
  private nextKey = 1;
  /** The body being fed: its key, bytes pushed, whether it ended. */
  private current: { key?: number; bytes: number; ended: boolean } = { bytes: 0, ended: false };
  /** Bodies parked in the worker, oldest first; the page decides, so the two never disagree. */
  private readonly parked: { key: number; bytes: number }[] = [];

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

  private keyOf(owner: unknown): number | undefined {
    if (typeof owner !== 'object' || owner === null) return undefined;
    let key = this.keys.get(owner);
    if (key === undefined) this.keys.set(owner, (key = this.nextKey++));
    return key;
  }

  /**
   * Starts a new body belonging to `owner`. A complete body being left is parked in the
   * worker (the last PARKED_BODIES, within PARKED_BYTES), and a parked one is taken back:
   * then this returns true and the caller sends no chunks, since the worker already holds
   * the body indexed as it was left (switching back to a tab is instant, issue 27).
   */
  begin(contentType: string | undefined, owner?: unknown): boolean {
    this.session += 1;
    const key = this.keyOf(owner);
    const park = this.current.ended && this.current.key !== undefined ? this.current.key : undefined;
    if (park !== undefined) {
      const at = this.parked.findIndex((p) => p.key === park);
      if (at >= 0) this.parked.splice(at, 1);
      this.parked.push({ key: park, bytes: this.current.bytes });
    }
    const found = key === undefined ? -1 : this.parked.findIndex((p) => p.key === key);
    const resumed = found >= 0 ? this.parked.splice(found, 1)[0] : undefined;
    const forget: number[] = [];
    let bytes = this.parked.reduce((n, p) => n + p.bytes, 0);
    while (this.parked.length > PARKED_BODIES - 1 || bytes > PARKED_BYTES) {
      const gone = this.parked.shift()!;
      bytes -= gone.bytes;
      forget.push(gone.key);
    }
    this.current = { ...(key !== undefined ? { key } : {}), bytes: resumed?.bytes ?? 0, ended: resumed !== undefined };
    for (const [id, pending] of this.pending) {
      if (!pending.bound) continue;
      pending.reject(new FormatRequestError('The body changed before the answer came.'));
      this.pending.delete(id);
    }
    this.send({
      type: 'begin',
      session: this.session,
      ...(contentType === undefined ? {} : { contentType }),
      ...(park !== undefined ? { park } : {}),
      ...(resumed ? { resume: resumed.key } : {}),
      ...(forget.length ? { forget } : {}),
    });
    this.snapshot = { session: this.session, owner };
    for (const listener of this.listeners) listener();
    return resumed !== undefined;
  }

  /**
   * Sends received chunks. They are copied into one buffer that is transferred, not
   * cloned: a chunk is often a view into a larger network buffer, and cloning a view
   * clones its whole buffer. The page keeps its own chunks for hex, download and preview.
   */
  push(chunks: readonly Uint8Array[]): void {
    if (!chunks.length) return;
    const joined = concatBytes(chunks);
    this.current.bytes += joined.length;
    this.worker.postMessage({ type: 'chunks', session: this.session, chunks: [joined] } satisfies ToWorker, [joined.buffer]);
  }

  /** The body is complete. */
  end(): void {
    this.current.ended = true;
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

/** Complete bodies the worker keeps indexed for tabs not shown, at most this many… */
export const PARKED_BODIES = 4;
/** …and at most this many body bytes together. */
export const PARKED_BYTES = 160 * 1024 * 1024;

let shared: FormatClient | undefined;

/** The page's one format client, made on first use. */
export function formatClient(): FormatClient {
  shared ??= new FormatClient();
  return shared;
}
