/**
 * Swagger 2.0 read as OpenAPI 3.1 through `@scalar/openapi-parser`'s `upgrade`: host,
 * basePath and schemes become servers, body and formData parameters a requestBody per
 * `consumes` type, `produces` the response media types, securityDefinitions security
 * schemes. What the upgrade drops from formData parameters (default, enum, example,
 * format, array items) is put back on the body's schema properties, so samples keep them.
 * The upgrade throws on what it cannot read (a parameter without `in`, a null operation or
 * response), so those are left out first, each named (`readSwaggerLeniently`), and
 * anything else it throws on is a typed failure.
 */
import { upgrade } from '@scalar/openapi-parser';
import type { Result } from '../types';
import { fail, ok } from '../types';
import type { ImportSkip } from './importResult';
import { isObject } from './openApiDocument';
import { judgeParameter, readParameterList } from './openApiParameters';

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;
/** formData parameter fields that describe the value and belong on its schema property. */
const KEPT_FIELDS = ['default', 'enum', 'example', 'x-example', 'format', 'items', 'description', 'minimum', 'maximum', 'pattern'] as const;

/** The formData parameters of every operation (path-level ones included), by "path method". */
function formDataByOperation(paths: unknown): Map<string, Json[]> {
  const found = new Map<string, Json[]>();
  if (!isObject(paths)) return found;
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const own = Array.isArray(operation.parameters) ? operation.parameters : [];
      const form = [...shared, ...own].filter((p): p is Json => isObject(p) && p.in === 'formData' && typeof p.name === 'string');
      if (form.length > 0) found.set(`${path} ${method}`, form);
    }
  }
  return found;
}

/** Puts back on each form body's schema what the upgrade left out of its formData parameters. */
function restoreFormFields(upgraded: Json, form: Map<string, Json[]>): void {
  if (!isObject(upgraded.paths)) return;
  for (const [key, params] of form) {
    const split = key.lastIndexOf(' ');
    const item = upgraded.paths[key.slice(0, split)];
    const operation = isObject(item) ? item[key.slice(split + 1)] : undefined;
    const content = isObject(operation) && isObject(operation.requestBody) ? operation.requestBody.content : undefined;
    if (!isObject(content)) continue;
    for (const media of Object.values(content)) {
      const properties = isObject(media) && isObject(media.schema) ? media.schema.properties : undefined;
      if (!isObject(properties)) continue;
      for (const param of params) {
        const property = properties[param.name as string];
        if (!isObject(property)) continue;
        for (const field of KEPT_FIELDS) {
          if (param[field] === undefined || property[field === 'x-example' ? 'example' : field] !== undefined) continue;
          property[field === 'x-example' ? 'example' : field] = param[field];
        }
        if (param.type === 'file') property.format = 'binary';
      }
    }
  }
}

/** A Swagger 2.0 document in the shape the upgrade can read, with what was left out or changed on the way. */
export interface SwaggerReading {
  /** A copy of the description; the source is not changed. */
  description: Json;
  skipped: ImportSkip[];
  notes: string[];
}

/** The name a `#/parameters/…` reference points at, or undefined for any other reference. */
function sharedParameterName(ref: string): string | undefined {
  const match = /^#\/parameters\/([^/]+)$/.exec(ref);
  return match ? match[1]!.replace(/~1/g, '/').replace(/~0/g, '~') : undefined;
}

/**
 * Leaves out what the upgrade would throw on, naming each: a parameter that is not an
 * object, has no or an unknown `in`, or no `name` (where it is used, also when it is a
 * shared `#/parameters/…` one); a parameter list that is not a list; an operation that is
 * not an object. Responses that are not objects are dropped silently: the importer does
 * not read responses. A numeric `swagger: 2.0` (YAML reads it as the number 2) is read as "2.0".
 */
