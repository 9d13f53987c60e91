/**
 * How the OpenAPI conformance tests (one file per description, and multi-file descriptions)
 * compare Wirebench's requests with the oracle's operations; see `openapi.conformance.test.ts`
 * for what counts as imported and agreeing.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { ImportResult } from '../core/formats/importResult';
import type { RequestDraft } from '../core/request/draft';
import type { CollectionItem, Variable } from '../core/workspace/model';
import type { OracleOperation } from './openapiOracle';
import type { ConformanceRow } from './report';

/** The JSON and YAML files under `dir`, at any depth, sorted. */
export function descriptionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? descriptionFiles(path.join(dir, entry.name)) : /\.(ya?ml|json)$/i.test(entry.name) ? [path.join(dir, entry.name)] : []))
    .sort();
}

const IMPLIED_TYPES: Record<string, string> = {
  json: 'application/json',
  xml: 'application/xml',
  text: 'text/plain',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
};

export function requestsOf(items: CollectionItem[]): RequestDraft[] {
  return items.flatMap((item) => (item.kind === 'folder' ? requestsOf(item.items) : [item.draft]));
}

const pathOf = (draft: RequestDraft) => draft.url.replace(/^\{\{baseUrl\}\}/, '').split('?')[0]!;

/** Pairs each oracle operation with a request: by method and path first, then leftovers of one method in order. */
export function pairUp(operations: OracleOperation[], drafts: RequestDraft[]): [OracleOperation, RequestDraft | undefined][] {
  const left = [...drafts];
  const take = (test: (d: RequestDraft) => boolean) => {
    const index = left.findIndex(test);
    return index < 0 ? undefined : left.splice(index, 1)[0];
  };
  const exact = operations.map((op) => take((d) => d.method === op.method && pathOf(d) === op.path));
  return operations.map((op, i) => [op, exact[i] ?? take((d) => d.method === op.method)]);
}

function contentTypeOf(draft: RequestDraft): string | undefined {
  if (draft.body.kind === 'none') return undefined;
  const row = draft.headers.find((h) => h.enabled && h.name.toLowerCase() === 'content-type');
  return (row?.value ?? IMPLIED_TYPES[draft.body.kind] ?? '').split(';')[0]!.trim().toLowerCase();
}

const missing = (wanted: string[], have: string[]) => wanted.filter((name) => !have.includes(name));

/** `text` with the collection's `{{variables}}` replaced by their values (which may hold variables themselves). */
function withVariables(text: string, variables: Variable[]): string {
  let result = text;
  for (let round = 0; round < 5 && /\{\{[^{}]+\}\}/.test(result); round += 1) {
    result = result.replace(/\{\{([^{}]+)\}\}/g, (whole, name: string) => variables.find((v) => v.name === name)?.value ?? whole);
  }
  return result;
}

/** The fields on which the request differs from the operation, as "field: ours vs theirs". */
export function disagreements(op: OracleOperation, draft: RequestDraft, variables: Variable[]): string[] {
  const found: string[] = [];
  if (draft.method !== op.method) found.push(`method: ${draft.method} vs ${op.method}`);
  // A query written into the path template (OpenAPI does not allow it, real files do it) must come back as query rows.
  const [opUrl, literalQuery = ''] = op.url.split('?');
  const url = withVariables(draft.url.split('?')[0]!, variables);
  if (url !== opUrl) found.push(`url: ${url} vs ${opUrl}`);
  const literalNames = literalQuery.split('&').flatMap((pair) => (pair === '' ? [] : [decodeURIComponent(pair.split('=')[0]!)]));
  const absent = missing(literalNames, draft.query.map((q) => q.name));
  if (absent.length) found.push(`url: query ${absent.join(', ')} of the path template not sent`);
  const headers = draft.headers.filter((h) => !/^(content-type|cookie)$/i.test(h.name));
  const enabledHeaders = headers.filter((h) => h.enabled).map((h) => h.name.toLowerCase());
  const headerProblems = [...missing(op.requiredHeaders, enabledHeaders).map((n) => `required ${n} not sent`), ...missing(headers.map((h) => h.name.toLowerCase()), op.headers).map((n) => `${n} undeclared`)];
  if (headerProblems.length) found.push(`headers: ${headerProblems.join(', ')}`);
  const enabledQuery = draft.query.filter((q) => q.enabled).map((q) => q.name);
  const declaredQuery = [...op.query, ...literalNames];
  const queryProblems = [...missing(op.requiredQuery, enabledQuery).map((n) => `required ${n} not sent`), ...missing(draft.query.map((q) => q.name), declaredQuery).map((n) => `${n} undeclared`)];
  if (queryProblems.length) found.push(`query: ${queryProblems.join(', ')}`);
  const type = contentTypeOf(draft);
  if (op.bodyTypes ? type === undefined || !op.bodyTypes.includes(type) : type !== undefined) found.push(`body: ${type ?? 'none'} vs ${op.bodyTypes?.join(' | ') ?? 'none'}`);
  return found;
}

export interface Tally {
  row: ConformanceRow;
  /** Disagreements by field (method, url, headers, query, body). */
  byField: Record<string, number>;
  unreadable: string[];
}

export function emptyTally(format: string): Tally {
  return { row: { format, files: 0, items: 0, outOfScope: {}, throws: 0, imported: 0, agreeing: 0, examples: [] }, byField: {}, unreadable: [] };
}

/** Counts `result`'s requests against the oracle's `operations` into `tally`, with examples named after `name`. */
export function tallyImport(name: string, operations: OracleOperation[], result: ImportResult, tally: Tally): void {
  const { row } = tally;
  const collection = result.collection;
  for (const [op, draft] of pairUp(operations, requestsOf(collection.items))) {
    if (!draft) {
      row.examples.push(`${name}#${op.method} ${op.path}: not imported`);
      continue;
    }
    row.imported += 1;
    const found = disagreements(op, draft, collection.variables);
    if (found.length === 0) row.agreeing += 1;
    for (const problem of found) {
      const field = problem.split(':')[0]!;
      tally.byField[field] = (tally.byField[field] ?? 0) + 1;
      row.examples.push(`${name}#${op.method} ${op.path}: ${problem}`);
    }
  }
}
