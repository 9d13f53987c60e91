/**
 * Postman URLs and Wirebench URL templates, both ways. Postman writes path variables as
 * `:name` segments with their values in `url.variable`; Wirebench writes `{name}` with
 * values in the path-parameter table. Both use `{{variable}}`. Postman keeps disabled
 * query parameters in `url.query`; Wirebench keeps them as disabled query rows.
 */
import { encodePathSegment, locateUrlParts, parseQuery, parseUrlParts, type UrlLayout } from '../encoding';
import type { QueryRow, RequestDraft } from '../request';
import { draftRowId, queryRowsFromParams } from '../request';
import { queryRowWritesNothing } from '../request/urlSync';
import type { z } from 'zod';
import type { postmanUrlSchema } from './postmanSchema';

type PostmanUrl = z.infer<typeof postmanUrlSchema>;

/** A Wirebench URL template and tables read from a Postman URL. */
export interface PostmanUrlImport {
  url: string;
  pathParams: { name: string; value: string }[];
  /** Set when the query table differs from what the URL text gives (disabled parameters). */
  query?: QueryRow[];
  /** Set when the URL text differs from `raw`, saying both. */
  warning?: string;
}

/**
 * Replaces the `:name` path segments of the path variables the URL declares (`declared`;
 * every one when undefined) with `{name}`, leaving base, query and `{{…}}` alone. As in
 * Postman's SDK (`parsePathVariable`), the name ends at the first `.`: `:id.json` is the
 * variable `id` followed by `.json`. The SDK declares the `:name` segments of a URL string
 * (`Url.parse`), but of a URL object only those in `url.variable`; an undeclared `:name`
 * is sent as written (`Url.toString()` fills in only declared variables), so it stays
 * literal text: Wirebench's path parameters are `{name}`, and a `:name` is no parameter to it.
 */
function colonToBraces(url: string, declared?: ReadonlySet<string>): string {
  const layout = locateUrlParts(url);
  const path = url.slice(layout.pathStart, layout.pathEnd).replace(/(^|\/):([A-Za-z_][\w-]*)(?=[./]|$)/g, (whole, slash: string, name: string) => (!declared || declared.has(name) ? `${slash}{${name}}` : whole));
  return url.slice(0, layout.pathStart) + path + url.slice(layout.pathEnd);
}

type PostmanUrlObject = Exclude<PostmanUrl, string>;
type PostmanQueryParam = NonNullable<PostmanUrlObject['query']>[number];

function scalarText(value: unknown): string | undefined {
  return value === undefined || value === null ? undefined : String(value);
}

/**
 * A key or value as `QueryParam.unparseSingle` writes it: `&` and `#` (and `=` in a key)
 * percent-encoded outside `{{variables}}`, so the text parses back to the same pair.
 */
