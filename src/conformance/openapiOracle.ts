/**
 * The oracle of the OpenAPI conformance test: what a tool built on `@scalar/openapi-parser`
 * reads from a description, operation by operation, with none of Wirebench's importer code.
 * Swagger 2.0 is upgraded by the parser (`upgrade`, which turns `host`, `basePath` and
 * `schemes` into servers and `body`/`formData` parameters into a request body), then every
 * document is dereferenced by it and its paths walked. Multi-file descriptions
 * (`oracleReadFiles`) are read from disk by Scalar's bundler (`@scalar/json-magic`, which the
 * parser depends on and resolves references with) before that.
 */
import { bundle } from '@scalar/json-magic/bundle';
import { parseJson, parseYaml, readFiles } from '@scalar/json-magic/bundle/plugins/node';
import { dereference, normalize, upgrade } from '@scalar/openapi-parser';

type Json = Record<string, unknown>;

/** The version family a description belongs to, as the conformance table's rows. */
export type OpenApiFamily = 'Swagger 2.0' | 'OpenAPI 3.0' | 'OpenAPI 3.1';

/** One operation, as the oracle reads it. */
export interface OracleOperation {
  method: string;
  /** The path template as written under `paths`. */
  path: string;
  /** The operation's first server (its own, its path item's, else the document's) with variables at their defaults, no trailing `/`, and the path. */
  url: string;
  /** Header parameters (Accept, Content-Type and Authorization are ignored, as OpenAPI says), lower-cased. */
  headers: string[];
  requiredHeaders: string[];
  query: string[];
  requiredQuery: string[];
  /** The request body's media types, lower-cased without parameters; undefined when there is no body. */
  bodyTypes: string[] | undefined;
}

