/**
 * Reading an OpenAPI 3.0 / 3.1 / 3.2 document: JSON or YAML text into a value (errors with line
 * and column), the structure the importer relies on checked with zod, and what is left of
 * `$ref`s after dereferencing looked up and reported.
 */
import { parseDocument } from 'yaml';
import { z } from 'zod';
import type { Result } from '../types';
import { fail, ok, positionAt } from '../types';
import { parseJsonDocument } from './importResult';

const record = z.record(z.string(), z.unknown());
const securityRequirements = z.array(z.record(z.string(), z.array(z.string())));

/** An operation, as far as the importer reads it. */
export const openApiOperationSchema = z.looseObject({
  tags: z.array(z.string()).optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  operationId: z.string().optional(),
  parameters: z.array(record).optional(),
  requestBody: record.optional(),
  security: securityRequirements.optional(),
  deprecated: z.boolean().optional(),
  callbacks: record.optional(),
});

/** The HTTP methods a path item can hold, in the order the importer lists them. */
export const OPENAPI_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const pathItem = z.looseObject({
  $ref: z.string().optional(),
  parameters: z.array(record).optional(),
  ...Object.fromEntries(OPENAPI_METHODS.map((m) => [m, openApiOperationSchema.optional()])),
});

/** The parts of an OpenAPI 3 document the importer reads. */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string().optional(), description: z.string().optional() }),
  servers: z.array(z.looseObject({ url: z.string(), variables: z.record(z.string(), z.looseObject({ default: z.string() })).optional() })).optional(),
  paths: z.record(z.string(), pathItem).optional(),
  webhooks: record.optional(),
  components: z.looseObject({ securitySchemes: z.record(z.string(), record).optional() }).optional(),
  security: securityRequirements.optional(),
  tags: z.array(z.looseObject({ name: z.string(), description: z.string().optional() })).optional(),
});

/** A validated OpenAPI 3.0 or 3.1 document (the parts the importer reads). */
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;
/** A validated operation. */
export type OpenApiOperation = z.infer<typeof openApiOperationSchema>;

/**
 * Parses OpenAPI text: JSON when it starts with `{`, YAML otherwise. YAML errors carry
 * the line and column of the offending text; aliases are limited so a small file cannot
 * expand into a huge one. Text that starts with `{` but is not JSON is read as YAML when it
 * is a YAML flow mapping (`{ 'type': 'string' }`, found in real multi-file descriptions),
 * else the JSON error is given.
 */
export function parseOpenApiText(text: string): Result<unknown> {
  if (!text.trimStart().startsWith('{')) return parseYamlText(text);
  const json = parseJsonDocument(text, 'OpenAPI');
  if (json.ok) return json;
  const yaml = parseYamlText(text);
  return yaml.ok ? yaml : json;
}

function parseYamlText(text: string): Result<unknown> {
  const source = parseDocument(text, { prettyErrors: false, uniqueKeys: false });
  const error = source.errors[0];
  if (error) {
    const at = positionAt(text, Math.min(error.pos[0], text.length));
    return fail({ kind: 'yaml-syntax', position: at, message: `This OpenAPI file is not valid YAML at line ${at.line}, column ${at.column}: ${error.message}.` });
  }
  try {
    return ok(source.toJS({ maxAliasCount: 1000 }) as unknown);
  } catch (thrown) {
    return fail({ kind: 'yaml-syntax', message: `This OpenAPI file could not be read as YAML: ${thrown instanceof Error ? thrown.message : String(thrown)}.` });
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What is left of `$ref`s once a description was dereferenced (`openApiFiles.ts`): a
 * reference that did not resolve (a file not given, a pointer to nothing) is still a
 * `$ref`; local ones are looked up once more and every miss is noted once, for the report.
 * `origin` names the reference a dereferenced object came from.
 */
export class OpenApiRefs {
  readonly unresolved: string[] = [];
  constructor(
    private readonly root: unknown,
    private readonly origins: WeakMap<object, string> = new WeakMap(),
  ) {}

  /** The reference `value` was dereferenced from, if it was. */
  origin(value: unknown): string | undefined {
    return typeof value === 'object' && value !== null ? this.origins.get(value) : undefined;
  }

  /** The value at `ref`, or undefined (and the ref noted) when it is not a local pointer to something. */
  lookup(ref: string): unknown {
    if (!ref.startsWith('#')) return this.miss(ref);
    let node: unknown = this.root;
    for (const raw of ref.slice(1).split('/').slice(1)) {
      let key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      try {
        key = decodeURIComponent(key);
      } catch {
        // A stray % is part of the key.
      }
      if (!isObject(node) && !Array.isArray(node)) return this.miss(ref);
      node = (node as Record<string, unknown>)[key];
      if (node === undefined) return this.miss(ref);
    }
    return node;
  }

  /** `value` with `$ref` chains followed (at most 32 steps), or undefined when one does not resolve. */
  deref<T = Record<string, unknown>>(value: unknown): T | undefined {
    let current = value;
    for (let steps = 0; isObject(current) && typeof current.$ref === 'string'; steps++) {
      if (steps >= 32) return this.miss(current.$ref) as undefined;
      current = this.lookup(current.$ref);
    }
    return current as T | undefined;
  }

  private miss(ref: string): undefined {
    if (!this.unresolved.includes(ref)) this.unresolved.push(ref);
    return undefined;
  }
}
