/** Sizes and durations written for people, the same way everywhere in the inspector. */
export { formatSize } from './format/lineText';

/** Milliseconds with sensible precision: 0.4 ms, 12 ms, 1.25 s. */
export function formatMs(ms: number): string {
  if (ms < 1) return `${ms.toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/** A count with thousands separators. */
export function formatCount(n: number): string {
  return n.toLocaleString('en');
}
