/**
 * Reading an Insomnia export into one tree, whichever format it came in: export format 4
 * (JSON, a flat `resources` list linked by `parentId`, format 3 read the same way) or v5
 * (YAML, `type: collection.insomnia.rest/5.0`, a `collection` tree of `children`). The
 * tree keeps each node's path in the file (`resources[3]`, `collection[0].children[2]`)
 * so every warning and error can say where. The document's structure is checked here and
 * a bad one refused with the path of the bad field; fields are read leniently later.
 */
import { parseDocument } from 'yaml';
import type { Result } from '../types';
import { fail, ok, positionAt } from '../types';
import type { ImportSkip } from './importResult';
import { parseJsonDocument } from './importResult';

type Json = Record<string, unknown>;

/** An environment of the export: the base one or a sub-environment. */
export interface InsomniaEnvironmentNode {
  name: string;
  data: unknown;
  isPrivate: boolean;
  path: string;
}

interface NodeBase {
  /** Where the node is in the file, for messages. */
  path: string;
  name: string;
  raw: Json;
}

export interface InsomniaFolderNode extends NodeBase {
  kind: 'folder';
  children: InsomniaNode[];
}
export interface InsomniaRequestNode extends NodeBase {
  kind: 'request';
}
export interface InsomniaWebSocketNode extends NodeBase {
  kind: 'websocket';
  /** v4's `websocket_payload` children: the message in the composer. */
  payloads: Json[];
}
export interface InsomniaGrpcNode extends NodeBase {
  kind: 'grpc';
  /** The `.proto` file the call names (v4's `proto_file`), when the export holds it. */
  proto?: { name: string; text: string };
}

export type InsomniaNode = InsomniaFolderNode | InsomniaRequestNode | InsomniaWebSocketNode | InsomniaGrpcNode;

