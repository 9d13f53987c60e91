/**
 * `npm run bench:relay` (issue 17, item 8): in one run, the same requests made directly
 * from Node (undici), through the floor (a bare pass-through proxy, `passThroughProxy.ts`:
 * the least any extra hop through a Node process costs), through node-http-proxy
 * (`httpProxyPeer.ts`) and through the relay. Small-GET latency, large transfers both ways,
 * a burst of concurrent requests of mixed sizes, the relay's RSS growth; targets and their
 * verdicts are in `relayTargets.ts`. The relay, both proxies and the target each run in
 * their own process, as with a real remote API.
 *
 * Sizes: BENCH_COUNT small GETs per path (2000), BENCH_MB per transfer (500), each moved
 * BENCH_TRANSFERS times (3, median), BENCH_CONCURRENT requests per burst (200), BENCH_BURSTS
 * bursts per path (3).
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { repeatedBytes } from '../src/relay/byteStream';
import { startChildServer } from '../src/relay/childServer';
import { encodeRelayPrefix, FrameDecoder, FrameType, type RelayRequestMeta } from '../src/core';
import { startProxyChild } from './proxyChild';
import { stopsWithBench } from './benchLifetime';
import { HEADER, latencyOf, PATHS, relayTable, type BurstResult, type PathName, type PerPath } from './relayTargets';
import { median, printTable } from './table';

const COUNT = Number(process.env.BENCH_COUNT ?? 2000);
const MB = Number(process.env.BENCH_MB ?? 500);
const SIZE = MB * 1024 * 1024;
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 3);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 200);
const BURSTS = Number(process.env.BENCH_BURSTS ?? 3);

// Each child stops with the bench however it ends (benchLifetime.ts); the proxies register themselves.
const server = stopsWithBench(await startChildServer('bench-token'));
const target = stopsWithBench(await startChildServer('target-token'));
const floor = await startProxyChild('passThroughProxy.ts');
const peer = await startProxyChild('httpProxyPeer.ts');
// The floor speaking the relay's framed protocol (corked, as the relay writes): measured beside
// the small GETs only, to show how much of the relay's latency the protocol itself carries.
const framedFloor = await startProxyChild('framedFloor.ts', [], ['corked']);

/** One GET or POST of a path; resolves with the body bytes received, after checking the answer. */
type Exchange = (url: string, dispatcher: Agent, upload?: number) => Promise<number>;

async function readAll(body: AsyncIterable<Uint8Array>): Promise<number> {
  let n = 0;
  for await (const chunk of body) n += chunk.length;
  return n;
}

/** A plain HTTP request, to the target itself or to a proxy that reads `x-target`. */
function plain(proxyOrigin?: string): Exchange {
  return async (url, dispatcher, upload = 0) => {
    const res = await request(proxyOrigin ?? url, {
      method: upload ? 'POST' : 'GET',
      dispatcher,
      headers: { ...(proxyOrigin ? { 'x-target': url } : {}), ...(upload ? { 'content-length': String(upload) } : {}) },
      body: upload ? repeatedBytes(upload, 256 * 1024) : undefined,
    });
    const n = await readAll(res.body);
    if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
    return n;
  };
}

/**
 * One relay call with the same client library as the other paths. An upload's body is the
 * same kind of stream as theirs, with the description as its first chunk.
 */
const relayed: Exchange = (url, dispatcher, upload = 0) => framedCall(`${server.origin}/api/relay`, url, dispatcher, upload);

