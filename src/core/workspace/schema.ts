/**
 * Validation and versioning of stored workspace records (collections, environments,
 * history entries). Whatever comes out of IndexedDB or a workspace folder is checked here
 * before the app trusts it: a record written by an older version is migrated, one written
 * by a newer version is refused by name, and one that fails validation is set aside with
 * the reasons — never silently dropped and never taking the other records down with it.
 */
import { z } from 'zod';
import { authScheme, type AuthSchemeId } from '../auth';
import { normaliseDraft, type DraftInput, type RequestDraft } from '../request';
import type { Result } from '../types';
import { fail, ok } from '../types';
import { WORKSPACE_SCHEMA_VERSION, type Collection, type CollectionItem, type Environment, type HistoryEntry } from './model';
import { formatSchemaProblem, schemaProblems } from './schemaIssues';

const headerField = z.object({ name: z.string(), value: z.string() });
const fileRef = z.object({ kind: z.literal('file'), id: z.string(), name: z.string(), size: z.number(), type: z.string().optional() });
const row = z.object({ id: z.string().optional(), enabled: z.boolean().optional(), name: z.string(), value: z.string() });

/** A draft's auth: a scheme this version knows (or `vault`) and its form values. */
export const draftAuthSchema = z.object({
  scheme: z
    .string()
    .refine((id) => id === 'vault' || authScheme(id) !== undefined, { message: 'is not an auth scheme this version knows' })
    .transform((id) => id as AuthSchemeId | 'vault'),
  values: z.record(z.string(), z.string()),
  vaultEntryId: z.string().optional(),
});

/**
 * A stored request draft. Only method and URL are required; every other part is checked
 * when present and filled with defaults by `normaliseDraft` when missing, so a draft
 * saved before a field existed still loads.
 */
export const requestDraftSchema = z
  .looseObject({
    id: z.string().optional(),
    name: z.string().optional(),
    method: z.string(),
    url: z.string(),
    pathParams: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
    query: z
      .array(
        z.object({
          id: z.string().optional(),
          enabled: z.boolean().optional(),
          name: z.string(),
          value: z.string().optional(),
          list: z.object({ style: z.enum(['comma', 'repeat']), items: z.array(z.string()) }).optional(),
          raw: z.string().optional(),
        }),
      )
      .optional(),
    headers: z.array(row).optional(),
    auth: draftAuthSchema.partial().optional(),
    body: z
      .object({
        kind: z.enum(['none', 'json', 'form', 'multipart', 'xml', 'text', 'binary', 'graphql']),
        texts: z.object({ json: z.string(), xml: z.string(), text: z.string() }).partial().optional(),
        form: z.array(row).optional(),
        multipart: z
          .array(
            z.object({
              id: z.string().optional(),
              enabled: z.boolean().optional(),
              name: z.string(),
              kind: z.enum(['text', 'json', 'file']),
              value: z.string(),
              file: fileRef.optional(),
              filename: z.string().optional(),
              contentType: z.string(),
              base64: z.boolean(),
              headers: z.array(row).optional(),
            }),
          )
          .optional(),
        boundary: z.string().optional(),
        binary: fileRef.optional(),
        graphql: z.object({ query: z.string(), variables: z.string(), operationName: z.string(), method: z.enum(['POST', 'GET']).optional(), subscriptionUrl: z.string().optional(), collectMs: z.number().optional(), collectCount: z.number().optional() }).partial().optional(),
      })
      .optional(),
    options: z
      .object({
        methodOverride: z.boolean(),
        followRedirects: z.boolean(),
        timeoutMs: z.number().positive(),
        insecureTls: z.boolean(),
        cookies: z.boolean(),
        protocol: z.enum(['auto', 'http1', 'h2c']),
        maxRedirects: z.number().int().min(0).max(50),
        postmanRedirects: z.object({ followOriginalMethod: z.boolean(), removeReferer: z.boolean() }),
      })
      .partial()
      .optional(),
    // Each live protocol checks its own settings where it uses them; here only their shape as records.
    protocol: z.enum(['http', 'websocket', 'grpc', 'mcp']).optional(),
    websocket: z.looseObject({}).optional(),
    grpc: z.looseObject({}).optional(),
    mcp: z.looseObject({}).optional(),
  })
  .transform((draft): RequestDraft => (isCompleteDraft(draft) ? (draft as unknown as RequestDraft) : normaliseDraft(draft as DraftInput)));

