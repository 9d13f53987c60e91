/**
 * An OpenAPI 3.0 / 3.1 / 3.2 or Swagger 2.0 description (one file or several) imported as a
 * collection: one request per operation, in a folder per tag, aimed at `{{baseUrl}}` (the
 * first server, its variables collection variables), with path, query, header and cookie
 * parameters, a body from the example or generated from the schema, the security scheme as
 * auth whose secrets are `{{variables}}` to fill in, and OAuth 2 flows as vault entry drafts.
 */
import { encodeForm } from '../encoding';
import { BODY_KIND_CONTENT_TYPES, draftRowId, urlWithQueryRows, type DraftAuth, type DraftInput, type MultipartPartDraft, type QueryRow } from '../request';
import { isJsonMediaType, isXmlMediaType } from '../http/requestBody';
import type { Result } from '../types';
import { fail, ok } from '../types';
import { workspaceItemId, type CollectionItem, type Folder } from '../workspace';
import { emptyCollection, guardDeepInput, savedRequestOf, type ImportResult } from './importResult';
import { sampleJsonSchema } from './jsonSchemaSample';
import { OPENAPI_METHODS, OpenApiRefs, type OpenApiOperation } from './openApiDocument';
import { dereferenceDescription, type DescriptionFile, type MissingReference } from './openApiFiles';
import { readOpenApi } from './openApiLenient';
import { authFor, vaultDraftsOf, type SecurityContext } from './openApiSecurity';
import { ownServerUrl, serverVariables } from './openApiServers';
import { xmlSample } from './xmlSample';

type Json = Record<string, unknown>;