/** A call in the relay's protocol to `endpoint` (the relay, or the framed floor), read as the page reads it. */
async function framedCall(endpoint: string, url: string, dispatcher: Agent, upload = 0): Promise<number> {
  const meta: RelayRequestMeta = { method: upload ? 'POST' : 'GET', url, headers: [] };
  const prefix = Buffer.from(encodeRelayPrefix(meta));
  const res = await request(endpoint, {
    method: 'POST',
    dispatcher,
    headers: { 'x-wirebench-token': server.token, 'content-type': 'application/octet-stream', 'content-length': String(prefix.length + upload) },
    body: upload ? repeatedBytes(upload, 256 * 1024, 0x61, prefix) : prefix,
  });
  const decoder = new FrameDecoder();
  let ended = false;
  let bytes = 0;
  for await (const chunk of res.body) {
    for (const frame of decoder.push(chunk)) {
      if (frame.type === FrameType.Error) throw new Error(Buffer.from(frame.payload).toString());
      if (frame.type === FrameType.Body) bytes += frame.payload.length;
      if (frame.type === FrameType.Head && JSON.parse(Buffer.from(frame.payload).toString()).status !== 200) throw new Error('status not 200');
      if (frame.type === FrameType.Summary) ended = true;
    }
  }
  if (!ended) throw new Error('relay stream ended without a summary');
  return bytes;
}

const exchanges: PerPath<Exchange> = { direct: plain(), floor: plain(floor.origin), peer: plain(peer.origin), relay: relayed };
// One kept-alive connection per path for the sequential measures.
const agents = Object.fromEntries(PATHS.map((p) => [p, new Agent({ connections: 1, pipelining: 1 })])) as PerPath<Agent>;

/** Times `rounds` of one exchange per path, interleaved (in turning order) so machine noise hits every path alike. */
async function interleaved(rounds: number, url: string, upload = 0, extra?: { exchange: Exchange; agent: Agent; times: number[] }): Promise<PerPath<number[]>> {
  const times: PerPath<number[]> = { direct: [], floor: [], peer: [], relay: [] };
  for (let i = 0; i < rounds; i++) {
    // The order turns each round, so no path always follows the same one (a 200 MB transfer
    // leaves the target collecting garbage into the next path's turn).
    for (let k = 0; k < PATHS.length; k++) {
      const p = PATHS[(i + k) % PATHS.length]!;
      const t = performance.now();
      await exchanges[p](url, agents[p], upload);
      times[p].push(performance.now() - t);
    }
    if (extra) {
      const t = performance.now();
      await extra.exchange(url, extra.agent, upload);
      extra.times.push(performance.now() - t);
    }
  }
  return times;
}
const framed = { exchange: ((url, dispatcher, upload) => framedCall(framedFloor.origin, url, dispatcher, upload)) as Exchange, agent: new Agent({ connections: 1, pipelining: 1 }), times: [] as number[] };
const mapPaths = <T, U>(v: PerPath<T>, f: (x: T) => U) => Object.fromEntries(PATHS.map((p) => [p, f(v[p])])) as PerPath<U>;

const small = `${target.origin}/sandbox/anything`;
// Warm every path (JIT, keep-alive connections) before measuring.
await interleaved(200, small, 0, framed);
framed.times.length = 0;
/** Resident set size of a process in bytes, from /proc. */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
// The three middle processes are sampled alike, so the relay's growth can be set beside the proxies'.
const middle = { floor: floor.pid, peer: peer.pid, relay: server.child.pid! };
const rssStart = mapMiddle((pid) => rssOf(pid));
const rssPeak = { ...rssStart };
function mapMiddle(f: (pid: number, name: keyof typeof middle) => number) {
  return { floor: f(middle.floor, 'floor'), peer: f(middle.peer, 'peer'), relay: f(middle.relay, 'relay') };
}
const sampler = setInterval(() => mapMiddle((pid, name) => (rssPeak[name] = Math.max(rssPeak[name], rssOf(pid)))), 50);

const latency = mapPaths(await interleaved(COUNT, small, 0, framed), latencyOf);
const framedLatency = latencyOf(framed.times);
// One transfer is at the mercy of whatever else the machine does for those seconds:
// each path moves the body TRANSFERS times and the median counts.
const downloadRounds = await interleaved(TRANSFERS, `${target.origin}/sandbox/bytes/${SIZE}`);
const uploadRounds = await interleaved(TRANSFERS, small, SIZE);
if (process.env.BENCH_VERBOSE) for (const [name, rounds] of [['download', downloadRounds], ['upload', uploadRounds]] as const) console.log(name, JSON.stringify(mapPaths(rounds, (t) => t.map((x) => Math.round(x)))));
const download = mapPaths(downloadRounds, median);
const upload = mapPaths(uploadRounds, median);