const hasIds = (rows: unknown): boolean => Array.isArray(rows) && rows.every((row) => typeof (row as { id?: unknown }).id === 'string' && typeof (row as { enabled?: unknown }).enabled === 'boolean');

/**
 * Whether a validated stored draft already has every part, so loading 10,000 history
 * entries does not rebuild each one (new row ids, a new boundary) through `normaliseDraft`.
 */
function isCompleteDraft(draft: Record<string, unknown>): boolean {
  const body = draft.body as Record<string, unknown> | undefined;
  const texts = body?.texts as Record<string, unknown> | undefined;
  const options = draft.options as Record<string, unknown> | undefined;
  const auth = draft.auth as Record<string, unknown> | undefined;
  return (
    typeof draft.id === 'string' &&
    typeof draft.name === 'string' &&
    Array.isArray(draft.pathParams) &&
    hasIds(draft.query) &&
    hasIds(draft.headers) &&
    typeof auth?.scheme === 'string' &&
    typeof auth.values === 'object' &&
    typeof body?.boundary === 'string' &&
    body.boundary !== '' &&
    typeof texts?.json === 'string' &&
    typeof texts.xml === 'string' &&
    typeof texts.text === 'string' &&
    hasIds(body.form) &&
    Array.isArray(body.multipart) &&
    body.multipart.every((part: { id?: unknown; enabled?: unknown; headers?: unknown }) => typeof part.id === 'string' && typeof part.enabled === 'boolean' && hasIds(part.headers)) &&
    ['methodOverride', 'followRedirects', 'timeoutMs', 'insecureTls'].every((key) => options?.[key] !== undefined)
  );
}

/** A collection or environment variable. */
export const variableSchema = z.object({ name: z.string(), value: z.string(), secret: z.boolean().optional(), enabled: z.boolean().optional(), type: z.enum(['number', 'boolean']).optional() });

/** What a capture or an assertion reads (see `ExchangeSubject` in core/run). */
const exchangeSubjectSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('status') }),
  z.object({ kind: z.literal('header'), name: z.string() }),
  z.object({ kind: z.literal('cookie'), name: z.string() }),
  z.object({ kind: z.literal('jsonpath'), path: z.string() }),
  z.object({ kind: z.literal('xpath'), expression: z.string() }),
  z.object({ kind: z.literal('regex'), pattern: z.string(), flags: z.string().optional(), group: z.number().int().min(0).optional() }),
  z.object({ kind: z.literal('body') }),
  z.object({ kind: z.literal('duration') }),
  z.object({ kind: z.literal('size') }),
]);

const captureSchema = z.object({
  id: z.string().min(1),
  enabled: z.boolean().optional(),
  variable: z.string(),
  scope: z.enum(['run', 'environment', 'collection']),
  from: exchangeSubjectSchema,
  secret: z.boolean().optional(),
});

const assertionOperator = z.enum(['==', '!=', '<', '<=', '>', '>=', 'contains', 'not-contains', 'matches', 'exists', 'not-exists', 'type', 'length']);
const assertionSchema = z.discriminatedUnion('kind', [
  z.object({ id: z.string().min(1), enabled: z.boolean().optional(), kind: z.literal('compare'), subject: exchangeSubjectSchema, operator: assertionOperator, expected: z.string().optional() }),
  z.object({ id: z.string().min(1), enabled: z.boolean().optional(), kind: z.literal('json-schema'), schema: z.string() }),
  z.object({ id: z.string().min(1), enabled: z.boolean().optional(), kind: z.literal('conforms'), strict: z.boolean().optional() }),
]);

