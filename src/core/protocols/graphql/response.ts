/**
 * A GraphQL response read (GraphQL spec §7, GraphQL over HTTP §6.4): `data`, `errors` with
 * their `locations` (line and column in the query as sent) and `path` (where in `data` the
 * failed field would be), and what the pair says: complete, partial (data with errors),
 * a field error that nulled all data, or a request error (no `data` entry: the operation
 * never ran — a document that does not parse or validate, variables that do not fit).
 * Pure: no `graphql` package needed to read an answer.
 */

export interface GraphQlErrorLocation {
  line: number;
  column: number;
}

export interface GraphQlResponseError {
  message: string;
  locations: GraphQlErrorLocation[];
  /** Field names and list indexes from the root of `data`, when the error is a field's. */
  path?: (string | number)[];
  /** The server's `extensions.code`, when it gives one. */
  code?: string;
}

/** What the response says about the operation. */
export type GraphQlOutcome =
  /** `data` and no errors. */
  | 'complete'
  /** `data` (not null) with errors: some fields failed and came back null. */
  | 'partial'
  /** `data: null` with errors: a field error reached the root. */
  | 'data-null'
  /** Errors and no `data` entry: the request was refused before running. */
  | 'request-error';

export interface GraphQlResponse {
  outcome: GraphQlOutcome;
  errors: GraphQlResponseError[];
  /** The `data` entry (absent for a request error). */
  data?: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorOf(value: unknown): GraphQlResponseError {
  if (!isRecord(value)) return { message: String(value), locations: [] };
  const locations = Array.isArray(value.locations)
    ? value.locations.filter((l): l is { line: number; column: number } => isRecord(l) && typeof l.line === 'number' && typeof l.column === 'number').map((l) => ({ line: l.line, column: l.column }))
    : [];
  const path = Array.isArray(value.path) ? value.path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number') : undefined;
  const code = isRecord(value.extensions) && typeof value.extensions.code === 'string' ? value.extensions.code : undefined;
  return { message: typeof value.message === 'string' ? value.message : JSON.stringify(value.message ?? value), locations, ...(path && path.length > 0 ? { path } : {}), ...(code ? { code } : {}) };
}

/** The GraphQL response in `value` (already parsed JSON), or undefined when it has neither `data` nor `errors`. */
export function graphQlResponseOf(value: unknown): GraphQlResponse | undefined {
  if (!isRecord(value) || (!('data' in value) && !Array.isArray(value.errors))) return undefined;
  const errors = Array.isArray(value.errors) ? value.errors.map(errorOf) : [];
  if (!('data' in value)) return { outcome: 'request-error', errors };
  const data = value.data;
  const outcome: GraphQlOutcome = errors.length === 0 ? 'complete' : data === null ? 'data-null' : 'partial';
  return { outcome, errors, data };
}

/** The GraphQL response in `text` (JSON), or undefined when it is not JSON or not a GraphQL response. */
export function readGraphQlResponse(text: string): GraphQlResponse | undefined {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    return graphQlResponseOf(JSON.parse(trimmed));
  } catch {
    return undefined;
  }
}

/** A path as a person reads it: `book.author.name`, `books[2].title`. */
export function formatGraphQlPath(path: readonly (string | number)[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** One sentence for an error: its message, where in the query, and which field. */
export function describeGraphQlError(error: GraphQlResponseError): string {
  const where = error.locations.length > 0 ? ` (query line ${error.locations[0]!.line}, column ${error.locations[0]!.column})` : '';
  const field = error.path ? ` at ${formatGraphQlPath(error.path)}` : '';
  return `${error.message}${field}${where}`;
}
