/**
 * The body against a JSON Schema, with a validator that interprets schemas rather than
 * compiling them to code: the app's Content-Security-Policy (`script-src 'self'`) forbids
 * `eval`, so ajv's code generation would not run in the page. `@cfworker/json-schema`
 * runs alike in the page, workers and Node, and knows drafts 4, 7, 2019-09 and 2020-12.
 */
import { Validator, type OutputUnit, type SchemaDraft } from '@cfworker/json-schema';
import { checkJsonSyntax, JSON_READ_DEPTH, jsonNestingBeyond } from '../encoding/jsonSyntax';
import { positionAt } from '../types';
import type { Comparison } from './compare';
import type { ExchangeView } from './exchangeView';
import { bodyJson } from './subject';

/** How many schema errors a failed assertion lists. */
const LISTED_ERRORS = 3;

/** The draft a schema declares in `$schema`; 2020-12 when it declares none. */
export function schemaDraftOf(schema: unknown): SchemaDraft {
  const declared = schema !== null && typeof schema === 'object' ? (schema as { $schema?: unknown }).$schema : undefined;
  if (typeof declared !== 'string') return '2020-12';
  if (declared.includes('draft-04')) return '4';
  if (declared.includes('draft-07') || declared.includes('draft-06')) return '7';
  if (declared.includes('2019-09')) return '2019-09';
  return '2020-12';
}

/**
 * Errors that only say a part failed (`Property "id" does not match schema`) are left out
 * when a deeper error says how: an error is kept when no other error's keyword location
 * lies inside its own.
 */
function leafErrors(errors: readonly OutputUnit[]): OutputUnit[] {
  return errors.filter((e) => !errors.some((other) => other !== e && other.keywordLocation.startsWith(`${e.keywordLocation}/`)));
}

/** `#/items/1` → `/items/1`; the root is `(root)`. */
function instancePath(location: string): string {
  const path = location.replace(/^#/, '');
  return path === '' ? '(root)' : path;
}

/**
 * Parses `schemaText` and validates the body against it. A schema that is not JSON fails
 * with the line and column of the fault; a body that is not JSON fails with its own; a
 * schema the validator cannot use (an unresolved `$ref`) fails with the validator's words.
 */
export function checkJsonSchema(schemaText: string, view: ExchangeView): Comparison & { actual?: string } {
  const deep = jsonNestingBeyond(schemaText, JSON_READ_DEPTH);
  if (deep !== undefined) {
    const at = positionAt(schemaText, deep);
    return { passed: false, message: `The schema is nested more than ${JSON_READ_DEPTH} levels deep (line ${at.line}, column ${at.column}); the validator cannot walk it.` };
  }
  let schema: unknown;
  try {
    schema = JSON.parse(schemaText) as unknown;
  } catch {
    const fault = checkJsonSyntax(schemaText);
    const at = fault ? positionAt(schemaText, Math.min(fault.offset, schemaText.length)) : undefined;
    return { passed: false, message: `The schema is not JSON${fault && at ? `: ${fault.message} (line ${at.line}, column ${at.column})` : ''}.` };
  }
  if (typeof schema !== 'boolean' && (schema === null || typeof schema !== 'object' || Array.isArray(schema))) {
    return { passed: false, message: 'The schema must be a JSON object (or true/false).' };
  }
  const body = bodyJson(view);
  if (!body.ok) return { passed: false, message: body.error.message };
  let errors: OutputUnit[];
  try {
    const result = new Validator(schema as object, schemaDraftOf(schema), false).validate(body.value);
    if (result.valid) return { passed: true };
    errors = leafErrors(result.errors);
  } catch (error) {
    // The validator recurses per level of body and schema; a deep body under a recursive schema can exhaust the stack below JSON_READ_DEPTH.
    if (error instanceof RangeError) return { passed: false, message: 'The body is nested too deeply for the schema validator to walk with this schema (it ran out of stack); check its parts with JSONPath assertions instead.' };
    return { passed: false, message: `The schema cannot be used: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}` };
  }
  const listed = errors.slice(0, LISTED_ERRORS).map((e) => `${instancePath(e.instanceLocation)}: ${e.error}`);
  const more = errors.length > LISTED_ERRORS ? ` (and ${errors.length - LISTED_ERRORS} more)` : '';
  return { passed: false, message: `The body does not match the schema: ${listed.join('; ')}${more}`, actual: `${errors.length} error${errors.length === 1 ? '' : 's'}` };
}
