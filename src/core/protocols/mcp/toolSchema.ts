/**
 * A tool's input JSON Schema as a form (one field a top-level property), the raw JSON
 * arguments the form and the text area share, the arguments checked against the schema
 * before they are sent, and structured content checked against the tool's output schema.
 * Validation interprets schemas (`@cfworker/json-schema`), so it runs in the page too.
 */
import { Validator, type OutputUnit } from '@cfworker/json-schema';
import { sampleJsonSchema } from '../../formats/jsonSchemaSample';
import { schemaDraftOf } from '../../run/jsonSchemaCheck';
import { fail, ok, type Result } from '../../types';

export type FormFieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';

export interface FormField {
  name: string;
  kind: FormFieldKind;
  required: boolean;
  description?: string;
  /** For `enum`: the choices, as JSON text of each. */
  choices?: string[];
  /** The value shown first: the schema's default, else empty (JSON text for `json`). */
  initial: string;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The form for a tool's `inputSchema`; properties whose shape is not a plain value become a JSON field. */
export function formFields(inputSchema: unknown): FormField[] {
  if (!isObject(inputSchema) || !isObject(inputSchema.properties)) return [];
  const required = new Set(Array.isArray(inputSchema.required) ? inputSchema.required.filter((r): r is string => typeof r === 'string') : []);
  return Object.entries(inputSchema.properties).map(([name, raw]) => {
    const prop = isObject(raw) ? raw : {};
    const type = Array.isArray(prop.type) ? prop.type.find((t) => t !== 'null') : prop.type;
    const description = typeof prop.description === 'string' ? prop.description : undefined;
    const base = { name, required: required.has(name), ...(description ? { description } : {}) };
    if (Array.isArray(prop.enum)) return { ...base, kind: 'enum' as const, choices: prop.enum.map((v) => JSON.stringify(v)), initial: prop.default !== undefined ? JSON.stringify(prop.default) : '' };
    if (type === 'string' || type === 'number' || type === 'integer' || type === 'boolean') {
      const initial = prop.default === undefined ? '' : typeof prop.default === 'string' ? prop.default : JSON.stringify(prop.default);
      return { ...base, kind: type, initial };
    }
    return { ...base, kind: 'json' as const, initial: prop.default !== undefined ? JSON.stringify(prop.default, null, 2) : '' };
  });
}

/** A sample arguments object for the schema (its examples, defaults, else values of each type). */
export function sampleArguments(inputSchema: unknown): Record<string, unknown> {
  const sample = sampleJsonSchema(inputSchema);
  return isObject(sample) ? sample : {};
}

/**
 * The arguments object from the form's values. An empty optional field is left out; a
 * field whose text is not its kind fails with the field named.
 */
export function argumentsFromForm(fields: readonly FormField[], values: Readonly<Record<string, string>>): Result<Record<string, unknown>> {
  const args: Record<string, unknown> = {};
  for (const field of fields) {
    const text = values[field.name] ?? field.initial;
    if (text === '' && field.kind !== 'string') continue;
    if (text === '' && !field.required) continue;
    switch (field.kind) {
      case 'string': args[field.name] = text; break;
      case 'boolean': args[field.name] = text === 'true'; break;
      case 'number':
      case 'integer': {
        const n = Number(text);
        if (!Number.isFinite(n) || (field.kind === 'integer' && !Number.isInteger(n))) return fail({ kind: 'mcp-argument', field: field.name, message: `"${field.name}" must be ${field.kind === 'integer' ? 'a whole number' : 'a number'}, not "${text}".` });
        args[field.name] = n;
        break;
      }
      case 'enum':
      case 'json':
        try {
          args[field.name] = JSON.parse(text);
        } catch (err) {
          return fail({ kind: 'mcp-argument', field: field.name, message: `"${field.name}" must be JSON: ${(err as Error).message}.` });
        }
    }
  }
  return ok(args);
}

/** The form's values from an arguments object (to show raw JSON edits in the form). */
export function formValuesFrom(fields: readonly FormField[], args: Readonly<Record<string, unknown>>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const v = args[field.name];
    if (v === undefined) values[field.name] = '';
    else if (field.kind === 'string' && typeof v === 'string') values[field.name] = v;
    else values[field.name] = field.kind === 'json' ? JSON.stringify(v, null, 2) : typeof v === 'string' && field.kind !== 'enum' ? v : JSON.stringify(v);
  }
  return values;
}

