/**
 * What a request tab is called: its saved name, else the method and the last meaningful
 * segment of its path — "POST orders" for `POST /users/{id}/orders` — with a trailing
 * parameter kept so two tabs on one resource tell apart ("GET users/{id}").
 */
import type { RequestDraft } from '../../core';

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
