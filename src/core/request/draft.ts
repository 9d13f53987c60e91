/**
 * A request as the person composes it (`RequestDraft`): a URL template with `{{variables}}`
 * and `{path}` parameters, tables for path parameters, query, headers, form fields and
 * multipart parts, an auth scheme with its form values, a body per kind, and send options.
 * Plain data only, so drafts survive storage, tabs and history unchanged.
 */
import type { AuthSchemeId } from '../auth';
import { parseUrlParts, pathParamNames, type QueryListStyle } from '../encoding';
import { generateBoundary } from '../encoding/multipartBoundary';
import type { FileRef } from '../types';
import type { GrpcSettings } from '../protocols/grpc/settings';
import type { McpSettings } from '../protocols/mcp/settings';
import type { RequestProtocol } from '../protocols/types';
import type { WebSocketSettings } from '../protocols/websocket/settings';
import { draftRowId } from './rowId';
import { queryRowsFromParams } from './urlSync';

/** One row of the headers table. Disabled rows are kept but not sent; order is wire order. */
export interface HeaderRow {
  id: string;
  enabled: boolean;
  name: string;
  value: string;
}

/**
 * One row of the query table. A plain row sends `name=value`; a list row sends its items
 * either comma-separated in one parameter or as the parameter repeated (spec §4.4).
 */
export interface QueryRow {
  id: string;
  enabled: boolean;
  name: string;
  /** The decoded value of a plain row (`{{variables}}` kept as written). */
  value: string;
  /** Present on a list row: its items and how they are written. */
  list?: { style: QueryListStyle; items: string[] };
  /** The exact text this row had in the URL, so an unedited row is written back byte for byte. */
  raw?: string;
}

/** The value of one `{name}` path parameter of the URL template. */
export interface PathParamRow {
  name: string;
  value: string;
}

/** A `name=value` row of an x-www-form-urlencoded body. */
export interface FormRow {
  id: string;
  enabled: boolean;
  name: string;
  value: string;
}

/** One part of a multipart body as the builder edits it. */
export interface MultipartPartDraft {
  id: string;
  enabled: boolean;
  /** The form field name. */
  name: string;
  /** Text content, JSON content, or a file streamed from disk at send time. */
  kind: 'text' | 'json' | 'file';
  /** The content of a text or JSON part. */
  value: string;
  /** The file of a file part (its bytes stay on disk until sent). */
  file?: FileRef;
  /** Overrides the file's own name in Content-Disposition `filename`. */
  filename?: string;
  /** The part's Content-Type; empty means the default for its kind. */
  contentType: string;
  /** Send the content as `Content-Transfer-Encoding: base64` (text and JSON parts only). */
  base64: boolean;
  /** Extra part headers, in order. */
  headers: HeaderRow[];
}

/** The body kinds the composer offers. */
export type DraftBodyKind = 'none' | 'json' | 'form' | 'multipart' | 'xml' | 'text' | 'binary';

/** Body kinds edited as text. */
export type TextBodyKind = 'json' | 'xml' | 'text';

/** Every kind's content at once, so switching kind keeps what was typed. */
export interface DraftBody {
  kind: DraftBodyKind;
  texts: Record<TextBodyKind, string>;
  form: FormRow[];
  multipart: MultipartPartDraft[];
  /** The multipart boundary, shown and regenerable. */
  boundary: string;
  /** The file of a binary body. */
  binary?: FileRef;
}

/** The auth tab: a scheme from `authSchemes` or a token from the vault, and its form values. */
export interface DraftAuth {
  scheme: AuthSchemeId | 'vault';
  /** Field values by field name; fields of every scheme share one record. */
  values: Record<string, string>;
  /** The vault entry whose token is used when `scheme` is `vault`. */
  vaultEntryId?: string;
}

/** How the relay sends the request. */
export interface DraftOptions {
  /** Send as POST with `X-HTTP-Method-Override` naming the method (spec §4.2). */
  methodOverride: boolean;
  followRedirects: boolean;
  timeoutMs: number;
  /** Skip certificate verification; the exchange is marked insecure. */
  insecureTls: boolean;
  /** "Send and store cookies" with the workspace jar; absent means on, false opts this request out. */
  cookies?: boolean;
  /** HTTP version: absent or `auto` (HTTP/2 when an https server picks it by ALPN), `http1` (Force HTTP/1.1), `h2c` (HTTP/2 prior knowledge for http targets). */
  protocol?: 'auto' | 'http1' | 'h2c';
}

