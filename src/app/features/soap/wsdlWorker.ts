/**
 * The WSDL worker: fetches a description and everything it imports through the relay,
 * parses it with core's `parseWsdl`, and keeps the model here, so a WSDL of several
 * megabytes is read and sampled without ever blocking the page. The page gets progress
 * while documents arrive, then a summary; samples, collections and (on request) the whole
 * model are asked for afterwards by the model's key.
 */
/// <reference lib="webworker" />
import { fail, ok, parseWsdl, sampleEnvelope, wsdlToCollection, type CoreError, type Result, type WsdlModel } from '../../../core';
import type { NetworkOptions } from '../../base/relay/networkOptions';
import { fetchWsdlDocument } from './wsdlDocumentFetch';
import { summariseWsdl } from './wsdlSummary';
import type { WsdlLoadProgress, WsdlWorkerRequest, WsdlWorkerResponse } from './wsdlWorkerProtocol';

declare const self: DedicatedWorkerGlobalScope;

/** Models kept for later samples; the least recently used goes first. */
const MAX_MODELS = 4;
const PROGRESS_MS = 80;

const models = new Map<string, WsdlModel>();
const loads = new Map<number, AbortController>();

function post(message: WsdlWorkerResponse): void {
  self.postMessage(message);
}

function answer(id: number, result: Result<unknown>): void {
  post(result.ok ? { type: 'result', id, ok: true, value: result.value } : { type: 'result', id, ok: false, error: result.error });
}

function keep(key: string, model: WsdlModel): void {
  models.set(key, model);
  while (models.size > MAX_MODELS) models.delete(models.keys().next().value as string);
}

function modelFor(key: string): Result<WsdlModel> {
  const model = models.get(key);
  if (!model) return fail({ kind: 'wsdl-not-loaded', message: 'This WSDL is no longer loaded; load it again.' });
  // Used again: it moves to the back of the eviction order.
  models.delete(key);
  models.set(key, model);
  return ok(model);
}

/**
 * The network options for one document of a description loaded from `wsdlUrl`: the page's for
 * that URL's origin (its client certificate and CAs are per host), only the proxy choice for a
 * document an import or include fetches from another origin.
 */
function networkFor(documentUrl: string, wsdlUrl: string, network: NetworkOptions | undefined): NetworkOptions | undefined {
  if (!network) return undefined;
  const origin = (u: string) => {
    try {
      return new URL(u).origin;
    } catch {
      return u;
    }
  };
  return origin(documentUrl) === origin(wsdlUrl) ? network : network.proxy ? { proxy: network.proxy } : undefined;
}

async function load(id: number, url: string, token: string, network?: NetworkOptions): Promise<void> {
  const controller = new AbortController();
  loads.set(id, controller);
  const progress: WsdlLoadProgress = { phase: 'fetching', requested: 0, fetched: 0, parsed: 0, bytes: 0 };
  const received = new Map<string, number>();
  let lastPost = 0;
  const report = (force = false) => {
    const now = performance.now();
    if (!force && now - lastPost < PROGRESS_MS) return;
    lastPost = now;
    post({ type: 'progress', id, progress: { ...progress } });
  };
  try {
    const result = await parseWsdl(url, async (documentUrl) => {
      // The loader asks for the next level only after parsing the one before.
      progress.parsed = progress.fetched;
      progress.requested++;
      progress.phase = 'fetching';
      progress.current = documentUrl;
      report(true);
      try {
        const reach = networkFor(documentUrl, url, network);
        return await fetchWsdlDocument(documentUrl, {
          token,
          ...(reach ? { network: reach } : {}),
          signal: controller.signal,
          onBytes: (bytes) => {
            progress.bytes += bytes - (received.get(documentUrl) ?? 0);
            received.set(documentUrl, bytes);
            report();
          },
        });
      } finally {
        progress.fetched++;
        if (progress.fetched === progress.requested) progress.phase = 'parsing';
        report(true);
      }
    });
    if (controller.signal.aborted) {
      answer(id, fail({ kind: 'cancelled', message: 'Loading the WSDL was cancelled.' }));
      return;
    }
    if (!result.ok) {
      answer(id, result);
      return;
    }
    const key = `wsdl-${id}`;
    keep(key, result.value);
    progress.phase = 'done';
    progress.parsed = result.value.documents.length;
    report(true);
    answer(id, ok({ key, summary: summariseWsdl(result.value) }));
  } finally {
    loads.delete(id);
  }
}

function handle(message: WsdlWorkerRequest): void {
  switch (message.type) {
    case 'load':
      load(message.id, message.url, message.token, message.network).catch((err: unknown) => answer(message.id, fail(unexpected(err))));
      return;
    case 'cancel':
      loads.get(message.id)?.abort();
      return;
    case 'release':
      models.delete(message.key);
      return;
    case 'sample': {
      const model = modelFor(message.key);
      answer(message.id, model.ok ? sampleEnvelope(model.value, message.target, message.options) : model);
      return;
    }
    case 'model': {
      answer(message.id, modelFor(message.key));
      return;
    }
    case 'collection': {
      const model = modelFor(message.key);
      answer(message.id, model.ok ? ok(wsdlToCollection(model.value, message.wsdlUrl)) : model);
      return;
    }
  }
}

function unexpected(err: unknown): CoreError {
  return { kind: 'worker-error', message: `The WSDL worker failed: ${err instanceof Error ? err.message : String(err)}` };
}

self.onmessage = (event: MessageEvent<WsdlWorkerRequest>) => {
  const message = event.data;
  try {
    handle(message);
  } catch (err) {
    // A programmer error in core (a TypeError) must still answer the request, not hang it.
    if ('id' in message) answer(message.id, fail(unexpected(err)));
  }
};
