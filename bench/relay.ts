/**
 * `npm run bench:relay`: in one run, the median latency of small GETs to the sandbox made
 * directly from Node (undici) and through the relay, and large transfers both ways, with
 * the relayed/direct ratios. Targets: latency ratio ≤ 1.3×, throughput ratio ≥ 0.8×.
 *
 * A third path is measured alongside as a floor: a minimal pass-through proxy in Node
 * (`passThroughProxy.ts`: no framing, timings or checks), so the table shows how much of
 * the relay's cost is any extra hop through a Node process and how much is the relay's own.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { repeatedBytes } from '../src/relay/byteStream';
import { startChildServer } from '../src/relay/childServer';
import { encodeRelayPrefix, FrameDecoder, FrameType, type RelayRequestMeta } from '../src/core';
import { median, printTable } from './table';

const COUNT = Number(process.env.BENCH_COUNT ?? 2000);
const MB = Number(process.env.BENCH_MB ?? 500);
const SIZE = MB * 1024 * 1024;
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 3);

// The relay and the target run in separate processes, as with a real remote API, so the
// relay's own cost is what the ratio shows.
const server = await startChildServer('bench-token');
const target = await startChildServer('target-token');
const base = server.origin;
const agent = new Agent({ connections: 1, pipelining: 1 });

/** Starts the pass-through proxy in its own process; resolves with its origin. */
function startFloorProxy(): Promise<{ origin: string; stop: () => void }> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'passThroughProxy.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`The pass-through proxy exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /PORT (\d+)/.exec(out)?.[1];
      if (port) resolve({ origin: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') });
    });
  });
}
const floor = await startFloorProxy();
const floorAgent = new Agent({ connections: 1, pipelining: 1 });

/** A GET read to its end; ms. */
async function timedGet(url: string, dispatcher: Agent, headers: Record<string, string> = {}): Promise<number> {
  const t = performance.now();
  const res = await request(url, { dispatcher, headers });
  for await (const _ of res.body) void _;
  return performance.now() - t;
}
const direct = (url: string) => timedGet(url, agent);
const viaFloor = (url: string) => timedGet(floor.origin, floorAgent, { 'x-target': url });

const relayAgent = new Agent({ connections: 1, pipelining: 1 });

/**
 * One relay call with the same client library as the direct path, so only the relay
 * differs. An upload's body is the same kind of stream as the direct upload's, with the
 * description as its first chunk (a wrapping generator would cost this process more CPU
 * than the direct path spends, on a machine where all three processes share two cores).
 */
async function relayCall(meta: RelayRequestMeta, bodyLength = 0): Promise<void> {
  const prefix = Buffer.from(encodeRelayPrefix(meta));
  const res = await request(`${base}/api/relay`, {
    method: 'POST',
    dispatcher: relayAgent,
    headers: { 'x-wirebench-token': server.token, 'content-type': 'application/octet-stream', 'content-length': String(prefix.length + bodyLength) },
    body: bodyLength > 0 ? repeatedBytes(bodyLength, 256 * 1024, 0x61, prefix) : prefix,
  });
  const decoder = new FrameDecoder();
  let ended = false;
  for await (const chunk of res.body) {
    for (const frame of decoder.push(chunk)) {
      if (frame.type === FrameType.Error) throw new Error(Buffer.from(frame.payload).toString());
      if (frame.type === FrameType.Summary) ended = true;
    }
  }
  if (!ended) throw new Error('relay stream ended without a summary');
}

async function relayed(url: string): Promise<number> {
  const t = performance.now();
  await relayCall({ method: 'GET', url, headers: [] });
  return performance.now() - t;
}


/**
 * Runs each path `rounds` times, interleaved (direct, floor, relay, direct, …) so machine
 * noise hits every path alike, and gives each path's median time in ms.
 */
async function interleaved(rounds: number, paths: { direct: () => Promise<number>; floor: () => Promise<number>; relay: () => Promise<number> }) {
  const times = { direct: [] as number[], floor: [] as number[], relay: [] as number[] };
  for (let i = 0; i < rounds; i++) {
    times.direct.push(await paths.direct());
    times.floor.push(await paths.floor());
    times.relay.push(await paths.relay());
  }
  return { direct: median(times.direct), floor: median(times.floor), relay: median(times.relay) };
}

