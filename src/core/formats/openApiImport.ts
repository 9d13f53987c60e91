/**
 * An OpenAPI 3.0 / 3.1 document imported as a collection: one request per operation, in
 * a folder per tag, aimed at `{{baseUrl}}` (the first server), with path, query, header
 * and cookie parameters, a body from the example or generated from the schema, and the
 * security scheme as auth whose secrets are `{{variables}}` to fill in.
 */
import { encodeForm } from '../encoding';
import { BODY_KIND_CONTENT_TYPES, draftRowId, urlWithQueryRows, type DraftAuth, type DraftInput, type MultipartPartDraft, type QueryRow } from '../request';
import { isJsonMediaType, isXmlMediaType } from '../http/requestBody';
import type { Result } from '../types';
import { ok } from '../types';
import { workspaceItemId, type CollectionItem, type Folder, type Variable } from '../workspace';
import { emptyCollection, guardDeepInput, savedRequestOf, type ImportResult } from './importResult';
import { sampleJsonSchema } from './jsonSchemaSample';
import { OPENAPI_METHODS, OpenApiRefs, parseOpenApiText, type OpenApiDocument, type OpenApiOperation } from './openApiDocument';
import { readOpenApi } from './openApiLenient';
import { xmlSample } from './xmlSample';

type Json = Record<string, unknown>;

interface Context {
  doc: OpenApiDocument;
  refs: OpenApiRefs;
  variables: Variable[];
  warnings: string[];
  warnedSchemes: Set<string>;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function addVariable(ctx: Context, name: string, secret: boolean): string {
  if (!ctx.variables.some((v) => v.name === name)) ctx.variables.push({ name, value: '', ...(secret ? { secret: true } : {}) });
  return `{{${name}}}`;
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
  return sampleJsonSchema(holder.schema, { resolve: (ref) => ctx.refs.lookup(ref), direction });
}

/** The auth for a security requirement list (the first requirement's first scheme). */
function authFor(ctx: Context, requirements: Record<string, string[]>[] | undefined, headers: NonNullable<DraftInput['headers']>): DraftAuth | undefined {
  const first = requirements?.[0];
  if (!first) return undefined;
  const name = Object.keys(first)[0];
  if (name === undefined) return { scheme: 'none', values: {} };
  const scheme = ctx.refs.deref(ctx.doc.components?.securitySchemes?.[name]);
  const warnOnce = (message: string) => {
    if (!ctx.warnedSchemes.has(name)) ctx.warnings.push(message);
    ctx.warnedSchemes.add(name);
  };
  if (!scheme) {
    warnOnce(`Security scheme "${name}" is not defined in components.securitySchemes; requests that use it were imported without auth.`);
    return undefined;
  }
  const type = text(scheme.type);
  const httpScheme = text(scheme.scheme).toLowerCase();
  if (type === 'http' && httpScheme === 'basic') return { scheme: 'basic', values: { username: addVariable(ctx, 'username', false), password: addVariable(ctx, 'password', true) } };
  if (type === 'http' && httpScheme === 'bearer') return { scheme: 'bearer', values: { token: addVariable(ctx, 'bearerToken', true) } };
  if (type === 'apiKey') {
    const variable = addVariable(ctx, name.replace(/[^A-Za-z0-9_.-]+/g, '_'), true);
    const where = text(scheme.in);
    if (where === 'cookie') {
      headers.push({ name: 'Cookie', value: `${text(scheme.name)}=${variable}` });
      return undefined;
    }
    return { scheme: 'apikey', values: { headerName: text(scheme.name), key: variable, placement: where === 'query' ? 'query' : 'header' } };
  }
  if (type === 'oauth2' || type === 'openIdConnect') {
    warnOnce(`Security scheme "${name}" (${type}): requests send {{accessToken}} as a Bearer token; get a token with the vault and set the variable.`);
    return { scheme: 'bearer', values: { token: addVariable(ctx, 'accessToken', true) } };
  }
  warnOnce(`Security scheme "${name}" (${type}${httpScheme ? ` ${httpScheme}` : ''}) is not supported; requests that use it were imported without auth.`);
  return undefined;
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
    const refName = isObject(media.schema) && typeof media.schema.$ref === 'string' ? media.schema.$ref.split('/').pop() : undefined;
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
  const input: DraftInput = { method: method.toUpperCase(), url: urlWithQueryRows(`{{baseUrl}}${path}`, query), query, pathParams, headers };
  const auth = authFor(ctx, operation.security ?? ctx.doc.security, headers);
  if (auth) input.auth = auth;
  requestBodyOf(ctx, operation, input, where);
  const name = operation.summary?.trim() || operation.operationId || where;
  const description = [operation.deprecated ? 'Deprecated.' : '', operation.description ?? ''].filter((s) => s !== '').join('\n');
  const request = savedRequestOf(name, input, description || undefined);
  if (operation.callbacks) ctx.warnings.push(`${where}: callbacks (requests the API sends back) were not imported.`);
  return request;
}

/** The first server's URL with its variables set to their defaults. */
function baseUrlOf(doc: OpenApiDocument, warnings: string[]): string {
  const server = doc.servers?.[0];
  if (!server) {
    warnings.push('The document lists no servers; set the baseUrl variable to the API\'s address.');
    return '';
  }
  const url = server.url.replace(/\{([^{}]+)\}/g, (m, name: string) => server.variables?.[name]?.default ?? m).replace(/\/$/, '');
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) warnings.push(`The first server's URL "${server.url}" is relative; set the baseUrl variable to the API's full address.`);
  return url;
}

/**
 * Imports an OpenAPI 3.0 or 3.1 document (JSON or YAML). Fails with the JSON or YAML
 * error's line and column, naming Swagger 2.0 or any other version, or with the schema
 * path of each structural problem. Operations go in a folder per first tag (document tag
 * order first), untagged ones at the top; `$ref`s to other files are reported.
 */
export function importOpenApi(text: string): Result<ImportResult> {
  return guardDeepInput('OpenAPI description', () => importOpenApiUnguarded(text));
}

function importOpenApiUnguarded(text: string): Result<ImportResult> {
  const raw = parseOpenApiText(text);
  if (!raw.ok) return raw;
  const read = readOpenApi(raw.value);
  if (!read.ok) return read;
  const doc = read.value.document;
  const collection = emptyCollection(doc.info.title);
  if (doc.info.description) collection.description = doc.info.description;
  const warnings: string[] = [...read.value.notes];
  const ctx: Context = { doc, refs: new OpenApiRefs(read.value.root), variables: [{ name: 'baseUrl', value: baseUrlOf(doc, warnings) }], warnings, warnedSchemes: new Set() };
  const rootAuth = authFor(ctx, doc.security, []);
  if (rootAuth) collection.auth = rootAuth;
  const folders = new Map<string, Folder>((doc.tags ?? []).map((tag) => [tag.name, { kind: 'folder', id: workspaceItemId('fld'), name: tag.name, items: [], ...(tag.description ? { description: tag.description } : {}) }]));
  const top: CollectionItem[] = [];
  for (const [path, declared] of Object.entries(doc.paths ?? {})) {
    const pathItem = ctx.refs.deref<Json>(declared) ?? {};
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
  if (ctx.refs.unresolved.length > 0) warnings.push(`These references could not be resolved (only references within the document are followed): ${ctx.refs.unresolved.join(', ')}.`);
  return ok({ collection, skipped: read.value.skipped, warnings });
}
