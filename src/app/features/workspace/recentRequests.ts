/**
 * "Recent requests" (the empty response pane's list): the newest history rows, each request
 * once (issue 27: sending the same request five times listed it five times). The same
 * request is the same method and URL; its newest send stands for it.
 */
import type { HistoryRow } from './workspaceRecords';

/** The newest `count` distinct requests of `rows` (newest first, as history keeps them). */
export function recentRequests(rows: readonly HistoryRow[], count: number): HistoryRow[] {
  const seen = new Set<string>();
  const out: HistoryRow[] = [];
  for (const row of rows) {
    if (out.length >= count) break;
    const key = `${row.method.trim().toUpperCase()} ${row.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(row);
  }
  return out;
}