const small = `${target.origin}/sandbox/anything`;
// Warm every path (JIT, keep-alive connections) before measuring.
await interleaved(200, { direct: () => direct(small), floor: () => viaFloor(small), relay: () => relayed(small) });
const latency = await interleaved(COUNT, { direct: () => direct(small), floor: () => viaFloor(small), relay: () => relayed(small) });

const big = `${target.origin}/sandbox/bytes/${SIZE}`;
const rssBefore = server.rss();
let peakRss = rssBefore;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, server.rss())), 50);
// One transfer is at the mercy of whatever else the machine does for those seconds:
// each path moves the body TRANSFERS times and the median counts.
const download = await interleaved(TRANSFERS, { direct: () => direct(big), floor: () => viaFloor(big), relay: () => relayed(big) });

const upUrl = `${target.origin}/sandbox/anything`;
async function upload(url: string, dispatcher: Agent, headers: Record<string, string> = {}): Promise<number> {
  const t = performance.now();
  const up = await request(url, { method: 'POST', dispatcher, body: repeatedBytes(SIZE, 256 * 1024), headers: { 'content-length': String(SIZE), ...headers } });
  await up.body.text();
  return performance.now() - t;
}
async function uploadRelayed(): Promise<number> {
  const t = performance.now();
  await relayCall({ method: 'POST', url: upUrl, headers: [] }, SIZE);
  return performance.now() - t;
}
const uploaded = await interleaved(TRANSFERS, { direct: () => upload(upUrl, agent), floor: () => upload(floor.origin, floorAgent, { 'x-target': upUrl }), relay: uploadRelayed });
clearInterval(sampler);

const { direct: dMed, floor: fMed, relay: rMed } = latency;
const mbps = (ms: number) => (MB / (ms / 1000)).toFixed(0);
// Latency ratios are relayed/direct; throughput ratios relayed/direct in MB/s (time direct/relayed).
const throughputRow = (label: string, d: number, f: number, r: number) => [
  label,
  `${mbps(d)} MB/s`,
  `${mbps(f)} MB/s (${(d / f).toFixed(2)}×)`,
  `${mbps(r)} MB/s`,
  `${(d / r).toFixed(2)}×`,
  '≥ 0.8×',
  d / r >= 0.8 ? 'yes' : 'no',
];
printTable(
  `Relay benchmark (${COUNT} small GETs interleaved; ${MB} MB transfers, median of ${TRANSFERS} each; loopback; relay, floor proxy and target sandbox in separate processes)`,
  ['measure', 'direct (undici)', 'floor: bare Node proxy', 'through relay', 'relay ratio', 'target', 'met'],
  [
    ['small GET median latency', `${dMed.toFixed(3)} ms`, `${fMed.toFixed(3)} ms (${(fMed / dMed).toFixed(2)}×)`, `${rMed.toFixed(3)} ms`, `${(rMed / dMed).toFixed(2)}×`, '≤ 1.3×', rMed / dMed <= 1.3 ? 'yes' : 'no'],
    throughputRow(`${MB} MB download throughput`, download.direct, download.floor, download.relay),
    throughputRow(`${MB} MB upload throughput`, uploaded.direct, uploaded.floor, uploaded.relay),
    ['relay RSS growth during transfers', '', '', `${((peakRss - rssBefore) / 1048576).toFixed(1)} MB`, '', '< 64 MB', peakRss - rssBefore < 64 * 1048576 ? 'yes' : 'no'],
  ],
);
console.log(
  'The floor is a bare pass-through proxy (bench/passThroughProxy.ts): the same extra hop through a Node process with nothing else done. ' +
    'Where the floor already misses a target, no relay written in Node can meet it on this machine.',
);
await agent.close();
await floorAgent.close();
floor.stop();
await relayAgent.close();
await server.stop();
await target.stop();
