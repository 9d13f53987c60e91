import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayTimings } from '../core';
import { startHttpsSandbox, type RunningHttpsSandbox } from '../sandbox/tls';
import { startServer, type RunningServer } from '../server/listen';
import { callRelay } from './relayClient';

const TOKEN = 'test-token-relay-tls-redirect';
let dir = '';
let wb: RunningServer;
let sandbox: RunningHttpsSandbox;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'wirebench-relay-tls-'));
  wb = await startServer({ port: 0, host: '127.0.0.1', token: TOKEN });
  sandbox = await startHttpsSandbox({ port: 0, host: '127.0.0.1', dataDir: dir });
});

afterAll(async () => {
  await sandbox.close();
  await wb.close();
  await rm(dir, { recursive: true, force: true });
});

const phaseSum = (t: RelayTimings) => t.dns + t.connect + t.tls + t.send + t.firstByte + t.download;

describe('relay: a followed HTTPS redirect chain (issue 14)', () => {
  it('reports TLS for every hop, kept-alive ones included, and times each hop on its own', async () => {
    const result = await callRelay(
      { method: 'GET', url: `${sandbox.origin}/sandbox/redirect/2`, headers: [], followRedirects: true, insecureTls: true },
      { base: wb.origin, token: TOKEN, collect: true },
    );
    expect(result.error).toBeUndefined();
    const summary = result.summary!;
    expect(summary.hops.map((h) => [h.status, new URL(h.url).pathname])).toEqual([
      [302, '/sandbox/redirect/2'],
      [302, '/sandbox/redirect/1'],
    ]);
    // The later hops go over the first hop's kept-alive socket; its TLS is theirs too.
    for (const hop of summary.hops) expect(hop.tls).toMatchObject({ protocol: expect.stringMatching(/^TLSv1\.[23]$/), authorized: false, peerFingerprint256: sandbox.fingerprint256 });
    expect(summary.tls).toMatchObject({ protocol: expect.stringMatching(/^TLSv1\.[23]$/), peerFingerprint256: sandbox.fingerprint256 });
    expect(summary.insecureTls).toBe(true);

    // Per hop: phases fit in the hop's own total, and each hop starts after the one before.
    const [first, second] = summary.hops.map((h) => h.timings);
    expect(first!.reusedConnection).toBe(false);
    expect(first!.tls).toBeGreaterThan(0);
    let end = 0;
    for (const t of [first!, second!]) {
      expect(t.offset).toBeGreaterThanOrEqual(end - 0.5);
      // The phases are parts of the hop's total (never more); how much of it they cover depends on the machine's load.
      expect(phaseSum(t)).toBeLessThanOrEqual(t.total + 0.5);
      end = t.offset! + t.total;
    }
    // The summary: the final hop's phases, placed after the last redirect, and the whole chain's total.
    const final = summary.timings;
    expect(final.offset).toBeGreaterThanOrEqual(end - 0.5);
    const finalOwn = final.total - final.offset!;
    expect(phaseSum(final)).toBeLessThanOrEqual(finalOwn + 0.5);
    expect(JSON.parse(result.body!.toString('utf8')).url).toBe(`${sandbox.origin}/sandbox/anything`);
  });
});
