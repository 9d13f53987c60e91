/**
 * The leniency rule for OpenAPI descriptions: real documents carry a numeric
 * `info.version`, a `null` parameter, a `$ref` where a tag's description should be, one
 * malformed operation among hundreds. None of that may cost the rest: each such part is
 * given a default, dropped or skipped — with the item and field named — and the rest of
 * the document is read. Only a document that is not OpenAPI at all is refused.
 */
import type { Result } from '../types';
import { fail, ok } from '../types';
import { formatSchemaProblem, schemaProblems } from '../workspace';
import { schemaFailure, type ImportSkip } from './importResult';
import { isObject, OPENAPI_METHODS, openApiDocumentSchema, openApiOperationSchema, type OpenApiDocument } from './openApiDocument';
import { readParameterList } from './openApiParameters';

type Json = Record<string, unknown>;

/** What was given a default, dropped or skipped while reading a document leniently. */
export interface LenientReading {
  /** The document with every part in the shape the importer reads. */
  document: Json;
  skipped: ImportSkip[];
  /** What came across changed (a number read as text, a default name, a dropped description). */
  notes: string[];
}

/** Object entries of `value`, or none with a note when it is something else. */
function objectAt(value: unknown, field: string, notes: string[]): Json | undefined {
  if (value === undefined) return undefined;
  if (isObject(value)) return value;
  notes.push(`${field} is not an object (${value === null ? 'null' : typeof value}); it was left out.`);
  return undefined;
}

/** The items of a list that are objects; the others are skipped and named by index. */
function objectItems(value: unknown, where: string, skipped: ImportSkip[], notes: string[]): Json[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    notes.push(`${where} is not a list; it was left out.`);
    return undefined;
  }
  const kept: Json[] = [];
  value.forEach((item, index) => {
    if (isObject(item)) kept.push(item);
    else skipped.push({ item: `${where}[${index}]`, reason: `it is ${item === null ? 'null' : `a ${typeof item}`}, not an object.` });
  });
  return kept;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

/**
 * The document as the importer reads it, with what was changed or skipped on the way.
 * `originOf` names the `$ref` a dereferenced part came from, for the report.
 */
export function readOpenApiLeniently(source: Json, originOf?: (value: object) => string | undefined): LenientReading {
  const skipped: ImportSkip[] = [];
  const notes: string[] = [];
  const shaped: Json = { ...source };

  const info = objectAt(source.info, 'info', notes) ?? {};
  const title = text(info.title)?.trim();
  if (!title) notes.push('info.title is missing; the collection is named "Imported API".');
  if (info.version !== undefined && typeof info.version !== 'string') notes.push(`info.version ${JSON.stringify(info.version)} is read as text.`);
  shaped.info = {
    ...info,
    title: title || 'Imported API',
    ...(text(info.version) !== undefined ? { version: text(info.version) } : {}),
    ...(typeof info.description === 'string' ? { description: info.description } : { description: undefined }),
  };

  if (source.tags !== undefined) {
    const tags = objectItems(source.tags, 'tags', skipped, notes) ?? [];
    shaped.tags = tags.flatMap((tag, index) => {
      const name = text(tag.name);
      if (name === undefined) {
        skipped.push({ item: `tags[${index}]`, reason: 'it has no name.' });
        return [];
      }
      if (tag.description !== undefined && typeof tag.description !== 'string') {
        notes.push(`The description of tag "${name}" is not text (${isObject(tag.description) && '$ref' in tag.description ? 'a $ref' : typeof tag.description}); it was left out.`);
        return [{ ...tag, name, description: undefined }];
      }
      return [{ ...tag, name }];
    });
  }

  if (source.servers !== undefined) {
    const servers = objectItems(source.servers, 'servers', skipped, notes) ?? [];
    shaped.servers = servers.flatMap((server, index) => {
      const url = text(server.url);
      if (url === undefined) {
        skipped.push({ item: `servers[${index}]`, reason: 'it has no url.' });
        return [];
      }
      const variables = objectAt(server.variables, `servers[${index}].variables`, notes);
      const kept = variables
        ? Object.fromEntries(Object.entries(variables).flatMap(([name, variable]) => (isObject(variable) && text(variable.default) !== undefined ? [[name, { ...variable, default: text(variable.default) }]] : [])))
        : undefined;
      return [{ ...server, url, ...(kept ? { variables: kept } : { variables: undefined }) }];
    });
  }

  if (source.security !== undefined && !Array.isArray(source.security)) {
    notes.push('security is not a list of requirements; it was left out.');
    shaped.security = undefined;
  }
  const components = objectAt(source.components, 'components', notes);
  if (components) {
    const schemes = objectAt(components.securitySchemes, 'components.securitySchemes', notes);
    shaped.components = { ...components, securitySchemes: schemes ? Object.fromEntries(Object.entries(schemes).filter(([, scheme]) => isObject(scheme))) : undefined };
  } else shaped.components = undefined;

  const paths = objectAt(source.paths, 'paths', notes);
  if (paths) {
    const kept: Json = {};
    for (const [path, declared] of Object.entries(paths)) {
      if (!isObject(declared)) {
        skipped.push({ item: path, reason: `the path item is ${declared === null ? 'null' : `a ${typeof declared}`}.` });
        continue;
      }
      const item: Json = { ...declared };
      if (declared.$ref !== undefined && typeof declared.$ref !== 'string') {
        notes.push(`paths.${path}.$ref is ${declared.$ref === null ? 'null' : `a ${typeof declared.$ref}`}, not a reference; it was left out.`);
        delete item.$ref;
      }
      if (declared.parameters !== undefined) item.parameters = readParameterList(declared.parameters, `paths.${path}.parameters`, 'openapi', skipped, notes, { originOf });
      for (const method of OPENAPI_METHODS) {
        const operation = declared[method];
        if (operation === undefined) continue;
        const name = `${method.toUpperCase()} ${path}`;
        if (!isObject(operation)) {
          skipped.push({ item: name, reason: `the operation is ${operation === null ? 'null' : `a ${typeof operation}`}.` });
          delete item[method];
          continue;
        }
        const cleaned: Json = { ...operation };
        if (operation.parameters !== undefined) cleaned.parameters = readParameterList(operation.parameters, `paths.${path}.${method}.parameters`, 'openapi', skipped, notes, { originOf });
        if (Array.isArray(operation.tags)) cleaned.tags = operation.tags.flatMap((t) => (text(t) !== undefined ? [text(t)] : []));
        for (const field of ['summary', 'description', 'operationId'] as const) if (operation[field] !== undefined && typeof operation[field] !== 'string') cleaned[field] = text(operation[field]);
        const security = operation.security;
        if (security !== undefined && !(Array.isArray(security) && security.every((r) => isObject(r) && Object.values(r).every(Array.isArray)))) {
          notes.push(`${name}: security is not a list of requirements (such as [{ api_key: [] }]); it was left out, so the document's applies.`);
          delete cleaned.security;
        }
        const checked = openApiOperationSchema.safeParse(cleaned);
        if (!checked.success) {
          const problem = schemaProblems(checked.error)[0];
          skipped.push({ item: name, reason: problem ? formatSchemaProblem(problem) : 'its structure is not an OpenAPI operation.' });
          delete item[method];
          continue;
        }
        item[method] = cleaned;
      }
      kept[path] = item;
    }
    shaped.paths = kept;
  } else shaped.paths = undefined;

  return { document: shaped, skipped, notes };
}

