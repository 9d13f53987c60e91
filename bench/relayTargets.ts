/**
 * The rows and targets of `npm run bench:relay` (issue 17, item 8), from measured numbers:
 * every path side by side, the relay's ratios to the floor and to node-http-proxy, and
 * whether each target is met. No timing here, so it can be unit tested.
 */

export const PATHS = ['direct', 'floor', 'peer', 'relay'] as const;
export type PathName = (typeof PATHS)[number];
export type PerPath<T> = Record<PathName, T>;

export const HEADER = ['measure', 'direct (undici)', 'floor: bare Node proxy', 'node-http-proxy', 'relay', 'relay ÷ floor', 'relay ÷ node-http-proxy', 'target', 'met'];

export const TARGETS = { latencyToFloor: 1.15, throughputToFloor: 0.9, rssGrowthMb: 64 } as const;

/** The value below which `p` % of the values lie (nearest rank). */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface Latency {
  p50: number;
  p99: number;
}

export function latencyOf(values: number[]): Latency {
  return { p50: percentile(values, 50), p99: percentile(values, 99) };
}

export interface BurstResult extends Latency {
  failures: number;
  count: number;
}

export interface RelayBenchResults {
  latency: PerPath<Latency>;
  /** Milliseconds per transfer (median of the runs). */
  download: PerPath<number>;
  upload: PerPath<number>;
  megabytes: number;
  burst: PerPath<BurstResult>;
  relayRssGrowthBytes: number;
}

const ms = (v: number) => `${v.toFixed(3)} ms`;
const ratio = (v: number) => `${v.toFixed(2)}×`;
const verdict = (met: boolean) => (met ? 'met' : 'not met');

function perPath<T>(values: PerPath<T>, show: (v: T) => string): string[] {
  return PATHS.map((p) => show(values[p]));
}

/** Throughput of a path relative to another's, from their times for the same transfer. */
function throughputRatio(time: number, reference: number): number {
  return reference / time;
}

export interface RelayTable {
  rows: string[][];
  /** Each target's label and whether it was met, in row order. */
  targets: { label: string; met: boolean }[];
}

/** Builds the table's rows, targets beside each. */
export function relayTable(r: RelayBenchResults): RelayTable {
  const targets: RelayTable['targets'] = [];
  const rows: string[][] = [];
  const add = (cells: string[], target: string, met: boolean | null) => {
    rows.push([...cells, target, met === null ? '(reported)' : verdict(met)]);
    if (met !== null) targets.push({ label: cells[0]!, met });
  };

  const lat = r.latency;
  const latToFloor = lat.relay.p50 / lat.floor.p50;
  add(['small GET median latency', ...perPath(lat, (l) => ms(l.p50)), ratio(latToFloor), ratio(lat.relay.p50 / lat.peer.p50)], `≤ ${TARGETS.latencyToFloor}× floor`, latToFloor <= TARGETS.latencyToFloor);
  add(['small GET p99 latency', ...perPath(lat, (l) => ms(l.p99)), ratio(lat.relay.p99 / lat.floor.p99), ratio(lat.relay.p99 / lat.peer.p99)], '', null);

  const mbps = (time: number) => `${(r.megabytes / (time / 1000)).toFixed(0)} MB/s`;
  for (const [name, times] of [['download', r.download], ['upload', r.upload]] as const) {
    const toFloor = throughputRatio(times.relay, times.floor);
    add(
      [`${r.megabytes} MB ${name} throughput`, ...perPath(times, mbps), ratio(toFloor), ratio(throughputRatio(times.relay, times.peer))],
      `≥ ${TARGETS.throughputToFloor}× floor`,
      toFloor >= TARGETS.throughputToFloor,
    );
  }

  const b = r.burst;
  const burstCell = (x: BurstResult) => `p50 ${x.p50.toFixed(1)} / p99 ${x.p99.toFixed(1)} ms, ${x.failures} failed`;
  add(
    [`${b.relay.count} concurrent, mixed sizes`, ...perPath(b, burstCell), ratio(b.relay.p50 / b.floor.p50), ratio(b.relay.p50 / b.peer.p50)],
    '0 relay failures',
    b.relay.failures === 0,
  );

  const growthMb = r.relayRssGrowthBytes / 1048576;
  add(['relay RSS growth over the run', '', '', '', `${growthMb.toFixed(1)} MB`, '', ''], `< ${TARGETS.rssGrowthMb} MB`, growthMb < TARGETS.rssGrowthMb);

  const slower: string[] = [];
  if (lat.relay.p50 > lat.peer.p50) slower.push('latency');
  if (r.download.relay > r.download.peer) slower.push('download');
  if (r.upload.relay > r.upload.peer) slower.push('upload');
  if (b.relay.p50 > b.peer.p50) slower.push('concurrent p50');
  const peerCell = slower.length ? `slower on ${slower.join(', ')}` : 'not slower on any row';
  add(['relay vs node-http-proxy', '', '', '', peerCell, '', ''], 'not slower', slower.length === 0);
  return { rows, targets };
}
