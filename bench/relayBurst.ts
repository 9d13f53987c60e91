/**
 * Diagnostic aid (not part of `bench:relay`): bursts of concurrent relayed requests of mixed
 * sizes, the relay's kept-alive upstream sockets left idle for GAP_MS between bursts (about the
 * target's 5 s keep-alive timeout, where a reused socket may be closed by the target as the
 * relay writes to it). Prints every failure's error frame, and the failures per kind of request.
 *
 *   npx tsx bench/relayBurst.ts      (CONCURRENT (200), BURSTS (6), GAP_MS (4500), SLOW_MS (0))
 */
import { Agent, request } from 'undici';
import { repeatedBytes } from '../src/relay/byteStream';
import { startChildServer } from '../src/relay/childServer';
import { encodeRelayPrefix, FrameDecoder, FrameType } from '../src/core';
import { stopsWithBench } from './benchLifetime';

const CONCURRENT = Number(process.env.CONCURRENT ?? 200);
const BURSTS = Number(process.env.BURSTS ?? 6);
const GAP_MS = Number(process.env.GAP_MS ?? 4500);
/** The page waits this long after the answer's first bytes before reading on, so the relay reads large answers long after the target wrote them. */
const SLOW_MS = Number(process.env.SLOW_MS ?? 0);

// Each child stops with the bench however it ends (benchLifetime.ts).
const server = stopsWithBench(await startChildServer('burst'));
const target = stopsWithBench(await startChildServer('target'));
const agent = new Agent({ connections: CONCURRENT });

const MIX: { path: string; upload?: number }[] = [
  { path: '/sandbox/anything' },
  ...[1024, 16 * 1024, 256 * 1024, 1024 * 1024, 4 * 1024 * 1024].map((n) => ({ path: `/sandbox/bytes/${n}` })),
  { path: '/sandbox/anything', upload: 64 * 1024 },
];

/** One relayed request; resolves with the error frame's text, or null when it ended with a summary. */
async function relayed(url: string, upload: number): Promise<string | null> {
  const prefix = Buffer.from(encodeRelayPrefix({ method: upload ? 'POST' : 'GET', url, headers: [] }));
  try {
    const res = await request(`${server.origin}/api/relay`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'x-wirebench-token': server.token, 'content-length': String(prefix.length + upload) },
      body: upload ? repeatedBytes(upload, 256 * 1024, 0x61, prefix) : prefix,
    });
    const decoder = new FrameDecoder();
    let outcome: string | null = 'no summary';
    let first = true;
    for await (const chunk of res.body) {
      if (first && SLOW_MS) await new Promise((r) => setTimeout(r, SLOW_MS));
      first = false;
      for (const f of decoder.push(chunk)) {
        if (f.type === FrameType.Error) outcome = Buffer.from(f.payload).toString();
        if (f.type === FrameType.Summary) outcome = null;
      }
    }
    return outcome;
  } catch (err) {
    return `page side: ${(err as Error).message}`;
  }
}

const failed: Record<string, number> = {};
let total = 0;
for (let b = 0; b < BURSTS; b++) {
  if (b) await new Promise((r) => setTimeout(r, GAP_MS));
  const outcomes = await Promise.all(
    Array.from({ length: CONCURRENT }, (_, i) => {
      const mix = MIX[i % MIX.length]!;
      return relayed(`${target.origin}${mix.path}`, mix.upload ?? 0).then((o) => ({ o, kind: mix.upload ? 'upload' : 'GET' }));
    }),
  );
  const bad = outcomes.filter((x) => x.o !== null);
  total += bad.length;
  for (const x of bad) failed[x.kind] = (failed[x.kind] ?? 0) + 1;
  console.log(`burst ${b + 1}: ${bad.length} of ${CONCURRENT} failed${bad.length ? `; first: ${bad[0]!.kind} ${bad[0]!.o}` : ''}`);
}
console.log(`failures: ${total} of ${CONCURRENT * BURSTS}`, failed);
await agent.close();
await server.stop();
await target.stop();