export function readSwaggerLeniently(source: Json): SwaggerReading {
  const description = structuredClone(source);
  const skipped: ImportSkip[] = [];
  const notes: string[] = [];
  if (typeof description.swagger === 'number') {
    notes.push(`swagger: ${String(description.swagger)} is read as "2.0" (write it in quotes: a number is not a version).`);
    description.swagger = '2.0';
  }
  // Shared parameters: kept ones normalised where they are defined; bad ones removed here and reported where they are used.
  const shared = isObject(description.parameters) ? description.parameters : undefined;
  const sharedTargets = new Map<string, unknown>();
  if (shared) {
    for (const [name, definition] of Object.entries(shared)) {
      if (isObject(definition) && typeof definition.$ref === 'string') continue;
      const verdict = judgeParameter(definition, 'swagger');
      if (verdict.ok) {
        shared[name] = verdict.parameter;
        notes.push(...verdict.notes.map((note) => `parameters.${name}: ${note}`));
      } else delete shared[name];
      sharedTargets.set(name, verdict.ok ? verdict.parameter : definition);
    }
  }
  const resolve = (ref: string) => {
    const name = sharedParameterName(ref);
    return name === undefined ? undefined : sharedTargets.get(name);
  };
  // The upgrade turns a shared body or formData parameter into a request body but leaves the
  // reference to it among the parameters, where it is lost; a copy in its place is upgraded in place.
  const readList = (list: unknown, where: string) =>
    readParameterList(list, where, 'swagger', skipped, notes, { resolve })?.map((kept) => {
      const target = isObject(kept) && typeof kept.$ref === 'string' ? resolve(kept.$ref) : undefined;
      return isObject(target) && (target.in === 'body' || target.in === 'formData') ? structuredClone(target) : kept;
    });
  if (isObject(description.paths)) {
    for (const [path, item] of Object.entries(description.paths)) {
      if (!isObject(item)) continue;
      const at = `paths.${path}`;
      if (item.parameters !== undefined) {
        const kept = readList(item.parameters, `${at}.parameters`);
        if (kept === undefined) delete item.parameters;
        else item.parameters = kept;
      }
      for (const method of METHODS) {
        const operation = item[method];
        if (operation === undefined) continue;
        if (!isObject(operation)) {
          skipped.push({ item: `${method.toUpperCase()} ${path}`, reason: `the operation is ${operation === null ? 'null' : Array.isArray(operation) ? 'a list' : `a ${typeof operation}`}.` });
          delete item[method];
          continue;
        }
        if (operation.parameters !== undefined) {
          const kept = readList(operation.parameters, `${at}.${method}.parameters`);
          if (kept === undefined) delete operation.parameters;
          else operation.parameters = kept;
        }
        if (isObject(operation.responses)) {
          for (const [status, response] of Object.entries(operation.responses)) if (!isObject(response)) delete operation.responses[status];
        }
      }
    }
  }
  return { description, skipped, notes };
}

/**
 * Takes out of each path item the entries that are neither `parameters` nor an operation
 * and hold no object (`x-internal: null`, a `$ref` string): the upgrade reads every such
 * entry as an operation and throws on it. They are put back after.
 */
function setAsideNonOperations(paths: unknown): Map<string, Json> {
  const aside = new Map<string, Json>();
  if (!isObject(paths)) return aside;
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const [key, value] of Object.entries(item)) {
      if (key === 'parameters' || (METHODS as readonly string[]).includes(key) || isObject(value)) continue;
      aside.set(path, { ...aside.get(path), [key]: value });
      delete item[key];
    }
  }
  return aside;
}

/** A Swagger 2.0 document upgraded to OpenAPI 3.1. */
export interface SwaggerUpgrade {
  document: Json;
  /** Notes for the import report: the conversion itself first, then what was changed on the way. */
  notes: string[];
  /** Parameters and operations left out before the conversion, each named. */
  skipped: ImportSkip[];
}

/**
 * A Swagger 2.0 document as OpenAPI 3.1, with notes for the import report; what the
 * upgrade cannot read is left out first (`readSwaggerLeniently`). Fails with kind
 * `swagger-upgrade` when the upgrade still throws.
 */
export function upgradeSwagger(source: Json): Result<SwaggerUpgrade> {
  const read = readSwaggerLeniently(source);
  const form = formDataByOperation(read.description.paths);
  const asideKeys = setAsideNonOperations(read.description.paths);
  let upgraded: Json;
  try {
    upgraded = upgrade(structuredClone(read.description)).specification as unknown as Json;
  } catch (error) {
    // The library throws plain Errors on shapes it does not expect; name what failed rather than let it escape.
    return fail({
      kind: 'swagger-upgrade',
      message: `This Swagger ${String(read.description.swagger)} description could not be converted to OpenAPI 3 to import it: ${error instanceof Error ? error.message : String(error)}.`,
    });
  }
  restoreFormFields(upgraded, form);
  if (isObject(upgraded.paths)) for (const [path, kept] of asideKeys) if (isObject(upgraded.paths[path])) Object.assign(upgraded.paths[path], kept);
  const note = `This Swagger ${String(read.description.swagger)} description was converted to OpenAPI 3.1 to import it (host, basePath and schemes became servers; body and formData parameters request bodies).`;
  return ok({ document: upgraded, notes: [note, ...read.notes], skipped: read.skipped });
}
