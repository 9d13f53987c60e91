/**
 * From draft to wire: variables substituted, path parameters expanded, the query written
 * from its table, auth applied, the body encoded, the method override applied — exactly
 * the `WireRequest` the relay will send, plus the headers that are computed rather than
 * typed, so the composer can show everything that will go.
 */
import { applyAuth, type DigestCredentials } from '../auth';
import { escapesIn, expandPath, formatUrlParts, parseUrlParts, substituteVariables, type DynamicVariableResolver, type QueryParam, type VariableProblem } from '../encoding';
import type { KeptEscape } from '../lint';
import { applyMethodOverride } from '../http';
import type { HeaderField, Result, WireRequest } from '../types';
import { fail, ok } from '../types';
import type { RequestDraft } from './draft';
import { draftBodyOutput } from './draftBody';
import { framingHeaders } from './framing';
import { graphQlWireParts } from './graphQlWire';
import { emptyGraphQlBody } from '../protocols/graphql/body';
import { queryAsTyped, queryParamsOfRows } from './urlSync';

/** Where a computed header comes from. */
export type ComputedHeaderSource = 'host' | 'auth' | 'body' | 'length' | 'override';

/** A header the person did not type but that will be sent. */
export interface ComputedHeader extends HeaderField {
  source: ComputedHeaderSource;
}

/** A `{{name}}` left as written, and where in the draft it is. */
export interface DraftVariableProblem extends VariableProblem {
  /** `url`, `path parameter "id"`, `query`, `header "X-Key"`, `auth`, `body`, … */
  where: string;
}

/** The wire request and what the composer shows about it. */
export interface WireBuild {
  wire: WireRequest;
  /** Host, Authorization, Content-Type, X-HTTP-Method-Override, Content-Length: in wire order. */
  computedHeaders: ComputedHeader[];
  /** Variables that stayed unresolved, unique, in order of appearance. */
  unresolved: string[];
  /** One entry per unresolved variable and place, saying why. */
  variableProblems: DraftVariableProblem[];
  /** The auth is a vault token that is resolved only when sending. */
  vaultPending: boolean;
  /**
   * Query and path parameters whose text (typed in a table or substituted) already held
   * `%XX` escapes, sent as written; query parameters sent exactly as typed in the URL are
   * not listed (the person sees their escapes there). For the `query-escape-kept` note.
   */
  keptEscapes: KeptEscape[];
  /** Total body bytes (text as UTF-8, bytes, file sizes). */
  bodyLength: number;
  /** Digest credentials the relay answers the server's challenge with; kept out of `wire`, so out of history. */
  digest?: DigestCredentials;
  /** Dynamic variables (`$guid`, `$randomEmail`, …) the `dynamic` resolver gave values for, unique, in order; absent when none. */
  dynamic?: string[];
  /** The URL had no scheme (`localhost:3000/x`, or a variable gave one without it) and is sent over `http://`, as Postman and newman send it. */
  assumedHttp?: true;
}

/** Options of `buildWireRequest`. */
export interface WireBuildOptions {
  /** The header resolved from the vault for a `vault` auth scheme. */
  vaultCredential?: HeaderField;
  /**
   * Values of Postman's dynamic variables for names the environment does not define, drawn
   * once per use: `dynamicVariableResolver(faker)` when sending, `sampleDynamicValue` for a
   * preview. Without it `{{$guid}}` is unresolved like any undefined name.
   */
  dynamic?: DynamicVariableResolver;
}

/** A substitution pass over a draft that remembers what stayed unresolved, and where. */
class VariableScope {
  readonly unresolved: string[] = [];
  readonly problems: DraftVariableProblem[] = [];
  readonly dynamic: string[] = [];
  private readonly seen = new Set<string>();
  constructor(
    private readonly env: Record<string, string>,
    private readonly draw?: DynamicVariableResolver,
  ) {}

