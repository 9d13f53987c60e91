import { readFile } from 'node:fs/promises';
import { parseWsdl, sampleEnvelope } from '../src/core';
const files = process.argv.slice(2);
const texts = new Map<string,string>();
async function run(file: string) {
  const model = await parseWsdl(file, async (url) => { if (/^https?:/.test(url)) throw new Error('offline'); let t = texts.get(url); if (!t) { t = await readFile(url, 'utf8'); texts.set(url, t);} return t; });
  if (!model.ok) throw new Error(model.error.message);
  for (const s of model.value.services) for (const p of s.ports) if (p.protocol === 'soap') for (const o of p.operations) sampleEnvelope(model.value, { service: s.name, port: p.name, operation: o.name });
}
const reps = Number(process.env.REPS ?? 50);
const t0 = performance.now();
for (let i = 0; i < reps; i++) for (const f of files) await run(f);
console.log('total', (performance.now() - t0).toFixed(0));
