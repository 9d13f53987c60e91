/**
 * The schema worker's page side: the worker's own code answers (an SDL schema read into the
 * explorer's model, bad SDL and a refused introspection each a clear message); a worker that
 * does not answer within the budget is stopped and the person told; text over the limit is
 * refused before any worker starts. The Worker is a stand-in running `buildSchemaAnswer`.
 */
import { describe, expect, it } from 'vitest';
import { buildSchemaAnswer } from './schemaWorker';
import { buildSchemaInWorker, SCHEMA_TEXT_LIMIT } from './schemaWorkerClient';
import type { SchemaWorkerAnswer, SchemaWorkerRequest } from './schemaWorkerProtocol';

class StandInWorker {
  onmessage: ((event: MessageEvent<SchemaWorkerAnswer>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  constructor(private readonly answers: boolean) {}
  postMessage(request: SchemaWorkerRequest): void {
    if (this.answers) queueMicrotask(() => this.onmessage?.({ data: buildSchemaAnswer(request) } as MessageEvent<SchemaWorkerAnswer>));
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

describe('buildSchemaInWorker', () => {
  it('answers with the explorer model of an SDL schema, and stops the worker', async () => {
    const f = factory();
    const answer = await buildSchemaInWorker('sdl', 'type Query { a(n: Int = 1): [B!] }\ntype B { id: ID! }', f.make);
    expect(answer).toMatchObject({ ok: true, typeCount: 6, model: { roots: { query: 'Query' } } });
    expect(answer.ok && answer.model.types.map((t) => t.name)).toEqual(['Query', 'B', 'Boolean', 'ID', 'Int', 'String']);
    expect(f.made[0]!.terminated).toBe(true);
  });

  it('says where SDL does not parse, and that a server refused introspection', async () => {
    const bad = await buildSchemaInWorker('sdl', 'type Query {\n  a:\n}', factory().make);
    expect(bad).toMatchObject({ ok: false, message: expect.stringMatching(/^The SDL does not build a schema \(line 3, column 1\)/) });
    const refused = await buildSchemaInWorker('introspection', '{"errors":[{"message":"introspection disabled"}]}', factory().make);
    expect(refused).toMatchObject({ ok: false, message: 'The server refused introspection: introspection disabled. Load the schema from an SDL file instead.' });
    const notJson = await buildSchemaInWorker('introspection', '<html>', factory().make);
    expect(notJson).toMatchObject({ ok: false, message: expect.stringContaining('The introspection answer is not JSON') });
  });

  it('stops a worker that does not answer within the budget, and says so', async () => {
    const f = factory(false);
    const answer = await buildSchemaInWorker('sdl', 'type Query { a: Int }', f.make, 20);
    expect(answer).toMatchObject({ ok: false, message: 'Building the schema took longer than 0.02 s and was stopped.' });
    expect(f.made[0]!.terminated).toBe(true);
  });

  it('refuses text over the limit without starting a worker', async () => {
    const f = factory();
    const answer = await buildSchemaInWorker('sdl', ' '.repeat(SCHEMA_TEXT_LIMIT + 1), f.make);
    expect(answer).toMatchObject({ ok: false, message: expect.stringContaining('at most 64 MB is read') });
    expect(f.made).toHaveLength(0);
  });
});
