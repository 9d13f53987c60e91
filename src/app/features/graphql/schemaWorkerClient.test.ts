/**
 * The schema worker's protocol, page side and worker side together: the worker's own code
 * (`SchemaSession`) answers behind a stand-in Worker (messages delivered asynchronously, as
 * a real worker's are). Loading answers with the compact index only; a type's detail, a
 * search, completion, lint marks, hover and the problems list are asked afterwards and
 * answered from the worker's copy. Bad input is a clear message and the worker is stopped;
 * a worker past its budget is stopped; a question superseded by a newer one of its kind, or
 * said to be stale, or past its budget, is dropped (undefined), never shown.
 */
import { buildSchema, graphqlSync } from 'graphql';
import { describe, expect, it } from 'vitest';
import { introspectionQuery } from '../../../core/protocols/graphql/schemaModel';
import { SchemaSession } from './schemaSession';
import { loadSchemaInWorker, SCHEMA_TEXT_LIMIT } from './schemaWorkerClient';
import type { SchemaWorkerAnswer, SchemaWorkerRequest } from './schemaWorkerProtocol';

const SDL = '"""The entry point."""\ntype Query { book(id: ID!): Book\n  books(first: Int = 10): [Book!]! }\n"""A book."""\ntype Book { id: ID!\n  """Its title."""\n  title: String\n  old: String @deprecated(reason: "gone") }';

