/**
 * The Postman Collection Format (v2.1.0, with v2.0.0 read by the same shapes) written as
 * zod schemas checked one item at a time: a bad item is skipped with the path of the
 * bad field (`request.url`), never the whole file. Only what Wirebench reads is checked;
 * unknown fields are ignored and fields Postman itself tolerates missing (a name, a
 * description's content, a header's value) get defaults. Versions are told apart first,
 * so a file that is not a collection at all is named for what it is.
 */
import { z } from 'zod';
import type { Result } from '../types';
import { fail, ok } from '../types';

/** The schema URL a v2.1 collection's `info.schema` holds. */
export const POSTMAN_V21_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

// Real exports hold `{content: null}` and `{content: {...}}`; only a string content is read.
const description = z.union([z.string(), z.looseObject({ content: z.unknown().optional(), type: z.unknown().optional() }), z.null()]).optional();

/** A collection, folder or URL path variable. */
// Every field is read defensively by the importer, so one odd variable never costs the others.
export const postmanVariableSchema = z.looseObject({
  id: z.unknown().optional(),
  key: z.unknown().optional(),
  value: z.unknown().optional(),
  type: z.unknown().optional(),
  name: z.unknown().optional(),
  description: z.unknown().optional(),
  disabled: z.unknown().optional(),
});

/** A list of variables: entries that are not objects are dropped here, odd fields by the importer. */
const variableList = z
  .array(z.unknown())
  .transform((list) => list.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)))
  .nullable()
  .optional();

/** One `{key, value, type}` attribute of an auth block. */
export const postmanAuthAttributeSchema = z.looseObject({ key: z.string(), value: z.unknown().optional(), type: z.string().optional() });

/** An auth block: its `type` and, under the type's name, a list of attributes. */
export const postmanAuthSchema = z
  .looseObject({ type: z.string() })
  .catchall(z.union([z.array(postmanAuthAttributeSchema), z.unknown()]));

const queryParam = z.looseObject({ key: z.string().nullable().optional(), value: z.union([z.string(), z.number(), z.boolean()]).nullable().optional(), disabled: z.boolean().optional(), description });

/** A request URL: a string, or an object with `raw` and/or its pieces. */
export const postmanUrlSchema = z.union([
  z.string(),
  z.looseObject({
    raw: z.string().optional(),
    protocol: z.string().optional(),
    host: z.union([z.string(), z.array(z.string())]).optional(),
    path: z.union([z.string(), z.array(z.union([z.string(), z.looseObject({ type: z.string().optional(), value: z.string().optional() })]))]).optional(),
    port: z.union([z.string(), z.number()]).nullable().optional(),
    query: z.array(queryParam).nullable().optional(),
    hash: z.string().optional(),
    auth: z.unknown().optional(),
    variable: variableList,
  }),
]);

// Postman sends a header with a missing or null value as empty; one without a key is left out.
const header = z.looseObject({ key: z.string().nullable().optional(), value: z.unknown().optional(), disabled: z.boolean().optional(), description });

/** A request body in one of its modes. */
export const postmanBodySchema = z.looseObject({
  // Any string: an unknown mode costs that request its body, not the request.
  mode: z.string().nullable().optional(),
  raw: z.unknown().optional(),
  urlencoded: z.array(z.looseObject({ key: z.string().nullable().optional(), value: z.unknown().optional(), disabled: z.boolean().optional(), description })).optional(),
  formdata: z
    .array(
      z.looseObject({
        key: z.string().nullable().optional(),
        value: z.unknown().optional(),
        src: z.union([z.string(), z.array(z.string()), z.null()]).optional(),
        disabled: z.boolean().optional(),
        type: z.string().optional(),
        contentType: z.string().optional(),
        description,
      }),
    )
    .optional(),
  file: z.looseObject({ src: z.string().nullable().optional(), content: z.string().optional() }).optional(),
  graphql: z.looseObject({ query: z.string().optional(), variables: z.unknown().optional() }).optional(),
  options: z.looseObject({ raw: z.looseObject({ language: z.string().optional() }).nullable().optional() }).nullable().optional(),
  disabled: z.boolean().optional(),
});