function queryPieceText(text: string, isKey: boolean): string {
  return text
    .split(/(\{\{[^{}]*\}\})/)
    .map((piece, i) => (i % 2 === 1 ? piece : piece.replace(/&/g, '%26').replace(/#/g, '%23').replace(isKey ? /=/g : /(?!)/g, '%3D')))
    .join('');
}

/** One query pair as Postman's `QueryParam.unparse` writes it: `key=value`, `key` when the value is null. */
function queryPairText(q: PostmanQueryParam): string {
  return (typeof q.key === 'string' ? queryPieceText(q.key, true) : '') + (q.value === undefined || q.value === null ? '' : `=${queryPieceText(String(q.value), false)}`);
}

/** The `user:password@` of a URL's `auth` piece, as `Url.toString()` writes it (a string user and/or password). */
function userInfoText(auth: unknown): string {
  if (typeof auth !== 'object' || auth === null) return '';
  const { user, password } = auth as { user?: unknown; password?: unknown };
  if (typeof user !== 'string' && typeof password !== 'string') return '';
  return `${typeof user === 'string' ? user : ''}${typeof password === 'string' ? `:${password}` : ''}@`;
}

/** Whether the object holds pieces; an object with only `raw` is sent as `raw` says. */
function hasPieces(url: PostmanUrlObject): boolean {
  return url.host !== undefined || url.path !== undefined || url.protocol !== undefined;
}

/**
 * The URL as Postman sends it: its `Url.toString()` builds the text from the pieces
 * (protocol, host joined with dots, port, `/`-joined path, enabled query pairs, hash) and
 * never reads `raw`, so when `raw` was edited by hand and disagrees, the pieces win.
 */
export function urlTextFromPieces(url: PostmanUrlObject): string {
  const host = Array.isArray(url.host) ? url.host.join('.') : (url.host ?? '');
  // A string path is split as Postman does: leading slash dropped, "/" alone is one empty segment.
  const segments = Array.isArray(url.path)
    ? url.path.map((p) => (typeof p === 'string' ? p : (p.value ?? '')))
    : typeof url.path === 'string' && url.path !== ''
      ? url.path.replace(/^\/(.+)$/, '$1') === '/' ? [''] : url.path.replace(/^\/(.+)$/, '$1').split('/')
      : undefined;
  // Postman writes `?` whenever an enabled pair exists, even one with neither key nor value (`/get?`).
  const enabled = (url.query ?? []).filter((q) => !q.disabled);
  const query = enabled.length > 0 ? `?${enabled.map(queryPairText).join('&')}` : '';
  const protocol = url.protocol ? (url.protocol.endsWith('://') ? url.protocol : `${url.protocol}://`) : '';
  const port = scalarText(url.port);
  return protocol + userInfoText(url.auth) + host + (port ? `:${port}` : '') + (segments ? `/${segments.join('/')}` : '') + query + (url.hash ? `#${url.hash}` : '');
}

/** Whether two URL texts send the same request line: an empty path and `/` are the same. */
function sameOnTheWire(a: string, b: string): boolean {
  const rootPath = (url: string) => url.replace(/^([^/?#]*\/\/[^/?#]*)\/(?=[?#]|$)/, '$1');
  return rootPath(a) === rootPath(b);
}

/** Reads a Postman request URL (string or object). `warning` says when `raw` disagreed with the pieces. */
export function urlFromPostman(url: PostmanUrl | undefined | null): PostmanUrlImport {
  if (url === undefined || url === null) return { url: '', pathParams: [] };
  if (typeof url === 'string') return { url: colonToBraces(url), pathParams: [] };
  const built = hasPieces(url) ? urlTextFromPieces(url) : (url.raw ?? '');
  // Old path variables name themselves by `id` (postman-collection still reads `key || id`).
  const pathParams = (url.variable ?? []).flatMap((v) => {
    const name = typeof v.key === 'string' && v.key !== '' ? v.key : typeof v.id === 'string' && v.id !== '' ? v.id : undefined;
    return name === undefined ? [] : [{ name, value: v.value == null ? '' : typeof v.value === 'string' ? v.value : JSON.stringify(v.value) }];
  });
  const template = colonToBraces(built, new Set(pathParams.map((p) => p.name)));
  const out: PostmanUrlImport = { url: template, pathParams };
  if (url.raw !== undefined && hasPieces(url) && !sameOnTheWire(url.raw.trim(), built)) {
    out.warning = `url.raw "${url.raw}" disagrees with the URL's pieces; imported what Postman sends, built from the pieces: "${built}"`;
  }
  const params = url.query ?? [];
  if (params.some((q) => q.disabled)) {
    const fromUrl = queryRowsFromParams(parseUrlParts(template).query);
    let next = 0;
    const rows: QueryRow[] = params
      .filter((q) => q.key != null)
      .map((q) => {
        if (!q.disabled && next < fromUrl.length) return fromUrl[next++]!;
        const parsed = parseQuery(queryPairText(q), { literalPercent: 'escape' })[0];
        const value = typeof parsed?.value === 'string' ? parsed.value : (scalarText(q.value) ?? '');
        return { id: draftRowId(), enabled: !q.disabled, name: parsed?.name ?? q.key!, value };
      });
    rows.push(...fromUrl.slice(next));
    out.query = rows;
  }
  return out;
}

/** The URL's query text when it was typed with empty pieces (`?id&`, `?&=`, `a&&b`, a bare `?`), which the rows cannot hold. */
function typedQueryText(url: string, layout: UrlLayout): string | undefined {
  if (layout.queryStart < 0) return undefined;
  const text = url.slice(layout.queryStart, layout.fragmentStart >= 0 ? layout.fragmentStart - 1 : undefined);
  return text === '' || /(^|&)(&|$)/.test(text) ? text : undefined;
}

/** A Postman URL object for a draft: `{name}` segments as `:name` with their values, other `{name}`s filled in. */
export function urlToPostman(draft: RequestDraft): Record<string, unknown> {
  const values = new Map(draft.pathParams.map((p) => [p.name, p.value]));
  const layout = locateUrlParts(draft.url);
  const variables: { key: string; value: string }[] = [];
  const path = draft.url.slice(layout.pathStart, layout.pathEnd).replace(/\{([^{}/?#\s]+)\}/g, (match, name: string, offset: number, whole: string) => {
    const end = offset + match.length;
    if (whole[offset - 1] === '{' || whole[end] === '}') return match;
    if ((offset === 0 || whole[offset - 1] === '/') && (end === whole.length || whole[end] === '/')) {
      if (!variables.some((v) => v.key === name)) variables.push({ key: name, value: values.get(name) ?? '' });
      return `:${name}`;
    }
    // Inside a segment: filled in, encoded as the builder encodes it (its `{{variables}}` kept).
    return values.get(name) ? encodePathSegment(values.get(name)!) : `{{${name}}}`;
  });
  const raw = draft.url.slice(0, layout.pathStart) + path + draft.url.slice(layout.pathEnd);
  const base = draft.url.slice(0, layout.pathStart);
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(base);
  const authority = scheme ? base.slice(scheme[0].length) : base;
  const portMatch = /:(\d+)$/.exec(authority);
  const hostText = portMatch ? authority.slice(0, -portMatch[0].length) : authority;
  const url: Record<string, unknown> = { raw };
  if (scheme) url.protocol = scheme[1];
  if (hostText) url.host = hostText.startsWith('{{') ? [hostText] : hostText.split('.');
  if (portMatch) url.port = portMatch[1];
  // Postman reads path [''] as "/": the root's slash stays (and a trailing one), as the URL was typed.
  if (path !== '') url.path = path.replace(/^\//, '').split('/');
  // Rows the builder writes, `?=` included (Postman writes a pair with empty key and value as "=").
  const query = draft.query.filter((row) => !queryRowWritesNothing(row));
  const pieceOf = (rawText: string): Record<string, unknown> => {
    const eq = rawText.indexOf('=');
    return { key: eq < 0 ? rawText : rawText.slice(0, eq), value: eq < 0 ? null : rawText.slice(eq + 1) };
  };
  const typed = typedQueryText(draft.url, layout);
  if (typed !== undefined) {
    // Empty pieces as typed (`?id&`, `a&&b`) are sent as typed; Postman keeps each as a pair with a null key.
    url.query = [
      ...typed.split('&').map((piece) => (piece === '' ? { key: null, value: null } : pieceOf(piece))),
      ...query.filter((row) => !row.enabled).map((row) => ({ ...pieceOf(row.raw ?? `${row.name}=${row.value}`), disabled: true })),
    ];
  } else if (query.length > 0) {
    url.query = query.map((row) => {
      const entry = pieceOf(row.raw ?? `${row.name}=${row.list ? row.list.items.join(',') : row.value}`);
      if (!row.enabled) entry.disabled = true;
      return entry;
    });
  }
  // Postman builds the URL from its pieces and never reads raw: a fragment is kept only as the hash piece.
  if (layout.fragmentStart >= 0 && layout.fragmentStart < draft.url.length) url.hash = draft.url.slice(layout.fragmentStart);
  if (variables.length > 0) url.variable = variables;
  return url;
}
