/**
 * `Cache-Control` on a response (RFC 9111 §5.2, RFC 8246, RFC 5861): the directives read
 * into a list, and one plain sentence saying what a cache may do with this response. The
 * usual confusions — `no-cache` is not `no-store`, `private` is not "secret" — are spelled
 * out, and contradictions are reported rather than silently resolved.
 */
import type { Finding } from '../http/finding';

/** One directive as written: lower-cased name, value unquoted (undefined when absent). */
export interface CacheDirective {
  name: string;
  value?: string;
}

/** What each response directive means, in a sentence. */
const DIRECTIVE_MEANINGS: Readonly<Record<string, string>> = {
  'max-age': 'fresh for this many seconds after it was generated; afterwards a cache must revalidate or refetch',
  's-maxage': 'for shared caches (proxies, CDNs) only: fresh for this many seconds, overriding max-age and Expires',
  'no-cache': 'may be stored, but must be revalidated with the server before every reuse',
  'no-store': 'must not be stored by any cache at all',
  'no-transform': 'intermediaries must not change the content (e.g. recompress images)',
  'must-revalidate': 'once stale, must not be served without successful revalidation (no serving stale on errors)',
  'proxy-revalidate': 'like must-revalidate, but for shared caches only',
  'must-understand': 'store only if the cache understands the status code\u2019s caching rules',
  private: 'only the browser\u2019s own cache may store it; shared caches must not (it is not encrypted or secret)',
  public: 'any cache may store it, even if it would normally not be cacheable (e.g. a response to an authorized request)',
  immutable: 'will not change while fresh: clients need not revalidate it even on reload (RFC 8246)',
  'stale-while-revalidate': 'may be served stale for this many seconds while a revalidation runs in the background (RFC 5861)',
  'stale-if-error': 'may be served stale for this many seconds when the origin answers with an error (RFC 5861)',
};

/** Directives whose value is delta-seconds. */
const SECONDS_DIRECTIVES = new Set(['max-age', 's-maxage', 'stale-while-revalidate', 'stale-if-error']);

/**
 * Splits a Cache-Control value into directives. Quoted values may contain commas; names
 * are compared case-insensitively (RFC 9111 §5.2), so they are lower-cased here.
 */
export function parseCacheControl(value: string): CacheDirective[] {
  if (typeof value !== 'string') throw new TypeError(`parseCacheControl expects a string, got ${typeof value}`);
  const directives: CacheDirective[] = [];
  let i = 0;
  while (i < value.length) {
    while (i < value.length && /[\s,]/.test(value[i]!)) i++;
    if (i >= value.length) break;
    const nameStart = i;
    while (i < value.length && !/[=,\s]/.test(value[i]!)) i++;
    const name = value.slice(nameStart, i).toLowerCase();
    while (i < value.length && /[ \t]/.test(value[i]!)) i++;
    let directiveValue: string | undefined;
    if (value[i] === '=') {
      i++;
      while (i < value.length && /[ \t]/.test(value[i]!)) i++;
      if (value[i] === '"') {
        i++;
        let text = '';
        while (i < value.length && value[i] !== '"') {
          if (value[i] === '\\' && i + 1 < value.length) i++;
          text += value[i];
          i++;
        }
        i++;
        directiveValue = text;
      } else {
        const start = i;
        while (i < value.length && value[i] !== ',') i++;
        directiveValue = value.slice(start, i).trim();
      }
    }
    while (i < value.length && value[i] !== ',') i++;
    directives.push(directiveValue === undefined ? { name } : { name, value: directiveValue });
  }
  return directives;
}