/** A request: a URL string, or the full object. */
export const postmanRequestSchema = z.union([
  z.string(),
  z.looseObject({
    url: postmanUrlSchema.optional(),
    auth: postmanAuthSchema.nullable().optional(),
    method: z.string().nullable().optional(),
    description,
    header: z.union([z.array(header), z.string(), z.null()]).optional(),
    body: postmanBodySchema.nullable().optional(),
  }),
]);

/** The options of `protocolProfileBehavior` that change what goes on the wire, and which Wirebench honours. */
const protocolProfileBehavior = z
  .looseObject({ followRedirects: z.boolean().optional(), strictSSL: z.boolean().optional(), disableBodyPruning: z.boolean().optional(), disableCookies: z.boolean().optional() })
  .nullable()
  .optional();

/** `protocolProfileBehavior` as read (unknown options kept, for naming them). */
export type PostmanBehaviour = NonNullable<z.infer<typeof protocolProfileBehavior>>;

/** A script attached to an item, folder or collection (`listen` is `prerequest` or `test`). */
export const postmanEventSchema = z.looseObject({
  listen: z.string().optional(),
  disabled: z.boolean().optional(),
  // Postman's SDK reads a script as an object (`exec` lines or one string, or a `src` file), or as the code itself.
  script: z
    .union([z.looseObject({ exec: z.union([z.array(z.unknown()), z.string()]).optional(), src: z.unknown().optional(), type: z.string().optional() }), z.string(), z.array(z.unknown())])
    .nullable()
    .optional(),
});

/** A request item, checked on its own: its folder's `item` list is walked by the importer. */
export const postmanRequestItemSchema = z.looseObject({
  id: z.unknown().optional(),
  name: z.unknown().optional(),
  description,
  variable: variableList,
  event: z.unknown().optional(),
  request: postmanRequestSchema,
  response: z.unknown().optional(),
  protocolProfileBehavior,
});

/** A folder's own fields, checked on their own; its `item` list is walked item by item. */
export const postmanFolderSchema = z.looseObject({
  name: z.unknown().optional(),
  description,
  variable: variableList,
  event: z.unknown().optional(),
  item: z.array(z.unknown()),
  auth: postmanAuthSchema.nullable().optional(),
  protocolProfileBehavior,
});

/** A request item as validated. */
export type PostmanRequestItem = z.infer<typeof postmanRequestItemSchema>;
/** A folder as validated (its items still to be checked). */
export type PostmanFolder = z.infer<typeof postmanFolderSchema>;
/** A request as a request item holds it. */
export type PostmanRequest = PostmanRequestItem['request'];
/** A description as any level holds it. */
export type PostmanDescription = z.infer<typeof description>;

/**
 * A collection's own fields. `info.name` may be missing (the importer names it) and
 * `item` may be missing (an empty collection); each item is checked on its own.
 */
export const postmanCollectionSchema = z.looseObject({
  info: z.looseObject({ name: z.unknown().optional(), description }).nullable().optional(),
  item: z.array(z.unknown()).nullable().optional(),
  event: z.unknown().optional(),
  variable: variableList,
  auth: postmanAuthSchema.nullable().optional(),
  protocolProfileBehavior,
});

/** A validated collection envelope (items unchecked). */
export type PostmanCollection = z.infer<typeof postmanCollectionSchema>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Which Postman collection format a file is in. */
export type PostmanVersion = 'v2.1' | 'v2.0' | 'v1';

