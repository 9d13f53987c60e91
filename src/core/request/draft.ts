/**
 * A request as the person composes it (`RequestDraft`): a URL template with `{{variables}}`
 * and `{path}` parameters, tables for path parameters, query, headers, form fields and
 * multipart parts, an auth scheme with its form values, a body per kind, and send options.
 * Plain data only, so drafts survive storage, tabs and history unchanged.
 */
import { parseUrlParts, pathParamNames } from '../encoding';
import { generateBoundary } from '../encoding/multipartBoundary';
import { normaliseGraphQlBody } from '../protocols/graphql/body';
import { draftRowId } from './rowId';
import { queryRowsFromParams } from './urlSync';
import type { HeaderRow, QueryRow, PathParamRow, FormRow, MultipartPartDraft, DraftBodyKind, TextBodyKind, DraftBody, DraftAuth, DraftOptions, RequestDraft } from './draftTypes';
export type { HeaderRow, QueryRow, PathParamRow, FormRow, MultipartPartDraft, DraftBodyKind, TextBodyKind, DraftBody, DraftAuth, DraftOptions, RequestDraft } from './draftTypes';

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
  body?: Partial<Omit<DraftBody, 'texts' | 'form' | 'multipart' | 'graphql'>> & {
    graphql?: Partial<NonNullable<DraftBody['graphql']>>;
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
  const { graphql, ...givenBody } = input.body ?? {};
  const body: DraftBody = {
    ...base.body,
    ...givenBody,
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
  if (graphql || body.kind === 'graphql') body.graphql = normaliseGraphQlBody(graphql);
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
