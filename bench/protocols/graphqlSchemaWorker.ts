/**
 * The bench's worker thread: runs the app's schema worker code (`buildSchemaAnswer`) on the
 * text it is given, or the floor (JSON.parse alone), and posts the answer back, so the
 * figure includes handing the model across a thread as the page's worker does.
 */
import { parentPort } from 'node:worker_threads';
import { buildSchemaAnswer } from '../../src/app/features/graphql/schemaWorker';

parentPort!.on('message', (message: { id: number; kind: 'introspection' | 'floor'; text: string }) => {
  if (message.kind === 'floor') {
    const value = JSON.parse(message.text) as { data: { __schema: { types: unknown[] } } };
    parentPort!.postMessage({ id: message.id, ok: true, typeCount: value.data.__schema.types.length });
    return;
  }
  parentPort!.postMessage(buildSchemaAnswer({ id: message.id, kind: 'introspection', text: message.text }));
});
