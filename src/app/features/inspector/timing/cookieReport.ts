/**
 * A hop's cookie report in words, for the inspector: one quiet line (which jar cookies went,
 * what became of each Set-Cookie) and, on demand, one line per Set-Cookie with its domain,
 * path and, for a rejected one, why. Names only: the relay's report never holds a value.
 */
import type { RelayCookieReport } from '../../../../core';

/** One Set-Cookie outcome of a hop, spelled out. */
export interface CookieOutcomeLine {
  name: string;
  result: 'stored' | 'replaced' | 'deleted' | 'rejected';
  text: string;
}

/** What the inspector shows of a hop's cookies; undefined when the jar neither sent nor received anything. */
export interface CookieReportView {
  line: string;
  outcomes: CookieOutcomeLine[];
}

const quoted = (name: string) => (name === '' ? '(unreadable line)' : name);

/**
 * The report in words. `storedBefore` holds the `name domain path` keys already stored by
 * earlier hops of the same exchange, so a second Set-Cookie of the same cookie reads as
 * "replaced" (the relay reports both as stored).
 */
export function describeCookieReport(report: RelayCookieReport | undefined, storedBefore: Set<string> = new Set()): CookieReportView | undefined {
  if (!report || (report.sent.length === 0 && report.outcomes.length === 0)) return undefined;
  const outcomes = report.outcomes.map((o): CookieOutcomeLine => {
    const key = `${o.name} ${o.domain ?? ''} ${o.path ?? ''}`;
    const where = o.domain ? ` for ${o.domain}${o.path ?? ''}` : '';
    if (o.result === 'rejected') return { name: quoted(o.name), result: 'rejected', text: `rejected: ${o.reason ?? 'the jar refused it.'}` };
    if (o.result === 'deleted') {
      storedBefore.delete(key);
      return { name: quoted(o.name), result: 'deleted', text: `deleted${where} (its expiry is in the past)` };
    }
    const replaced = storedBefore.has(key);
    storedBefore.add(key);
    return { name: quoted(o.name), result: replaced ? 'replaced' : 'stored', text: `${replaced ? 'replaced' : 'stored'}${where}` };
  });
  const parts: string[] = [];
  if (report.sent.length) parts.push(`sent ${report.sent.join(', ')}`);
  for (const result of ['stored', 'replaced', 'deleted', 'rejected'] as const) {
    const names = outcomes.filter((o) => o.result === result).map((o) => o.name);
    if (names.length) parts.push(`${result} ${names.join(', ')}`);
  }
  return { line: `Cookies: ${parts.join(' · ')}`, outcomes };
}