const savedRequestSchema = z.object({
  kind: z.literal('request'),
  id: z.string().min(1),
  name: z.string(),
  draft: requestDraftSchema,
  description: z.string().optional(),
  requestType: z.enum(['http', 'soap']),
  soap: z.object({ wsdlUrl: z.string(), service: z.string(), port: z.string(), operation: z.string() }).optional(),
  scripts: z.array(z.object({ phase: z.enum(['pre-request', 'post-response']), dialect: z.string(), text: z.string().optional(), file: z.string().optional() })).optional(),
  captures: z.array(captureSchema).optional(),
  assertions: z.array(assertionSchema).optional(),
});

/** A folder or saved request, recursively. */
export const collectionItemSchema: z.ZodType<CollectionItem> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    savedRequestSchema,
    z.object({ kind: z.literal('folder'), id: z.string().min(1), name: z.string(), items: z.array(collectionItemSchema), description: z.string().optional() }),
  ]),
) as unknown as z.ZodType<CollectionItem>;

const version = z.literal(WORKSPACE_SCHEMA_VERSION);

/** A stored collection. */
export const collectionSchema = z.object({
  version,
  id: z.string().min(1),
  name: z.string(),
  description: z.string().optional(),
  variables: z.array(variableSchema),
  items: z.array(collectionItemSchema),
  auth: draftAuthSchema.optional(),
});

/** A stored environment. */
export const environmentSchema = z.object({ version, id: z.string().min(1), name: z.string(), variables: z.array(variableSchema), secret: z.boolean().optional() });

const count = z.number().nonnegative();

/** A stored history entry. */
export const historyEntrySchema = z.object({
  version,
  id: z.string().min(1),
  at: z.iso.datetime({ offset: true }),
  draft: requestDraftSchema,
  wire: z.object({ method: z.string(), url: z.string(), headers: z.array(headerField), bodyText: z.string().optional() }),
  status: z.number().int().min(0).max(999).optional(),
  reason: z.string().optional(),
  httpVersion: z.string().optional(),
  durationMs: count.optional(),
  responseHeaders: z.array(headerField).optional(),
  responseBodyRef: z.string().optional(),
  sizes: z
    .object({ requestHeaders: count, requestBody: count, responseHeaders: count, responseBodyWire: count, responseBodyDecoded: count })
    .partial()
    .optional(),
  timings: z
    .object({ dns: count, connect: count, tls: count, send: count, firstByte: count, download: count, total: count, reusedConnection: z.boolean() })
    .optional(),
  error: z.object({ kind: z.string(), message: z.string() }).optional(),
});

export { storedWorkspaceRecord, type StoredWorkspaceRecord, type WorkspaceRecordKind, type WorkspaceRecordValues } from './storedRecord';
import type { WorkspaceRecordKind, WorkspaceRecordValues } from './storedRecord';

const schemas = { collection: collectionSchema, environment: environmentSchema, history: historyEntrySchema } as const;


function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Version 0 (records from before versioning) left out defaults; fill them so version 1 validates. */
function migrateItemsFromV0(items: unknown): unknown {
  if (!Array.isArray(items)) return items;
  return items.map((item) => {
    if (!isRecord(item)) return item;
    const kind = item.kind ?? (Array.isArray(item.items) ? 'folder' : 'request');
    if (kind === 'folder') return { ...item, kind, items: migrateItemsFromV0(item.items) };
    return { ...item, kind, requestType: item.requestType ?? (item.soap ? 'soap' : 'http') };
  });
}

/**
 * Brings a raw stored record of `kind` up to `WORKSPACE_SCHEMA_VERSION`. A record without
 * a version is version 0 (written before records were versioned): missing variable lists,
 * item kinds and request types are filled in. Fails, naming the version, for a record
 * written by a newer Wirebench, and for a version that is not a whole number.
 */
