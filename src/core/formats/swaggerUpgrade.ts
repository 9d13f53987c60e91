/**
 * Swagger 2.0 read as OpenAPI 3.1 through `@scalar/openapi-parser`'s `upgrade`: host,
 * basePath and schemes become servers, body and formData parameters a requestBody per
 * `consumes` type, `produces` the response media types, securityDefinitions security
 * schemes. What the upgrade drops from formData parameters (default, enum, example,
 * format, array items) is put back on the body's schema properties, so samples keep them.
 */
import { upgrade } from '@scalar/openapi-parser';
import { isObject } from './openApiDocument';

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

/** A Swagger 2.0 document as OpenAPI 3.1, with a note for the import report. */
export function upgradeSwagger(source: Json): { document: Json; note: string } {
  const form = formDataByOperation(source.paths);
  const upgraded = upgrade(structuredClone(source)).specification as unknown as Json;
  restoreFormFields(upgraded, form);
  const note = `This Swagger ${String(source.swagger)} description was converted to OpenAPI 3.1 to import it (host, basePath and schemes became servers; body and formData parameters request bodies).`;
  return { document: upgraded, note };
}
