/**
 * A Wirebench collection written as an Insomnia export (format 4 JSON), which Insomnia
 * imports (Import → From file): a workspace, folders as `request_group`s, requests with
 * headers, query parameters, bodies (GraphQL as `application/graphql` holding
 * `{"query", "variables", "operationName"}`, as Insomnia keeps it), auth and descriptions;
 * WebSocket requests as `websocket_request`s with their first saved message; the
 * collection's variables as the base environment. `{{name}}` becomes `{{ _.name }}`.
 * Secrets go through the one redaction gate exactly as the Postman export: replaced by
 * variables listed blank in the base environment, secret variables blank, unless the
 * caller asks to include them.
 */
import { encodePathSegment, locateUrlParts } from '../encoding';
import type { RequestDraft } from '../request';
import { isSecretVariable, SecretRedaction, type Collection, type CollectionItem, type SavedRequest, type Variable } from '../workspace';
import { authToInsomnia } from './insomniaAuth';
import { bodyToInsomnia, impliedContentType } from './insomniaBody';
import { templatesToInsomnia } from './insomniaTemplates';
import { exportWritesDialect } from './scriptExport';
import type { VaultSchemeWords } from './postmanAuth';

/** Options of `exportInsomnia`. */
export interface InsomniaExportOptions {
  /** Keep secrets and secret variable values instead of `{{variables}}` and blanks. */
  includeSecrets?: boolean;
  /** Per vault entry id, the scheme word its token is sent with; unknown entries are written Bearer. */
  vaultSchemes?: VaultSchemeWords;
  /** The export's date (ISO 8601); now when not given. */
  exportedAt?: string;
}

/** What `exportInsomnia` hands back: the file's text and what did not come across. */
export interface InsomniaExport {
  text: string;
  warnings: string[];
}

type Json = Record<string, unknown>;

interface Writer {
  resources: Json[];
  redaction: SecretRedaction | undefined;
  vaultSchemes: VaultSchemeWords | undefined;
  warnings: string[];
  /** Dynamic variables (`{{$guid}}`) met, which Insomnia writes as tags of its own. */
  dynamic: string[];
  sortKey: number;
  ids: Map<string, number>;
  /** The export's moment, ms: every resource's created and modified. */
  now: number;
}

/** An Insomnia id: its type prefix and a safe form of Wirebench's id, unique in the file. */
function idOf(w: Writer, prefix: string, id: string): string {
  const base = `${prefix}_${id.replace(/[^A-Za-z0-9]/g, '')}`;
  const n = (w.ids.get(base) ?? 0) + 1;
  w.ids.set(base, n);
  return n === 1 ? base : `${base}${n}`;
}

function tplOf(w: Writer): (text: string) => string {
  return (text) => templatesToInsomnia(text, w.dynamic);
}

/**
 * The URL as typed, query included (Insomnia sends its URL's query as written and appends
 * the enabled `parameters`), with `{name}` path segments as Insomnia's `:name` listed in
 * `pathParameters`; a `{name}` inside a segment (`v{id}.json`), which Insomnia's path
 * parameters cannot be, is filled in, encoded as the builder encodes it.
 */
