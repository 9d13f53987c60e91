/**
 * Splitting a request URL into base, path, query table and fragment, and joining them back,
 * so the URL field and the parameter tables stay in sync both ways. Works on templates:
 * `{{baseUrl}}/users/{id}?q={{ term }}` is not a valid URL, so `new URL` is never used and
 * `{{...}}` placeholders are treated as opaque (a `/`, `?` or `#` inside one splits nothing).
 */
import { buildQuery, parseQueryText, type QueryBuildOptions, type QueryParam } from './query';
import { findVariables } from './variables';

/** A URL (or URL template) in the pieces the composer edits separately. */
export interface UrlParts {
  /** Scheme and authority (`https://api.example.com`), a leading `{{baseUrl}}`, or ''. */
  base: string;
  /** The path as written (still encoded, `{id}` templates included), or ''. */
  path: string;
  query: QueryParam[];
  /** The text after `#`, when there is a `#`. */
  fragment?: string;
}

/** Offsets of the pieces of a URL text: base [0, pathStart), path [pathStart, pathEnd). */
export interface UrlLayout {
  pathStart: number;
  pathEnd: number;
  /** Offset just after `?`, or -1. The query runs to `fragmentStart - 1` or the end. */
  queryStart: number;
  /** Offset just after `#`, or -1. */
  fragmentStart: number;
}

/** Finds the first of `chars` at or after `from` that is not inside a `{{...}}` span. */
function indexOutside(text: string, chars: string, from: number, spans: readonly { from: number; to: number }[]): number {
  let s = 0;
  for (let i = from; i < text.length; i++) {
    while (s < spans.length && spans[s]!.to <= i) s++;
    const span = spans[s];
    if (span && span.from <= i && i < span.to) {
      i = span.to - 1;
      continue;
    }
    if (chars.includes(text[i]!)) return i;
  }
  return text.length;
}

/**
 * Locates base, path, query and fragment in a URL text. Rules, in order: a text starting
 * with `/` (but not `//`) has no base; `scheme://authority` or `//authority` is the base up
 * to the next `/`, `?` or `#`; otherwise the text before the first `/`, `?` or `#` is the
 * base (a `{{baseUrl}}` variable, or a host typed without a scheme as an address bar
 * would take it).
 */
export function locateUrlParts(url: string): UrlLayout {
  const spans = findVariables(url);
  const first = indexOutside(url, '/?#', 0, spans);
  let pathStart: number;
  if (first === 0 && !url.startsWith('//')) {
    pathStart = 0;
  } else if (url.startsWith('//', first) && (first === 0 || url[first - 1] === ':')) {
    pathStart = indexOutside(url, '/?#', first + 2, spans);
  } else {
    pathStart = first;
  }
  const pathEnd = indexOutside(url, '?#', pathStart, spans);
  let queryStart = -1;
  let fragmentStart = -1;
  if (url[pathEnd] === '?') {
    queryStart = pathEnd + 1;
    const hash = indexOutside(url, '#', queryStart, spans);
    if (hash < url.length) fragmentStart = hash + 1;
  } else if (url[pathEnd] === '#') {
    fragmentStart = pathEnd + 1;
  }
  return { pathStart, pathEnd, queryStart, fragmentStart };
}

/**
 * Splits a URL or URL template into base, path, query rows and fragment. Query rows are
 * decoded for the table (`literalPercent: 'escape'`: `%2520` stays `%2520`, a literal
 * "%20", since a bare `%20` in a row is sent as the escape it is). Never fails: any
 * text splits somehow. `formatUrlParts` gives the same text back for URLs whose query has
 * no empty pieces (`&&`, a trailing `&`, or a bare `?`, which are dropped).
 */
export function parseUrlParts(url: string): UrlParts {
  const layout = locateUrlParts(url);
  const queryEnd = layout.fragmentStart >= 0 ? layout.fragmentStart - 1 : url.length;
  const parts: UrlParts = {
    base: url.slice(0, layout.pathStart),
    path: url.slice(layout.pathStart, layout.pathEnd),
    query: layout.queryStart >= 0 ? parseQueryText(url.slice(layout.queryStart, queryEnd), { literalPercent: 'escape' }) : [],
  };
  if (layout.fragmentStart >= 0) parts.fragment = url.slice(layout.fragmentStart);
  return parts;
}

/**
 * Joins URL parts back into text: base, path, `?` and the built query when it is not
 * empty, `#` and the fragment when there is one. Rows parsed from a URL and not edited are
 * written back exactly as they were; edited or new rows are encoded as `buildQuery` does.
 */
export function formatUrlParts(parts: UrlParts, options: QueryBuildOptions = {}): string {
  const query = buildQuery(parts.query, options);
  return (
    parts.base +
    parts.path +
    (query === '' ? '' : `?${query}`) +
    (parts.fragment === undefined ? '' : `#${parts.fragment}`)
  );
}