/** What a JSON file that is not a Postman collection looks like instead, for the refusal. */
function lookalike(file: Record<string, unknown>): string {
  if (typeof file.openapi === 'string' || typeof file.swagger === 'string') return 'an OpenAPI/Swagger description (import it as OpenAPI)';
  if (isObject(file.log) && Array.isArray(file.log.entries)) return 'a HAR capture (import it as HAR)';
  if (Array.isArray(file.resources) && file._type === 'export') return 'an Insomnia export';
  const keys = Object.keys(file).slice(0, 5);
  return keys.length > 0 ? `a JSON object with ${keys.map((k) => `"${k}"`).join(', ')}` : 'an empty JSON object';
}

/**
 * Tells which Postman collection format `file` is, or refuses it when it is not a
 * collection at all, saying what it is instead: an environment, a globals file, a data
 * dump of several collections, another format. v2.0 and v1 are read (the importer maps
 * their differences); a v2.x minor version Wirebench does not know is read as v2.1 with
 * a warning; a missing schema URL with an `item` list is read as v2.1 too.
 */
export function checkPostmanVersion(file: unknown): Result<{ version: PostmanVersion; warning?: string }> {
  const refuse = (kind: string, message: string, field?: string) => fail({ kind, message, ...(field ? { field } : {}) });
  if (!isObject(file)) return refuse('wrong-format', 'A Postman collection is a JSON object, but this file holds ' + (Array.isArray(file) ? 'an array.' : `${file === null ? 'null' : typeof file}.`));
  if (file._postman_variable_scope === 'environment' || (Array.isArray(file.values) && !('info' in file) && !Array.isArray(file.requests))) {
    return refuse('wrong-format', 'This is a Postman environment, not a collection: import it as an environment, or export the collection itself (Collection v2.1).');
  }
  if (file._postman_variable_scope === 'globals') return refuse('wrong-format', 'This is a Postman globals file, not a collection: its variables can be added to an environment.');
  if (Array.isArray(file.collections) && !('info' in file)) {
    return refuse('wrong-format', `This is a Postman data dump holding ${file.collections.length} collection${file.collections.length === 1 ? '' : 's'}: export each collection from Postman (Collection v2.1) and import it.`);
  }
  if (!('info' in file) && (Array.isArray(file.requests) || Array.isArray(file.order) || Array.isArray(file.folders))) return ok({ version: 'v1' });
  const info = file.info;
  if (!isObject(info)) {
    if (Array.isArray(file.item)) return ok({ version: 'v2.1', warning: 'The collection has no "info"; it was read as Collection v2.1.' });
    return refuse('wrong-format', `This is not a Postman collection (no "info" and "item", as v2 has, nor "requests", as v1 has): it looks like ${lookalike(file)}.`);
  }
  const schema = typeof info.schema === 'string' ? info.schema : undefined;
  if (schema === undefined) return ok({ version: 'v2.1', warning: 'info.schema is missing; the collection was read as Collection v2.1.' });
  const version = /\/collection\/v(\d+)\.(\d+)\.(\d+)\//.exec(schema);
  // The first v2 collections named their schema without a minor version (…/collection/v2/collection.json); Postman's SDK reads them as v2.0.
  if (!version && /\/collection\/v2\/collection\.json$/.test(schema)) return ok({ version: 'v2.0' });
  if (version?.[1] === '2' && version[2] === '1') return ok({ version: 'v2.1' });
  if (version?.[1] === '2' && version[2] === '0') return ok({ version: 'v2.0' });
  if (version?.[1] === '2') return ok({ version: 'v2.1', warning: `info.schema names Collection v${version.slice(1).join('.')}; it was read as Collection v2.1.` });
  if (version?.[1] === '1') return ok({ version: 'v1' });
  return refuse(
    'unsupported-version',
    `info.schema is "${schema}"${version ? `, Postman Collection v${version.slice(1).join('.')}` : ''}; Wirebench reads Postman Collection v2.1, v2.0 and v1 (${POSTMAN_V21_SCHEMA}).`,
    'info.schema',
  );
}
