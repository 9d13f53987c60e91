/**
 * Keeping the URL text and the query and path-parameter tables in sync both ways. The URL
 * field is what the person sees; the tables are another view of the same request. Editing
 * either rewrites the other through the encoding rules of `core/encoding`, and unedited
 * query parameters keep their exact text.
 */
import {
  buildQuery,
  findVariables,
  formatUrlParts,
  locateUrlParts,
  parseQuery,
  parseUrlParts,
  pathParamNames,
  type QueryListStyle,
  type QueryParam,
} from '../encoding';
import type { PathParamRow, QueryRow, RequestDraft } from './draftTypes';
import { draftRowId } from './rowId';

/** Table rows for query parameters read from a URL, one per parameter, all enabled. */
export function queryRowsFromParams(params: readonly QueryParam[]): QueryRow[] {
  return params.map((param) => {
    const row: QueryRow = {
      id: draftRowId(),
      enabled: param.enabled !== false,
      name: param.name,
      value: typeof param.value === 'string' ? param.value : param.value.join(','),
    };
    if (param.raw !== undefined) row.raw = param.raw;
    return row;
  });
}

/**
 * True for a row that puts no text in the URL: a blank new row or a list without items.
 * A row read from a literal `=` (`?=`) is not blank: servers can tell `?=` from no query.
 */
export function queryRowWritesNothing(row: QueryRow): boolean {
  return row.list ? row.list.items.length === 0 : row.name === '' && row.value === '' && row.raw !== '=';
}

/** The value part of one raw `name=value` parameter text, split at the first `=` outside `{{…}}`. */
function rawValueOf(raw: string): string {
  const spans = findVariables(raw);
  for (let i = 0; i < raw.length; i++) {
    const inside = spans.find((s) => s.from <= i && i < s.to);
    if (inside) {
      i = inside.to - 1;
      continue;
    }
    if (raw[i] === '=') return raw.slice(i + 1);
  }
  return '';
}

/**
 * Splits the raw value of a comma list at its literal commas and decodes each item as a
 * query value, so `1,a%2Cb` gives `1` and `a,b` (a comma inside an item is sent as %2C).
 */
export function commaListItems(raw: string): string[] {
  const value = rawValueOf(raw);
  if (value === '') return [];
  return value.split(',').map((item) => {
    const parsed = parseQuery(`x=${item}`, { literalPercent: 'escape' });
    return typeof parsed[0]?.value === 'string' ? parsed[0].value : item;
  });
}

/**
 * The query table after the URL text changed. Parameters are matched to the previous rows
 * by position, so row ids (and a row's list setting) survive typing: a previous list row
 * with the same name reads a comma value back as items, or gathers the repeated parameters
 * that follow. Disabled rows and rows that write nothing are not in the URL, so they are
 * kept at their places.
 */
export function queryRowsFromUrl(url: string, previous: readonly QueryRow[]): QueryRow[] {
  const parsed = parseUrlParts(url).query;
  const out: QueryRow[] = [];
  const prevEnabled = previous.filter((row) => row.enabled);
  let p = 0;
  let i = 0;
  while (i < parsed.length || p < prevEnabled.length) {
    const prev = prevEnabled[p];
    if (prev && queryRowWritesNothing(prev)) {
      out.push(prev);
      p++;
      continue;
    }
    const param = parsed[i];
    if (!param) break;
    const value = typeof param.value === 'string' ? param.value : param.value.join(',');
    if (prev?.list && prev.name === param.name) {
      if (prev.list.style === 'repeat') {
        const items: string[] = [];
        while (i < parsed.length && parsed[i]!.name === prev.name) {
          const v = parsed[i]!.value;
          items.push(typeof v === 'string' ? v : v.join(','));
          i++;
        }
        out.push({ id: prev.id, enabled: true, name: prev.name, value: items.join(','), list: { style: 'repeat', items } });
      } else {
        const items = commaListItems(param.raw ?? `${param.name}=${value}`);
        out.push({ id: prev.id, enabled: true, name: prev.name, value, list: { style: 'comma', items } });
        i++;
      }
      p++;
      continue;
    }
    const row: QueryRow = { id: prev?.id ?? draftRowId(), enabled: true, name: param.name, value };
    if (param.raw !== undefined) row.raw = param.raw;
    out.push(row);
    if (prev) p++;
    i++;
  }
  previous.forEach((row, index) => {
    if (!row.enabled) out.splice(Math.min(index, out.length), 0, row);
  });
  return out;
}

