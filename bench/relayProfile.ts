/**
 * Profiling aid for the relay (not part of `bench:relay`): runs one kind of exchange many
 * times through the relay, or through a proxy child for comparison, and prints the wall
 * time and the CPU the middle process spent per exchange (from /proc). With PROF_DIR set,
 * the relay child runs under `node --cpu-prof` and writes its profile there on exit.
 *
 *   npx tsx bench/relayProfile.ts small|down|up [relay|floor|peer|framed]
 * (`framed`: `framedFloor.ts`, the floor speaking the relay's protocol; small GETs only.)
 * N small GETs (5000), or 5 transfers of PROFILE_MB (200) MB.
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { startChildServer } from '../src/relay/childServer';
import { repeatedBytes } from '../src/relay/byteStream';
import { encodeRelayPrefix, FrameDecoder } from '../src/core';
import { startProxyChild } from './proxyChild';

const [mode = 'small', via = 'relay'] = process.argv.slice(2);
const N = Number(process.env.N ?? 5000);
const SIZE = Number(process.env.PROFILE_MB ?? 200) * 1024 * 1024;
const target = await startChildServer('t');
const server = await startChildServer('b', [], process.env.PROF_DIR && via === 'relay' ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF_DIR}`] : []);
const scripts: Record<string, string> = { floor: 'passThroughProxy.ts', peer: 'httpProxyPeer.ts', framed: 'framedFloor.ts' };
const proxy = via === 'relay' ? undefined : await startProxyChild(scripts[via]!);
const framed = via === 'relay' || via === 'framed';
const middlePid = proxy?.pid ?? server.child.pid!;
const agent = new Agent({ connections: 1 });

/** User + system CPU of a process in ms, from /proc/<pid>/stat (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
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
const cpu = cpuMs(middlePid);
const t = performance.now();
const rounds = mode === 'small' ? N : 5;
for (let i = 0; i < rounds; i++) {
  if (mode === 'small') await call(small);
  else if (mode === 'up') await call(small, SIZE);
  else await call(`${target.origin}/sandbox/bytes/${SIZE}`);
}
const wall = performance.now() - t;
const spent = cpuMs(middlePid) - cpu;
const unit = mode === 'small' ? 'µs' : 'ms';
const per = (v: number) => (mode === 'small' ? ((v * 1000) / rounds).toFixed(0) : (v / rounds).toFixed(0));
console.log(`${mode} via ${via}: ${rounds} exchanges, wall ${per(wall)} ${unit} each, middle process CPU ${per(spent)} ${unit} each`);
await agent.close();
proxy?.stop();
await server.stop();
await target.stop();
