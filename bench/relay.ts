/**
 * `npm run bench:relay`: in one run, the median latency of small GETs to the sandbox made
 * directly from Node (undici) and through the relay, and large transfers both ways, with
 * the relayed/direct ratios. Targets: latency ratio ≤ 1.3×, throughput ratio ≥ 0.8×.
 */
import { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { repeatedBytes } from '../src/relay/byteStream';
import { startChildServer } from '../src/relay/childServer';
import { encodeRelayPrefix, FrameDecoder, FrameType, type RelayRequestMeta } from '../src/core';
import { median, printTable } from './table';

const COUNT = Number(process.env.BENCH_COUNT ?? 2000);
const MB = Number(process.env.BENCH_MB ?? 500);
const SIZE = MB * 1024 * 1024;

// The relay and the target run in separate processes, as with a real remote API, so the
// relay's own cost is what the ratio shows.
const server = await startChildServer('bench-token');
const target = await startChildServer('target-token');
const base = server.origin;
const agent = new Agent({ connections: 1, pipelining: 1 });

async function direct(url: string): Promise<number> {
  const t = performance.now();
  const res = await request(url, { dispatcher: agent });
  for await (const _ of res.body) void _;
  return performance.now() - t;
}

const relayAgent = new Agent({ connections: 1, pipelining: 1 });

/** One relay call with the same client library as the direct path, so only the relay differs. */
async function relayCall(meta: RelayRequestMeta, body?: Readable, bodyLength = 0): Promise<void> {
  const prefix = Buffer.from(encodeRelayPrefix(meta));
  const res = await request(`${base}/api/relay`, {
    method: 'POST',
    dispatcher: relayAgent,
    headers: { 'x-wirebench-token': server.token, 'content-type': 'application/octet-stream', 'content-length': String(prefix.length + bodyLength) },
    body: body ? Readable.from((async function* () { yield prefix; yield* body; })()) : prefix,
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


const small = `${target.origin}/sandbox/anything`;
// Warm both paths (JIT, keep-alive connections) before measuring.
for (let i = 0; i < 200; i++) {
  await direct(small);
  await relayed(small);
}
const directTimes: number[] = [];
const relayedTimes: number[] = [];
// Interleaved so machine noise hits both paths alike.
for (let i = 0; i < COUNT; i++) {
  directTimes.push(await direct(small));
  relayedTimes.push(await relayed(small));
}

const big = `${target.origin}/sandbox/bytes/${SIZE}`;
const downDirect = await direct(big);
let peakRss = server.rss();
const sampler = setInterval(() => (peakRss = Math.max(peakRss, server.rss())), 50);
const rssBefore = server.rss();
const downRelayed = await relayed(big);

const upUrl = `${target.origin}/sandbox/anything`;
let t = performance.now();
const up = await request(upUrl, { method: 'POST', dispatcher: agent, body: repeatedBytes(SIZE, 256 * 1024), headers: { 'content-length': String(SIZE) } });
await up.body.text();
const upDirect = performance.now() - t;
t = performance.now();
await relayCall({ method: 'POST', url: upUrl, headers: [] }, repeatedBytes(SIZE, 256 * 1024), SIZE);
const upRelayed = performance.now() - t;
clearInterval(sampler);

const dMed = median(directTimes);
const rMed = median(relayedTimes);
const mbps = (ms: number) => (MB / (ms / 1000)).toFixed(0);
printTable(
  `Relay benchmark (${COUNT} small GETs interleaved; ${MB} MB transfers; loopback; relay and target sandbox in separate processes)`,
  ['measure', 'direct (undici)', 'through relay', 'ratio', 'target', 'met'],
  [
    ['small GET median latency', `${dMed.toFixed(3)} ms`, `${rMed.toFixed(3)} ms`, `${(rMed / dMed).toFixed(2)}×`, '≤ 1.3×', rMed / dMed <= 1.3 ? 'yes' : 'no'],
    [`${MB} MB download throughput`, `${mbps(downDirect)} MB/s`, `${mbps(downRelayed)} MB/s`, `${(downDirect / downRelayed).toFixed(2)}×`, '≥ 0.8×', downDirect / downRelayed >= 0.8 ? 'yes' : 'no'],
    [`${MB} MB upload throughput`, `${mbps(upDirect)} MB/s`, `${mbps(upRelayed)} MB/s`, `${(upDirect / upRelayed).toFixed(2)}×`, '≥ 0.8×', upDirect / upRelayed >= 0.8 ? 'yes' : 'no'],
    ['relay RSS growth during transfers', '', `${((peakRss - rssBefore) / 1048576).toFixed(1)} MB`, '', '< 64 MB', peakRss - rssBefore < 64 * 1048576 ? 'yes' : 'no'],
  ],
);
await agent.close();
await relayAgent.close();
await server.stop();
await target.stop();