/**
 * The rows as query parameters for `buildQuery` (with `lists: 'comma'`): a repeat list
 * becomes one parameter per item, a comma list one parameter with a list value. Disabled
 * rows and rows that write nothing are left out. `value` maps each text (for variables).
 */
export function queryParamsOfRows(rows: readonly QueryRow[], value: (text: string) => string = (t) => t): QueryParam[] {
  const params: QueryParam[] = [];
  for (const row of rows) {
    if (!row.enabled || queryRowWritesNothing(row)) continue;
    const name = value(row.name);
    if (row.list?.style === 'repeat') {
      for (const item of row.list.items) params.push({ name, value: value(item) });
    } else if (row.list) {
      params.push({ name, value: row.list.items.map(value) });
    } else {
      const param: QueryParam = { name, value: value(row.value) };
      if (row.raw !== undefined && value(row.name) === row.name && value(row.value) === row.value) param.raw = row.raw;
      params.push(param);
    }
  }
  return params;
}

/**
 * The runs of `&` in the query typed in `url`: before each of its parameters and after the
 * last (`?&a=1&&b=2&` gives [1, 2, 1]; a bare `?` gives [0]), or undefined when they are the
 * plain single `&` between parameters (or the query cannot be walked piece by piece).
 */
function typedQuerySeparators(url: string): number[] | undefined {
  const layout = locateUrlParts(url);
  if (layout.queryStart < 0) return undefined;
  const text = url.slice(layout.queryStart, layout.fragmentStart >= 0 ? layout.fragmentStart - 1 : url.length);
  const runs: number[] = [];
  let at = 0;
  const run = (): number => {
    let n = 0;
    while (text[at + n] === '&') n++;
    at += n;
    return n;
  };
  for (const param of parseUrlParts(url).query) {
    runs.push(run());
    if (param.raw === undefined || !text.startsWith(param.raw, at)) return undefined;
    at += param.raw.length;
  }
  runs.push(run());
  if (at !== text.length) return undefined;
  // A bare `?` (`/get?`) is sent as typed too: an empty query, which servers can tell from none.
  if (text === '') return [0];
  return runs.some((n, i) => n !== (i === 0 || i === runs.length - 1 ? 0 : 1)) ? runs : undefined;
}

/**
 * The query (without `?`) to send for `url` when it was typed with empty pieces (`a=1&&b=2`,
 * a trailing `&`, as in `?format=json&`): those have no row in the table, yet servers can
 * tell them apart and other clients send the URL as typed, so while the rows still say what
 * the URL says the rows' parameters `params` (variables resolved, then any the auth adds)
 * are written with the `&`s where they were typed. Undefined when there are none or the
 * rows were edited since (then the query is built from the rows alone).
 */
export function queryAsTyped(url: string, rows: readonly QueryRow[], params: readonly QueryParam[]): string | undefined {
  const runs = typedQuerySeparators(url);
  if (!runs) return undefined;
  const fromRows = queryParamsOfRows(rows);
  if (fromRows.length !== runs.length - 1 || params.length < fromRows.length) return undefined;
  if (buildQuery(fromRows, { lists: 'comma' }) !== buildQuery(parseUrlParts(url).query, { lists: 'comma' })) return undefined;
  let text = '';
  fromRows.forEach((_, i) => (text += '&'.repeat(runs[i]!) + buildQuery([params[i]!], { lists: 'comma' })));
  text += '&'.repeat(runs[runs.length - 1]!);
  const added = buildQuery(params.slice(fromRows.length), { lists: 'comma' });
  return added === '' ? text : `${text}${text === '' || text.endsWith('&') ? '' : '&'}${added}`;
}