/** An Insomnia export as one tree. */
export interface InsomniaTree {
  /** `Insomnia export format 4`, `Insomnia v5 (collection.insomnia.rest/5.0)`. */
  format: string;
  name: string;
  description: string;
  base?: InsomniaEnvironmentNode;
  subEnvironments: InsomniaEnvironmentNode[];
  items: InsomniaNode[];
  skipped: ImportSkip[];
  warnings: string[];
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a value is, in words: `a number`, `null`, `a list`. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'undefined' ? 'missing' : `a ${typeof value}`;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** A `{ ok: false }` for a bad field: `path: problem`, the path also in `field`. */
function bad(path: string, problem: string) {
  return fail({ kind: 'insomnia-invalid', field: path, message: `This Insomnia export cannot be read: ${path}: ${problem}.` });
}

/** Siblings in Insomnia's order: by sort key (smallest first), the file's order for ties. */
function sortBy<T>(entries: readonly T[], key: (entry: T) => unknown): T[] {
  return entries
    .map((entry, index) => ({ entry, index, key: typeof key(entry) === 'number' ? (key(entry) as number) : 0 }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map((e) => e.entry);
}

/** Resource types that hold nothing a Wirebench collection keeps, each with why. */
const NOT_CARRIED: Readonly<Record<string, string>> = {
  cookie_jar: 'cookie jars are not imported (Wirebench keeps one cookie jar per workspace, filled as requests are sent)',
  api_spec: 'API specs are not imported here (import the OpenAPI document itself for its requests)',
  unit_test_suite: 'Insomnia test suites are not imported (add assertions to the requests instead)',
  unit_test: 'Insomnia tests are not imported (add assertions to the requests instead)',
  client_certificate: 'client certificates are set in Wirebench\'s network settings, not imported',
  ca_certificate: 'CA certificates are set in Wirebench\'s network settings, not imported',
  mock_server: 'mock servers are not imported',
  mock_route: 'mock routes are not imported',
  socketio_request: 'Socket.IO requests are not supported',
  socketio_payload: 'Socket.IO messages are not supported',
  proto_directory: 'proto folders are read with the gRPC requests that use their files',
};

/** Reads export format 4 (or 3): the flat resource list into a tree by `parentId`. */
function readV4(exported: Json): Result<InsomniaTree> {
  const formatNumber = exported.__export_format;
  if (formatNumber !== 4 && formatNumber !== 3) return bad('__export_format', `is ${JSON.stringify(formatNumber) ?? 'missing'}; Wirebench reads Insomnia export format 4 (and 3) and Insomnia v5 YAML`);
  if (!Array.isArray(exported.resources)) return bad('resources', `is ${kindOf(exported.resources)}, not a list of resources`);
  const resources = exported.resources as unknown[];
  const tree: InsomniaTree = { format: `Insomnia export format ${formatNumber}`, name: '', description: '', subEnvironments: [], items: [], skipped: [], warnings: [] };
  const byId = new Map<string, { resource: Json; path: string }>();
  for (const [index, resource] of resources.entries()) {
    const path = `resources[${index}]`;
    if (!isObject(resource)) return bad(path, `is ${kindOf(resource)}, not a resource object`);
    if (typeof resource._type !== 'string') return bad(`${path}._type`, `is ${kindOf(resource._type)}, not the resource's type (request, request_group, workspace, environment…)`);
    if (resource._id !== undefined && typeof resource._id !== 'string') return bad(`${path}._id`, `is ${kindOf(resource._id)}, not text`);
    if (typeof resource._id === 'string') byId.set(resource._id, { resource, path });
  }
  const workspaces = resources.filter((r) => (r as Json)._type === 'workspace') as Json[];
  const workspaceIds = new Set(workspaces.map((w) => text(w._id)));
  if (workspaces.length === 1) {
    tree.name = text(workspaces[0]!.name);
    tree.description = text(workspaces[0]!.description);
  }
  // Environments: a base one's parent is the workspace; a sub-environment's parent is the base.
  const environments = resources.flatMap((r, index) => ((r as Json)._type === 'environment' ? [{ resource: r as Json, path: `resources[${index}]` }] : []));
  const bases = environments.filter((e) => !environments.some((other) => other.resource._id === e.resource.parentId));
  if (bases.length > 1) tree.warnings.push(`The export holds ${bases.length} base environments (${bases.map((b) => `"${text(b.resource.name)}" at ${b.path}`).join(', ')}); the first became the collection's variables and the others environments.`);
  const base = bases[0];
  const envNode = (e: { resource: Json; path: string }): InsomniaEnvironmentNode => ({ name: text(e.resource.name) || 'Environment', data: e.resource.data, isPrivate: e.resource.isPrivate === true, path: e.path });
  if (base) tree.base = envNode(base);
  tree.subEnvironments = sortBy(environments.filter((e) => e !== base), (e) => e.resource.metaSortKey).map(envNode);
  // Children of each parent, in Insomnia's order.
  const children = new Map<string, { resource: Json; path: string }[]>();
  const roots: { resource: Json; path: string }[] = [];
  for (const [index, r] of resources.entries()) {
    const resource = r as Json;
    const type = resource._type as string;
    if (type === 'workspace' || type === 'environment' || type === 'proto_file' || type === 'websocket_payload') continue;
    const path = `resources[${index}]`;
    const name = text(resource.name) || type;
    if (type in NOT_CARRIED || !['request', 'request_group', 'websocket_request', 'grpc_request'].includes(type)) {
      tree.skipped.push({ item: `${path} (${type} "${name}")`, reason: NOT_CARRIED[type] ?? `the resource type "${type}" is not one Wirebench knows` });
      continue;
    }
    const parentId = typeof resource.parentId === 'string' ? resource.parentId : '';
    const parent = byId.get(parentId);
    if (parentId === '' || workspaceIds.has(parentId) || parentId === '__WORKSPACE_ID__' || (parent?.resource._type === 'workspace')) roots.push({ resource, path });
    else if (parent && parent.resource._type === 'request_group') (children.get(parentId) ?? children.set(parentId, []).get(parentId)!).push({ resource, path });
    else {
      tree.warnings.push(`${path} ("${name}"): its parentId "${parentId}" is ${parent ? `a ${text(parent.resource._type)}, not a folder` : 'not in the export'}; it was put at the top of the collection.`);
      roots.push({ resource, path });
    }
  }
  const payloads = new Map<string, Json[]>();
  for (const r of resources as Json[]) if (r._type === 'websocket_payload' && typeof r.parentId === 'string') (payloads.get(r.parentId) ?? payloads.set(r.parentId, []).get(r.parentId)!).push(r);
  const seen = new Set<string>();
  const placed = new Set<Json>();
  const build = (entries: { resource: Json; path: string }[], depth: number): InsomniaNode[] =>
    sortBy(entries, (e) => e.resource.metaSortKey).map(({ resource, path }): InsomniaNode => {
      const name = text(resource.name);
      const id = text(resource._id);
      placed.add(resource);
      switch (resource._type) {
        case 'request_group': {
          // A folder listed twice would be built twice; its second appearance is empty. Folders past 100 deep are not read.
          if (seen.has(id) || depth >= 100) {
            if (depth >= 100) tree.warnings.push(`${path} ("${name}"): folders more than 100 deep are not read; what is inside it was left out.`);
            return { kind: 'folder', path, name, raw: resource, children: [] };
          }
          seen.add(id);
          return { kind: 'folder', path, name, raw: resource, children: build(children.get(id) ?? [], depth + 1) };
        }
        case 'websocket_request':
          return { kind: 'websocket', path, name, raw: resource, payloads: sortBy(payloads.get(id) ?? [], (p) => p.metaSortKey) };
        case 'grpc_request': {
          const proto = byId.get(text(resource.protoFileId))?.resource;
          return { kind: 'grpc', path, name, raw: resource, ...(proto && typeof proto.protoText === 'string' ? { proto: { name: text(proto.name) || 'service.proto', text: proto.protoText } } : {}) };
        }
        default:
          return { kind: 'request', path, name, raw: resource };
      }
    });
  tree.items = build(roots, 0);
  // Folders whose parents lead round in a loop never reach the workspace: named, not lost in silence.
  for (const list of children.values()) {
    for (const { resource, path } of list) {
      if (!placed.has(resource) && !tree.warnings.some((w) => w.includes('folders more than 100 deep'))) {
        tree.skipped.push({ item: `${path} (${text(resource._type)} "${text(resource.name)}")`, reason: `its parentId "${text(resource.parentId)}" leads round in a loop of folders that never reaches the workspace` });
      }
    }
  }
  if (workspaces.length > 1) tree.warnings.push(`The export holds ${workspaces.length} workspaces (${workspaces.map((w) => `"${text(w.name)}"`).join(', ')}); their requests were imported into one collection.`);
  return ok(tree);
}

/** The v5 document types that hold a request collection. */
const V5_COLLECTION_TYPES = ['collection.insomnia.rest/5.0', 'spec.insomnia.rest/5.0'];

/** Reads an Insomnia v5 document (parsed YAML). */
function readV5(exported: Json): Result<InsomniaTree> {
  const type = text(exported.type);
  if (!V5_COLLECTION_TYPES.includes(type)) {
    return bad('type', `is "${type}", which holds no requests; Wirebench imports Insomnia collections (type: collection.insomnia.rest/5.0) and design documents (spec.insomnia.rest/5.0)`);
  }
  const meta = isObject(exported.meta) ? exported.meta : {};
  const tree: InsomniaTree = { format: `Insomnia v5 (${type}${typeof exported.schema_version === 'string' ? `, schema ${exported.schema_version}` : ''})`, name: text(exported.name), description: text(meta.description), subEnvironments: [], items: [], skipped: [], warnings: [] };
  const environments = exported.environments;
  if (environments !== undefined && environments !== null) {
    if (!isObject(environments)) return bad('environments', `is ${kindOf(environments)}, not an environment (name, data, subEnvironments)`);
    tree.base = { name: text(environments.name) || 'Base Environment', data: environments.data, isPrivate: false, path: 'environments' };
    const subs = environments.subEnvironments;
    if (subs !== undefined && subs !== null && !Array.isArray(subs)) return bad('environments.subEnvironments', `is ${kindOf(subs)}, not a list`);
    const listed = ((subs as unknown[] | undefined) ?? []).map((sub, index) => ({ sub, index }));
    for (const { sub, index } of listed) if (!isObject(sub)) return bad(`environments.subEnvironments[${index}]`, `is ${kindOf(sub)}, not an environment`);
    tree.subEnvironments = sortBy(listed, ({ sub }) => (isObject((sub as Json).meta) ? ((sub as Json).meta as Json).sortKey : undefined)).map(({ sub, index }) => {
      const s = sub as Json;
      return { name: text(s.name) || `Environment ${index + 1}`, data: s.data, isPrivate: isObject(s.meta) && s.meta.isPrivate === true, path: `environments.subEnvironments[${index}]` };
    });
  }
  const collection = exported.collection ?? [];
  if (!Array.isArray(collection)) return bad('collection', `is ${kindOf(collection)}, not a list of folders and requests`);
  const build = (list: unknown[], at: string, depth: number): Result<InsomniaNode[]> => {
    const nodes: { node: InsomniaNode; sortKey: unknown }[] = [];
    for (const [index, item] of list.entries()) {
      const path = `${at}[${index}]`;
      if (!isObject(item)) return bad(path, `is ${kindOf(item)}, not a folder or request`);
      const name = text(item.name);
      const id = isObject(item.meta) ? text(item.meta.id) : '';
      const sortKey = isObject(item.meta) ? item.meta.sortKey : undefined;
      if (item.children !== undefined) {
        if (!Array.isArray(item.children)) return bad(`${path}.children`, `is ${kindOf(item.children)}, not a list of folders and requests`);
        if (depth >= 100) {
          tree.warnings.push(`${path} ("${name}"): folders more than 100 deep are not read; what is inside it was left out.`);
          nodes.push({ node: { kind: 'folder', path, name, raw: item, children: [] }, sortKey });
          continue;
        }
        const children = build(item.children, `${path}.children`, depth + 1);
        if (!children.ok) return children;
        nodes.push({ node: { kind: 'folder', path, name, raw: item, children: children.value }, sortKey });
      } else if (id.startsWith('ws-req') || (item.method === undefined && /^wss?:/i.test(text(item.url)))) {
        nodes.push({ node: { kind: 'websocket', path, name, raw: item, payloads: [] }, sortKey });
      } else if (id.startsWith('greq') || item.protoMethodName !== undefined || item.reflectionApi !== undefined) {
        nodes.push({ node: { kind: 'grpc', path, name, raw: item }, sortKey });
      } else if (id.startsWith('socketio-req')) {
        tree.skipped.push({ item: `${path} ("${name}")`, reason: 'Socket.IO requests are not supported' });
      } else if (item.method !== undefined) {
        if (typeof item.method !== 'string') return bad(`${path}.method`, `is ${kindOf(item.method)}, not an HTTP method`);
        nodes.push({ node: { kind: 'request', path, name, raw: item }, sortKey });
      } else {
        return bad(path, '"method" is missing (a request needs one) and "children" too (a folder needs them)');
      }
    }
    return ok(sortBy(nodes, (n) => n.sortKey).map((n) => n.node));
  };
  const items = build(collection, 'collection', 0);
  if (!items.ok) return items;
  tree.items = items.value;
  for (const [key, reason] of [
    ['cookieJar', 'cookie jars are not imported (Wirebench keeps one cookie jar per workspace, filled as requests are sent)'],
    ['certificates', 'certificates are set in Wirebench\'s network settings, not imported'],
    ['testSuites', 'Insomnia test suites are not imported (add assertions to the requests instead)'],
    ['spec', 'the API spec is not imported here (import the OpenAPI document itself for its requests)'],
  ] as const) {
    if (exported[key] !== undefined && exported[key] !== null && !(Array.isArray(exported[key]) && (exported[key] as unknown[]).length === 0)) tree.skipped.push({ item: key, reason });
  }
  return ok(tree);
}

/** Whether a text is Insomnia YAML: v5 (its `type:` line) or export format 4 written as YAML (`_type: export`). */
export function isInsomniaYaml(value: string): boolean {
  return /^type:\s*["']?(collection|spec|environment|mock|mcpClient)\.insomnia(\.rest)?\/5\.0/m.test(value) || /^_type:\s*["']?export["']?\s*$/m.test(value);
}

/**
 * Parses an Insomnia export (JSON format 4/3, or v5 YAML) into a tree, or fails with where
 * it is broken: the JSON or YAML line and column, or the path of the bad field.
 */
export function readInsomnia(source: string): Result<InsomniaTree> {
  const trimmed = source.replace(/^\uFEFF/, '');
  if (trimmed.trimStart().startsWith('{')) {
    const json = parseJsonDocument(trimmed, 'Insomnia export');
    if (!json.ok) return json;
    if (!isObject(json.value)) return bad('(the document)', `is ${kindOf(json.value)}, not an Insomnia export`);
    if (json.value._type !== 'export') return bad('_type', `is ${JSON.stringify(json.value._type) ?? 'missing'}, not "export" (an Insomnia export starts {"_type": "export", "__export_format": 4, …})`);
    return readV4(json.value);
  }
  const yaml = parseDocument(trimmed, { prettyErrors: false, uniqueKeys: false });
  const error = yaml.errors[0];
  if (error) {
    const at = positionAt(trimmed, Math.min(error.pos[0], trimmed.length));
    return fail({ kind: 'yaml-syntax', position: at, message: `This Insomnia file is not valid YAML at line ${at.line}, column ${at.column}: ${error.message}.` });
  }
  let value: unknown;
  try {
    value = yaml.toJS({ maxAliasCount: 1000 });
  } catch (thrown) {
    return fail({ kind: 'yaml-syntax', message: `This Insomnia file could not be read as YAML: ${thrown instanceof Error ? thrown.message : String(thrown)}.` });
  }
  if (!isObject(value)) return bad('(the document)', `is ${kindOf(value)}, not an Insomnia v5 document`);
  if (isObject(value) && value._type === 'export') return readV4(value);
  return readV5(value);
}
