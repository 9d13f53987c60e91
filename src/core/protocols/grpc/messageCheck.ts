/**
 * Checks a request message written as JSON against its protobuf type before it is sent:
 * JSON that does not parse (with line and column), a field the type does not have (with
 * the fields it does), a value of the wrong kind, an enum name that does not exist, two
 * members of one oneof. protobuf's own JSON reading is lenient (an unknown field is dropped
 * silently, "abc" becomes 0), so without this a typo would send a different message than
 * the one written.
 */
import type { GrpcCatalog, GrpcFieldModel, GrpcScalarType, GrpcValueType } from './descriptorModel';

export interface GrpcMessageProblem {
  /** Where in the message: `$.items[0].name`. */
  path: string;
  message: string;
  line?: number;
  column?: number;
}

export type GrpcMessageCheck = { ok: true; value: unknown } | { ok: false; problems: GrpcMessageProblem[] };

/** Line and column (1-based) of `offset` in `text`. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset));
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** Parses JSON text, or says where it stops being JSON. */
export function parseMessageJson(text: string): { ok: true; value: unknown } | { ok: false; problem: GrpcMessageProblem } {
  if (text.trim() === '') return { ok: false, problem: { path: '$', message: 'The message is empty; write a JSON object, e.g. {}.' } };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    const raw = (err as Error).message;
    const pos = /position (\d+)/.exec(raw);
    const lc = /line (\d+) column (\d+)/.exec(raw);
    const at = lc ? { line: Number(lc[1]), column: Number(lc[2]) } : pos ? lineColumnAt(text, Number(pos[1])) : lineColumnAt(text, text.length);
    const reason = raw.replace(/^JSON\.parse: /, '').replace(/\s*(in JSON )?at position \d+.*$/, '').replace(/\s*\(line \d+ column \d+\)$/, '');
    return { ok: false, problem: { path: '$', message: `The message is not valid JSON at line ${at.line}, column ${at.column}: ${reason}.`, ...at } };
  }
}