/** `url` with its query replaced by the enabled rows (base, path and fragment kept as typed). */
export function urlWithQueryRows(url: string, rows: readonly QueryRow[]): string {
  const parts = parseUrlParts(url);
  return formatUrlParts({ ...parts, query: queryParamsOfRows(rows) }, { lists: 'comma' });
}

/** Path-parameter rows for the `{name}`s of `url`, keeping values of names that remain. */
export function pathParamRowsFor(url: string, previous: readonly PathParamRow[]): PathParamRow[] {
  const values = new Map(previous.map((row) => [row.name, row.value]));
  return pathParamNames(url).map((name) => ({ name, value: values.get(name) ?? '' }));
}

/** The draft after the URL text was edited: the query and path tables follow it. */
export function draftWithUrl(draft: RequestDraft, url: string): RequestDraft {
  return { ...draft, url, query: queryRowsFromUrl(url, draft.query), pathParams: pathParamRowsFor(url, draft.pathParams) };
}

/** The draft after the query table was edited: the URL text follows it. */
export function draftWithQueryRows(draft: RequestDraft, rows: QueryRow[]): RequestDraft {
  return { ...draft, query: rows, url: urlWithQueryRows(draft.url, rows) };
}

/** Turns a plain query row into a list row (items split at commas) or back, keeping the text. */
export function queryRowWithListStyle(row: QueryRow, style: QueryListStyle | 'none'): QueryRow {
  const { raw: _raw, list, ...rest } = row;
  if (style === 'none') return { ...rest, value: list ? list.items.join(',') : row.value };
  const items = list ? list.items : row.value === '' ? [] : row.value.split(',');
  return { ...rest, value: items.join(','), list: { style, items } };
}

/** A `{{variable}}` or `{path}` parameter in a URL template, with its offsets. */
export interface UrlTemplateToken {
  kind: 'variable' | 'path-param';
  name: string;
  from: number;
  to: number;
}

/**
 * Where the `{{variables}}` (anywhere) and `{path}` parameters (in the path only) of a URL
 * template are, in order, for highlighting in the URL editor.
 */
export function urlTemplateTokens(url: string): UrlTemplateToken[] {
  const variables = findVariables(url);
  const tokens: UrlTemplateToken[] = variables.map((v) => ({ kind: 'variable', name: v.name, from: v.from, to: v.to }));
  const names = new Set(pathParamNames(url));
  if (names.size > 0) {
    const layout = locateUrlParts(url);
    const path = url.slice(layout.pathStart, layout.pathEnd);
    for (const match of path.matchAll(/\{([^{}/?#\s]+)\}/g)) {
      const from = layout.pathStart + match.index;
      const to = from + match[0].length;
      if (!names.has(match[1]!) || variables.some((v) => v.from < to && from < v.to)) continue;
      tokens.push({ kind: 'path-param', name: match[1]!, from, to });
    }
  }
  return tokens.sort((a, b) => a.from - b.from);
}

/**
 * The draft with path parameter `from` renamed to `to` in the URL template and its table
 * row (the value is kept). Renaming to a name that is not a valid parameter name
 * (empty, or with braces, `/`, `?`, `#` or whitespace) throws a RangeError: the table
 * validates names before calling.
 */
export function draftWithPathParamRenamed(draft: RequestDraft, from: string, to: string): RequestDraft {
  if (!isPathParamName(to)) throw new RangeError(`"${to}" cannot be a path parameter name`);
  if (from === to) return draft;
  let url = '';
  let last = 0;
  for (const token of urlTemplateTokens(draft.url)) {
    if (token.kind !== 'path-param' || token.name !== from) continue;
    url += `${draft.url.slice(last, token.from)}{${to}}`;
    last = token.to;
  }
  url += draft.url.slice(last);
  const value = draft.pathParams.find((p) => p.name === from)?.value ?? '';
  const renamed = draft.pathParams.map((p) => (p.name === from ? { name: to, value } : p));
  return { ...draft, url, pathParams: pathParamRowsFor(url, renamed) };
}

/** Whether `name` can be written as `{name}` in a path template. */
export function isPathParamName(name: string): boolean {
  return /^[^{}/?#\s]+$/.test(name);
}