  text(text: string, where: string): string {
    if (!text.includes('{{')) return text;
    const result = substituteVariables(text, this.env, this.draw ? { dynamic: this.draw } : {});
    for (const name of result.dynamic ?? []) if (!this.dynamic.includes(name)) this.dynamic.push(name);
    for (const problem of result.problems) {
      const key = `${problem.name}\u0000${where}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      if (!this.unresolved.includes(problem.name)) this.unresolved.push(problem.name);
      this.problems.push({ ...problem, where });
    }
    return result.text;
  }
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

function bodyLengthOf(chunks: WireRequest['body']): number {
  let total = 0;
  for (const chunk of chunks ?? []) {
    if (typeof chunk === 'string') total += utf8Length(chunk);
    else if (chunk instanceof Uint8Array) total += chunk.length;
    else total += chunk.size;
  }
  return total;
}

function hasHeader(headers: readonly HeaderField[], name: string): boolean {
  const lower = name.toLowerCase();
  return headers.some((h) => h.name.toLowerCase() === lower);
}

function uniqueEscapes(texts: readonly string[]): string[] {
  return [...new Set(texts.flatMap((text) => escapesIn(text)))];
}

/** The parameters of the draft's own rows and path whose text held escapes kept as written. */
function keptEscapesOf(query: readonly QueryParam[], pathValues: Readonly<Record<string, string>>): KeptEscape[] {
  const kept: KeptEscape[] = [];
  for (const [name, value] of Object.entries(pathValues)) {
    const escapes = uniqueEscapes([value]);
    if (escapes.length > 0) kept.push({ kind: 'path', name, escapes });
  }
  for (const param of query) {
    if (param.raw !== undefined) continue;
    const escapes = uniqueEscapes([param.name, ...(typeof param.value === 'string' ? [param.value] : param.value)]);
    if (escapes.length > 0) kept.push({ kind: 'query', name: param.name, escapes });
  }
  return kept;
}

/** A URL that starts with its scheme and `//`. */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

function buildUrl(
  draft: RequestDraft,
  scope: VariableScope,
  extraQuery: { name: string; value: string }[],
  keptEscapes: KeptEscape[],
  assumed: { http: boolean },
): Result<string> {
  let template = draft.url.trim();
  if (template === '') return fail({ kind: 'url-empty', field: 'url', message: 'The URL is empty: type an address such as https://api.example.com/items.' });
  // A URL without a scheme (`api.example.com/items`, `localhost:3000/x`) is sent over http, as Postman and newman send it.
  if (!SCHEME.test(template) && !template.startsWith('{{') && !template.startsWith('/')) {
    template = `http://${template}`;
    assumed.http = true;
  }
  const parts = parseUrlParts(template);
  const values: Record<string, string> = {};
  for (const row of draft.pathParams) values[row.name] = scope.text(row.value, `path parameter "${row.name}"`);
  const path = expandPath(parts.path, values);
  if (!path.ok) return fail({ ...path.error, field: `path:${path.error.field ?? ''}` });
  const fromRows = queryParamsOfRows(draft.query, (text) => scope.text(text, 'query'));
  keptEscapes.push(...keptEscapesOf(fromRows, values));
  const query = [...fromRows, ...extraQuery];
  const base = scope.text(parts.base, 'url');
  const typed = queryAsTyped(template, draft.query, query);
  let url = typed === undefined ? formatUrlParts({ base, path: scope.text(path.value, 'url'), query }, { lists: 'comma' }) : `${base}${scope.text(path.value, 'url')}?${typed}`;
  // Likewise when a variable gave the host without a scheme (`{{baseUrl}}` = `localhost:3000`); not while the URL still holds an undefined one.
  if (!SCHEME.test(url) && !url.startsWith('/') && !scope.problems.some((p) => p.where === 'url')) {
    url = `http://${url}`;
    assumed.http = true;
  }
  // The URL parser drops tabs and line breaks; Postman sends them encoded.
  url = url.replace(/[\t\n\r]/g, (c) => encodeURIComponent(c));
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    const missing = scope.problems.find((p) => p.where === 'url');
    return fail({
      kind: 'url-invalid',
      field: 'url',
      message: missing
        ? `The URL is not complete: ${missing.message}, so "${url}" is not an address.`
        : `"${url}" is not an absolute URL: it needs a scheme and a host, e.g. https://api.example.com/items.`,
    });
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return fail({ kind: 'url-scheme', field: 'url', message: `Only http: and https: URLs can be sent, not ${parsed.protocol}` });
  }
  return ok(url);
}

/**
 * Turns a draft into the wire request, resolving `{{variables}}` from `env` everywhere
 * (URL, path parameters, query, headers, auth, body). Header order is the table's, then
 * auth, then the body's Content-Type (only when no Content-Type was typed), then the
 * method override. Host and Content-Length are not in `wire.headers` — the relay adds them
 * — but are listed in `computedHeaders` with the rest.
 *
 * Unresolved variables are sent as written and listed, never a failure by themselves.
 * Failures, each with `field` naming what to fix: `url-empty`, `url-invalid`,
 * `url-scheme` (`url`); `missing-path-param`, `dot-segment-path-param` (`path:<name>`);
 * the auth scheme's own errors (`auth:<field>`); multipart and binary body errors
 * (`multipart:<part id>`, `boundary`, `body`); `method-empty` (`method`).
 */
export function buildWireRequest(draft: RequestDraft, env: Record<string, string>, options: WireBuildOptions = {}): Result<WireBuild> {
  const scope = new VariableScope(env, options.dynamic);
  let method = draft.method.trim();
  if (method === '') return fail({ kind: 'method-empty', field: 'method', message: 'The method is empty: choose GET, POST or another method.' });
  // A GraphQL body decides the method (POST JSON, or GET with the query string) and its Accept.
  const graphQl = draft.body.kind === 'graphql' ? graphQlWireParts(draft.body.graphql ?? emptyGraphQlBody(), method, (text, where) => scope.text(text, where)) : undefined;
  if (graphQl && !graphQl.ok) return graphQl;
  if (graphQl) method = graphQl.value.method;

  const computed: ComputedHeader[] = [];
  const authHeaders: HeaderField[] = [];
  const authQuery: { name: string; value: string }[] = [];
  let vaultPending = false;
  let digest: DigestCredentials | undefined;
  if (draft.auth.scheme === 'vault') {
    if (options.vaultCredential) authHeaders.push(options.vaultCredential);
    else vaultPending = true;
  } else if (draft.auth.scheme !== 'none') {
    const values: Record<string, string> = {};
    for (const [name, value] of Object.entries(draft.auth.values)) values[name] = scope.text(value, 'auth');
    const applied = applyAuth(draft.auth.scheme, values);
    if (!applied.ok) return fail({ ...applied.error, field: `auth:${applied.error.field ?? 'scheme'}` });
    authHeaders.push(...applied.value.headers);
    authQuery.push(...(applied.value.query ?? []));
    digest = applied.value.digest;
  }

  const keptEscapes: KeptEscape[] = [];
  const assumed = { http: false };
  const url = buildUrl(draft, scope, [...authQuery, ...(graphQl?.value.query ?? [])], keptEscapes, assumed);
  if (!url.ok) return url;

  const headers: HeaderField[] = [];
  for (const row of draft.headers) {
    if (!row.enabled || row.name.trim() === '') continue;
    const name = scope.text(row.name.trim(), `header "${row.name.trim()}"`);
    headers.push({ name, value: scope.text(row.value, `header "${row.name.trim()}"`) });
  }
  for (const header of authHeaders) {
    headers.push(header);
    computed.push({ ...header, source: 'auth' });
  }

  const body = graphQl ? ok({ chunks: graphQl.value.chunks, contentType: graphQl.value.contentType }) : draftBodyOutput(draft.body, (text, where) => scope.text(text, where));
  if (!body.ok) return body;
  if (graphQl && !hasHeader(headers, 'accept')) {
    const header = { name: 'Accept', value: graphQl.value.accept };
    headers.push(header);
    computed.push({ ...header, source: 'body' });
  }
  if (body.value.contentType !== undefined && !hasHeader(headers, 'content-type')) {
    const header = { name: 'Content-Type', value: body.value.contentType };
    headers.push(header);
    computed.push({ ...header, source: 'body' });
  }

  let wire: WireRequest = { method, url: url.value, headers };
  if (body.value.chunks.length > 0) wire.body = body.value.chunks;
  if (draft.options.methodOverride && method !== 'POST') {
    wire = applyMethodOverride(wire);
    const override = wire.headers.find((h) => h.name.toLowerCase() === 'x-http-method-override');
    if (override) computed.push({ ...override, source: 'override' });
  }

  const bodyLength = bodyLengthOf(wire.body);
  const framed = framingHeaders({ method: wire.method, host: new URL(wire.url).host, headers: wire.headers, hasBody: bodyLength > 0, bodyLength });
  const host = framed[0]?.name === 'Host' && !hasHeader(wire.headers, 'host') ? framed[0] : undefined;
  const framing = framed.slice((host ? 1 : 0) + wire.headers.length);
  return ok({
    wire,
    computedHeaders: [
      ...(host ? [{ ...host, source: 'host' as const }] : []),
      ...computed,
      ...framing.map((h) => ({ ...h, source: 'length' as const })),
    ],
    unresolved: scope.unresolved,
    variableProblems: scope.problems,
    vaultPending,
    keptEscapes,
    bodyLength,
    ...(digest ? { digest } : {}),
    ...(scope.dynamic.length > 0 ? { dynamic: scope.dynamic } : {}),
    ...(assumed.http ? { assumedHttp: true } : {}),
  });
}
