import { describe, expect, it } from 'vitest';
import { percentile, relayTable, type BurstResult, type RelayBenchResults } from './relayTargets';

const burst = (p50: number, failures = 0): BurstResult => ({ p50, p99: p50 * 2, failures, count: 200 });

function results(overrides: Partial<RelayBenchResults> = {}): RelayBenchResults {
  return {
    latency: { direct: { p50: 0.4, p99: 1 }, floor: { p50: 0.9, p99: 2 }, peer: { p50: 1.1, p99: 3 }, relay: { p50: 1.0, p99: 2.5 } },
    download: { direct: 500, floor: 1000, peer: 1300, relay: 1100 },
    upload: { direct: 1000, floor: 1000, peer: 1200, relay: 1050 },
    megabytes: 500,
    burst: { direct: burst(5), floor: burst(10), peer: burst(14), relay: burst(12) },
    relayRssGrowthBytes: 20 * 1048576,
    ...overrides,
  };
}

const verdicts = (r: RelayBenchResults) => Object.fromEntries(relayTable(r).targets.map((t) => [t.label, t.met]));

describe('relay benchmark targets', () => {
  it('takes percentiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([3], 99)).toBe(3);
  });

  it('meets every target when the relay is within its bounds of the floor and ahead of the peer', () => {
    const v = verdicts(results());
    expect(Object.values(v)).toEqual([true, true, true, true, true, true]);
    expect(v['500 MB download throughput']).toBe(true);
  });

  it('judges latency as a ratio to the floor and throughput as the floor time over the relay time', () => {
    const v = verdicts(results({ latency: { ...results().latency, relay: { p50: 1.04, p99: 2 } }, download: { ...results().download, relay: 1112 } }));
    expect(v['small GET median latency']).toBe(false); // 1.04 / 0.9 = 1.156
    expect(v['500 MB download throughput']).toBe(false); // 1000 / 1112 = 0.899
    const row = relayTable(results()).rows.find((r) => r[0] === '500 MB upload throughput')!;
    expect(row.slice(1, 5)).toEqual(['500 MB/s', '500 MB/s', '417 MB/s', '476 MB/s']);
    expect(row[5]).toBe('0.95×');
  });

  it('fails on one relay failure, on 64 MB of growth, and names where the relay is slower than node-http-proxy', () => {
    const r = results({ burst: { ...results().burst, relay: burst(15, 1) }, relayRssGrowthBytes: 64 * 1048576, upload: { ...results().upload, relay: 1300 } });
    const v = verdicts(r);
    expect(v['200 concurrent, mixed sizes']).toBe(false);
    expect(v['relay RSS growth over the run']).toBe(false);
    expect(v['relay vs node-http-proxy']).toBe(false);
    expect(relayTable(r).rows.at(-1)![4]).toBe('slower on upload, concurrent p50');
  });
});