/** A document read leniently: what the importer reads, and what was changed or skipped. */
export interface OpenApiReading {
  document: OpenApiDocument;
  /** The document as read, for `$ref` lookups (the parts the importer reads in the shape it reads them). */
  root: Record<string, unknown>;
  skipped: ImportSkip[];
  notes: string[];
}

/**
 * Checks the version, then reads the structure leniently (`readOpenApiLeniently`): a
 * document is refused only when it is not OpenAPI 3 at all — other versions (Swagger
 * 2.0 arrives upgraded) are named — while a bad tag, parameter or operation is skipped or given a
 * default, with the item and field named (`originOf` names the `$ref` a part came from).
 */
export function readOpenApi(source: unknown, originOf?: (value: object) => string | undefined): Result<OpenApiReading> {
  if (!isObject(source)) return fail({ kind: 'schema', message: 'An OpenAPI document is an object with "openapi", "info" and "paths"; this file holds something else.' });
  if (source.swagger !== undefined) {
    return fail({
      kind: 'unsupported-version',
      field: 'swagger',
      message: `This is a Swagger ${String(source.swagger)} document; Wirebench reads Swagger 2.0 and OpenAPI 3.0, 3.1 and 3.2: convert it to one of those first.`,
    });
  }
  const version = typeof source.openapi === 'number' ? String(source.openapi) : source.openapi;
  if (typeof version !== 'string') return fail({ kind: 'schema', field: 'openapi', message: 'openapi: is required (the OpenAPI version, such as "3.1.0").' });
  if (!/^3\.[012](\.\d+)?([-+].*)?$/.test(version.trim())) {
    return fail({ kind: 'unsupported-version', field: 'openapi', message: `This document says it is OpenAPI ${version}; Wirebench reads OpenAPI 3.0, 3.1 and 3.2.` });
  }
  const lenient = readOpenApiLeniently({ ...source, openapi: version.trim() }, originOf);
  if (!/^3\.[012]\.\d+/.test(version.trim())) lenient.notes.unshift(`The version "${version}" gives no patch number; it is read as OpenAPI ${version.trim()}.x.`);
  if (/^3\.2/.test(version.trim())) lenient.notes.unshift('OpenAPI 3.2 is read with the 3.1 rules: what 3.2 adds (such as the QUERY method and additionalOperations) is not imported.');
  const parsed = openApiDocumentSchema.safeParse(lenient.document);
  if (!parsed.success) return schemaFailure(parsed.error, `OpenAPI ${version} document`);
  return ok({ document: parsed.data, root: lenient.document, skipped: lenient.skipped, notes: lenient.notes });
}

/** `readOpenApi`'s document alone. */
export function validateOpenApi(source: unknown): Result<OpenApiDocument> {
  const read = readOpenApi(source);
  return read.ok ? ok(read.value.document) : read;
}