export interface OracleReading {
  family: OpenApiFamily;
  operations: OracleOperation[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objects(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/** The family of a parsed description, or undefined for anything else. */
export function familyOf(value: unknown): OpenApiFamily | undefined {
  if (!isObject(value)) return undefined;
  if (String(value.swagger) === '2.0') return 'Swagger 2.0';
  const version = String(value.openapi ?? '');
  return version.startsWith('3.0') ? 'OpenAPI 3.0' : version.startsWith('3.1') ? 'OpenAPI 3.1' : undefined;
}

/** The family of a description's text, or undefined when it cannot be parsed or is another format. */
export function familyOfText(text: string): OpenApiFamily | undefined {
  try {
    return familyOf(normalize(text));
  } catch {
    return undefined;
  }
}

function serverUrl(servers: unknown): string | undefined {
  const server = objects(servers)[0];
  if (!server || typeof server.url !== 'string') return undefined;
  const variables = isObject(server.variables) ? server.variables : {};
  return server.url
    .replace(/\{([^{}]+)\}/g, (whole, name: string) => {
      const variable = variables[name];
      return isObject(variable) && variable.default !== undefined ? String(variable.default) : whole;
    })
    .replace(/\/$/, '');
}

function mediaEssence(type: string): string {
  return type.split(';')[0]!.trim().toLowerCase();
}

function operationOf(doc: Json, path: string, item: Json, method: string, operation: Json): OracleOperation {
  const params = new Map<string, Json>();
  for (const param of [...objects(item.parameters), ...objects(operation.parameters)]) params.set(`${String(param.in)}:${String(param.name)}`, param);
  const named = (where: string, requiredOnly: boolean) =>
    [...params.values()]
      .filter((p) => p.in === where && (!requiredOnly || p.required === true) && typeof p.name === 'string')
      .map((p) => (where === 'header' ? (p.name as string).toLowerCase() : (p.name as string)))
      .filter((name) => where !== 'header' || !IGNORED_HEADERS.has(name));
  const body = isObject(operation.requestBody) && isObject(operation.requestBody.content) ? Object.keys(operation.requestBody.content) : [];
  const base = serverUrl(operation.servers) ?? serverUrl(item.servers) ?? serverUrl(doc.servers) ?? '';
  return {
    method: method.toUpperCase(),
    path,
    url: `${base}${path}`,
    headers: named('header', false),
    requiredHeaders: named('header', true),
    query: named('query', false),
    requiredQuery: named('query', true),
    bodyTypes: body.length > 0 ? body.map(mediaEssence) : undefined,
  };
}

/** The operations of a dereferenced OpenAPI 3.x document, path by path. */
function operationsOf(schema: Json): OracleOperation[] {
  const operations: OracleOperation[] = [];
  for (const [path, item] of Object.entries(isObject(schema.paths) ? schema.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (isObject(operation)) operations.push(operationOf(schema, path, item, method, operation));
    }
  }
  return operations;
}

/**
 * Reads `text` (JSON or YAML) with the parser: undefined when it is not Swagger 2.0 or
 * OpenAPI 3.0/3.1, or when the parser cannot dereference it.
 */
export function oracleRead(text: string): OracleReading | undefined {
  const source = normalize(text);
  const family = familyOf(source);
  if (!family) return undefined;
  const document = family === 'Swagger 2.0' ? upgrade(withSharedParametersInline(source as Json)).specification : source;
  const { schema, errors } = dereference(document as Json);
  if (!isObject(schema) || (errors?.length ?? 0) > 0) return undefined;
  return { family, operations: operationsOf(schema) };
}

/**
 * A Swagger 2.0 document with `#/parameters/X` references written out in place: the
 * parser's upgrade turns only inline `body`/`formData` parameters into a request body and
 * drops shared ones (a body declared once under `parameters` and referenced by each
 * operation), which Swagger 2.0 §Parameter Object allows. Writing them out first keeps the
 * oracle reading what the description says.
 */
function withSharedParametersInline(document: Json): Json {
  const shared = isObject(document.parameters) ? (document.parameters as Json) : undefined;
  if (!shared || !isObject(document.paths)) return document;
  const inline = (list: unknown) =>
    Array.isArray(list)
      ? list.map((p) => {
          const ref = isObject(p) && typeof (p as Json).$ref === 'string' ? ((p as Json).$ref as string) : undefined;
          const name = ref?.startsWith('#/parameters/') ? decodeURIComponent(ref.slice('#/parameters/'.length)).replace(/~1/g, '/').replace(/~0/g, '~') : undefined;
          return name !== undefined && isObject(shared[name]) ? structuredClone(shared[name]) : p;
        })
      : list;
  const copy = structuredClone(document);
  for (const item of Object.values(copy.paths as Json)) {
    if (!isObject(item)) continue;
    const pathItem = item as Json;
    if (pathItem.parameters) pathItem.parameters = inline(pathItem.parameters);
    for (const op of Object.values(pathItem)) if (isObject(op) && (op as Json).parameters) (op as Json).parameters = inline((op as Json).parameters);
  }
  return copy;
}

/** The bundled `document` upgraded (Swagger 2.0) and dereferenced by the parser; undefined on a dereferencing error. */
function dereferenceBundle(document: Json, family: OpenApiFamily): Json | undefined {
  if (family === 'Swagger 2.0') {
    // Upgraded once dereferenced, so that parameters and responses from other files are
    // upgraded too; the upgrader recurses without end on a cyclic document, which is
    // therefore upgraded before it is dereferenced.
    const { schema, errors } = dereference(structuredClone(document));
    if (!isObject(schema) || (errors?.length ?? 0) > 0) return undefined;
    try {
      return upgrade(schema).specification as Json;
    } catch {
      return dereferenceBundle(upgrade(document).specification as Json, 'OpenAPI 3.1');
    }
  }
  const { schema, errors } = dereference(document);
  return isObject(schema) && (errors?.length ?? 0) === 0 ? schema : undefined;
}

/**
 * Reads the description whose entry is the file `entryPath`: Scalar's bundler (`bundle` of
 * `@scalar/json-magic`, the package `@scalar/openapi-parser` resolves references with; the
 * parser's own `load` with its `readFiles` plugin never returns on files that refer to each
 * other) reads each relative `$ref` from disk against the folder of the file holding it and
 * embeds the file under `x-ext`; the result is dereferenced by the parser, Swagger 2.0
 * upgraded by it. Undefined when it is not Swagger 2.0 or OpenAPI 3.0/3.1, or when a file or
 * reference cannot be resolved.
 */
export async function oracleReadFiles(entryPath: string): Promise<OracleReading | undefined> {
  let unresolved = 0;
  const onResolveError = () => void (unresolved += 1);
  const plugins = [readFiles(), parseJson(), parseYaml(), { type: 'lifecycle' as const, onResolveError }];
  const bundled: unknown = await bundle(entryPath, { plugins, treeShake: false });
  const family = familyOf(bundled);
  if (!family || unresolved > 0) return undefined;
  const document = dereferenceBundle(bundled as Json, family);
  return document ? { family, operations: operationsOf(document) } : undefined;
}
