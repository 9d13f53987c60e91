/**
 * What a Wirebench draft sends, in the comparable shape both import conformance tests
 * (Postman and `.http`) hold the originating tool's reading to: method, URL (with
 * `{{variables}}` unresolved), headers in order, and the body by kind. The URL is built
 * from the draft's tables as `buildWireRequest` builds it (query rows, list style
 * `comma`) and path parameters filled in as `buildWireRequest` fills them (as Postman's
 * `Url.toString()` does); their names and values are compared on their own too.
 */
import { applyAuth } from '../core/auth';
import { expandPath, formatUrlParts, parseUrlParts } from '../core/encoding';
import type { RequestDraft } from '../core/request';
import { queryParamsOfRows } from '../core/request';
import { queryAsTyped } from '../core/request/urlSync';

export type BodyView =
  | { mode: 'none' }
  | { mode: 'raw'; text: string }
  | { mode: 'json'; value: unknown }
  | { mode: 'urlencoded'; pairs: [string, string][] }
  | { mode: 'formdata'; parts: { name: string; file: boolean; value: string; contentType: string }[] }
  | { mode: 'file' };

/** One request as sent: what the conformance tests compare field by field. */
export interface RequestView {
  method: string;
  url: string;
  /** Path variables and their values (Postman's `url.variable`); empty for `.http`. */
  pathVariables: [string, string][];
  headers: [string, string][];
  body: BodyView;
}

/** The URL's path with `{name}` segments written `:name`, the way Postman writes them. */
function colonPath(pathText: string, names: ReadonlySet<string>): string {
  return pathText.replace(/(^|\/)\{([^{}/]+)\}(?=\/|$)/g, (match, slash: string, name: string) => (names.has(name) ? `${slash}:${name}` : match));
}

function bodyView(draft: RequestDraft): BodyView {
  const body = draft.body;
  switch (body.kind) {
    case 'json':
    case 'xml':
    case 'text':
      return body.texts[body.kind] === '' ? { mode: 'none' } : { mode: 'raw', text: body.texts[body.kind] };
    case 'form': {
      const pairs = body.form.filter((r) => r.enabled && r.name !== '').map((r) => [r.name, r.value] as [string, string]);
      return pairs.length === 0 ? { mode: 'none' } : { mode: 'urlencoded', pairs };
    }
    case 'multipart': {
      const parts = body.multipart
        .filter((p) => p.enabled)
        .map((p) => ({ name: p.name, file: p.kind === 'file', value: p.kind === 'file' ? (p.filename ?? p.file?.name ?? '') : p.value, contentType: p.kind === 'json' && p.contentType === '' ? 'application/json' : p.contentType }));
      return parts.length === 0 ? { mode: 'none' } : { mode: 'formdata', parts };
    }
    case 'binary':
      return { mode: 'file' };
    case 'graphql': {
      // The JSON a GraphQL POST sends (graphQlWireParts), variables spliced as written so `{{placeholders}}` survive.
      const g = body.graphql;
      if (!g || g.query.trim() === '') return { mode: 'none' };
      const fields = [`"query":${JSON.stringify(g.query)}`];
      if (g.variables.trim() !== '') fields.push(`"variables":${g.variables.trim()}`);
      if (g.operationName.trim() !== '') fields.push(`"operationName":${JSON.stringify(g.operationName.trim())}`);
      return { mode: 'raw', text: `{${fields.join(',')}}` };
    }
    default:
      return { mode: 'none' };
  }
}

/**
 * The request a draft sends, variables unresolved. `withAuth` adds the header the auth tab
 * produces (for `.http`, whose `Authorization: Basic user password` shorthand becomes auth).
 */
export function draftView(draft: RequestDraft, withAuth = false): RequestView {
  const parts = parseUrlParts(draft.url.trim());
  const names = new Set(draft.pathParams.map((p) => p.name));
  // Path parameters expanded as `buildWireRequest` expands them; when one has no value Wirebench will not send, and the URL keeps `:name`.
  const values = Object.fromEntries(draft.pathParams.map((p) => [p.name, p.value]));
  const expanded = expandPath(parts.path, values);
  const pathText = expanded.ok ? expanded.value : colonPath(parts.path, names);
  // The query as `buildWireRequest` sends it: typed empty pieces (`?&`, `a&&b`, a bare `?`) kept while the rows agree.
  const typed = queryAsTyped(draft.url.trim(), draft.query, queryParamsOfRows(draft.query));
  const url = typed === undefined ? formatUrlParts({ ...parts, path: pathText, query: queryParamsOfRows(draft.query) }, { lists: 'comma' }) : `${parts.base}${pathText}?${typed}`;
  const headers = draft.headers.filter((h) => h.enabled && h.name.trim() !== '').map((h) => [h.name.trim(), h.value] as [string, string]);
  if (withAuth && draft.auth.scheme !== 'none' && draft.auth.scheme !== 'vault') {
    const applied = applyAuth(draft.auth.scheme, draft.auth.values);
    if (applied.ok) headers.push(...applied.value.headers.map((h) => [h.name, h.value] as [string, string]));
  }
  return { method: draft.method, url, pathVariables: draft.pathParams.map((p) => [p.name, p.value]), headers, body: bodyView(draft) };
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A raw body that is JSON compares as JSON with a `json` body (a GraphQL body read either way). */
function comparableBody(body: BodyView): BodyView {
  if (body.mode === 'json') return { mode: 'json', value: graphQlComparable(body.value) };
  if (body.mode !== 'raw') return body;
  try {
    const value: unknown = JSON.parse(body.text);
    return typeof value === 'object' && value !== null && 'query' in value ? { mode: 'json', value: graphQlComparable(value) } : body;
  } catch {
    return body;
  }
}

/**
 * A GraphQL request's JSON in one key order, absent variables as `{}` (GraphQL over HTTP:
 * the same request), so `{"query","variables"}` and `{"query","operationName"}` compare by content.
 */
function graphQlComparable(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !('query' in value)) return value;
  const v = value as Record<string, unknown>;
  const keys = Object.keys(v).filter((k) => k !== 'query' && k !== 'variables' && k !== 'operationName');
  return { query: v.query, variables: v.variables ?? {}, ...(v.operationName !== undefined ? { operationName: v.operationName } : {}), ...Object.fromEntries(keys.map((k) => [k, v[k]])) };
}

function short(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/**
 * The first field on which `ours` and `theirs` disagree, as "field: ours vs theirs", or
 * undefined when they agree. Header names compare case-insensitively, in order, values exactly.
 */
export function firstDisagreement(ours: RequestView, theirs: RequestView): string | undefined {
  if (ours.method !== theirs.method) return `method: ${ours.method} vs ${theirs.method}`;
  if (ours.url !== theirs.url) return `url: ${short(ours.url)} vs ${short(theirs.url)}`;
  if (!sameJson(ours.pathVariables, theirs.pathVariables)) return `path variables: ${short(ours.pathVariables)} vs ${short(theirs.pathVariables)}`;
  const lower = (headers: [string, string][]) => headers.map(([n, v]) => [n.toLowerCase(), v]);
  if (!sameJson(lower(ours.headers), lower(theirs.headers))) return `headers: ${short(ours.headers)} vs ${short(theirs.headers)}`;
  const [a, b] = [comparableBody(ours.body), comparableBody(theirs.body)];
  if (!sameJson(a, b)) return `body: ${short(a)} vs ${short(b)}`;
  return undefined;
}
