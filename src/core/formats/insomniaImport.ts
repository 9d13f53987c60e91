/**
 * Insomnia exports imported as Wirebench collections: export format 4 (JSON) and v5
 * (YAML), read into one tree by `insomniaRead.ts`. Folders with their headers, auth
 * (inherited as Insomnia does, so each request holds the auth it sends) and scripts;
 * requests with every body kind (GraphQL included), query and path parameters, settings;
 * the base environment as collection variables (folder environments too, when they do not
 * clash), sub-environments as environments; WebSocket and gRPC requests as drafts of those
 * protocols. Template tags `{{ _.name }}` become `{{name}}`; other tags stay as text, named.
 */
import { buildQuery, parseUrlParts } from '../encoding';
import { draftRowId, queryRowsFromParams, type DraftAuth, type DraftInput, type HeaderRowInput, type QueryRow } from '../request';
import { emptyWebSocketSettings, type SavedWebSocketMessage } from '../protocols/websocket/settings';
import { emptyGrpcSettings } from '../protocols/grpc/settings';
import type { Result } from '../types';
import { fail, ok } from '../types';
import type { CollectionItem, Environment, RequestScript, Variable } from '../workspace';
import { workspaceItemId } from '../workspace';
import { emptyCollection, guardDeepInput, savedRequestOf, type ImportResult } from './importResult';
import { authFromInsomnia } from './insomniaAuth';
import { bodyFromInsomnia, headersForBody } from './insomniaBody';
import { isObject, kindOf, readInsomnia, type InsomniaEnvironmentNode, type InsomniaNode } from './insomniaRead';
import { describeFindings, INSOMNIA_VAULT_KEYS, templatesFromInsomnia, type TemplateFindings } from './insomniaTemplates';

type Json = Record<string, unknown>;

/** What a folder hands down to the requests inside it. */
interface Level {
  auth: DraftAuth | undefined;
  headers: HeaderRowInput[];
  before: RequestScript[];
  after: RequestScript[];
  /** `Folder / Subfolder / `, for naming items in reports. */
  path: string;
}

interface Context {
  result: ImportResult;
  scripts: number;
  /** Collection variables by name, for folder environments that add to them. */
  variables: Map<string, Variable>;
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

/** One text field's template conversion, its findings gathered per request. */
class Templates {
  readonly found: TemplateFindings = { tags: [], expressions: [] };
  readonly fields = new Set<string>();
  convert(text: string, field: string): string {
    const before = this.found.tags.length + this.found.expressions.length;
    const out = templatesFromInsomnia(text, this.found);
    if (this.found.tags.length + this.found.expressions.length > before) this.fields.add(field);
    return out;
  }
  warning(where: string): string | undefined {
    const said = describeFindings(this.found);
    return said ? `${where}: in ${[...this.fields].join(', ')}, ${said}.` : undefined;
  }
}

/** Environment data flattened to variables: `{api: {host}}` gives `api.host`, as `{{ _.api.host }}` reads it. */
function variablesOf(data: unknown, where: string, warn: (message: string) => void, prefix = '', out: Variable[] = []): Variable[] {
  if (data === undefined || data === null) return out;
  if (!isObject(data)) {
    if (prefix === '') warn(`${where}.data: is ${kindOf(data)}, not an object of variables; it was left out.`);
    return out;
  }
  for (const [key, value] of Object.entries(data)) {
    const name = `${prefix}${key}`;
    if (prefix === '' && INSOMNIA_VAULT_KEYS.includes(key) && isObject(value)) {
      // Encrypted with the Insomnia vault key, which never leaves Insomnia: the names come, blank and secret.
      const names = Object.keys(value);
      for (const secret of names) out.push({ name: secret, value: '', secret: true });
      if (names.length > 0) warn(`${where}.data.${key}: the secret (vault) variable${names.length === 1 ? '' : 's'} ${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} encrypted with Insomnia's vault key, so ${names.length === 1 ? 'it came' : 'they came'} blank, marked secret ({{ vault.name }} is read as {{name}}): fill ${names.length === 1 ? 'it' : 'them'} in.`);
      continue;
    }
    if (isObject(value)) variablesOf(value, where, warn, `${name}.`, out);
    else if (typeof value === 'number' || typeof value === 'boolean') out.push({ name, value: String(value), type: typeof value as 'number' | 'boolean' });
    else if (Array.isArray(value)) out.push({ name, value: JSON.stringify(value) });
    else out.push({ name, value: templatesFromInsomnia(str(value)) });
  }
  return out;
}

function environmentOf(node: InsomniaEnvironmentNode, ctx: Context): Environment {
  const environment: Environment = { id: workspaceItemId('env'), name: node.name, variables: variablesOf(node.data, node.path, (m) => ctx.result.warnings.push(m)) };
  if (node.isPrivate) environment.secret = true;
  return environment;
}

/** Header or parameter rows of a field (`headers`, `parameters`, `metadata`); a bad field or row is left out with its path. */
function rowsOf(value: unknown, at: string, tpl: (text: string, field: string) => string, field: string, warn: (message: string) => void): { name: string; value: string; enabled: boolean }[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    warn(`${at}: is ${kindOf(value)}, not a list; it was left out`);
    return [];
  }
  return value.flatMap((row, index) => {
    if (!isObject(row)) {
      warn(`${at}[${index}]: is ${kindOf(row)}, not a name and value; it was left out`);
      return [];
    }
    const name = tpl(str(row.name), field);
    if (name === '' && str(row.value) === '') return [];
    return [{ name, value: tpl(str(row.value), field), enabled: row.disabled !== true }];
  });
}

