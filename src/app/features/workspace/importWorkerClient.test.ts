import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importAny } from '../../../core';
import { importFileSet } from './importFiles';
import { itemChunks } from './collectionChunks';
import { hasFreshIds, ImportWorkerClient } from './importWorkerClient';
import type { ImportWorkerRequest, ImportWorkerResponse } from './importWorkerProtocol';

/** A stand-in worker: records what the page posts; `answer` replies as the real worker would (core's importAny). */
class FakeWorker {
  readonly posted: ImportWorkerRequest[] = [];
  onmessage: ((event: MessageEvent<ImportWorkerResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  terminated = false;
  postMessage(message: ImportWorkerRequest): void {
    this.posted.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(index = 0): void {
    const request = this.posted[index]!;
    const result = 'files' in request ? importFileSet(request.files) : importAny(request.text, request.fileName);
    this.onmessage?.({ data: { id: request.id, result } } as MessageEvent<ImportWorkerResponse>);
  }
  /** Answers as the worker does for a large collection: its items in chunks, then the outcome without them. */
  answerInChunks(index = 0, size = 2): void {
    const request = this.posted[index]!;
    const result = 'files' in request ? importFileSet(request.files) : importAny(request.text, request.fileName);
    if (!result.ok || !('result' in result.value)) throw new Error('expected an import');
    for (const chunk of itemChunks(result.value.result.collection.items, size)) this.onmessage?.({ data: { id: request.id, chunk } } as MessageEvent<ImportWorkerResponse>);
    const bare = { ...result, value: { ...result.value, result: { ...result.value.result, collection: { ...result.value.result.collection, items: [] } } } };
    this.onmessage?.({ data: { id: request.id, result: bare, chunked: true, freshIds: true } } as unknown as MessageEvent<ImportWorkerResponse>);
  }
  crash(message: string): void {
    this.onerror?.({ message, preventDefault() {} } as ErrorEvent);
  }
}

function client(budgetMs = 1_000) {
  const workers: FakeWorker[] = [];
  const made = new ImportWorkerClient(() => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker as unknown as Worker;
  }, budgetMs);
  return { made, workers };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ImportWorkerClient', () => {
  it('sends the text to the worker and resolves with its import', async () => {
    const { made, workers } = client();
    const running = made.run("curl https://api.example.test/users -H 'Accept: application/json'", 'pasted.sh');
    expect(workers).toHaveLength(1);
    expect(workers[0]!.posted[0]).toMatchObject({ id: 1, fileName: 'pasted.sh' });
    workers[0]!.answer();
    const result = await running;
    expect(result.ok && result.value.format).toBe('curl');
  });

  it('past the time budget the worker is ended and the import is a typed too-complex failure; the next import starts a fresh worker', async () => {
    vi.useFakeTimers();
    const { made, workers } = client(2_000);
    const stuck = made.run('{"openapi":"3.1.0"}', 'spec.json');
    vi.advanceTimersByTime(1_999);
    let settled = false;
    void stuck.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    vi.advanceTimersByTime(1);
    const result = await stuck;
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.kind).toBe('import-too-complex');
    expect(!result.ok && result.error.message).toContain('too complex');
    expect(workers[0]!.terminated).toBe(true);

    const next = made.run('curl https://api.example.test/', '');
    expect(workers).toHaveLength(2);
    workers[1]!.answer();
    expect((await next).ok).toBe(true);
  });

  it('an answer in time clears the budget: nothing fails later', async () => {
    vi.useFakeTimers();
    const { made, workers } = client(2_000);
    const running = made.run('curl https://api.example.test/', '');
    workers[0]!.answer();
    expect((await running).ok).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(workers[0]!.terminated).toBe(false);
  });

  it('cancel ends the worker and fails the running import as cancelled', async () => {
    const { made, workers } = client();
    const running = made.run('curl https://api.example.test/', '');
    made.cancel();
    const result = await running;
    expect(!result.ok && result.error.kind).toBe('cancelled');
    expect(workers[0]!.terminated).toBe(true);
  });

  it('a crashed worker fails its import with the reason instead of leaving it open', async () => {
    const { made, workers } = client();
    const running = made.run('curl https://api.example.test/', '');
    workers[0]!.crash('out of memory');
    const result = await running;
    expect(!result.ok && result.error).toMatchObject({ kind: 'worker-error' });
    expect(!result.ok && result.error.message).toContain('out of memory');
  });

  it('sends several files, a zip among them, and resolves with one description imported from them', async () => {
    const { made, workers } = client();
    const zip = zipSync({
      'schemas/pet.yaml': strToU8('Pet: { type: object, properties: { name: { type: string, example: Rex } } }'),
      '__MACOSX/._pet.yaml': strToU8('junk'),
    });
    const entry = "openapi: 3.1.0\ninfo: { title: Zipped, version: '1' }\npaths:\n  /pets:\n    post:\n      summary: Add pet\n      requestBody: { content: { application/json: { schema: { $ref: 'bundle/schemas/pet.yaml#/Pet' } } } }\n";
    const running = made.runFiles([{ path: 'openapi.yaml', text: entry }, { path: 'bundle.zip', zip }]);
    expect(workers[0]!.posted[0]).toMatchObject({ id: 1, files: [{ path: 'openapi.yaml' }, { path: 'bundle.zip' }] });
    workers[0]!.answer();
    const result = await running;
    if (!result.ok || result.value.format === 'wsdl') throw new Error('expected an OpenAPI import');
    expect(result.value.result.collection.name).toBe('Zipped');
    const body = result.value.result.collection.items[0];
    expect(body?.kind === 'request' && JSON.parse(body.draft.body.texts.json)).toEqual({ name: 'Rex' });
  });

  it('names a zip that cannot be read', () => {
    const result = importFileSet([{ path: 'broken.zip', zip: new Uint8Array([1, 2, 3]) }]);
    expect(!result.ok && result.error.message).toMatch(/^broken\.zip could not be read as a zip archive: /);
  });

  it('puts a collection sent in chunks back together, marked as having new ids (issue 32 item 5)', async () => {
    const { made, workers } = client();
    const text = JSON.stringify({
      info: { name: 'Chunked', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      item: [{ name: 'F', item: [{ name: 'a', request: { method: 'GET', url: 'https://h/a' } }, { name: 'b', request: { method: 'GET', url: 'https://h/b' } }] }, { name: 'c', request: { method: 'GET', url: 'https://h/c' } }],
    });
    const pending = made.run(text, 'c.json');
    workers[0]!.answerInChunks(0, 1);
    const result = await pending;
    expect(result.ok).toBe(true);
    if (!result.ok || !('result' in result.value)) return;
    const { collection } = result.value.result;
    expect(collection.items.map((i) => i.name)).toEqual(['F', 'c']);
    expect(collection.items[0]!.kind === 'folder' && collection.items[0]!.items.map((i) => i.name)).toEqual(['a', 'b']);
    expect(hasFreshIds(collection)).toBe(true);
  });
});
