/**
 * Loading a WSDL for any part of the app, in the worker: the description and its imports
 * are fetched through the relay and parsed off the page's thread, with progress. The SOAP
 * composer keeps models in the worker and asks for samples; an importer that needs the
 * model itself, or a collection made from it, uses these.
 */
import { type ImportResult, type Result, type WsdlModel } from '../../../core';
import { wsdlWorkerClient } from './wsdlWorkerClient';
import type { WsdlLoadProgress } from './wsdlWorkerProtocol';

export type { WsdlLoadProgress } from './wsdlWorkerProtocol';

/** Options of a load. */
export interface WsdlLoadOptions {
  onProgress?(progress: WsdlLoadProgress): void;
  signal?: AbortSignal;
}

/**
 * Fetches (through the relay) and parses the WSDL at `url` in the worker and returns the
 * whole model. Never rejects: a description that cannot be fetched or read is a failed
 * `Result` saying why; imports that fail are `model.warnings`.
 */
export async function loadWsdl(url: string, options: WsdlLoadOptions = {}): Promise<Result<WsdlModel>> {
  const client = wsdlWorkerClient();
  const loaded = await client.load(url, options);
  if (!loaded.ok) return loaded;
  const model = await client.model(loaded.value.key);
  client.release(loaded.value.key);
  return model;
}

/**
 * Like {@link loadWsdl}, but makes the collection (one SOAP request per operation, core's
 * `wsdlToCollection`) in the worker too, so only the collection crosses to the page.
 */
export async function loadWsdlCollection(url: string, options: WsdlLoadOptions = {}): Promise<Result<ImportResult>> {
  const client = wsdlWorkerClient();
  const loaded = await client.load(url, options);
  if (!loaded.ok) return loaded;
  const collection = await client.collection(loaded.value.key, url);
  client.release(loaded.value.key);
  return collection;
}