/** The scripts of a v4 resource (`preRequestScript`, `afterResponseScript`) or a v5 item (`scripts`). */
function scriptsOf(raw: Json): { before: RequestScript[]; after: RequestScript[] } {
  const scripts = isObject(raw.scripts) ? raw.scripts : {};
  const pre = str(raw.preRequestScript ?? scripts.preRequest);
  const post = str(raw.afterResponseScript ?? scripts.afterResponse);
  return {
    before: pre.trim() ? [{ phase: 'pre-request', dialect: 'insomnia', text: pre }] : [],
    after: post.trim() ? [{ phase: 'post-response', dialect: 'insomnia', text: post }] : [],
  };
}

function descriptionOf(raw: Json): string {
  return str(raw.description ?? (isObject(raw.meta) ? raw.meta.description : undefined));
}

/** Headers of a folder or request over the folder's: a request's own header of the same name wins. */
function mergedHeaders(inherited: HeaderRowInput[], own: HeaderRowInput[]): HeaderRowInput[] {
  const names = new Set(own.map((h) => h.name.toLowerCase()));
  return [...inherited.filter((h) => !names.has(h.name.toLowerCase())), ...own];
}

/**
 * The URL with the enabled parameters appended after its own query (before a fragment), as
 * Insomnia sends it, the URL's text otherwise kept as written; the query rows, disabled
 * parameters kept as disabled rows; `:name` segments listed in `pathParameters` become `{name}`.
 */
function urlAndQuery(raw: Json, path: string, tpl: (text: string, field: string) => string, warn: (message: string) => void): { url: string; query: QueryRow[]; pathParams: { name: string; value: string }[] } {
  let url = tpl(str(raw.url), 'url');
  const pathParams = rowsOf(raw.pathParameters, `${path}.pathParameters`, tpl, 'pathParameters', warn);
  for (const p of pathParams) url = url.replace(new RegExp(`/:${p.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[/?#]|$)`, 'g'), `/{${p.name}}`);
  const params = rowsOf(raw.parameters, `${path}.parameters`, tpl, 'parameters', warn);
  const added = buildQuery(params.filter((p) => p.enabled).map((p) => ({ name: p.name, value: p.value })));
  if (added !== '') {
    const hash = url.indexOf('#');
    const [head, fragment] = hash < 0 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
    url = `${head}${!head.includes('?') ? '?' : /[?&]$/.test(head) ? '' : '&'}${added}${fragment}`;
  }
  const disabled: QueryRow[] = params.filter((p) => !p.enabled).map((p) => ({ id: draftRowId(), enabled: false, name: p.name, value: p.value }));
  return { url, query: [...queryRowsFromParams(parseUrlParts(url).query), ...disabled], pathParams };
}

/** The effective auth of a request or folder: its own, or the folder's when it inherits. */
function authOf(raw: Json, level: Level, url: string, where: string, ctx: Context, headers: HeaderRowInput[], tpl: (text: string, field: string) => string): DraftAuth | undefined {
  const block = isObject(raw.authentication) ? Object.fromEntries(Object.entries(raw.authentication).map(([k, v]) => [k, typeof v === 'string' ? tpl(v, 'authentication') : v])) : raw.authentication;
  const mapped = authFromInsomnia(block, url);
  if ('inherit' in mapped) return level.auth;
  for (const warning of mapped.warnings) ctx.result.warnings.push(`${where}: ${warning}.`);
  if (mapped.header) headers.push({ name: mapped.header.name, value: mapped.header.value });
  if (mapped.vaultDraft && !(ctx.result.vaultDrafts ?? []).some((d) => d.name === mapped.vaultDraft!.name && d.tokenUrl === mapped.vaultDraft!.tokenUrl)) {
    (ctx.result.vaultDrafts ??= []).push(mapped.vaultDraft);
  }
  return mapped.auth;
}