export function migrateWorkspaceRecord(kind: WorkspaceRecordKind, raw: unknown): Result<unknown> {
  if (!isRecord(raw)) {
    return fail({ kind: 'record-not-object', message: `A stored ${kind} must be an object, but this one is ${raw === null ? 'null' : Array.isArray(raw) ? 'an array' : typeof raw}.` });
  }
  const given = raw.version ?? 0;
  if (typeof given !== 'number' || !Number.isInteger(given) || given < 0) {
    return fail({ kind: 'record-version-invalid', field: 'version', message: `The ${kind} has version ${JSON.stringify(given)}, which is not a schema version (a whole number).` });
  }
  if (given > WORKSPACE_SCHEMA_VERSION) {
    return fail({
      kind: 'record-version-newer',
      field: 'version',
      message: `The ${kind} was written by a newer Wirebench (schema version ${given}; this one reads up to ${WORKSPACE_SCHEMA_VERSION}). Update Wirebench to load it.`,
    });
  }
  let record: Record<string, unknown> = raw;
  if (given === 0) {
    record = { ...record, version: 1 };
    if (kind !== 'history') record.variables = record.variables ?? [];
    if (kind === 'collection') record.items = migrateItemsFromV0(record.items ?? []);
  }
  return ok(record);
}

/**
 * Migrates and validates one stored record. The failure's message lists every problem
 * with its path (`items[2].draft.url: is required`), and `field` is the first path.
 */
export function validateWorkspaceRecord<K extends WorkspaceRecordKind>(kind: K, raw: unknown): Result<WorkspaceRecordValues[K]> {
  const migrated = migrateWorkspaceRecord(kind, raw);
  if (!migrated.ok) return migrated;
  const parsed = schemas[kind].safeParse(migrated.value);
  if (!parsed.success) {
    const problems = schemaProblems(parsed.error);
    return fail({
      kind: 'record-invalid',
      field: problems[0]?.path,
      message: `The stored ${kind} is not valid: ${problems.slice(0, 5).map(formatSchemaProblem).join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}.`,
    });
  }
  const { version: _version, ...value } = parsed.data;
  return ok(value as unknown as WorkspaceRecordValues[K]);
}

/** A stored record that did not load, kept with the reasons so the app can report and keep it. */
export interface SetAsideRecord {
  /** Its index in the list given to `validateWorkspaceRecords`. */
  index: number;
  /** Its `id`, when it has a string one. */
  id?: string;
  /** Its `name`, when it has a string one, to name it in a report. */
  name?: string;
  raw: unknown;
  reason: string;
  /** The error kind: `record-invalid`, `record-version-newer`, `record-not-object`, … */
  kind: string;
}

/** Records that loaded, and records set aside with reasons. */
export interface WorkspaceRecordsLoad<T> {
  records: T[];
  setAside: SetAsideRecord[];
}

/**
 * Validates every raw record of `kind` on its own: the valid ones load (in order) and each
 * invalid one is set aside with its reason, so one damaged record never hides the rest.
 */
export function validateWorkspaceRecords<K extends WorkspaceRecordKind>(kind: K, raws: readonly unknown[]): WorkspaceRecordsLoad<WorkspaceRecordValues[K]> {
  const records: WorkspaceRecordValues[K][] = [];
  const setAside: SetAsideRecord[] = [];
  raws.forEach((raw, index) => {
    const result = validateWorkspaceRecord(kind, raw);
    if (result.ok) {
      records.push(result.value);
      return;
    }
    const entry: SetAsideRecord = { index, raw, reason: result.error.message, kind: result.error.kind };
    if (isRecord(raw) && typeof raw.id === 'string') entry.id = raw.id;
    if (isRecord(raw) && typeof raw.name === 'string') entry.name = raw.name;
    setAside.push(entry);
  });
  return { records, setAside };
}
