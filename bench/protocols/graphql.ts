/**
 * GraphQL in `npm run bench:protocols` (issue 29 item 7): introspection of a generated
 * 5,000-type schema to a ready explorer — the introspection answer's text handed to a
 * worker thread, parsed, built into a schema (`buildClientSchema`), turned into the
 * explorer's model and the SDL for completion, and posted back — against the target of
 * 1 s. The floor, in the same run and the same worker: JSON.parse of the same text alone.
 * Fastest of several runs (noise only adds time).
 */
import { Worker } from 'node:worker_threads';
import { buildSchema, graphqlSync } from 'graphql';
import { introspectionQuery } from '../../src/core/protocols/graphql/schemaModel';
import { printTable } from '../table';

const short = process.env.BENCH_SHORT === '1';
const TYPES = short ? 500 : 5000;
const RUNS = short ? 2 : 5;
const TARGET_MS = 1000;

/** A schema of `count` object types (plus an enum and an input every tenth), each with scalar fields, a list of the next type and an argument. */
export function generatedSdl(count: number): string {
  const parts: string[] = [];
  const queryFields: string[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 10 === 9) {
      parts.push(`"""Enum ${i}"""\nenum Kind${i} { A${i} B${i} C${i} }`);
      continue;
    }
    if (i % 10 === 8) {
      parts.push(`input Filter${i} { name: String, limit: Int = 10, kind: Kind${i + 1} }`);
      continue;
    }
    const next = `Type${(i + 1) % 10 >= 8 ? i + 3 : i + 1}`;
    const target = i + 3 < count || (i + 1) % 10 < 8 ? next : 'Type0';
    parts.push(`"""Type ${i}: generated for the bench."""\ntype Type${i} {\n  id: ID!\n  name: String\n  """How many ${i}"""\n  count(filter: Filter${Math.floor(i / 10) * 10 + 8}): Int\n  ratio: Float @deprecated(reason: "use count")\n  items(first: Int = 10, after: String): [${target.startsWith('Type') && Number(target.slice(4)) < count ? target : 'Type0'}!]!\n}`);
    if (i % 100 === 0) queryFields.push(`  type${i}(id: ID!): Type${i}`);
  }
  parts.push(`type Query {\n${queryFields.join('\n')}\n}`);
  return parts.join('\n\n');
}

function fastestOf(worker: Worker, kind: 'introspection' | 'floor', text: string): Promise<{ ms: number; types: number }> {
  let id = 0;
  const once = () =>
    new Promise<{ ms: number; types: number }>((resolve, reject) => {
      const mine = ++id;
      const started = performance.now();
      const onMessage = (answer: { id: number; ok: boolean; typeCount?: number; message?: string }) => {
        if (answer.id !== mine) return;
        worker.off('message', onMessage);
        if (!answer.ok) reject(new Error(answer.message));
        else resolve({ ms: performance.now() - started, types: answer.typeCount ?? 0 });
      };
      worker.on('message', onMessage);
      worker.postMessage({ id: mine, kind, text });
    });
  return (async () => {
    let best = { ms: Infinity, types: 0 };
    for (let i = 0; i < RUNS; i++) {
      const run = await once();
      if (run.ms < best.ms) best = run;
    }
    return best;
  })();
}

export async function benchGraphQl(): Promise<void> {
  const schema = buildSchema(generatedSdl(TYPES));
  const text = JSON.stringify(graphqlSync({ schema, source: introspectionQuery() }));
  // A worker thread that loads TypeScript through tsx's loader, then the worker module.
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./graphqlSchemaWorker.ts', import.meta.url).href;
  const worker = new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`, { eval: true });
  try {
    const floor = await fastestOf(worker, 'floor', text);
    const ready = await fastestOf(worker, 'introspection', text);
    printTable(
      `GraphQL: introspection of a generated ${TYPES}-type schema to a ready explorer, in a worker (fastest of ${RUNS})`,
      ['what', 'ms', 'floor: JSON.parse (ms)', '× floor', 'target', 'types'],
      [['introspection answer → explorer model, posted back', ready.ms.toFixed(0), floor.ms.toFixed(0), (ready.ms / floor.ms).toFixed(1), `< ${TARGET_MS} ms ${ready.ms < TARGET_MS ? 'met' : 'MISSED'}`, ready.types]],
    );
    console.log(`(introspection answer: ${(text.length / 1048576).toFixed(1)} MB)`);
  } finally {
    await worker.terminate();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchGraphQl();