function followRedirectsOf(raw: Json): boolean {
  const setting = raw.settingFollowRedirects ?? (isObject(raw.settings) ? raw.settings.followRedirects : undefined);
  // "global" is Insomnia's preference, on unless changed: redirects are followed.
  return setting !== 'off';
}

function sendsCookies(raw: Json): boolean {
  const setting = raw.settingSendCookies ?? (isObject(raw.settings) && isObject(raw.settings.cookies) ? raw.settings.cookies.send : undefined);
  return setting !== false;
}

function requestOf(node: Exclude<InsomniaNode, { kind: 'folder' }>, level: Level, ctx: Context): CollectionItem | undefined {
  const { raw, path } = node;
  const name = node.name.trim() || `Request at ${path}`;
  const where = `${level.path}${name} (${path})`;
  const warn = (message: string) => ctx.result.warnings.push(`${where}: ${message}.`);
  const templates = new Templates();
  const tpl = (text: string, field: string) => templates.convert(text, field);
  if (raw.url !== undefined && typeof raw.url !== 'string') {
    ctx.result.skipped.push({ item: `${level.path}${name}`, reason: `${path}.url: is ${kindOf(raw.url)}, not text` });
    return undefined;
  }
  const { url, query, pathParams } = urlAndQuery(raw, path, tpl, warn);
  const own = rowsOf(node.kind === 'grpc' ? raw.metadata : raw.headers, `${path}.${node.kind === 'grpc' ? 'metadata' : 'headers'}`, tpl, node.kind === 'grpc' ? 'metadata' : 'headers', warn);
  // A gRPC call has its metadata and no auth in Insomnia: the folder's headers and auth are not sent with it.
  const headers: HeaderRowInput[] = node.kind === 'grpc' ? own : mergedHeaders(level.headers, own);
  const auth = node.kind === 'grpc' ? undefined : authOf(raw, level, url, where, ctx, headers, tpl);
  const input: DraftInput = { method: 'GET', url, query, pathParams, headers, options: { followRedirects: followRedirectsOf(raw), ...(sendsCookies(raw) ? {} : { cookies: false }) } };
  if (auth) input.auth = auth;
  if (node.kind === 'request') {
    input.method = str(raw.method).toUpperCase() || 'GET';
    const body = bodyFromInsomnia(raw.body, `${path}.body`, (text) => tpl(text, 'body'), warn);
    if (body) {
      if (body.kind === 'graphql' && input.method === 'GET') body.graphql = { ...body.graphql, method: 'GET' };
      input.body = body;
      input.headers = headersForBody(headers, body);
    }
  } else if (node.kind === 'websocket') {
    const messages = node.payloads.flatMap((p, index): SavedWebSocketMessage[] => {
      const value = tpl(str(p.value), 'messages');
      return value === '' ? [] : [{ id: draftRowId('msg'), name: str(p.name) || `Message ${index + 1}`, format: str(p.mode).includes('json') ? 'json' : 'text', body: value }];
    });
    input.protocol = 'websocket';
    input.websocket = { ...emptyWebSocketSettings(), messages };
  } else {
    const grpc = emptyGrpcSettings();
    const method = str(raw.protoMethodName).replace(/^\//, '');
    const slash = method.lastIndexOf('/');
    grpc.service = slash > 0 ? method.slice(0, slash) : '';
    grpc.method = slash > 0 ? method.slice(slash + 1) : method;
    const body = isObject(raw.body) ? str(raw.body.text) : '';
    grpc.messages = [tpl(body, 'body') || '{}'];
    if (node.proto) {
      grpc.source = 'proto';
      grpc.protoFiles = { [node.proto.name.endsWith('.proto') ? node.proto.name : `${node.proto.name}.proto`]: node.proto.text };
    } else if (str(raw.protoFileId)) warn(`protoFileId: the .proto file "${str(raw.protoFileId)}" is not in the export (it may be in a proto folder); the call was set to use server reflection`);
    if (isObject(raw.reflectionApi) && raw.reflectionApi.enabled === true) warn('reflectionApi: the Buf reflection API is not supported; the call uses the server\'s own reflection');
    input.method = 'POST';
    input.url = /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `grpc://${url}`;
    input.protocol = 'grpc';
    input.grpc = grpc;
  }
  const ownScripts = scriptsOf(raw);
  const before = [...level.before, ...ownScripts.before];
  const after = [...level.after, ...ownScripts.after];
  const description = descriptionOf(raw);
  const request = savedRequestOf(name, input, description.trim() ? description : undefined);
  if (before.length + after.length > 0) {
    request.scripts = [...before, ...after];
    ctx.scripts += ownScripts.before.length + ownScripts.after.length;
  }
  const templated = templates.warning(where);
  if (templated) ctx.result.warnings.push(templated);
  return request;
}

/** A folder's environment: names not yet among the collection variables are added; a clash is named. */
function folderEnvironment(node: InsomniaNode & { kind: 'folder' }, where: string, ctx: Context): void {
  const variables = variablesOf(node.raw.environment, node.path, (m) => ctx.result.warnings.push(m));
  const clashes: string[] = [];
  for (const variable of variables) {
    const existing = ctx.variables.get(variable.name);
    if (!existing) {
      ctx.variables.set(variable.name, variable);
      ctx.result.collection.variables.push(variable);
    } else if (existing.value !== variable.value) clashes.push(variable.name);
  }
  if (variables.length > 0) {
    ctx.result.warnings.push(
      `${where}: Wirebench folders have no variables, so its environment (${variables.map((v) => v.name).join(', ')}) went to the collection's variables${clashes.length > 0 ? `; ${clashes.join(', ')} already had another value there, which was kept (set ${clashes.length === 1 ? 'it' : 'them'} in the folder's requests by hand)` : ''}.`,
    );
  }
}

function itemsOf(nodes: readonly InsomniaNode[], level: Level, ctx: Context): CollectionItem[] {
  return nodes.flatMap((node): CollectionItem[] => {
    if (node.kind !== 'folder') {
      const request = requestOf(node, level, ctx);
      return request ? [request] : [];
    }
    const name = node.name.trim() || `Folder at ${node.path}`;
    const where = `${level.path}${name} (${node.path})`;
    folderEnvironment(node, where, ctx);
    const templates = new Templates();
    const tpl = (text: string, field: string) => templates.convert(text, field);
    const own = rowsOf(node.raw.headers, `${node.path}.headers`, tpl, 'headers', (m) => ctx.result.warnings.push(`${where}: ${m}.`));
    const headers = mergedHeaders(level.headers, own);
    const auth = authOf(node.raw, level, '', where, ctx, headers, tpl);
    const templated = templates.warning(where);
    if (templated) ctx.result.warnings.push(templated);
    const scripts = scriptsOf(node.raw);
    ctx.scripts += scripts.before.length + scripts.after.length;
    const folder: CollectionItem = {
      kind: 'folder',
      id: workspaceItemId('fld'),
      name,
      items: itemsOf(node.children, { auth, headers, before: [...level.before, ...scripts.before], after: [...level.after, ...scripts.after], path: `${level.path}${name} / ` }, ctx),
    };
    const description = descriptionOf(node.raw);
    if (description.trim()) folder.description = description;
    return [folder];
  });
}

/**
 * Imports an Insomnia export: format 4 JSON (`{"_type": "export", …}`) or v5 YAML
 * (`type: collection.insomnia.rest/5.0`). Refused, with the JSON or YAML line and column
 * or the path of the bad field, only when the document's structure cannot be read; a bad
 * request field is left out with a warning naming the request and the field.
 */
export function importInsomnia(text: string): Result<ImportResult> {
  return guardDeepInput('Insomnia export', () => importInsomniaUnguarded(text));
}

function importInsomniaUnguarded(text: string): Result<ImportResult> {
  const read = readInsomnia(text);
  if (!read.ok) return fail(read.error);
  const tree = read.value;
  const collection = emptyCollection(tree.name || 'Insomnia import');
  if (tree.description.trim()) collection.description = tree.description;
  const result: ImportResult = { collection, skipped: [...tree.skipped], warnings: [...tree.warnings], format: tree.format };
  const ctx: Context = { result, scripts: 0, variables: new Map() };
  if (tree.base) {
    collection.variables = variablesOf(tree.base.data, tree.base.path, (m) => result.warnings.push(m));
    for (const v of collection.variables) ctx.variables.set(v.name, v);
  }
  if (tree.subEnvironments.length > 0) result.environments = tree.subEnvironments.map((node) => environmentOf(node, ctx));
  collection.items = itemsOf(tree.items, { auth: undefined, headers: [], before: [], after: [], path: '' }, ctx);
  const notes: string[] = [];
  if (ctx.scripts > 0) {
    notes.push(`${ctx.scripts} Insomnia script${ctx.scripts === 1 ? ' was' : 's were'} kept with the requests they run for (folder scripts on each of their requests). Wirebench runs Postman's pm scripts, not Insomnia's insomnia.* API, so they are kept as written and not run.`);
  }
  if (result.environments?.length) notes.push(`${result.environments.length} sub-environment${result.environments.length === 1 ? '' : 's'} (${result.environments.map((e) => `"${e.name}"`).join(', ')}) came as ${result.environments.length === 1 ? 'an environment' : 'environments'}; the base environment's variables are the collection's.`);
  if (notes.length > 0) result.notes = notes;
  return ok(result);
}