const INT32 = new Set<GrpcScalarType>(['int32', 'sint32', 'sfixed32', 'uint32', 'fixed32']);
const INT64 = new Set<GrpcScalarType>(['int64', 'sint64', 'sfixed64', 'uint64', 'fixed64']);
const UNSIGNED = new Set<GrpcScalarType>(['uint32', 'fixed32', 'uint64', 'fixed64']);

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${JSON.stringify(value)}`;
}

function checkScalar(type: GrpcScalarType, value: unknown): string | undefined {
  if (type === 'string') return typeof value === 'string' ? undefined : `expected a string, got ${describe(value)}`;
  if (type === 'bool') return typeof value === 'boolean' ? undefined : `expected true or false, got ${describe(value)}`;
  if (type === 'bytes') return typeof value === 'string' && /^[A-Za-z0-9+/_-]*={0,2}$/.test(value) ? undefined : `expected base64 text (bytes), got ${describe(value)}`;
  if (type === 'double' || type === 'float') {
    if (typeof value === 'number' || (typeof value === 'string' && /^(NaN|-?Infinity|-?\d+(\.\d+)?([eE][+-]?\d+)?)$/.test(value))) return undefined;
    return `expected a number, got ${describe(value)}`;
  }
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isFinite(n) || (typeof value === 'number' && !Number.isInteger(value))) return `expected a whole number (${type}), got ${describe(value)}`;
  if (UNSIGNED.has(type) && n < 0) return `expected a number of 0 or more (${type}), got ${describe(value)}`;
  if (INT32.has(type) && (UNSIGNED.has(type) ? n > 4294967295 : n < -2147483648 || n > 2147483647)) return `${describe(value)} does not fit in ${type}`;
  if (INT64.has(type) && typeof value === 'number' && !Number.isSafeInteger(value)) return `${value} is too large to be exact as a JSON number; write it as a string ("${BigInt(Math.trunc(value))}")`;
  return undefined;
}

function checkValue(catalog: GrpcCatalog, type: GrpcValueType, value: unknown, path: string, problems: GrpcMessageProblem[], depth: number): void {
  if (value === null) return; // null means "the default" in the JSON mapping
  if ('scalar' in type) {
    const wrong = checkScalar(type.scalar, value);
    if (wrong) problems.push({ path, message: `${path}: ${wrong}.` });
    return;
  }
  if ('enum' in type) {
    const values = catalog.enums[type.enum]?.values;
    if (!values) return;
    if (typeof value === 'number' && Number.isInteger(value)) return;
    if (typeof value === 'string' && values.some((v) => v.name === value)) return;
    problems.push({ path, message: `${path}: ${describe(value)} is not a value of ${type.enum} (values: ${values.map((v) => v.name).join(', ')}).` });
    return;
  }
  checkMessage(catalog, type.message, value, path, problems, depth + 1);
}

function checkField(catalog: GrpcCatalog, field: GrpcFieldModel, value: unknown, path: string, problems: GrpcMessageProblem[], depth: number): void {
  if (value === null) return;
  if (field.mapKey) {
    if (typeof value !== 'object' || Array.isArray(value)) {
      problems.push({ path, message: `${path}: a map field is a JSON object of key → value, got ${describe(value)}.` });
      return;
    }
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const keyProblem = field.mapKey === 'string' ? undefined : field.mapKey === 'bool' ? (key === 'true' || key === 'false' ? undefined : 'a map key of type bool is "true" or "false"') : checkScalar(field.mapKey, key);
      if (keyProblem) problems.push({ path: `${path}.${key}`, message: `${path}: the key "${key}": ${keyProblem}.` });
      checkValue(catalog, field.type, v, `${path}.${key}`, problems, depth);
    }
    return;
  }
  if (field.repeated) {
    if (!Array.isArray(value)) {
      problems.push({ path, message: `${path}: a repeated field is a JSON array, got ${describe(value)}.` });
      return;
    }
    value.forEach((item, i) => checkValue(catalog, field.type, item, `${path}[${i}]`, problems, depth));
    return;
  }
  checkValue(catalog, field.type, value, path, problems, depth);
}

function checkMessage(catalog: GrpcCatalog, typeName: string, value: unknown, path: string, problems: GrpcMessageProblem[], depth: number): void {
  const message = catalog.messages[typeName];
  // Well-known types and types the catalog lacks are left to protobuf's own reading.
  if (!message || typeName.startsWith('google.protobuf.') || depth > 64) return;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push({ path, message: `${path}: ${typeName} is a JSON object, got ${describe(value)}.` });
    return;
  }
  const setOneofs = new Map<string, string>();
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const field = message.fields.find((f) => f.name === key || f.jsonName === key);
    const at = `${path}.${key}`;
    if (!field) {
      const names = message.fields.map((f) => f.name);
      problems.push({ path: at, message: `${at}: ${typeName} has no field "${key}" (fields: ${names.join(', ') || 'none'}).` });
      continue;
    }
    if (field.oneof && v !== null) {
      const other = setOneofs.get(field.oneof);
      if (other) problems.push({ path: at, message: `${at}: "${key}" and "${other}" are both set, but they belong to the oneof "${field.oneof}", which holds one of them.` });
      else setOneofs.set(field.oneof, key);
    }
    checkField(catalog, field, v, at, problems, depth);
  }
}

/** Parses and checks `text` as a message of `typeName`. */
export function checkGrpcMessage(catalog: GrpcCatalog, typeName: string, text: string): GrpcMessageCheck {
  const parsed = parseMessageJson(text);
  if (!parsed.ok) return { ok: false, problems: [parsed.problem] };
  const problems: GrpcMessageProblem[] = [];
  checkMessage(catalog, typeName, parsed.value, '$', problems, 0);
  return problems.length ? { ok: false, problems } : { ok: true, value: parsed.value };
}
