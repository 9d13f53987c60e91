/**
 * The phases of one exchange as a waterfall: each bar starts where the previous phase
 * ended. The chart is a picture for the eye; the table under it holds the same numbers
 * for screen readers and for copying.
 */
import type { RelayTimings } from '../../../core';
import { formatMs } from '../units';

const PHASES = [
  { key: 'dns', label: 'DNS lookup', color: '#7c8db5' },
  { key: 'connect', label: 'TCP connect', color: '#e0a43b' },
  { key: 'tls', label: 'TLS handshake', color: '#a25ec7' },
  { key: 'send', label: 'Request sent', color: '#3b9ee0' },
  { key: 'firstByte', label: 'Waiting (first byte)', color: '#2e9e6b' },
  { key: 'download', label: 'Content download', color: '#1f4b99' },
] as const;

const LABEL_W = 150;
const BAR_W = 230;
const VALUE_W = 70;
const ROW_H = 24;

export function Waterfall({ timings }: { timings: RelayTimings }) {
  const total = Math.max(timings.total, PHASES.reduce((sum, p) => sum + timings[p.key], 0), 0.001);
  let start = 0;
  const rows = PHASES.map((phase) => {
    const duration = timings[phase.key];
    const row = { ...phase, start, duration };
    start += duration;
    return row;
  });
  const height = rows.length * ROW_H + 8;
  return (
    <figure className="waterfall">
      <svg viewBox={`0 0 ${LABEL_W + BAR_W + VALUE_W} ${height}`} role="img" aria-labelledby="waterfall-caption" className="waterfall-chart">
        {rows.map((row, i) => {
          const x = LABEL_W + (row.start / total) * BAR_W;
          const width = Math.max(row.duration > 0 ? 1.5 : 0, (row.duration / total) * BAR_W);
          const y = i * ROW_H + 4;
          return (
            <g key={row.key}>
              <text x={0} y={y + 15} className="waterfall-label">
                {row.label}
              </text>
              <rect x={LABEL_W} y={y + 4} width={BAR_W} height={ROW_H - 8} className="waterfall-track" />
              {width > 0 ? <rect x={x} y={y + 4} width={width} height={ROW_H - 8} fill={row.color} rx={2} /> : null}
              <text x={LABEL_W + BAR_W + 6} y={y + 15} className="waterfall-value">
                {row.duration > 0 ? formatMs(row.duration) : timings.reusedConnection && (row.key === 'dns' || row.key === 'connect' || row.key === 'tls') ? 'reused' : '—'}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption id="waterfall-caption">
        Timing of the exchange: {formatMs(timings.total)} in total
        {timings.reusedConnection ? ', over a kept-alive connection (no DNS, connect or TLS)' : ''}.
      </figcaption>
      <table className="timing-table" aria-label="Timing phases">
        <thead>
          <tr>
            <th scope="col">Phase</th>
            <th scope="col">Starts at</th>
            <th scope="col">Duration</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>{formatMs(row.start)}</td>
              <td>{formatMs(row.duration)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Total</th>
            <td />
            <td>{formatMs(timings.total)}</td>
          </tr>
        </tbody>
      </table>
    </figure>
  );
}
