/**
 * GraphQL in `npm run bench:protocols` (issue 29 item 7): introspection of a generated
 * 5,000-type schema to a ready explorer — the introspection answer's text handed to a
 * worker thread running the app's schema worker code, parsed and read into the explorer's
 * compact index (roots, names, kinds), posted back, then the query root's detail asked (what
 * the explorer opens first) — against the target of 1 s; beside it the design before (the
 * whole explorer model built and posted). The floor, in the same run and the same worker:
 * JSON.parse of the same text alone. Fastest of several runs (noise only adds time). Then
 * the page's side (`graphqlPage.ts`): the main thread's longest task while the app loads
 * that schema and the person types in the editor, beside an empty page's.
 */
import { Worker } from 'node:worker_threads';
import { buildSchema, graphqlSync } from 'graphql';
import { introspectionQuery } from '../../src/core/protocols/graphql/schemaModel';
import { printTable } from '../table';
import { measureGraphQlPage } from './graphqlPage';

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

type Kind = 'load' | 'type' | 'model' | 'floor' | 'complete';

function ask(worker: Worker, id: number, kind: Kind, extra: { text?: string; name?: string }): Promise<{ typeCount?: number; index?: { roots: { query?: string } } }> {
  return new Promise((resolve, reject) => {
    const onMessage = (answer: { id: number; ok: boolean; typeCount?: number; message?: string; index?: { roots: { query?: string } } }) => {
      if (answer.id !== id) return;
      worker.off('message', onMessage);
      if (!answer.ok) reject(new Error(answer.message));
      else resolve(answer);
    };
    worker.on('message', onMessage);
    worker.postMessage({ id, kind, ...extra });
  });
}

let nextId = 0;

/** The fastest of RUNS: `steps` run in order, timed from the first message to the last answer. */
async function fastestOf(worker: Worker, steps: (last: { typeCount?: number; index?: { roots: { query?: string } } } | undefined) => Promise<{ typeCount?: number; index?: { roots: { query?: string } } }>[] | undefined): Promise<{ ms: number; types: number }> {
  let best = { ms: Infinity, types: 0 };
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    let last: { typeCount?: number; index?: { roots: { query?: string } } } | undefined;
    let types = 0;
    for (;;) {
      const next = steps(last);
      if (!next || next.length === 0) break;
      last = await next[0]!;
      types = last.typeCount ?? types;
    }
    const ms = performance.now() - started;
    if (ms < best.ms) best = { ms, types };
  }
  return best;
}

export async function benchGraphQl(): Promise<void> {
  const schema = buildSchema(generatedSdl(TYPES));
  const text = JSON.stringify(graphqlSync({ schema, source: introspectionQuery() }));
  // A worker thread that loads TypeScript through tsx's loader, then the worker module.
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./graphqlSchemaWorker.ts', import.meta.url).href;
  const worker = new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`, { eval: true });
  let typeCount = 0;
  const once = (kind: Kind, extra: { text?: string; name?: string } = {}) => ask(worker, ++nextId, kind, extra);
  try {
    const floor = await fastestOf(worker, (last) => (last ? undefined : [once('floor', { text })]));
    // Before: the whole explorer model built and posted (structured clone of every type's detail).
    const before = await fastestOf(worker, (last) => (last ? undefined : [once('model', { text })]));
    // Now: the compact index posted, then the query root's detail the explorer opens first.
    let stage = 0;
    const ready = await fastestOf(worker, (last) => {
      stage = last ? stage + 1 : 0;
      if (stage === 0) return [once('load', { text })];
      if (stage === 1) return [once('type', { name: last?.index?.roots.query ?? 'Query' })];
      return undefined;
    });
    // The first completion after loading builds the GraphQLSchema in the worker (buildClientSchema), off the page's thread.
    const first = await (async () => {
      await once('load', { text });
      const started = performance.now();
      await once('complete');
      return performance.now() - started;
    })();
    typeCount = ready.types;
    const rows = [
      ['now: compact index posted + the root type asked', ready.ms.toFixed(0), floor.ms.toFixed(0), (ready.ms / floor.ms).toFixed(1), `< ${TARGET_MS} ms ${ready.ms < TARGET_MS ? 'met' : 'MISSED'}`, ready.types],
      ['before: whole explorer model built and posted', before.ms.toFixed(0), floor.ms.toFixed(0), (before.ms / floor.ms).toFixed(1), `< ${TARGET_MS} ms ${before.ms < TARGET_MS ? 'met' : 'MISSED'}`, before.types],
      ['first completion after load (builds the schema in the worker)', first.toFixed(0), '', '', 'off the page', ''],
    ];
    printTable(`GraphQL: introspection of a generated ${TYPES}-type schema to a ready explorer, in a worker (fastest of ${RUNS})`, ['what', 'ms', 'floor: JSON.parse (ms)', '× floor', 'target', 'types'], rows);
    console.log(`(introspection answer: ${(text.length / 1048576).toFixed(1)} MB)`);
  } finally {
    await worker.terminate();
  }
  await measureGraphQlPage(text, TYPES, typeCount);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchGraphQl();
