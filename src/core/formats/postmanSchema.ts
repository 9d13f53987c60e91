/**
 * The Postman Collection Format v2.1.0 (https://schema.getpostman.com/json/collection/
 * v2.1.0/collection.json) written as a zod schema, so an import says exactly which field
 * of which item is wrong (`item[3].request.url`). Only the parts Wirebench reads are
 * checked closely; the rest may be present. Versions are told apart before validation,
 * so a v2.0 or v1 collection is named as such instead of failing field by field.
 */
import { z } from 'zod';
import type { Result } from '../types';
import { fail, ok } from '../types';

/** The schema URL a v2.1 collection's `info.schema` holds. */
export const POSTMAN_V21_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

const description = z.union([z.string(), z.looseObject({ content: z.string().optional(), type: z.string().optional() }), z.null()]).optional();

/** A collection, folder or URL path variable. */
export const postmanVariableSchema = z.looseObject({
  id: z.string().optional(),
  key: z.string().optional(),
  value: z.unknown().optional(),
  type: z.string().optional(),
  name: z.string().optional(),
  description,
  disabled: z.boolean().optional(),
});

/** One `{key, value, type}` attribute of an auth block. */
export const postmanAuthAttributeSchema = z.looseObject({ key: z.string(), value: z.unknown().optional(), type: z.string().optional() });

/** An auth block: its `type` and, under the type's name, a list of attributes. */
export const postmanAuthSchema = z
  .looseObject({ type: z.string() })
  .catchall(z.union([z.array(postmanAuthAttributeSchema), z.unknown()]));

const queryParam = z.looseObject({ key: z.string().nullable().optional(), value: z.string().nullable().optional(), disabled: z.boolean().optional(), description });

/** A request URL: a string, or an object with `raw` and/or its pieces. */
export const postmanUrlSchema = z.union([
  z.string(),
  z.looseObject({
    raw: z.string().optional(),
    protocol: z.string().optional(),
    host: z.union([z.string(), z.array(z.string())]).optional(),
    path: z.union([z.string(), z.array(z.union([z.string(), z.looseObject({ type: z.string().optional(), value: z.string().optional() })]))]).optional(),
    port: z.string().optional(),
    query: z.array(queryParam).optional(),
    hash: z.string().optional(),
    variable: z.array(postmanVariableSchema).optional(),
  }),
]);

const header = z.looseObject({ key: z.string(), value: z.string(), disabled: z.boolean().optional(), description });

