/** Sizes, durations and counts written for people, the same way everywhere (the inspector, the WebSocket messages…). */

/** A byte count for people. */
export function formatSize(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  if (n < 1024 * 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MiB`;
  return `${(n / 1024 / 1024 / 1024).toFixed(2)} GiB`;
}

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
