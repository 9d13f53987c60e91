import { describe, expect, it } from 'vitest';
import { WsdlWorkerClient } from './wsdlWorkerClient';
import type { WsdlLoadProgress, WsdlWorkerRequest, WsdlWorkerResponse } from './wsdlWorkerProtocol';

/** A stand-in worker: records what the page posts and lets the test answer as the worker would. */
class FakeWorker {
  readonly posted: WsdlWorkerRequest[] = [];
  onmessage: ((event: MessageEvent<WsdlWorkerResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  terminated = false;
  postMessage(message: WsdlWorkerRequest): void {
    this.posted.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  reply(message: WsdlWorkerResponse): void {
    this.onmessage?.({ data: message } as MessageEvent<WsdlWorkerResponse>);
  }
  crash(message: string): void {
    this.onerror?.({ message, preventDefault() {} } as ErrorEvent);
  }
}

const NETWORK = { proxy: { mode: 'manual' as const, httpProxy: 'http://proxy.corp:3128' }, trustedFingerprints: [] };

function client(network: ConstructorParameters<typeof WsdlWorkerClient>[2] = async () => ({ ok: true, value: NETWORK })) {
  const workers: FakeWorker[] = [];
  const made = new WsdlWorkerClient(
    () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker as unknown as Worker;
    },
    () => 'page-token',
    network,
  );
  return { made, workers };
}

/** Lets the load's own awaits (the page's network options) run before the test looks at the worker. */
const settled = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const progress: WsdlLoadProgress = { phase: 'fetching', requested: 2, fetched: 1, parsed: 1, bytes: 2048 };

describe('WsdlWorkerClient', () => {
  it('starts the worker on first use, passes the relay token, reports progress and resolves the load', async () => {
    const { made, workers } = client();
    expect(workers).toHaveLength(0);
    const seen: WsdlLoadProgress[] = [];
    const loading = made.load('http://h/svc?WSDL', { onProgress: (p) => seen.push(p) });
    await settled();
    const worker = workers[0]!;
    expect(worker.posted).toEqual([{ type: 'load', id: 1, url: 'http://h/svc?WSDL', token: 'page-token', network: NETWORK }]);
    worker.reply({ type: 'progress', id: 1, progress });
    const summary = { entryUrl: 'http://h/svc?WSDL', targetNamespace: 'urn:x', services: [], documents: [], warnings: [], operationCount: 0 };
    worker.reply({ type: 'result', id: 1, ok: true, value: { key: 'wsdl-1', summary } });
    expect(await loading).toEqual({ ok: true, value: { key: 'wsdl-1', summary } });
    expect(seen).toEqual([progress]);
  });

  it('hands the worker how the page reaches the host, and starts no worker when it cannot', async () => {
    const locked = client(async () => ({ ok: false, message: 'the client certificate for h is locked' }));
    expect(await locked.made.load('http://h/svc?WSDL')).toMatchObject({ ok: false, error: { message: 'The WSDL was not fetched: the client certificate for h is locked' } });
    expect(locked.workers).toHaveLength(0);
  });

  it('matches answers to their requests, whatever order they come in', async () => {
    const { made, workers } = client();
    const first = made.sample('wsdl-1', { service: 'S', port: 'P', operation: 'A' });
    const second = made.sample('wsdl-1', { service: 'S', port: 'P', operation: 'B' });
    const worker = workers[0]!;
    worker.reply({ type: 'result', id: 2, ok: false, error: { kind: 'operation-not-found', message: 'no B' } });
    worker.reply({ type: 'result', id: 1, ok: false, error: { kind: 'operation-not-found', message: 'no A' } });
    expect(await first).toMatchObject({ ok: false, error: { message: 'no A' } });
    expect(await second).toMatchObject({ ok: false, error: { message: 'no B' } });
  });

  it('asks the worker to cancel a load when its signal aborts', async () => {
    const { made, workers } = client();
    const controller = new AbortController();
    const loading = made.load('http://h/svc?WSDL', { signal: controller.signal });
    await settled();
    controller.abort();
    expect(workers[0]!.posted.at(-1)).toEqual({ type: 'cancel', id: 1 });
    workers[0]!.reply({ type: 'result', id: 1, ok: false, error: { kind: 'cancelled', message: 'Loading the WSDL was cancelled.' } });
    expect(await loading).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
  });

  it('fails every open request when the worker dies, and starts a new worker for the next one', async () => {
    const { made, workers } = client();
    const loading = made.load('http://h/svc?WSDL');
    await settled();
    const model = made.model('wsdl-1');
    workers[0]!.crash('out of memory');
    expect(await loading).toMatchObject({ ok: false, error: { kind: 'worker-error', message: expect.stringContaining('out of memory') } });
    expect(await model).toMatchObject({ ok: false, error: { kind: 'worker-error' } });
    expect(workers[0]!.terminated).toBe(true);
    void made.collection('wsdl-1', 'http://h/svc?WSDL');
    expect(workers).toHaveLength(2);
    expect(workers[1]!.posted).toEqual([{ type: 'collection', id: 3, key: 'wsdl-1', wsdlUrl: 'http://h/svc?WSDL' }]);
  });
});