function formatSeconds(seconds: number): string {
  if (seconds < 120) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} minutes`;
  if (seconds < 172800) return `${Math.round(seconds / 3600)} hours`;
  return `${Math.round(seconds / 86400)} days`;
}

/** The meaning of one directive, including its value, in plain words. */
export function describeCacheDirective(directive: CacheDirective): string {
  const meaning = Object.hasOwn(DIRECTIVE_MEANINGS, directive.name) ? DIRECTIVE_MEANINGS[directive.name] : undefined;
  if (!meaning) return 'an extension directive this inspector does not know; caches that do not know it ignore it';
  if (SECONDS_DIRECTIVES.has(directive.name) && directive.value !== undefined && /^\d+$/.test(directive.value)) {
    return `${meaning} (${formatSeconds(Number(directive.value))})`;
  }
  if ((directive.name === 'no-cache' || directive.name === 'private') && directive.value) {
    return `${meaning} — limited to the fields ${directive.value}`;
  }
  return meaning;
}

/**
 * One sentence on what caches may do, the problems found in the directives, and whether
 * they let a cache store the response at all (undefined when no directive says).
 */
export function summarizeCacheControl(directives: readonly CacheDirective[]): { summary: string; findings: Finding[]; cacheable?: boolean } {
  const findings: Finding[] = [];
  const byName = new Map<string, CacheDirective>();
  for (const d of directives) {
    if (byName.has(d.name)) {
      findings.push({
        id: 'cache-control-duplicate',
        severity: 'warning',
        title: `${d.name} given twice`,
        message: `The directive ${d.name} appears more than once; caches may treat the whole field as invalid (RFC 9111 §4.2.1).`,
        reference: 'RFC 9111 §5.2',
      });
    } else byName.set(d.name, d);
    if (SECONDS_DIRECTIVES.has(d.name) && (d.value === undefined || !/^\d+$/.test(d.value))) {
      findings.push({
        id: 'cache-control-seconds',
        severity: 'warning',
        title: `${d.name} without whole seconds`,
        message: `${d.name} needs a non-negative whole number of seconds (delta-seconds), got ${d.value === undefined ? 'no value' : JSON.stringify(d.value)}. Caches treat an invalid value as stale (RFC 9111 §1.2.2).`,
        reference: 'RFC 9111 §1.2.2',
      });
    }
  }
  const has = (name: string) => byName.has(name);
  const seconds = (name: string) => {
    const v = byName.get(name)?.value;
    return v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined;
  };
  if (has('public') && has('private')) {
    findings.push({
      id: 'cache-control-public-private',
      severity: 'warning',
      title: 'Both public and private',
      message: 'The response says both public and private. Caches take the more restrictive private, so shared caches will not store it.',
      reference: 'RFC 9111 §5.2.2.7',
    });
  }
  if (has('no-store') && (has('max-age') || has('s-maxage') || has('public'))) {
    findings.push({
      id: 'cache-control-no-store-conflict',
      severity: 'info',
      title: 'no-store overrides the rest',
      message: 'no-store is combined with directives that allow caching; no-store wins and nothing is stored.',
      reference: 'RFC 9111 §5.2.2.5',
      verdict: { cacheable: false },
    });
  }
  let summary: string;
  if (directives.length === 0) summary = 'No directives: caches fall back to Expires or heuristics.';
  else if (has('no-store')) summary = 'No cache may store this response.';
  else if (has('no-cache')) summary = `${has('private') ? 'Only the browser may store it' : 'Caches may store it'}, but must check with the server before each reuse (no-cache does not mean "do not store").`;
  else {
    const maxAge = seconds('max-age');
    const shared = seconds('s-maxage');
    const who = has('private') ? 'Only the browser\u2019s cache' : 'Any cache';
    if (maxAge !== undefined && maxAge > 0) {
      summary = `${who} may reuse it without asking for ${formatSeconds(maxAge)}${shared !== undefined && !has('private') ? ` (shared caches: ${formatSeconds(shared)})` : ''}${has('immutable') ? ', even on reload' : ''}.`;
    } else if (maxAge === 0) {
      summary = `${who} may store it, but it is stale at once: every reuse needs revalidation.`;
    } else if (shared !== undefined) {
      summary = `Shared caches may reuse it for ${formatSeconds(shared)}.`;
    } else summary = `${who} may store it; freshness comes from Expires or heuristics.`;
  }
  if (directives.length === 0) return { summary, findings };
  return { summary, findings, cacheable: !has('no-store') };
}