/** The request being composed. */
export interface RequestDraft {
  id: string;
  name: string;
  method: string;
  /** The URL template as typed, query included; the tables below stay in sync with it. */
  url: string;
  pathParams: PathParamRow[];
  query: QueryRow[];
  headers: HeaderRow[];
  auth: DraftAuth;
  body: DraftBody;
  options: DraftOptions;
  /** What the request speaks; absent means HTTP (SOAP and GraphQL are HTTP with their own tools). */
  protocol?: RequestProtocol;
  /** A WebSocket request's own settings (`protocol: 'websocket'`). */
  websocket?: WebSocketSettings;
  /** A gRPC call's own settings (`protocol: 'grpc'`). */
  grpc?: GrpcSettings;
  /** An MCP server's own settings (`protocol: 'mcp'`). */
  mcp?: McpSettings;
}

/** The relay's default wait for a connection, a head or the next chunk. */
export const DEFAULT_DRAFT_TIMEOUT_MS = 30_000;

/** A body with nothing typed, kind `none`, and a fresh boundary. */
export function emptyDraftBody(): DraftBody {
  return { kind: 'none', texts: { json: '', xml: '', text: '' }, form: [], multipart: [], boundary: generateBoundary() };
}

/** A new empty GET draft aimed at `url`, with its tables read from the URL. */
export function emptyDraft(url = ''): RequestDraft {
  const parts = parseUrlParts(url);
  return {
    id: draftRowId('draft'),
    name: '',
    method: 'GET',
    url,
    pathParams: pathParamNames(url).map((name) => ({ name, value: '' })),
    query: queryRowsFromParams(parts.query),
    headers: [],
    auth: { scheme: 'none', values: {} },
    body: emptyDraftBody(),
    options: { methodOverride: false, followRedirects: false, timeoutMs: DEFAULT_DRAFT_TIMEOUT_MS, insecureTls: false },
  };
}

/** A header row as callers may give it: id and enabled may be left out. */
export type HeaderRowInput = Partial<HeaderRow> & { name: string; value: string };

/** What `normaliseDraft` accepts: any part of a draft, rows without ids included. */
export interface DraftInput extends Partial<Omit<RequestDraft, 'headers' | 'query' | 'body' | 'auth' | 'options'>> {
  headers?: HeaderRowInput[];
  query?: (Partial<QueryRow> & { name: string })[];
  body?: Partial<Omit<DraftBody, 'texts' | 'form' | 'multipart'>> & {
    texts?: Partial<Record<TextBodyKind, string>>;
    form?: (Omit<FormRow, 'id' | 'enabled'> & Partial<FormRow>)[];
    multipart?: (Omit<MultipartPartDraft, 'id' | 'enabled' | 'headers'> & Partial<MultipartPartDraft>)[];
  };
  auth?: Partial<DraftAuth>;
  options?: Partial<DraftOptions>;
}

function withRowIds<T extends { id?: string; enabled?: boolean }>(rows: readonly T[]): (T & { id: string; enabled: boolean })[] {
  return rows.map((row) => ({ ...row, id: row.id ?? draftRowId(), enabled: row.enabled ?? true }));
}

/**
 * A complete draft from a partial one: what lessons, history and collections hand to the
 * composer, or a draft stored by an older version. Missing parts take the defaults of
 * `emptyDraft`; rows without an id get one; when the URL is given without tables, the
 * query and path-parameter tables are read from it; path-parameter rows always follow the
 * template's `{name}` list (values kept by name).
 */
export function normaliseDraft(input: DraftInput): RequestDraft {
  const base = emptyDraft(input.url ?? '');
  const url = input.url ?? base.url;
  const query = input.query
    ? withRowIds(input.query).map((row) => ({ ...row, value: row.value ?? '' }) as QueryRow)
    : base.query;
  const given = new Map((input.pathParams ?? []).map((p) => [p.name, p.value]));
  const body: DraftBody = {
    ...base.body,
    ...input.body,
    texts: { ...base.body.texts, ...input.body?.texts },
    form: withRowIds(input.body?.form ?? []),
    multipart: (input.body?.multipart ?? []).map((part) => ({
      ...part,
      id: part.id ?? draftRowId(),
      enabled: part.enabled ?? true,
      headers: withRowIds(part.headers ?? []),
    })),
    boundary: input.body?.boundary || base.body.boundary,
  };
  return {
    id: input.id ?? base.id,
    name: input.name ?? base.name,
    method: input.method ?? base.method,
    url,
    pathParams: pathParamNames(url).map((name) => ({ name, value: given.get(name) ?? '' })),
    query,
    headers: withRowIds(input.headers ?? []),
    auth: { scheme: input.auth?.scheme ?? 'none', values: { ...input.auth?.values }, ...(input.auth?.vaultEntryId ? { vaultEntryId: input.auth.vaultEntryId } : {}) },
    body,
    options: { ...base.options, ...input.options },
    ...(input.protocol && input.protocol !== 'http' ? { protocol: input.protocol } : {}),
    ...(input.websocket ? { websocket: input.websocket } : {}),
    ...(input.grpc ? { grpc: input.grpc } : {}),
    ...(input.mcp ? { mcp: input.mcp } : {}),
  };
}