/** A request body in one of its modes. */
export const postmanBodySchema = z.looseObject({
  mode: z.enum(['raw', 'urlencoded', 'formdata', 'file', 'graphql']).optional(),
  raw: z.string().optional(),
  urlencoded: z.array(z.looseObject({ key: z.string(), value: z.string().optional(), disabled: z.boolean().optional(), description })).optional(),
  formdata: z
    .array(
      z.looseObject({
        key: z.string(),
        value: z.string().optional(),
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
  options: z.looseObject({ raw: z.looseObject({ language: z.string().optional() }).optional() }).optional(),
  disabled: z.boolean().optional(),
});

/** A request: a URL string, or the full object. */
export const postmanRequestSchema = z.union([
  z.string(),
  z.looseObject({
    url: postmanUrlSchema.optional(),
    auth: postmanAuthSchema.nullable().optional(),
    method: z.string().optional(),
    description,
    header: z.union([z.array(header), z.string()]).optional(),
    body: postmanBodySchema.nullable().optional(),
  }),
]);

const protocolProfileBehavior = z.looseObject({ followRedirects: z.boolean().optional(), strictSSL: z.boolean().optional() }).optional();

/** An item (a request) or an item group (a folder, which has `item`). */
export interface PostmanItem {
  id?: string;
  name?: string;
  description?: z.infer<typeof description>;
  variable?: z.infer<typeof postmanVariableSchema>[];
  event?: unknown[];
  request?: z.infer<typeof postmanRequestSchema>;
  response?: unknown[];
  item?: PostmanItem[];
  auth?: z.infer<typeof postmanAuthSchema> | null;
  protocolProfileBehavior?: z.infer<typeof protocolProfileBehavior>;
}

/** An item or a folder, recursively; each must have either `request` or `item`. */
export const postmanItemSchema: z.ZodType<PostmanItem> = z.lazy(() =>
  z
    .looseObject({
      id: z.string().optional(),
      name: z.string().optional(),
      description,
      variable: z.array(postmanVariableSchema).optional(),
      event: z.array(z.unknown()).optional(),
      request: postmanRequestSchema.optional(),
      response: z.array(z.unknown()).optional(),
      item: z.array(postmanItemSchema).optional(),
      auth: postmanAuthSchema.nullable().optional(),
      protocolProfileBehavior,
    })
    .superRefine((item, ctx) => {
      if (item.request === undefined && item.item === undefined) {
        ctx.addIssue({ code: 'custom', message: 'an item needs "request" (a request) or "item" (a folder)', path: [] });
      }
    }),
) as unknown as z.ZodType<PostmanItem>;

/** A whole v2.1 collection. */
export const postmanCollectionSchema = z.looseObject({
  info: z.looseObject({ name: z.string(), _postman_id: z.string().optional(), description, schema: z.string() }),
  item: z.array(postmanItemSchema),
  event: z.array(z.unknown()).optional(),
  variable: z.array(postmanVariableSchema).optional(),
  auth: postmanAuthSchema.nullable().optional(),
  protocolProfileBehavior,
});

/** A validated v2.1 collection. */
export type PostmanCollection = z.infer<typeof postmanCollectionSchema>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks that `document` claims to be a v2.1 collection before it is validated: a v2.0
 * collection, a v1 collection, a Postman environment or data dump, and an unknown schema
 * URL each get their own message saying what was found and what to do.
 */
export function checkPostmanVersion(file: unknown): Result<void> {
  const refuse = (kind: string, message: string, field?: string) => fail({ kind, message, ...(field ? { field } : {}) });
  if (!isObject(file)) return refuse('schema', 'A Postman collection is a JSON object, but this file holds ' + (Array.isArray(file) ? 'an array.' : `${typeof file}.`));
  if (file._postman_variable_scope === 'environment' || (Array.isArray(file.values) && !('info' in file))) {
    return refuse('wrong-format', 'This is a Postman environment, not a collection: import it as an environment, or export the collection itself (Collection v2.1).');
  }
  if (!('info' in file) && (Array.isArray(file.requests) || Array.isArray(file.order))) {
    return refuse('unsupported-version', 'This is a Postman Collection v1 (it has "requests" and "order" instead of "info" and "item"). Wirebench reads v2.1: open it in Postman and export it as Collection v2.1.');
  }
  const info = file.info;
  if (!isObject(info)) return refuse('schema', 'info: is required (a v2.1 collection starts with an "info" object holding its name and schema URL).', 'info');
  const schema = info.schema;
  if (typeof schema !== 'string') return refuse('schema', 'info.schema: is required (the v2.1 schema URL).', 'info.schema');
  const version = /\/collection\/v(\d+\.\d+\.\d+)\//.exec(schema)?.[1];
  if (version === '2.1.0') return ok(undefined);
  if (version === '2.0.0') {
    return refuse('unsupported-version', 'This is a Postman Collection v2.0 (info.schema names v2.0.0). Wirebench reads v2.1: in Postman, export the collection again and choose Collection v2.1.', 'info.schema');
  }
  return refuse(
    'unsupported-version',
    `info.schema is "${schema}"${version ? `, Postman Collection v${version}` : ''}; Wirebench reads Postman Collection v2.1 (${POSTMAN_V21_SCHEMA}).`,
    'info.schema',
  );
}
