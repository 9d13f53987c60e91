/**
 * Protobuf messages to and from the proto3 JSON mapping, with protobufjs: field names as
 * written in the .proto or their lowerCamelCase JSON names, 64-bit integers as strings,
 * enums by name, bytes as base64, and the well-known types in their JSON forms (Timestamp
 * as RFC 3339 text, Duration as "1.5s", the wrappers as bare values, Struct/Value/ListValue
 * as plain JSON). Default values are shown, so a response's zeroes are visible.
 */
import protobuf from 'protobufjs';

const WRAPPERS = new Set(['DoubleValue', 'FloatValue', 'Int64Value', 'UInt64Value', 'Int32Value', 'UInt32Value', 'BoolValue', 'StringValue', 'BytesValue'].map((n) => `.google.protobuf.${n}`));

function fieldFor(type: protobuf.Type, key: string): protobuf.Field | undefined {
  return type.fields[key] ?? type.fieldsArray.find((f) => f.name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) === key);
}

function timestampFromJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new Error(`"${value}" is not an RFC 3339 time (e.g. 2024-01-01T00:00:00Z)`);
  const frac = /\.(\d+)/.exec(value)?.[1] ?? '';
  return { seconds: String(Math.floor(ms / 1000)), nanos: Number((frac + '000000000').slice(0, 9)) };
}

function durationFromJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const m = /^(-)?(\d+)(?:\.(\d{1,9}))?s$/.exec(value.trim());
  if (!m) throw new Error(`"${value}" is not a Duration (e.g. "1.5s")`);
  const sign = m[1] ? -1 : 1;
  return { seconds: String(sign * Number(m[2])), nanos: sign * Number(((m[3] ?? '') + '000000000').slice(0, 9)) };
}

function structValueFromJson(value: unknown): unknown {
  if (value === null) return { nullValue: 0 };
  if (typeof value === 'number') return { numberValue: value };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  if (Array.isArray(value)) return { listValue: { values: value.map(structValueFromJson) } };
  return { structValue: { fields: Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, structValueFromJson(v)])) } };
}

function valueFromJson(type: protobuf.Type, value: unknown): unknown {
  const name = type.fullName;
  if (name === '.google.protobuf.Timestamp') return timestampFromJson(value);
  if (name === '.google.protobuf.Duration') return durationFromJson(value);
  if (WRAPPERS.has(name)) return value !== null && typeof value === 'object' ? value : { value };
  if (name === '.google.protobuf.Value') return structValueFromJson(value);
  if (name === '.google.protobuf.Struct') return (structValueFromJson(value) as { structValue?: unknown }).structValue ?? {};
  if (name === '.google.protobuf.ListValue') return Array.isArray(value) ? { values: value.map(structValueFromJson) } : value;
  if (name === '.google.protobuf.FieldMask' && typeof value === 'string') return { paths: value.split(',').filter(Boolean) };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    const field = fieldFor(type, key);
    if (!field || v === null) continue;
    field.resolve();
    const sub = field.resolvedType instanceof protobuf.Type ? field.resolvedType : undefined;
    if (!sub) out[field.name] = v;
    else if (field instanceof protobuf.MapField) out[field.name] = Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, valueFromJson(sub, x)]));
    else if (field.repeated && Array.isArray(v)) out[field.name] = v.map((x) => valueFromJson(sub, x));
    else out[field.name] = valueFromJson(sub, v);
  }
  return out;
}

/** Encodes a JSON value as a message of `type` (throws with a readable message). */
export function encodeFromJson(type: protobuf.Type, value: unknown): Buffer {
  const message = type.fromObject(valueFromJson(type, value) as Record<string, unknown>);
  return Buffer.from(type.encode(message).finish());
}

const TO_OBJECT: protobuf.IConversionOptions = { longs: String, enums: String, bytes: String, defaults: true, arrays: true, objects: true, oneofs: true };

function structValueToJson(v: Record<string, unknown>): unknown {
  if (v.kind === 'numberValue') return v.numberValue;
  if (v.kind === 'stringValue') return v.stringValue;
  if (v.kind === 'boolValue') return v.boolValue;
  if (v.kind === 'listValue') return ((v.listValue as { values?: Record<string, unknown>[] })?.values ?? []).map(structValueToJson);
  if (v.kind === 'structValue') return Object.fromEntries(Object.entries((v.structValue as { fields?: Record<string, Record<string, unknown>> })?.fields ?? {}).map(([k, x]) => [k, structValueToJson(x)]));
  return null;
}

function valueToJson(type: protobuf.Type, value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const name = type.fullName;
  const obj = value as Record<string, unknown>;
  if (name === '.google.protobuf.Timestamp') {
    const ms = Number(obj.seconds ?? 0) * 1000 + Math.floor(Number(obj.nanos ?? 0) / 1e6);
    return Number.isFinite(ms) ? new Date(ms).toISOString().replace('.000Z', 'Z') : value;
  }
  if (name === '.google.protobuf.Duration') return `${Number(obj.seconds ?? 0) + Number(obj.nanos ?? 0) / 1e9}s`;
  if (WRAPPERS.has(name)) return obj.value;
  if (name === '.google.protobuf.Value') return structValueToJson(obj);
  if (name === '.google.protobuf.Struct') return structValueToJson({ kind: 'structValue', structValue: obj });
  if (name === '.google.protobuf.ListValue') return structValueToJson({ kind: 'listValue', listValue: obj });
  const out: Record<string, unknown> = {};
  // toObject names the set member of each oneof under the oneof's name: the others are not defaults to show.
  const unset = new Set<string>();
  for (const oneof of type.oneofsArray) for (const member of oneof.oneof) if (obj[oneof.name] !== member) unset.add(member);
  for (const field of type.fieldsArray) {
    if (!(field.name in obj) || unset.has(field.name)) continue;
    field.resolve();
    const v = obj[field.name];
    const sub = field.resolvedType instanceof protobuf.Type ? field.resolvedType : undefined;
    if (!sub || v === null || v === undefined) out[field.name] = v ?? null;
    else if (field instanceof protobuf.MapField) out[field.name] = Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, valueToJson(sub, x)]));
    else if (field.repeated && Array.isArray(v)) out[field.name] = v.map((x) => valueToJson(sub, x));
    else out[field.name] = valueToJson(sub, v);
  }
  return out;
}

/** Decodes bytes of `type` into its JSON form. */
export function decodeToJson(type: protobuf.Type, bytes: Uint8Array): unknown {
  return valueToJson(type, type.toObject(type.decode(bytes), TO_OBJECT));
}
