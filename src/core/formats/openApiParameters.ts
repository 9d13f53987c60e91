/**
 * Parameter lists read leniently, Swagger 2.0 before its upgrade and OpenAPI 3 after
 * dereferencing. A parameter without `in` or `name`, with an `in` the version does not
 * know, or that is not an object at all is left out where it stands — named by its place
 * in the document (`paths./pets.get.parameters[0] ("limit")`) and why — and the operation
 * is imported without it. The Swagger upgrade throws on such a parameter, and the importer
 * could not place it anyway, so none may get past this.
 */
import type { ImportSkip } from './importResult';
import { isObject } from './openApiDocument';

type Json = Record<string, unknown>;

/** Swagger 2.0 (before the upgrade turns body and formData parameters into a requestBody) or OpenAPI 3. */
export type ParameterDialect = 'swagger' | 'openapi';

const LOCATIONS: Record<ParameterDialect, readonly string[]> = {
  swagger: ['query', 'header', 'path', 'formData', 'body'],
  openapi: ['query', 'header', 'path', 'cookie'],
};

/** `a, b, c or d`. */
function either(words: readonly string[]): string {
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** One parameter judged: kept (possibly with `name` or `in` normalised, said in `notes`) or left out with the reason. */
export type ParameterVerdict = { ok: true; parameter: Json; notes: string[] } | { ok: false; reason: string };

/** Whether `value` is a parameter `dialect` can place: an object with a known `in` and a `name` (a Swagger body parameter may go without). */
export function judgeParameter(value: unknown, dialect: ParameterDialect): ParameterVerdict {
  if (!isObject(value)) return { ok: false, reason: `it is ${kindOf(value)}, not an object.` };
  const known = LOCATIONS[dialect];
  const notes: string[] = [];
  const parameter: Json = { ...value };
  const location = value.in;
  if (location === undefined || location === null || location === '') return { ok: false, reason: `it has no "in" (where the value goes: ${either(known)}); it was left out.` };
  if (typeof location !== 'string') return { ok: false, reason: `its "in" is ${JSON.stringify(location) ?? kindOf(location)}, not one of ${either(known)}; it was left out.` };
  const matched = known.find((k) => k.toLowerCase() === location.trim().toLowerCase());
  if (matched === undefined) {
    const swaggerOnly = dialect === 'openapi' && /^(body|formdata)$/i.test(location.trim()) ? ' (body and formData parameters are Swagger 2.0; OpenAPI 3 describes a body with requestBody)' : '';
    return { ok: false, reason: `its "in" is "${location}", not one of ${either(known)}${swaggerOnly}; it was left out.` };
  }
  if (matched !== location) {
    notes.push(`"in": "${location}" is read as "${matched}".`);
    parameter.in = matched;
  }
  const name = value.name;
  if (typeof name === 'number' || typeof name === 'boolean') {
    notes.push(`"name": ${String(name)} is read as text.`);
    parameter.name = String(name);
  } else if (name === undefined || name === null || name === '') {
    // A Swagger body parameter's name is never sent; the upgrade does without it.
    if (matched !== 'body') return { ok: false, reason: 'it has no "name"; it was left out.' };
  } else if (typeof name !== 'string') return { ok: false, reason: `its "name" is ${kindOf(name)}, not text; it was left out.` };
  return { ok: true, parameter, notes };
}

/** How a parameter list is read: where `$ref`s lead and what an already dereferenced parameter came from. */
export interface ParameterListOptions {
  /** The target of a `$ref` in the list, or undefined when it cannot be told here (the reference is kept as it is). */
  resolve?: (ref: string) => unknown;
  /** The reference an already dereferenced parameter came from, named in the report. */
  originOf?: (value: object) => string | undefined;
}

/**
 * The parameters of the list at `where` (`paths./pets.get.parameters`) that `dialect` can
 * place, in order; the others are added to `skipped` by index, name and reference. A
 * reference that cannot be resolved here is kept for the later stages to report. Undefined
 * when there is no list (with a note when `value` is something else).
 */
export function readParameterList(value: unknown, where: string, dialect: ParameterDialect, skipped: ImportSkip[], notes: string[], options: ParameterListOptions = {}): unknown[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    notes.push(`${where} is not a list; it was left out.`);
    return undefined;
  }
  const kept: unknown[] = [];
  value.forEach((item, index) => {
    let target: unknown = item;
    let ref = isObject(item) ? options.originOf?.(item) : undefined;
    if (isObject(item) && typeof item.$ref === 'string') {
      ref = item.$ref;
      target = options.resolve?.(item.$ref);
      if (target === undefined) {
        kept.push(item);
        return;
      }
    }
    const verdict = judgeParameter(target, dialect);
    const name = isObject(target) && (typeof target.name === 'string' || typeof target.name === 'number') && target.name !== '' ? `"${String(target.name)}"` : undefined;
    const detail = [name, ref].filter((s) => s !== undefined).join(', ');
    const label = `${where}[${index}]${detail ? ` (${detail})` : ''}`;
    if (!verdict.ok) {
      skipped.push({ item: label, reason: verdict.reason });
      return;
    }
    notes.push(...verdict.notes.map((note) => `${label}: ${note}`));
    // A kept reference stays a reference (the upgrade and the importer follow it); its target is normalised where it is defined.
    kept.push(target === item ? verdict.parameter : item);
  });
  return kept;
}
