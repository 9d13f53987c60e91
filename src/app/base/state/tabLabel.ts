/**
 * What a request tab is called: its saved name, else the method and the last meaningful
 * segment of its path — "POST orders" for `POST /users/{id}/orders` — with a trailing
 * parameter kept so two tabs on one resource tell apart ("GET users/{id}").
 */
import type { RequestDraft } from '../../../core';

/** A segment that names no resource: a `{param}`, `:param` or `{{variable}}`, a number, a UUID or a long hex id. */
function isIdentifier(segment: string): boolean {
  return /^(\{[^{}]*\}|:\w+|\{\{[^{}]*\}\}|\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{16,})$/i.test(segment);
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The method and the meaningful tail of the URL's path, or the host for a bare origin. */
export function requestLabel(method: string, url: string): string {
  const verb = method.trim().toUpperCase() || 'GET';
  const trimmed = url.trim();
  if (!trimmed) return `${verb} new request`;
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(trimmed);
  const path = trimmed.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').replace(/[?#].*$/, '');
  const segments = path.split('/').filter(Boolean).map(decoded);
  if (segments.length === 0) return `${verb} ${authority?.[1] || trimmed}`;
  let last = segments.length - 1;
  while (last > 0 && isIdentifier(segments[last]!)) last--;
  const tail = segments.slice(last, Math.min(segments.length, last + 2)).join('/');
  return `${verb} ${tail}`;
}

export function tabLabel(draft: RequestDraft): string {
  if (draft.name.trim()) return draft.name.trim();
  return requestLabel(draft.method, draft.url);
}

/** A tab's name in the strip: its label, and what tells it from other tabs of the same label. */
export interface DistinctLabel {
  label: string;
  /** The host, the path or the query that differs from the namesakes', or "2", "3"… when nothing does. */
  suffix?: string;
}

function hostOf(url: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url.trim())?.[1] ?? '';
}

function pathOf(url: string): string {
  const path = url.trim().replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').replace(/[?#].*$/, '');
  return path.split('/').filter(Boolean).map(decoded).join('/');
}

function queryOf(url: string): string {
  return /\?([^#]*)/.exec(url.trim())?.[1] ?? '';
}

/** Tells namesakes apart by the first of host, path and query that is not the same for all of them. */
const DISTINGUISHERS: ((url: string) => string)[] = [(url) => hostOf(url) || 'no host', (url) => `/${pathOf(url)}`, (url) => (queryOf(url) ? `?${queryOf(url)}` : 'no query')];

/**
 * Each tab's label, with a suffix for tabs whose label another tab has too: the host when the
 * namesakes differ by host ("GET users · api.example"), else the path ("· /v2/users"), else the
 * query; tabs that still share a name are numbered by their order ("· 2").
 */
export function distinctTabLabels(drafts: readonly Pick<RequestDraft, 'name' | 'method' | 'url'>[]): DistinctLabel[] {
  const labels = drafts.map((d) => (d.name.trim() ? d.name.trim() : requestLabel(d.method, d.url)));
  const result: DistinctLabel[] = labels.map((label) => ({ label }));
  const groups = new Map<string, number[]>();
  labels.forEach((label, i) => groups.set(label, [...(groups.get(label) ?? []), i]));
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const by = DISTINGUISHERS.find((of) => new Set(members.map((i) => of(drafts[i]!.url))).size > 1);
    if (by) for (const i of members) result[i]!.suffix = by(drafts[i]!.url);
    // Namesakes left (same label and suffix) are numbered, the first one left as it is.
    const seen = new Map<string, number>();
    for (const i of members) {
      const key = result[i]!.suffix ?? '';
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      if (n > 1) result[i]!.suffix = key ? `${key} (${n})` : String(n);
    }
  }
  return result;
}
