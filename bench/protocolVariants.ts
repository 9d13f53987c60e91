/**
 * Would another relay protocol bring small requests within 1.15× of the floor? In one run,
 * small GETs interleaved one by one through: the floor (`passThroughProxy.ts`), the framed
 * floor in each protocol variant (`framedFloor.ts`: today's body-described protocol, the same
 * corked into one write, the description in a request header, and also the head in the
 * response head), node-http-proxy and the relay itself. Prints median and p99 per path and
 * the median's ratio to the floor; each path's middle process CPU per exchange (from /proc).
 *
 *   npx tsx bench/protocolVariants.ts        (BENCH_COUNT exchanges per path (2000), ROUNDS (2))
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { startChildServer } from '../src/relay/childServer';
import { encodeRelayPrefix, FrameDecoder, FrameType, type RelayRequestMeta } from '../src/core';
import { startProxyChild, type ProxyChild } from './proxyChild';
import { stopsWithBench } from './benchLifetime';
import { latencyOf, TARGETS } from './relayTargets';
import { printTable } from './table';

const COUNT = Number(process.env.BENCH_COUNT ?? 2000);
const ROUNDS = Number(process.env.ROUNDS ?? 2);

// Each child stops with the bench however it ends (benchLifetime.ts); the proxies register themselves.
const target = stopsWithBench(await startChildServer('target-token'));
const relay = stopsWithBench(await startChildServer('bench-token'));
const VARIANTS = ['body', 'corked', 'header', 'header-head'] as const;
type Variant = (typeof VARIANTS)[number];
const floor = await startProxyChild('passThroughProxy.ts');
const peer = await startProxyChild('httpProxyPeer.ts');
const framed = Object.fromEntries(await Promise.all(VARIANTS.map(async (v) => [v, await startProxyChild('framedFloor.ts', [], [v])] as const))) as Record<Variant, ProxyChild>;

const small = `${target.origin}/sandbox/anything`;
const meta: RelayRequestMeta = { method: 'GET', url: small, headers: [] };
const prefix = Buffer.from(encodeRelayPrefix(meta));
const described = encodeURIComponent(JSON.stringify(meta));

/** Reads a framed answer to its end; the head comes in a frame or (header-head) in the HTTP head. */
async function readFrames(res: Awaited<ReturnType<typeof request>>, headInHeader: boolean): Promise<void> {
  let status = headInHeader ? (JSON.parse(decodeURIComponent(String(res.headers['x-wirebench-head']))) as { status: number }).status : 0;
  let summary = false;
  const decoder = new FrameDecoder();
  for await (const chunk of res.body) {
    for (const frame of decoder.push(chunk)) {
      if (frame.type === FrameType.Head) status = (JSON.parse(Buffer.from(frame.payload).toString('utf8')) as { status: number }).status;
      else if (frame.type === FrameType.Summary) summary = true;
      else if (frame.type === FrameType.Error) throw new Error(Buffer.from(frame.payload).toString('utf8'));
    }
  }
  if (status !== 200 || !summary) throw new Error(`status ${status}, summary ${summary}`);
}

interface Path {
  name: string;
  pid: number;
  call(agent: Agent): Promise<void>;
}

const plain = (name: string, child: ProxyChild): Path => ({
  name,
  pid: child.pid,
  async call(agent) {
    const res = await request(child.origin, { dispatcher: agent, headers: { 'x-target': small } });
    for await (const _ of res.body);
    if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
  },
});

const framedPath = (variant: Variant): Path => ({
  name: `framed floor: ${variant}`,
  pid: framed[variant].pid,
  async call(agent) {
    const inHeader = variant === 'header' || variant === 'header-head';
    const res = await request(framed[variant].origin, {
      method: 'POST',
      dispatcher: agent,
      headers: inHeader ? { 'x-wirebench-request': described, 'content-length': '0' } : { 'content-length': String(prefix.length) },
      body: inHeader ? undefined : prefix,
    });
    await readFrames(res, variant === 'header-head');
  },
});

const paths: Path[] = [
  plain('floor: bare Node proxy', floor),
  ...VARIANTS.map(framedPath),
  plain('node-http-proxy', peer),
  {
    name: 'relay (today)',
    pid: relay.child.pid!,
    async call(agent) {
      const res = await request(`${relay.origin}/api/relay`, {
        method: 'POST',
        dispatcher: agent,
        headers: { 'x-wirebench-token': relay.token, 'content-length': String(prefix.length) },
        body: prefix,
      });
      await readFrames(res, false);
    },
  },
];
const agents = paths.map(() => new Agent({ connections: 1, pipelining: 1 }));

/** User + system CPU of a process in ms, from /proc/<pid>/stat (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

for (let i = 0; i < 300; i++) for (const [j, p] of paths.entries()) await p.call(agents[j]!);
for (let round = 1; round <= ROUNDS; round++) {
  const times = paths.map(() => [] as number[]);
  const cpu = paths.map((p) => cpuMs(p.pid));
  for (let i = 0; i < COUNT; i++) {
    // Each round of one request per path starts at a different path, so none always goes first.
    for (let k = 0; k < paths.length; k++) {
      const j = (i + k) % paths.length;
      const t = performance.now();
      await paths[j]!.call(agents[j]!);
      times[j]!.push(performance.now() - t);
    }
  }
  const spent = paths.map((p, j) => ((cpuMs(p.pid) - cpu[j]!) * 1000) / COUNT);
  const floorP50 = latencyOf(times[0]!).p50;
  printTable(
    `Protocol variants, round ${round} of ${ROUNDS}: ${COUNT} small GETs per path, interleaved one by one; loopback; each path's middle process on its own`,
    ['path', 'median', 'p99', 'median ÷ floor', `≤ ${TARGETS.latencyToFloor}× floor`, 'middle CPU per exchange'],
    paths.map((p, j) => {
      const { p50, p99 } = latencyOf(times[j]!);
      return [p.name, `${(p50 * 1000).toFixed(0)} µs`, `${(p99 * 1000).toFixed(0)} µs`, `${(p50 / floorP50).toFixed(3)}×`, p50 / floorP50 <= TARGETS.latencyToFloor ? 'yes' : 'no', `${spent[j]!.toFixed(0)} µs`];
    }),
  );
}
for (const a of agents) await a.close();
for (const c of [floor, peer, ...Object.values(framed)]) c.stop();
await relay.stop();
await target.stop();