/** The burst's requests: downloads of several sizes, echoes and small uploads, in turn. */
const BURST_MIX: { path: string; upload?: number; bytes?: number }[] = [
  { path: '/sandbox/anything' },
  ...[1024, 16 * 1024, 256 * 1024, 1024 * 1024, 4 * 1024 * 1024].map((n) => ({ path: `/sandbox/bytes/${n}`, bytes: n })),
  { path: '/sandbox/anything', upload: 64 * 1024 },
];

/** CONCURRENT requests of one path at once, each timed; a wrong byte count is a failure. */
async function burst(path: PathName, dispatcher: Agent): Promise<{ times: number[]; failures: number }> {
  const times: number[] = [];
  let failures = 0;
  await Promise.all(
    Array.from({ length: CONCURRENT }, async (_, i) => {
      const mix = BURST_MIX[i % BURST_MIX.length]!;
      const t = performance.now();
      try {
        const bytes = await exchanges[path](`${target.origin}${mix.path}`, dispatcher, mix.upload);
        if (mix.bytes !== undefined && bytes !== mix.bytes) throw new Error(`${bytes} bytes of ${mix.bytes}`);
        times.push(performance.now() - t);
      } catch (err) {
        failures++;
        if (failures === 1) console.error(`${path}: ${(err as Error).message}`);
      }
    }),
  );
  return { times, failures };
}
const peakBeforeBursts = { ...rssPeak };
const burstAgents = mapPaths(agents, () => new Agent({ connections: CONCURRENT }));
const bursts: PerPath<{ times: number[]; failures: number }> = mapPaths(agents, () => ({ times: [], failures: 0 }));
for (let i = 0; i < BURSTS; i++) {
  for (const p of PATHS) {
    const { times, failures } = await burst(p, burstAgents[p]);
    bursts[p].times.push(...times);
    bursts[p].failures += failures;
  }
}
clearInterval(sampler);
const burstResults = mapPaths(bursts, (b): BurstResult => ({ ...latencyOf(b.times), failures: b.failures, count: CONCURRENT }));

const table = relayTable({ latency, download, upload, megabytes: MB, burst: burstResults, relayRssGrowthBytes: rssPeak.relay - rssStart.relay });
printTable(
  `Relay benchmark (${COUNT} small GETs per path, interleaved; ${MB} MB transfers, median of ${TRANSFERS}; ` +
    `${BURSTS} bursts of ${CONCURRENT} concurrent requests per path; loopback; relay, proxies and target sandbox each in its own process)`,
  HEADER,
  table.rows,
);
console.log(
  'The floor is a bare pass-through proxy (bench/passThroughProxy.ts): the same extra hop through a Node process with nothing else done. ' +
    `Targets met: ${table.targets.filter((t) => t.met).length} of ${table.targets.length}.`,
);
console.log(
  `Protocol floor (bench/framedFloor.ts, corked: the floor answering in the relay's frames, with none of its checks, timings or features), measured in the same interleaved loop: ` +
    `small GET median ${framedLatency.p50.toFixed(3)} ms = ${(framedLatency.p50 / latency.floor.p50).toFixed(2)}× the floor; the relay is ${(latency.relay.p50 / framedLatency.p50).toFixed(2)}× the protocol floor.`,
);
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
for (const name of ['relay', 'floor', 'peer'] as const) {
  const grew = (peak: number) => `+${mb(peak - rssStart[name])}`;
  console.log(
    `${name === 'peer' ? 'node-http-proxy' : name} RSS: ${mb(rssStart[name])} after warm-up; growth ${grew(peakBeforeBursts[name])} by the end of the transfers, ${grew(rssPeak[name])} over the run (bursts included).`,
  );
}
for (const a of [...Object.values(agents), ...Object.values(burstAgents)]) await a.close();
await framed.agent.close();
floor.stop();
peer.stop();
framedFloor.stop();
await server.stop();
await target.stop();
