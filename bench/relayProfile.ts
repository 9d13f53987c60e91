/**
 * Profiling aid for the relay (not part of `bench:relay`): runs one kind of exchange many
 * times through the relay, or through a proxy child for comparison, and prints the wall
 * time and the CPU the middle process spent per exchange (from /proc). With PROF_DIR set,
 * the middle process runs under `node --cpu-prof` (sampling every PROF_INTERVAL µs) and
 * writes its profile there on exit.
 *
 *   npx tsx bench/relayProfile.ts small|down|up [relay|floor|peer|framed]
 * (`framed`: `framedFloor.ts`, the floor speaking the relay's protocol; small GETs only.)
 * N small GETs (5000), or 5 transfers of PROFILE_MB (200) MB. With SYSCALLS=1 the middle
 * process's system calls over the measured exchanges are counted (`strace -c -f`) and printed
 * per exchange: a write saved is worth more than most JavaScript.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { startChildServer } from '../src/relay/childServer';
import { repeatedBytes } from '../src/relay/byteStream';
import { encodeRelayPrefix, FrameDecoder } from '../src/core';
import { startProxyChild } from './proxyChild';
import { stopsWithBench } from './benchLifetime';

const [mode = 'small', via = 'relay'] = process.argv.slice(2);
const N = Number(process.env.N ?? 5000);
const SIZE = Number(process.env.PROFILE_MB ?? 200) * 1024 * 1024;
const target = stopsWithBench(await startChildServer('t'));
// Sampled every PROF_INTERVAL µs (Node's default: 1000), so short exchanges show their parts.
const profile = process.env.PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF_DIR}`, `--cpu-prof-interval=${process.env.PROF_INTERVAL ?? 1000}`] : [];
const server = stopsWithBench(await startChildServer('b', [], via === 'relay' ? profile : []));
const scripts: Record<string, string> = { floor: 'passThroughProxy.ts', peer: 'httpProxyPeer.ts', framed: 'framedFloor.ts' };
const proxy = via === 'relay' ? undefined : await startProxyChild(scripts[via]!, profile);
const framed = via === 'relay' || via === 'framed';
const middlePid = proxy?.pid ?? server.child.pid!;
const agent = new Agent({ connections: 1 });

/** User and system CPU of a process in ms, from /proc/<pid>/stat (clock ticks of 10 ms). */
function cpuMs(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

async function call(url: string, up = 0): Promise<void> {
  const method = up ? 'POST' : 'GET';
  const length = (prefix: Buffer) => ({ 'content-length': String(prefix.length + up) });
  let res;
  if (!framed) {
    const empty = Buffer.alloc(0);
    res = await request(proxy!.origin, { method, dispatcher: agent, headers: { 'x-target': url, ...length(empty) }, body: up ? repeatedBytes(up, 256 * 1024) : undefined });
  } else {
    const prefix = Buffer.from(encodeRelayPrefix({ method, url, headers: [] }));
    const headers = { 'x-wirebench-token': server.token, ...length(prefix) };
    res = await request(proxy ? proxy.origin : `${server.origin}/api/relay`, { method: 'POST', dispatcher: agent, headers, body: up ? repeatedBytes(up, 256 * 1024, 0x61, prefix) : prefix });
  }
  const decoder = new FrameDecoder();
  for await (const chunk of res.body) if (framed) decoder.push(chunk);
}

const small = `${target.origin}/sandbox/anything`;
for (let i = 0; i < 300; i++) await call(small);
const strace = process.env.SYSCALLS ? await traceSyscalls(middlePid) : undefined;
const cpu = cpuMs(middlePid);
const t = performance.now();
const rounds = mode === 'small' ? N : 5;
for (let i = 0; i < rounds; i++) {
  if (mode === 'small') await call(small);
  else if (mode === 'up') await call(small, SIZE);
  else await call(`${target.origin}/sandbox/bytes/${SIZE}`);
}
const wall = performance.now() - t;
const after = cpuMs(middlePid);
const user = after.user - cpu.user;
const system = after.system - cpu.system;
const syscalls = strace ? await strace() : undefined;
const unit = mode === 'small' ? 'µs' : 'ms';
const per = (v: number) => (mode === 'small' ? ((v * 1000) / rounds).toFixed(0) : (v / rounds).toFixed(0));
console.log(`${mode} via ${via}: ${rounds} exchanges, wall ${per(wall)} ${unit} each, middle process CPU ${per(user + system)} ${unit} each (user ${per(user)}, system ${per(system)})`);
if (syscalls) {
  const each = [...syscalls].sort((a, b) => b[1] - a[1]).map(([name, n]) => `${name} ${(n / rounds).toFixed(2)}`);
  console.log(`system calls per exchange (strace, which slows the process it traces): ${each.join(', ')}`);
}

/**
 * Starts `strace -c -f` on a process; the function it resolves with stops it and gives the
 * count of each system call seen in between.
 */
async function traceSyscalls(pid: number): Promise<() => Promise<Map<string, number>>> {
  const child = stopsWithBench(spawn('strace', ['-c', '-f', '-p', String(pid)], { stdio: ['ignore', 'ignore', 'pipe'] }));
  let out = '';
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  // strace says so on stderr once it is attached to every thread.
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.stderr.on('data', () => /attached/.test(out) && resolve());
  });
  return () =>
    new Promise((resolve) => {
      child.once('exit', () => {
        const counts = new Map<string, number>();
        for (const line of out.split('\n')) {
          const m = /^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?(\w+)\s*$/.exec(line);
          if (m && m[2] !== 'total') counts.set(m[2]!, Number(m[1]));
        }
        resolve(counts);
      });
      child.kill('SIGINT');
    });
}
await agent.close();
proxy?.stop();
await server.stop();
await target.stop();