interface Context extends SecurityContext {
  refs: OpenApiRefs;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

/** An example of a parameter or media type: `example`, the first of `examples`, or a schema sample. */
function exampleOf(ctx: Context, holder: Json, direction: 'request' | 'response' = 'request'): unknown {
  if (holder.example !== undefined) return holder.example;
  if (isObject(holder.examples)) {
    const first = ctx.refs.deref(Object.values(holder.examples)[0]);
    if (first && first.value !== undefined) return first.value;
  }
  return sampleJsonSchema(holder.schema, { resolve: (ref) => ctx.refs.lookup(ref), originOf: (schema) => ctx.refs.origin(schema), direction });
}

const MEDIA_PREFERENCE = [isJsonMediaType, (m: string) => m === 'application/x-www-form-urlencoded', (m: string) => m === 'multipart/form-data', isXmlMediaType, (m: string) => m.startsWith('text/')];

function requestBodyOf(ctx: Context, operation: OpenApiOperation, input: DraftInput, where: string): void {
  const requestBody = ctx.refs.deref(operation.requestBody);
  if (!requestBody || !isObject(requestBody.content)) return;
  const types = Object.keys(requestBody.content);
  const chosen = MEDIA_PREFERENCE.map((test) => types.find((t) => test(t.split(';')[0]!.trim().toLowerCase()))).find((t) => t !== undefined) ?? types[0];
  if (chosen === undefined) return;
  const media = ctx.refs.deref(requestBody.content[chosen]) ?? {};
  const essence = chosen.split(';')[0]!.trim().toLowerCase();
  const sample = exampleOf(ctx, media);
  const typeRow = (implied: string | undefined) => {
    if (implied === undefined || essence !== implied.split(';')[0]!.trim()) input.headers!.push({ name: 'Content-Type', value: chosen });
  };
  if (isJsonMediaType(essence)) {
    input.body = { kind: 'json', texts: { json: JSON.stringify(sample, null, 2) } };
    typeRow(BODY_KIND_CONTENT_TYPES.json);
  } else if (essence === 'application/x-www-form-urlencoded') {
    const fields = isObject(sample) ? Object.entries(sample) : [];
    input.body = { kind: 'form', form: fields.map(([name, value]) => ({ id: draftRowId(), enabled: true, name, value: text(value) })) };
  } else if (essence === 'multipart/form-data') {
    const schema = ctx.refs.deref(media.schema);
    const properties = isObject(schema?.properties) ? schema.properties : {};
    const values = isObject(sample) ? sample : {};
    input.body = {
      kind: 'multipart',
      multipart: Object.keys({ ...properties, ...values }).map((name): MultipartPartDraft => {
        const property = ctx.refs.deref(properties[name]) ?? {};
        const isFile = property.format === 'binary' || property.format === 'base64' || property.contentMediaType !== undefined || (property.type === 'array' && isObject(property.items) && property.items.format === 'binary');
        const value = values[name];
        const json = !isFile && (isObject(value) || Array.isArray(value));
        return { id: draftRowId(), enabled: true, name, kind: isFile ? 'file' : json ? 'json' : 'text', value: isFile ? '' : text(value), contentType: '', base64: false, headers: [] };
      }),
    };
  } else if (isXmlMediaType(essence)) {
    const schema = ctx.refs.deref(media.schema);
    const ref = isObject(media.schema) && typeof media.schema.$ref === 'string' ? media.schema.$ref : ctx.refs.origin(media.schema);
    const refName = ref?.split('/').pop();
    const root = (isObject(schema?.xml) && typeof schema.xml.name === 'string' ? schema.xml.name : undefined) ?? refName ?? 'root';
    input.body = { kind: 'xml', texts: { xml: typeof sample === 'string' ? sample : xmlSample(root, sample) } };
    typeRow(BODY_KIND_CONTENT_TYPES.xml);
  } else if (essence.startsWith('text/')) {
    input.body = { kind: 'text', texts: { text: text(sample) } };
    typeRow(BODY_KIND_CONTENT_TYPES.text);
  } else {
    input.body = { kind: 'binary' };
    input.headers!.push({ name: 'Content-Type', value: chosen });
  }
  if (types.length > 1) ctx.warnings.push(`${where}: the body is written as ${chosen}; the operation also accepts ${types.filter((t) => t !== chosen).join(', ')}.`);
}

/**
 * A path template holding a query (`/stats?post={post}`): OpenAPI forbids it, but real
 * descriptions write it and the tools that call them send it. Each pair becomes a query
 * row — `{name}` filled from the path parameter of that name, which then leaves the path
 * parameters — ahead of the declared query parameters.
 */
function splitQueryFromPath(ctx: Context, where: string, path: string, pathParams: { name: string; value: string }[]) {
  const at = path.indexOf('?');
  if (at < 0) return { path, query: [] as QueryRow[], pathParams };
  const rest = [...pathParams];
  const query: QueryRow[] = [];
  for (const pair of path.slice(at + 1).split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    let value = eq < 0 ? '' : pair.slice(eq + 1);
    const placeholder = /^\{([^{}]+)\}$/.exec(value)?.[1];
    const index = placeholder === undefined ? -1 : rest.findIndex((p) => p.name === placeholder);
    if (index >= 0) value = rest.splice(index, 1)[0]!.value;
    query.push({ id: draftRowId(), enabled: true, name, value });
  }
  ctx.warnings.push(`${where}: the path holds a query ("${path.slice(at)}"), which OpenAPI does not allow; its pairs became query parameters.`);
  return { path: path.slice(0, at), query, pathParams: rest };
}

function requestFor(ctx: Context, path: string, method: string, pathItem: Json, operation: OpenApiOperation): CollectionItem {
  const where = `${method.toUpperCase()} ${path}`;
  const params = new Map<string, Json>();
  for (const raw of [...((pathItem.parameters as unknown[]) ?? []), ...(operation.parameters ?? [])]) {
    const param = ctx.refs.deref(raw);
    if (param && typeof param.name === 'string' && typeof param.in === 'string') params.set(`${param.in}:${param.name}`, param);
  }
  const headers: NonNullable<DraftInput['headers']> = [];
  const query: QueryRow[] = [];
  const pathParams: { name: string; value: string }[] = [];
  const cookies: string[] = [];
  for (const param of params.values()) {
    const name = param.name as string;
    const value = exampleOf(ctx, param);
    const required = param.required === true || param.in === 'path';
    if (param.in === 'path') pathParams.push({ name, value: text(value) });
    else if (param.in === 'query') {
      const row: QueryRow = { id: draftRowId(), enabled: required || param.example !== undefined, name, value: text(value) };
      if (Array.isArray(value)) {
        const style = param.explode === false ? 'comma' : 'repeat';
        row.list = { style, items: value.map(text) };
        row.value = row.list.items.join(',');
      }
      query.push(row);
    } else if (param.in === 'header' && !/^(accept|content-type|authorization)$/i.test(name)) {
      headers.push({ id: draftRowId(), enabled: required, name, value: text(value) });
    } else if (param.in === 'cookie') cookies.push(`${name}=${text(value)}`);
  }
  if (cookies.length > 0) headers.push({ name: 'Cookie', value: cookies.join('; ') });
  const target = splitQueryFromPath(ctx, where, path, pathParams);
  query.unshift(...target.query);
  // An operation's or path item's own servers replace the document's (OpenAPI 3); the common case keeps {{baseUrl}}.
  const own = ownServerUrl(operation.servers) ?? ownServerUrl(pathItem.servers);
  const base = own === undefined || own === ownServerUrl(ctx.doc.servers) ? '{{baseUrl}}' : own;
  if (base !== '{{baseUrl}}') ctx.warnings.push(`${where}: sent to its own server, ${base}, not {{baseUrl}}.`);
  const input: DraftInput = { method: method.toUpperCase(), url: urlWithQueryRows(`${base}${target.path}`, query), query, pathParams: target.pathParams, headers };
  const auth = authFor(ctx, operation.security ?? ctx.doc.security, headers);
  if (auth) input.auth = auth;
  requestBodyOf(ctx, operation, input, where);
  const name = operation.summary?.trim() || operation.operationId || where;
  const description = [operation.deprecated ? 'Deprecated.' : '', operation.description ?? ''].filter((s) => s !== '').join('\n');
  const request = savedRequestOf(name, input, description || undefined);
  if (operation.callbacks) ctx.warnings.push(`${where}: callbacks (requests the API sends back) were not imported.`);
  return request;
}

/**
 * Imports an OpenAPI 3.0 / 3.1 / 3.2 or Swagger 2.0 description in one file (JSON or
 * YAML); see `importOpenApiFiles`.
 */
export function importOpenApi(text: string, fileName = 'openapi.yaml'): Result<ImportResult> {
  return importOpenApiFiles([{ path: fileName || 'openapi.yaml', text }]);
}

/**
 * Imports a description from one file or several (a folder, a zip): relative `$ref`s are
 * resolved within the files, Swagger 2.0 is upgraded. Fails with the file and the JSON or
 * YAML error's line and column, naming any unsupported version, or with the schema path of
 * each structural problem. Operations go in a folder per first tag (document tag order
 * first), untagged ones at the top; references to files not given are reported by name.
 */
export function importOpenApiFiles(files: readonly DescriptionFile[]): Result<ImportResult> {
  return guardDeepInput('OpenAPI description', () => importOpenApiUnguarded(files));
}

function importOpenApiUnguarded(files: readonly DescriptionFile[]): Result<ImportResult> {
  const described = dereferenceDescription(files);
  if (!described.ok) return described;
  const read = readOpenApi(described.value.document, (value) => described.value.origins.get(value));
  if (!read.ok) return files.length === 1 ? read : fail({ ...read.error, message: `${described.value.entry}: ${read.error.message}` });
  const doc = read.value.document;
  const collection = emptyCollection(doc.info.title);
  const servers = serverVariables(doc);
  const description = [doc.info.description ?? '', servers.listing].filter((s) => s !== '').join('\n\n');
  if (description) collection.description = description;
  const warnings: string[] = [...described.value.notes, ...read.value.notes, ...servers.warnings];
  const refs = new OpenApiRefs(read.value.root, described.value.origins);
  const ctx: Context = { doc, refs, variables: servers.variables, warnings, warnedSchemes: new Set() };
  const rootAuth = authFor(ctx, doc.security, []);
  if (rootAuth) collection.auth = rootAuth;
  const folders = new Map<string, Folder>((doc.tags ?? []).map((tag) => [tag.name, { kind: 'folder', id: workspaceItemId('fld'), name: tag.name, items: [], ...(tag.description ? { description: tag.description } : {}) }]));
  const top: CollectionItem[] = [];
  const skipped = [...described.value.skipped, ...read.value.skipped];
  for (const [path, declared] of Object.entries(doc.paths ?? {})) {
    const pathItem = refs.deref<Json>(declared);
    if (!pathItem) {
      skipped.push({ item: path, reason: `its path item is a $ref that did not resolve (${String((declared as Json).$ref)}).` });
      continue;
    }
    for (const method of OPENAPI_METHODS) {
      const operation = pathItem[method] as OpenApiOperation | undefined;
      if (!operation) continue;
      const request = requestFor(ctx, path, method, pathItem, operation);
      const tag = operation.tags?.[0];
      if (tag === undefined) top.push(request);
      else {
        if (!folders.has(tag)) folders.set(tag, { kind: 'folder', id: workspaceItemId('fld'), name: tag, items: [] });
        folders.get(tag)!.items.push(request);
      }
    }
  }
  collection.items = [...[...folders.values()].filter((f) => f.items.length > 0), ...top];
  collection.variables = ctx.variables;
  if (doc.webhooks) warnings.push(`${Object.keys(doc.webhooks).length} webhook(s) were not imported: they are requests the API sends, not ones you send.`);
  warnings.push(...missingReport(described.value.missing, refs.unresolved));
  const vaultDrafts = vaultDraftsOf(ctx);
  return ok({ collection, skipped, warnings, ...(vaultDrafts.length > 0 ? { vaultDrafts } : {}) });
}

/** Report lines for files that were not given (by name and referrer) and references that led nowhere. */
function missingReport(missing: readonly MissingReference[], unresolved: readonly string[]): string[] {
  const lines = missing.map((m) =>
    /^[a-z][a-z0-9+.-]*:/i.test(m.target)
      ? `${m.from} refers to ${m.target}, which was not fetched (imports never reach the network); what uses it was imported without it.`
      : `${m.from} refers to ${m.target}, which is not among the files given; what uses it was imported without it (add the file, or import the folder or a zip holding it).`,
  );
  const other = unresolved.filter((ref) => !missing.some((m) => ref.startsWith(`${m.target}#`) || ref === m.target));
  if (other.length > 0) lines.push(`These references could not be resolved: ${other.join(', ')}.`);
  return lines;
}
