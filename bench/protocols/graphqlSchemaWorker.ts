/**
 * The bench's worker thread: runs the app's schema worker code (`SchemaSession`) on the text
 * it is given and posts the answer back, so the figure includes handing the answer across a
 * thread as the page's worker does. `load` then `type` (the query root's detail, which the
 * explorer opens first) is the explorer made ready today; `model` is the design before (the
 * whole explorer model built and posted); `floor` is JSON.parse alone.
 */
import { parentPort } from 'node:worker_threads';
import { explorerModelFromIntrospection } from '../../src/core/protocols/graphql/schemaModel';
import { SchemaSession } from '../../src/app/features/graphql/schemaSession';

let session = new SchemaSession();

parentPort!.on('message', (message: { id: number; kind: 'load' | 'type' | 'model' | 'floor' | 'complete'; text?: string; name?: string }) => {
  if (message.kind === 'floor') {
    const value = JSON.parse(message.text!) as { data: { __schema: { types: unknown[] } } };
    parentPort!.postMessage({ id: message.id, ok: true, typeCount: value.data.__schema.types.length });
    return;
  }
  if (message.kind === 'model') {
    const read = explorerModelFromIntrospection(JSON.parse(message.text!));
    parentPort!.postMessage(read.ok ? { id: message.id, ok: true, model: read.value, typeCount: read.value.types.length } : { id: message.id, ok: false, message: read.error.message });
    return;
  }
  if (message.kind === 'load') {
    session = new SchemaSession();
    parentPort!.postMessage(session.handle({ id: message.id, kind: 'load', source: 'introspection', text: message.text! }));
    return;
  }
  if (message.kind === 'complete') {
    parentPort!.postMessage(session.handle({ id: message.id, kind: 'complete', doc: '{ type0(id: "1") { ', at: { line: 0, character: 19 } }));
    return;
  }
  parentPort!.postMessage(session.handle({ id: message.id, kind: 'type', name: message.name! }));
});
