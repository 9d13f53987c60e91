/**
 * The GraphQL schema worker: keeps one endpoint's schema (`SchemaSession`) and answers the
 * page's requests (`schemaWorkerProtocol.ts`) in order. After a load it builds what the
 * editor's questions need while the page shows the explorer.
 */
/// <reference lib="webworker" />
import { SchemaSession } from './schemaSession';
import type { SchemaWorkerRequest } from './schemaWorkerProtocol';

declare const self: DedicatedWorkerGlobalScope;

if (typeof self !== 'undefined' && typeof (self as { document?: unknown }).document === 'undefined' && typeof self.postMessage === 'function') {
  const session = new SchemaSession();
  self.onmessage = (event: MessageEvent<SchemaWorkerRequest>) => {
    const answer = session.handle(event.data);
    self.postMessage(answer);
    if (event.data.kind === 'load' && answer.ok) setTimeout(() => session.prepare(), 0);
  };
}
