/**
 * Profiling aid (not part of `bench:relay`): what the relay's request engine costs as a client,
 * without the page's HTTP hop — `sendInProcess` (the `wirebench run` path) against Node's own
 * `http.get` and undici on the same kept-alive target, one request each in turn so load on a
 * shared machine hits all alike. Prints this process's CPU and the median wall time per request.
 *
 *   npx tsx bench/engineCost.ts        (N requests per client per block (3000), BLOCKS (3))
 */
import http from 'node:http';
import { Agent, request } from 'undici';
import { startChildServer } from '../src/relay/childServer';
import { sendInProcess } from '../src/relay/inProcess';
import { stopsWithBench } from './benchLifetime';
import { median } from './table';

const N = Number(process.env.N ?? 3000);
const BLOCKS = Number(process.env.BLOCKS ?? 3);
// Stops with the bench however it ends (benchLifetime.ts): a client that throws used to leave it running.
const target = stopsWithBench(await startChildServer('t'));
const url = `${target.origin}/sandbox/anything`;
const agent = new Agent({ connections: 1 });
const nodeAgent = new http.Agent({ keepAlive: true });

const clients: Record<string, () => Promise<void>> = {
  'undici request': async () => {
    const res = await request(url, { dispatcher: agent });
    for await (const _ of res.body);
  },
  'node http.get': () =>
    new Promise<void>((resolve, reject) => {
      http.get(url, { agent: nodeAgent }, (res) => res.resume().once('end', resolve)).once('error', reject);
    }),
  'relay engine (sendInProcess)': async () => {
    const result = await sendInProcess({ method: 'GET', url, headers: [] });
    if (!result.summary) throw new Error(result.error?.message ?? 'no summary');
  },
};
const names = Object.keys(clients);
for (let i = 0; i < 300; i++) for (const name of names) await clients[name]!();
for (let block = 1; block <= BLOCKS; block++) {
  const cpu = Object.fromEntries(names.map((n) => [n, 0]));
  const walls = Object.fromEntries(names.map((n) => [n, [] as number[]]));
  for (let i = 0; i < N; i++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(i + k) % names.length]!;
      const c = process.cpuUsage();
      const t = performance.now();
      await clients[name]!();
      walls[name]!.push(performance.now() - t);
      const used = process.cpuUsage(c);
      cpu[name]! += used.user + used.system;
    }
  }
  console.log(`block ${block}: ` + names.map((n) => `${n}: CPU ${(cpu[n]! / N).toFixed(0)} µs, wall ${(median(walls[n]!) * 1000).toFixed(0)} µs`).join(' | '));
}
await agent.close();
nodeAgent.destroy();
await target.stop();
