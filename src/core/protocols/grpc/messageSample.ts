/**
 * A sample request message for a protobuf message type, in the protobuf JSON mapping, so the
 * message editor starts from something sendable (as the WSDL samples start a SOAP body):
 * every field once, with a value of its type — the first non-zero enum value, one element
 * for repeated fields, one entry for maps, only the first field of each oneof (a oneof holds
 * one). A message that contains itself stops at the second visit and depth is bounded, so
 * every type gives a finite sample. Well-known types get their JSON forms.
 */
import type { GrpcCatalog, GrpcFieldModel, GrpcScalarType, GrpcValueType } from './descriptorModel';

export interface GrpcSampleOptions {
  /** Deepest nesting sampled. Default 6. */
  maxDepth?: number;
}

const SCALAR_SAMPLES: Record<GrpcScalarType, unknown> = {
  double: 1.5, float: 1.5, int32: 1, int64: '1', uint32: 1, uint64: '1', sint32: -1, sint64: '-1',
  fixed32: 1, fixed64: '1', sfixed32: -1, sfixed64: '-1', bool: true, string: 'text', bytes: 'aGVsbG8=',
};

/** JSON forms of the well-known types (proto3 JSON mapping). */
const WELL_KNOWN: Record<string, () => unknown> = {
  'google.protobuf.Timestamp': () => '2024-01-01T00:00:00Z',
  'google.protobuf.Duration': () => '1.5s',
  'google.protobuf.Empty': () => ({}),
  'google.protobuf.Struct': () => ({ key: 'value' }),
  'google.protobuf.Value': () => 'value',
  'google.protobuf.ListValue': () => ['value'],
  'google.protobuf.FieldMask': () => 'name',
  'google.protobuf.StringValue': () => 'text',
  'google.protobuf.BytesValue': () => 'aGVsbG8=',
  'google.protobuf.BoolValue': () => true,
  'google.protobuf.Int32Value': () => 1,
  'google.protobuf.UInt32Value': () => 1,
  'google.protobuf.Int64Value': () => '1',
  'google.protobuf.UInt64Value': () => '1',
  'google.protobuf.DoubleValue': () => 1.5,
  'google.protobuf.FloatValue': () => 1.5,
};

const OMIT = Symbol('omit');

function sampleValue(catalog: GrpcCatalog, type: GrpcValueType, field: GrpcFieldModel, stack: string[], maxDepth: number): unknown {
  if ('scalar' in type) return field.name.toLowerCase().includes('name') && type.scalar === 'string' ? 'World' : SCALAR_SAMPLES[type.scalar];
  if ('enum' in type) {
    const values = catalog.enums[type.enum]?.values ?? [];
    return (values.find((v) => v.number !== 0) ?? values[0])?.name ?? 0;
  }
  return sampleMessage(catalog, type.message, stack, maxDepth);
}

function sampleMessage(catalog: GrpcCatalog, name: string, stack: string[], maxDepth: number): unknown {
  const known = WELL_KNOWN[name];
  if (known) return known();
  const message = catalog.messages[name];
  if (!message || stack.includes(name) || stack.length >= maxDepth) return OMIT;
  const out: Record<string, unknown> = {};
  const filled = new Set<string>();
  for (const field of message.fields) {
    if (field.oneof) {
      if (filled.has(field.oneof)) continue;
    }
    const value = sampleValue(catalog, field.type, field, [...stack, name], maxDepth);
    if (value === OMIT) continue;
    if (field.oneof) filled.add(field.oneof);
    if (field.mapKey) out[field.name] = { [mapKeySample(field.mapKey)]: value };
    else out[field.name] = field.repeated ? [value] : value;
  }
  return out;
}

function mapKeySample(key: GrpcScalarType): string {
  if (key === 'string') return 'key';
  if (key === 'bool') return 'true';
  return '1';
}

/** The sample message of `typeName` as an object (`{}` for a type the catalog does not have). */
export function grpcSampleMessage(catalog: GrpcCatalog, typeName: string, options: GrpcSampleOptions = {}): unknown {
  const sample = sampleMessage(catalog, typeName, [], options.maxDepth ?? 6);
  return sample === OMIT ? {} : sample;
}

/** The sample as pretty JSON text, ready for the message editor. */
export function grpcSampleJson(catalog: GrpcCatalog, typeName: string, options?: GrpcSampleOptions): string {
  return JSON.stringify(grpcSampleMessage(catalog, typeName, options), null, 2);
}
