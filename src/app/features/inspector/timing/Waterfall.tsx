/**
 * The phases of an exchange as a waterfall, one group of rows per request (of a redirect
 * chain or a Digest challenge round): bars sit on the exchange's clock (each hop starts where it began), durations are
 * each hop's own. The chart is a picture for the eye; the table under it holds the same
 * numbers for screen readers and for copying.
 */
import type { RelayTimings } from '../../../../core';
import { formatMs } from '../../../base/components/units';
import type { HopTiming } from './hopTimings';

const PHASES = [
  { key: 'dns', label: 'DNS lookup', color: 'var(--phase-dns)' },
  { key: 'connect', label: 'TCP connect', color: 'var(--phase-connect)' },
  { key: 'proxyTls', label: 'TLS with the proxy', color: 'var(--phase-tls)' },
  { key: 'tunnel', label: 'Proxy CONNECT', color: 'var(--phase-send)' },
  { key: 'tls', label: 'TLS handshake', color: 'var(--phase-tls)' },
  { key: 'send', label: 'Request sent', color: 'var(--phase-send)' },
  { key: 'firstByte', label: 'Waiting (first byte)', color: 'var(--phase-firstbyte)' },
  { key: 'download', label: 'Content download', color: 'var(--phase-download)' },
] as const;

const LABEL_W = 150;
const BAR_W = 230;
const VALUE_W = 70;
const ROW_H = 24;

/** The name of a hop's group: `Request 1 of 3: GET /r/2 → 302`. */
export function hopTitle(hop: HopTiming, count: number): string {
  let path = hop.url;
  try {
    const url = new URL(hop.url);
    path = url.pathname + url.search;
  } catch {
    // Not a URL: shown as it is.
  }
  const answer = hop.status !== undefined ? ` → ${hop.status}` : '';
  return count === 1 ? `${hop.method} ${path}${answer}` : `Request ${hop.index} of ${count}: ${hop.method} ${path}${answer}`;
}

/** Through a proxy, DNS and connect are the proxy's; the proxy's own rows appear only when it was used. */
function phaseRows(hop: HopTiming) {
  let start = hop.start;
  const shown = PHASES.filter((p) => (p.key !== 'proxyTls' && p.key !== 'tunnel') || hop.timings[p.key] !== undefined);
  return shown.map((phase) => {
    const duration = hop.timings[phase.key] ?? 0;
    const label = hop.proxy && (phase.key === 'dns' || phase.key === 'connect') ? `${phase.label} (proxy)` : phase.label;
    const row = { ...phase, label, start, duration };
    start += duration;
    return row;
  });
}

function skippedWord(timings: RelayTimings, key: string): string {
  return timings.reusedConnection && /^(dns|connect|tls|proxyTls|tunnel)$/.test(key) ? 'reused' : '—';
}

/** `overview` names the requests (core's `describeHops`): "3 requests (2 redirects followed)", "2 requests (1 Digest challenge answered)". */
export function Waterfall({ hops, total, overview }: { hops: readonly HopTiming[]; total: number; overview: string }) {
  const span = Math.max(total, ...hops.map((h) => h.start + PHASES.reduce((sum, p) => sum + (h.timings[p.key] ?? 0), 0)), 0.001);
  const groups = hops.map((hop) => ({ hop, rows: phaseRows(hop) }));
  const chained = hops.length > 1;
  let y = 4;
  const drawn = groups.map(({ hop, rows }) => {
    const title = chained ? { y } : undefined;
    if (title) y += ROW_H;
    const bars = rows.map((row) => {
      const at = y;
      y += ROW_H;
      return { row, at };
    });
    return { hop, title, bars };
  });
  const height = y + 4;
  return (
    <figure className="waterfall">
      <svg viewBox={`0 0 ${LABEL_W + BAR_W + VALUE_W} ${height}`} role="img" aria-labelledby="waterfall-caption" className="waterfall-chart">
        {drawn.map(({ hop, title, bars }) => (
          <g key={hop.index}>
            {title ? (
              <text x={0} y={title.y + 15} className="waterfall-hop">
                {hopTitle(hop, hops.length)} · {formatMs(hop.timings.total)}
              </text>
            ) : null}
            {bars.map(({ row, at }) => {
              const x = LABEL_W + (row.start / span) * BAR_W;
              const width = Math.max(row.duration > 0 ? 1.5 : 0, (row.duration / span) * BAR_W);
              return (
                <g key={row.key}>
                  <text x={chained ? 10 : 0} y={at + 15} className="waterfall-label">
                    {row.label}
                  </text>
                  <rect x={LABEL_W} y={at + 4} width={BAR_W} height={ROW_H - 8} className="waterfall-track" />
                  {width > 0 ? <rect x={x} y={at + 4} width={width} height={ROW_H - 8} style={{ fill: row.color }} rx={2} /> : null}
                  <text x={LABEL_W + BAR_W + 6} y={at + 15} className="waterfall-value">
                    {row.duration > 0 ? formatMs(row.duration) : skippedWord(hop.timings, row.key)}
                  </text>
                </g>
              );
            })}
          </g>
        ))}
      </svg>
      <figcaption id="waterfall-caption">
        {chained
          ? `Timing of the exchange: ${formatMs(total)} in total over ${overview}. Durations are each request's own; start times count from the first request.`
          : `Timing of the exchange: ${formatMs(total)} in total${hops[0]?.timings.reusedConnection ? ', over a kept-alive connection (no DNS, connect or TLS)' : ''}.`}
      </figcaption>
      <table className="timing-table" aria-label="Timing phases">
        <thead>
          <tr>
            <th scope="col">Phase</th>
            <th scope="col">{chained ? 'Starts at (from the first request)' : 'Starts at'}</th>
            <th scope="col">{chained ? 'Duration (this request)' : 'Duration'}</th>
          </tr>
        </thead>
        {groups.map(({ hop, rows }) => (
          <tbody key={hop.index} aria-label={chained ? hopTitle(hop, hops.length) : undefined}>
            {chained ? (
              <tr className="timing-hop">
                <th scope="rowgroup" colSpan={3}>
                  {hopTitle(hop, hops.length)}
                </th>
              </tr>
            ) : null}
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <td>{formatMs(row.start)}</td>
                <td>{row.duration > 0 || skippedWord(hop.timings, row.key) !== 'reused' ? formatMs(row.duration) : 'reused'}</td>
              </tr>
            ))}
            {chained ? (
              <tr>
                <th scope="row">Request {hop.index} total</th>
                <td>{formatMs(hop.start)}</td>
                <td>{formatMs(hop.timings.total)}</td>
              </tr>
            ) : null}
          </tbody>
        ))}
        <tbody>
          <tr>
            <th scope="row">{chained ? 'Whole exchange' : 'Total'}</th>
            <td />
            <td>{formatMs(total)}</td>
          </tr>
        </tbody>
      </table>
    </figure>
  );
}
