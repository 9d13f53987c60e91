/**
 * The GraphQL schema worker: introspection JSON or SDL in, the explorer's model out, so a
 * large schema (thousands of types) is parsed and read off the page's thread.
 */
/// <reference lib="webworker" />
import { explorerModel, explorerModelFromIntrospection, schemaFromSdl } from '../../../core/protocols/graphql/schemaModel';
import type { SchemaWorkerAnswer, SchemaWorkerRequest } from './schemaWorkerProtocol';

declare const self: DedicatedWorkerGlobalScope;

export function buildSchemaAnswer(request: SchemaWorkerRequest): SchemaWorkerAnswer {
  const started = performance.now();
  let model;
  if (request.kind === 'sdl') {
    const built = schemaFromSdl(request.text);
    if (!built.ok) return { id: request.id, ok: false, message: built.error.message };
    model = explorerModel(built.value);
  } else {
    let value: unknown;
    try {
      value = JSON.parse(request.text);
    } catch (error) {
      return { id: request.id, ok: false, message: `The introspection answer is not JSON: ${error instanceof Error ? error.message : String(error)}` };
    }
    const read = explorerModelFromIntrospection(value);
    if (!read.ok) return { id: request.id, ok: false, message: read.error.message };
    model = read.value;
  }
  return { id: request.id, ok: true, model, typeCount: model.types.length, ms: Math.round(performance.now() - started) };
}

if (typeof self !== 'undefined' && typeof (self as { document?: unknown }).document === 'undefined' && typeof self.postMessage === 'function') {
  self.onmessage = (event: MessageEvent<SchemaWorkerRequest>) => {
    try {
      self.postMessage(buildSchemaAnswer(event.data));
    } catch (error) {
      self.postMessage({ id: event.data.id, ok: false, message: `The schema could not be built: ${error instanceof Error ? error.message : String(error)}` } satisfies SchemaWorkerAnswer);
    }
  };
}