/** Raw JSON arguments text read as an object, with where it fails. */
export function parseArgumentsText(text: string): Result<Record<string, unknown>> {
  if (text.trim() === '') return ok({});
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return fail({ kind: 'mcp-argument', field: 'arguments', message: `The arguments are not JSON: ${(err as Error).message}.` });
  }
  if (!isObject(value)) return fail({ kind: 'mcp-argument', field: 'arguments', message: 'The arguments must be a JSON object ({ "name": value, … }), as tools/call sends them.' });
  return ok(value);
}

export interface SchemaProblem {
  /** Where in the value: `/city`, or `(root)`. */
  at: string;
  message: string;
}

function leaves(errors: readonly OutputUnit[]): OutputUnit[] {
  return errors.filter((e) => !errors.some((o) => o !== e && o.keywordLocation.startsWith(`${e.keywordLocation}/`)));
}

/** `value` against `schema`: empty when it fits, else each problem with where it is. */
export function checkAgainstSchema(schema: unknown, value: unknown): SchemaProblem[] {
  if (!isObject(schema)) return [];
  let result;
  try {
    result = new Validator(schema as never, schemaDraftOf(schema), false).validate(value);
  } catch (err) {
    return [{ at: '(schema)', message: `The schema cannot be used: ${(err as Error).message}` }];
  }
  if (result.valid) return [];
  return leaves(result.errors).map((e) => ({ at: e.instanceLocation.replace(/^#/, '') || '(root)', message: e.error }));
}

/** The tool call's arguments against its input schema, as one sentence when they fail. */
export function checkToolArguments(toolName: string, inputSchema: unknown, args: unknown): Result<void> {
  const problems = checkAgainstSchema(inputSchema, args);
  if (problems.length === 0) return ok(undefined);
  return fail({ kind: 'mcp-argument', field: 'arguments', message: `The arguments do not fit the input schema of "${toolName}": ${problems.slice(0, 3).map((p) => `${p.at}: ${p.message}`).join('; ')}. Nothing was sent; fix them, or send anyway to see how the server answers.` });
}

export interface StructuredCheck {
  verdict: 'fits' | 'does-not-fit' | 'no-schema' | 'missing';
  explanation: string;
  problems: SchemaProblem[];
}

/** A tool result's `structuredContent` against the tool's `outputSchema` (MCP 2025-06-18). */
export function checkStructuredContent(outputSchema: unknown, result: Record<string, unknown>): StructuredCheck {
  const content = result.structuredContent;
  if (outputSchema === undefined) {
    return content === undefined
      ? { verdict: 'no-schema', explanation: 'The tool declares no output schema and the result carries no structured content.', problems: [] }
      : { verdict: 'no-schema', explanation: 'The result carries structured content, but the tool declares no output schema to check it against.', problems: [] };
  }
  if (content === undefined) {
    return result.isError === true
      ? { verdict: 'no-schema', explanation: 'The tool failed (isError), so no structured content was expected.', problems: [] }
      : { verdict: 'missing', explanation: 'The tool declares an output schema, so a successful result must carry structuredContent (MCP 2025-06-18); this one does not.', problems: [] };
  }
  const problems = checkAgainstSchema(outputSchema, content);
  return problems.length === 0
    ? { verdict: 'fits', explanation: 'The structured content fits the tool\'s output schema.', problems }
    : { verdict: 'does-not-fit', explanation: `The structured content does not fit the tool's output schema (${problems.length} problem${problems.length === 1 ? '' : 's'}).`, problems };
}
