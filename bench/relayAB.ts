/**
 * Profiling aid (not part of `bench:relay`): two copies of the Wirebench tree (before and
 * after a change) serve small GETs side by side, one request each in turn, so whatever else
 * the machine does hits both alike — on a shared machine, runs of `relayProfile.ts` one after
 * the other differ by more than the change being measured. Prints each relay's median wall
 * time per exchange and the CPU its process spent per exchange (from /proc), per block.
 *
 *   npx tsx bench/relayAB.ts <rootA> <rootB>     (N exchanges per block each (2000), BLOCKS (5))
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Agent, request } from 'undici';
import { startChildServer } from '../src/relay/childServer';
import { stopsWithBench } from './benchLifetime';
import { encodeRelayPrefix, FrameDecoder, FrameType } from '../src/core';
import { median } from './table';
import { SERVER_NODE_FLAGS } from '../src/relay/nodeFlags';

const roots = process.argv.slice(2, 4).map((r) => path.resolve(r));
if (roots.length !== 2) throw new TypeError('usage: relayAB.ts <rootA> <rootB>');
const N = Number(process.env.N ?? 2000);
const BLOCKS = Number(process.env.BLOCKS ?? 5);

/** Starts `<root>`'s server on a free port, as `childServer.ts` does for this tree. */
function startRelay(root: string): Promise<{ child: ChildProcess; origin: string }> {
  // As `npm start` runs it (bundled) where the tree has bin/start.mjs; older trees ran under tsx.
  const launcher = existsSync(path.join(root, 'bin/start.mjs')) ? [...SERVER_NODE_FLAGS, path.join(root, 'bin/start.mjs')] : ['--import', 'tsx', path.join(root, 'src/server/main.ts')];
  const child = stopsWithBench(
    spawn(process.execPath, [...launcher, '--port', '0', '--no-build'], {
      cwd: root,
      env: { ...process.env, WIREBENCH_TOKEN: 'ab' },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`${root}: server exited with ${code}`)));
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const origin = /running at (http:\/\/[^/\s]+)\//.exec(out)?.[1];
      if (origin && /Open Wirebench with/.test(out)) resolve({ child, origin });
    });
  });
}

/** User + system CPU of a process in ms, from /proc/<pid>/stat (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const target = stopsWithBench(await startChildServer('t'));
const relays = await Promise.all(roots.map(startRelay));
const agents = relays.map(() => new Agent({ connections: 1 }));
const small = `${target.origin}/sandbox/anything`;
const prefix = Buffer.from(encodeRelayPrefix({ method: 'GET', url: small, headers: [] }));

async function call(i: number): Promise<void> {
  const res = await request(`${relays[i]!.origin}/api/relay`, {
    method: 'POST',
    dispatcher: agents[i],
    headers: { 'x-wirebench-token': 'ab', 'content-length': String(prefix.length) },
    body: prefix,
  });
  const decoder = new FrameDecoder();
  let summary = false;
  for await (const chunk of res.body) for (const f of decoder.push(chunk)) summary ||= f.type === FrameType.Summary;
  if (!summary) throw new Error(`${roots[i]}: no summary`);
}

for (let i = 0; i < 300; i++) for (const r of [0, 1]) await call(r);
const label = (i: number) => path.basename(roots[i]!);
for (let b = 0; b < BLOCKS; b++) {
  const walls: number[][] = [[], []];
  const cpu = relays.map((r) => cpuMs(r.child.pid!));
  for (let i = 0; i < N; i++) {
    for (const r of i % 2 ? [1, 0] : [0, 1]) {
      const t = performance.now();
      await call(r);
      walls[r]!.push(performance.now() - t);
    }
  }
  const spent = relays.map((r, i) => ((cpuMs(r.child.pid!) - cpu[i]!) * 1000) / N);
  console.log(
    `block ${b + 1}: ` +
      [0, 1].map((i) => `${label(i)} wall ${(median(walls[i]!) * 1000).toFixed(0)} µs, CPU ${spent[i]!.toFixed(0)} µs`).join(' | ') +
      ` | B/A wall ${(median(walls[1]!) / median(walls[0]!)).toFixed(3)}, CPU ${(spent[1]! / spent[0]!).toFixed(3)}`,
  );
}
for (const a of agents) await a.close();
relays.forEach((r) => r.child.kill());
await target.stop();