class StandInWorker {
  onmessage: ((event: MessageEvent<SchemaWorkerAnswer>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  /** Requests of these kinds get no answer (a worker busy past the budget). */
  silent = new Set<string>();
  private readonly session = new SchemaSession();
  constructor(private readonly answers: boolean) {}
  postMessage(request: SchemaWorkerRequest): void {
    if (!this.answers || this.silent.has(request.kind)) return;
    setTimeout(() => {
      if (!this.terminated) this.onmessage?.({ data: this.session.handle(request) } as MessageEvent<SchemaWorkerAnswer>);
    }, 0);
  }
  terminate(): void {
    this.terminated = true;
  }
}

function factory(answers = true) {
  const made: StandInWorker[] = [];
  return {
    made,
    make: () => {
      const worker = new StandInWorker(answers);
      made.push(worker);
      return worker as unknown as Worker;
    },
  };
}

async function loaded(source: 'sdl' | 'introspection', text: string | Uint8Array) {
  const f = factory();
  const answer = await loadSchemaInWorker(source, text, f.make);
  if (!answer.ok) throw new Error(answer.message);
  return { ...answer, worker: f.made[0]! };
}

describe('the schema worker protocol', () => {
  it('loads an introspection answer as a compact index, then answers a type and a search from its copy', async () => {
    const text = JSON.stringify(graphqlSync({ schema: buildSchema(SDL), source: introspectionQuery() }));
    const { index, typeCount, handle, worker } = await loaded('introspection', text);
    expect(index).toEqual({ roots: { query: 'Query' }, names: ['Query', 'Book', 'Boolean', 'ID', 'Int', 'String'], kinds: ['object', 'object', 'scalar', 'scalar', 'scalar', 'scalar'] });
    expect(typeCount).toBe(6);
    expect(await handle.ask({ kind: 'type', name: 'Book' })).toEqual({
      name: 'Book',
      kind: 'object',
      description: 'A book.',
      fields: [
        { name: 'id', type: 'ID!', typeName: 'ID', args: [] },
        { name: 'title', type: 'String', typeName: 'String', description: 'Its title.', args: [] },
        { name: 'old', type: 'String', typeName: 'String', args: [], deprecated: 'gone' },
      ],
      members: [],
    });
    expect(await handle.ask({ kind: 'search', term: 'title', limit: 10 })).toEqual([{ type: 'Book', field: 'title' }]);
    handle.stop();
    expect(worker.terminated).toBe(true);
  });

  it('takes the answer as bytes (transferred, decoded in the worker) as well as text', async () => {
    const text = JSON.stringify(graphqlSync({ schema: buildSchema(SDL), source: introspectionQuery() }));
    const bytes = new TextEncoder().encode(text);
    const { index, handle } = await loaded('introspection', bytes);
    expect(index.names.slice(0, 2)).toEqual(['Query', 'Book']);
    expect(await handle.ask({ kind: 'type', name: 'Query' })).toMatchObject({ fields: [{ name: 'book' }, { name: 'books' }] });
    handle.stop();
  });

  it('completes, marks, hovers and lists problems against the schema held in the worker', async () => {
    const { handle } = await loaded('sdl', SDL);
    const items = await handle.ask({ kind: 'complete', doc: '{ boo', at: { line: 0, character: 5 } });
    expect(items?.map((i) => i.label)).toEqual(expect.arrayContaining(['book', 'books']));
    const marks = await handle.ask({ kind: 'lint', doc: '{\n  books { nope }\n}' });
    expect(marks).toEqual([{ start: { line: 1, character: 10 }, end: { line: 1, character: 15 }, severity: 'error', message: 'Cannot query field "nope" on type "Book".' }]);
    expect(await handle.ask({ kind: 'hover', doc: '{ books { title } }', at: { line: 0, character: 12 } })).toContain('Book.title: String');
    const problems = await handle.ask({ kind: 'check', query: 'query One($id: ID!) { book(id: $id) { title nope } }', variables: '{"id": {"not": "an id"}}', operationName: '' });
    expect(problems?.map((p) => p.message)).toEqual(['Cannot query field "nope" on type "Book".', expect.stringContaining('Variable "$id" got invalid value')]);
    expect(problems?.[0]).toMatchObject({ where: 'query', line: 1, column: 45 });
    handle.stop();
  });

  it('drops an answer for an older document: superseded by a newer question of its kind, or said stale', async () => {
    const { handle } = await loaded('sdl', SDL);
    const older = handle.ask({ kind: 'complete', doc: '{ b', at: { line: 0, character: 3 } });
    const newer = handle.ask({ kind: 'complete', doc: '{ boo', at: { line: 0, character: 5 } });
    expect(await older).toBeUndefined();
    expect((await newer)?.map((i) => i.label)).toEqual(expect.arrayContaining(['books']));
    // Another kind is not superseded by it.
    const lint = handle.ask({ kind: 'lint', doc: '{ books { id } }' });
    const completion = handle.ask({ kind: 'complete', doc: '{ ', at: { line: 0, character: 2 } });
    expect(await lint).toEqual([]);
    expect(await completion).toBeDefined();
    expect(await handle.ask({ kind: 'lint', doc: '{ nope }' }, { isCurrent: () => false })).toBeUndefined();
    handle.stop();
    expect(await handle.ask({ kind: 'lint', doc: '{ nope }' })).toBeUndefined();
  });

  it('drops a question past its budget, and stops a worker that does not load within its budget', async () => {
    const { handle, worker } = await loaded('sdl', SDL);
    worker.silent.add('hover');
    expect(await handle.ask({ kind: 'hover', doc: '{ books }', at: { line: 0, character: 3 } }, { budgetMs: 20 })).toBeUndefined();
    expect(await handle.ask({ kind: 'type', name: 'Query' })).toMatchObject({ name: 'Query' });
    handle.stop();
    const f = factory(false);
    const answer = await loadSchemaInWorker('sdl', 'type Query { a: Int }', f.make, 20);
    expect(answer).toEqual({ ok: false, message: 'Building the schema took longer than 0.02 s and was stopped.' });
    expect(f.made[0]!.terminated).toBe(true);
  });

  it('says where SDL does not parse, that a server refused introspection, that an answer is not JSON; stops the worker', async () => {
    const f = factory();
    const bad = await loadSchemaInWorker('sdl', 'type Query {\n  a:\n}', f.make);
    expect(bad).toMatchObject({ ok: false, message: expect.stringMatching(/^The SDL does not build a schema \(line 3, column 1\)/) });
    expect(f.made[0]!.terminated).toBe(true);
    const refused = await loadSchemaInWorker('introspection', '{"errors":[{"message":"introspection disabled"}]}', factory().make);
    expect(refused).toEqual({ ok: false, message: 'The server refused introspection: introspection disabled. Load the schema from an SDL file instead.' });
    const notJson = await loadSchemaInWorker('introspection', '<html>', factory().make);
    expect(notJson).toMatchObject({ ok: false, message: expect.stringContaining('The introspection answer is not JSON') });
  });

  it('refuses text over the limit before any worker starts', async () => {
    const f = factory();
    const answer = await loadSchemaInWorker('sdl', ' '.repeat(SCHEMA_TEXT_LIMIT + 1), f.make);
    expect(answer).toMatchObject({ ok: false, message: expect.stringContaining('at most 64 MB') });
    expect(f.made).toHaveLength(0);
  });
});
