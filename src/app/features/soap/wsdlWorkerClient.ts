/**
 * The page's side of the WSDL worker: one worker for the page, started on first use;
 * requests resolve with `Result`s (never reject), loads report progress and can be
 * cancelled. If the worker dies, every open request fails with the reason and the next
 * request starts a fresh worker.
 */
import { pageNetworkOptions, type NetworkOptions } from '../../base/relay/networkOptions';
import { fail, type CoreError, type Result, type SampleOptions, type SoapTarget } from '../../../core';
import { relayToken } from '../../base/relay/session';
import type { WsdlLoadProgress, WsdlWorkerReplies, WsdlWorkerRequest, WsdlWorkerResponse } from './wsdlWorkerProtocol';

interface Pending {
  resolve(result: Result<unknown>): void;
  onProgress?: (progress: WsdlLoadProgress) => void;
}

/** Makes the worker; tests give their own. */
export type WsdlWorkerFactory = () => Worker;

const defaultFactory: WsdlWorkerFactory = () => new Worker(new URL('./wsdlWorker.ts', import.meta.url), { type: 'module', name: 'wirebench-wsdl' });

/** Talks to one WSDL worker. */
export class WsdlWorkerClient {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(
    private readonly factory: WsdlWorkerFactory = defaultFactory,
    private readonly token: () => string = relayToken,
    private readonly network: (url: string) => Promise<{ ok: true; value: NetworkOptions } | { ok: false; message: string }> = pageNetworkOptions,
  ) {}

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = this.factory();
    worker.onmessage = (event: MessageEvent<WsdlWorkerResponse>) => this.receive(event.data);
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      this.crashed(event.message || 'it stopped with an error');
    };
    worker.onmessageerror = () => this.crashed('a message from it could not be read');
    this.worker = worker;
    return worker;
  }

  private crashed(reason: string): void {
    this.worker?.terminate();
    this.worker = undefined;
    const error: CoreError = { kind: 'worker-error', message: `The WSDL worker failed (${reason}); try again.` };
    for (const pending of this.pending.values()) pending.resolve(fail(error));
    this.pending.clear();
  }

  private receive(message: WsdlWorkerResponse): void {
    const pending = this.pending.get(message.id);
    if (!pending) return;
    if (message.type === 'progress') {
      pending.onProgress?.(message.progress);
      return;
    }
    this.pending.delete(message.id);
    pending.resolve(message.ok ? { ok: true, value: message.value } : { ok: false, error: message.error });
  }

  private request<T>(build: (id: number) => WsdlWorkerRequest, onProgress?: (progress: WsdlLoadProgress) => void): { id: number; result: Promise<Result<T>> } {
    const id = this.nextId++;
    const result = new Promise<Result<T>>((resolve) => {
      this.pending.set(id, { resolve: resolve as (result: Result<unknown>) => void, ...(onProgress ? { onProgress } : {}) });
    });
    this.ensureWorker().postMessage(build(id));
    return { id, result };
  }

  /** Fetches and parses the WSDL at `url` (and its imports); the model stays in the worker under the returned key. */
  async load(url: string, options: { onProgress?: (progress: WsdlLoadProgress) => void; signal?: AbortSignal } = {}): Promise<Result<WsdlWorkerReplies['load']>> {
    if (options.signal?.aborted) return fail({ kind: 'cancelled', message: 'Loading the WSDL was cancelled.' });
    // The worker has none of the page's settings: it is handed how the page reaches this host.
    const network = await this.network(url);
    if (!network.ok) return fail({ kind: 'relay-tls-locked', message: `The WSDL was not fetched: ${network.message}` });
    if (options.signal?.aborted) return fail({ kind: 'cancelled', message: 'Loading the WSDL was cancelled.' });
    const { id, result } = this.request<WsdlWorkerReplies['load']>((id) => ({ type: 'load', id, url, token: this.token(), network: network.value }), options.onProgress);
    const onAbort = () => this.worker?.postMessage({ type: 'cancel', id } satisfies WsdlWorkerRequest);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    return result.finally(() => options.signal?.removeEventListener('abort', onAbort));
  }

  /** The sample request (or response) of one operation of the model kept under `key`. */
  sample(key: string, target: SoapTarget, options?: SampleOptions): Promise<Result<WsdlWorkerReplies['sample']>> {
    return this.request<WsdlWorkerReplies['sample']>((id) => ({ type: 'sample', id, key, target, ...(options ? { options } : {}) })).result;
  }

  /** The whole model, cloned to the page (costly for large descriptions: prefer samples). */
  model(key: string): Promise<Result<WsdlWorkerReplies['model']>> {
    return this.request<WsdlWorkerReplies['model']>((id) => ({ type: 'model', id, key })).result;
  }

  /** A collection with one request per operation, made in the worker. */
  collection(key: string, wsdlUrl: string): Promise<Result<WsdlWorkerReplies['collection']>> {
    return this.request<WsdlWorkerReplies['collection']>((id) => ({ type: 'collection', id, key, wsdlUrl })).result;
  }

  /** Lets the worker forget a model. */
  release(key: string): void {
    this.worker?.postMessage({ type: 'release', key } satisfies WsdlWorkerRequest);
  }
}

let shared: WsdlWorkerClient | undefined;

/** The page's WSDL worker client. */
export function wsdlWorkerClient(): WsdlWorkerClient {
  shared ??= new WsdlWorkerClient();
  return shared;
}