function pathOf(draft: RequestDraft, tpl: (text: string) => string): { url: string; pathParameters: Json[] } {
  const values = new Map(draft.pathParams.map((p) => [p.name, p.value]));
  const layout = locateUrlParts(draft.url);
  const pathParameters: Json[] = [];
  const path = draft.url.slice(layout.pathStart, layout.pathEnd).replace(/\{([^{}/?#\s]+)\}/g, (match, name: string, offset: number, whole: string) => {
    const end = offset + match.length;
    if (whole[offset - 1] === '{' || whole[end] === '}') return match;
    if ((offset === 0 || whole[offset - 1] === '/') && (end === whole.length || whole[end] === '/')) {
      if (!pathParameters.some((p) => p.name === name)) pathParameters.push({ name, value: tpl(values.get(name) ?? '') });
      return `:${name}`;
    }
    return values.get(name) ? encodePathSegment(values.get(name)!) : `{{${name}}}`;
  });
  return { url: tpl(draft.url.slice(0, layout.pathStart) + path + draft.url.slice(layout.pathEnd)), pathParameters };
}

function requestResource(w: Writer, item: SavedRequest, parentId: string): Json {
  const draft = w.redaction ? w.redaction.draft(item.draft) : item.draft;
  const tpl = tplOf(w);
  const headers = draft.headers.map((h) => ({ name: tpl(h.name), value: tpl(h.value), disabled: !h.enabled }));
  const mapped = authToInsomnia(draft.auth, w.vaultSchemes);
  if (mapped.header) headers.push({ name: mapped.header.name, value: tpl(mapped.header.value), disabled: false });
  const authentication = Object.fromEntries(Object.entries(mapped.authentication).map(([k, v]) => [k, typeof v === 'string' ? tpl(v) : v]));
  const { url, pathParameters } = pathOf(draft, tpl);
  // The enabled rows are in the URL; disabled ones are kept as Insomnia's disabled parameters (not sent).
  const parameters = draft.query.filter((q) => !q.enabled).map((q) => ({ name: tpl(q.name), value: tpl(q.list ? q.list.items.join(',') : q.value), disabled: true }));
  const common: Json = {
    _id: '',
    parentId,
    modified: w.now,
    created: w.now,
    name: item.name,
    description: item.description ?? '',
    url,
    headers,
    authentication,
    parameters,
    ...(pathParameters.length > 0 ? { pathParameters } : {}),
    metaSortKey: w.sortKey++,
    settingEncodeUrl: true,
    settingSendCookies: draft.options.cookies !== false,
    settingStoreCookies: draft.options.cookies !== false,
    settingFollowRedirects: draft.options.followRedirects ? 'on' : 'off',
  };
  if (draft.protocol === 'websocket') {
    common._id = idOf(w, 'ws-req', item.id);
    common._type = 'websocket_request';
    const first = draft.websocket?.messages[0];
    if (first) {
      w.resources.push({ _id: idOf(w, 'ws-payload', item.id), parentId: common._id, modified: w.now, created: w.now, name: first.name, value: tpl(first.body), mode: first.format === 'json' ? 'application/json' : 'text/plain', _type: 'websocket_payload' });
    }
    if ((draft.websocket?.messages.length ?? 0) > 1) w.warnings.push(`"${item.name}": only its first saved WebSocket message was written (Insomnia keeps one).`);
    if ((draft.websocket?.subprotocols.length ?? 0) > 0) headers.push({ name: 'Sec-WebSocket-Protocol', value: draft.websocket!.subprotocols.join(', '), disabled: false });
    return common;
  }
  common._id = idOf(w, 'req', item.id);
  common._type = 'request';
  const method = draft.body.kind === 'graphql' && draft.body.graphql?.method === 'GET' ? 'GET' : draft.method;
  common.method = method;
  const body = bodyToInsomnia(draft, tpl);
  common.body = body ?? {};
  if (draft.body.kind === 'multipart') {
    const lost = draft.body.multipart.filter((p) => p.contentType.trim() !== '' || p.kind === 'json' || p.base64 || p.headers.length > 0).map((p) => `"${p.name}"`);
    if (lost.length > 0) w.warnings.push(`"${item.name}": the multipart part${lost.length === 1 ? '' : 's'} ${lost.join(', ')} lost ${lost.length === 1 ? 'its' : 'their'} own Content-Type, headers or base64 encoding (Insomnia's multipart fields have none).`);
  }
  // Insomnia sends only the Content-Type its headers hold (its editor adds one when a body kind is picked; it fills in a
  // multipart boundary itself): the one Wirebench sends for the body is written when none is typed.
  const implied = body && draft.body.kind !== 'multipart' ? impliedContentType(draft.body) : undefined;
  if (implied && !draft.headers.some((h) => h.enabled && h.name.toLowerCase() === 'content-type')) headers.push({ name: 'Content-Type', value: implied, disabled: false });
  const scripts = scriptsOf(item, w);
  Object.assign(common, scripts);
  return common;
}

/**
 * Insomnia scripts, and Postman's with `pm.` rewritten `insomnia.` (as Insomnia's own
 * Postman importer does: its API mirrors pm's), as the pre-request and after-response
 * scripts; scripts of other dialects or in files are named.
 */
function scriptsOf(item: SavedRequest, w: Writer): Json {
  const out: Json = {};
  const usable = (item.scripts ?? []).filter((s) => s.text !== undefined && exportWritesDialect('insomnia', s.dialect));
  const dropped = (item.scripts ?? []).length - usable.length;
  if (dropped > 0) w.warnings.push(`"${item.name}": ${dropped} script${dropped === 1 ? '' : 's'} in another dialect (or in a file) ${dropped === 1 ? 'was' : 'were'} not written.`);
  const text = (phase: string) =>
    usable
      .filter((s) => s.phase === phase)
      .map((s) => (s.dialect === 'postman' ? s.text!.replace(/\bpm\./g, 'insomnia.') : s.text!))
      .map((text) => (w.redaction ? w.redaction.textSecrets(text) : text))
      .join('\n\n');
  const pre = text('pre-request');
  const post = text('post-response');
  if (pre) out.preRequestScript = pre;
  if (post) out.afterResponseScript = post;
  return out;
}

/**
 * A gRPC call as Insomnia's `grpc_request`: the address as Insomnia writes it (`host:port`,
 * `grpcs://` for TLS), `/package.Service/Method`, the first message, the metadata; its
 * `.proto` text as a `proto_file` (the first file when there are several), or none for
 * server reflection.
 */
function writeGrpc(w: Writer, item: SavedRequest, parentId: string): void {
  const draft = w.redaction ? w.redaction.draft(item.draft) : item.draft;
  const grpc = draft.grpc;
  const tpl = tplOf(w);
  const id = idOf(w, 'greq', item.id);
  let protoFileId = '';
  const files = Object.entries(grpc?.protoFiles ?? {});
  if (grpc?.source === 'proto' && files.length > 0) {
    protoFileId = idOf(w, 'pf', item.id);
    w.resources.push({ _id: protoFileId, parentId, modified: w.now, created: w.now, name: files[0]![0], protoText: files[0]![1], _type: 'proto_file' });
    if (files.length > 1) w.warnings.push(`"${item.name}": only its first .proto file (${files[0]![0]}) was written; Insomnia reads the others from a proto folder it imports itself.`);
  }
  const messages = grpc?.messages ?? [];
  if (messages.length > 1) w.warnings.push(`"${item.name}": only its first gRPC message was written (Insomnia's composer holds one).`);
  if (draft.auth.scheme !== 'none') w.warnings.push(`"${item.name}": its auth was not written (Insomnia's gRPC requests take metadata, not auth): add the header as metadata there.`);
  w.resources.push({
    _id: id,
    parentId,
    modified: w.now,
    created: w.now,
    name: item.name,
    description: item.description ?? '',
    url: tpl(draft.url.replace(/^grpc:\/\//i, '')),
    protoFileId,
    protoMethodName: grpc?.service && grpc.method ? `/${grpc.service}/${grpc.method}` : '',
    metadata: draft.headers.map((h) => ({ name: tpl(h.name), value: tpl(h.value), disabled: !h.enabled })),
    body: { text: tpl(messages[0] ?? '{}') },
    metaSortKey: w.sortKey++,
    isPrivate: false,
    _type: 'grpc_request',
  });
}

function writeItems(w: Writer, items: readonly CollectionItem[], parentId: string): void {
  for (const item of items) {
    if (item.kind === 'folder') {
      const id = idOf(w, 'fld', item.id);
      w.resources.push({ _id: id, parentId, modified: w.now, created: w.now, name: item.name, description: item.description ?? '', environment: {}, environmentPropertyOrder: null, metaSortKey: w.sortKey++, _type: 'request_group' });
      writeItems(w, item.items, id);
    } else if (item.draft.protocol === 'grpc') {
      writeGrpc(w, item, parentId);
    } else if (item.draft.protocol === 'mcp') {
      w.warnings.push(`"${item.name}": MCP requests are not written to Insomnia exports (its MCP clients are files of their own); it was left out.`);
    } else {
      w.resources.push(requestResource(w, item, parentId));
    }
  }
}

function environmentData(variables: readonly Variable[], includeSecrets: boolean, tpl: (text: string) => string): Json {
  const data: Json = {};
  for (const v of variables) {
    if (v.enabled === false) continue;
    const value = isSecretVariable(v) && !includeSecrets ? '' : v.value;
    data[v.name] = v.type === 'number' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : v.type === 'boolean' && (value === 'true' || value === 'false') ? value === 'true' : tpl(value);
  }
  return data;
}

/**
 * The collection as an Insomnia export format 4 (2-space indented JSON) and the warnings
 * for what it could not carry. The collection's variables are the base environment (secret
 * ones blank, disabled ones left out); secrets in requests become `{{ _.variables }}`
 * added blank to it, unless `includeSecrets` is set.
 */
export function exportInsomnia(collection: Collection, options: InsomniaExportOptions = {}): InsomniaExport {
  const includeSecrets = options.includeSecrets ?? false;
  const redaction = includeSecrets ? undefined : new SecretRedaction('variables', collection.variables.map((v) => v.name));
  const exportedAt = options.exportedAt ?? new Date().toISOString();
  const w: Writer = { resources: [], redaction, vaultSchemes: options.vaultSchemes, warnings: [], dynamic: [], sortKey: 1, ids: new Map(), now: Date.parse(exportedAt) || 0 };
  const workspaceId = idOf(w, 'wrk', collection.id);
  w.resources.push({ _id: workspaceId, parentId: null, modified: w.now, created: w.now, name: collection.name, description: collection.description ?? '', scope: 'collection', _type: 'workspace' });
  const environment: Json = { _id: idOf(w, 'env', collection.id), parentId: workspaceId, modified: w.now, created: w.now, name: 'Base Environment', data: {}, dataPropertyOrder: null, color: null, isPrivate: false, metaSortKey: 0, _type: 'environment' };
  w.resources.push(environment);
  writeItems(w, collection.items, workspaceId);
  const tpl = tplOf(w);
  const data = environmentData(collection.variables, includeSecrets, tpl);
  for (const introduced of redaction?.variables ?? []) data[introduced.name] = '';
  environment.data = data;
  environment.dataPropertyOrder = { '&': Object.keys(data) };
  if (w.dynamic.length > 0) w.warnings.push(`The dynamic variable${w.dynamic.length === 1 ? '' : 's'} ${w.dynamic.map((d) => `{{${d}}}`).join(', ')} ${w.dynamic.length === 1 ? 'was' : 'were'} written as text: Insomnia has template tags instead ({% uuid %}, {% now %}, {% faker %}).`);
  const exported = { _type: 'export', __export_format: 4, __export_date: exportedAt, __export_source: 'wirebench', resources: w.resources };
  return { text: `${JSON.stringify(exported, null, 2)}\n`, warnings: w.warnings };
}
