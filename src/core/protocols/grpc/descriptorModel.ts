/**
 * A plain model of protobuf service definitions: what the relay read by server reflection
 * or from `.proto` files, handed to the page as JSON. Names are fully qualified without the
 * leading dot (`sandbox.Greeter`, `sandbox.HelloRequest.Inner`). Sample generation and
 * message checks work on this model only, so they stay pure.
 */

/** Protobuf scalar types. */
export type GrpcScalarType =
  | 'double' | 'float' | 'int32' | 'int64' | 'uint32' | 'uint64' | 'sint32' | 'sint64'
  | 'fixed32' | 'fixed64' | 'sfixed32' | 'sfixed64' | 'bool' | 'string' | 'bytes';

export const GRPC_SCALAR_TYPES: readonly GrpcScalarType[] = ['double', 'float', 'int32', 'int64', 'uint32', 'uint64', 'sint32', 'sint64', 'fixed32', 'fixed64', 'sfixed32', 'sfixed64', 'bool', 'string', 'bytes'];

export function isGrpcScalar(type: string): type is GrpcScalarType {
  return (GRPC_SCALAR_TYPES as readonly string[]).includes(type);
}

/** A field's value type: a scalar, or a message or enum named in the catalog. */
export type GrpcValueType = { scalar: GrpcScalarType } | { message: string } | { enum: string };

export interface GrpcFieldModel {
  name: string;
  /** The field's JSON name (lowerCamelCase), which the JSON mapping also accepts. */
  jsonName?: string;
  number: number;
  type: GrpcValueType;
  repeated: boolean;
  /** A map field: `type` is the value's type. */
  mapKey?: GrpcScalarType;
  /** The oneof it belongs to (real oneofs only; proto3 `optional` fields have none). */
  oneof?: string;
}

export interface GrpcMessageModel {
  /** Fully qualified: `sandbox.HelloRequest`. */
  name: string;
  fields: GrpcFieldModel[];
  /** Oneof names, in declaration order. */
  oneofs: string[];
}

export interface GrpcEnumModel {
  name: string;
  values: { name: string; number: number }[];
}

export interface GrpcMethodModel {
  name: string;
  requestType: string;
  responseType: string;
  clientStreaming: boolean;
  serverStreaming: boolean;
}

export interface GrpcServiceModel {
  name: string;
  methods: GrpcMethodModel[];
}

/** What a server or a set of `.proto` files offers. */
export interface GrpcCatalog {
  services: GrpcServiceModel[];
  messages: Record<string, GrpcMessageModel>;
  enums: Record<string, GrpcEnumModel>;
}

export type GrpcCallKind = 'unary' | 'server-streaming' | 'client-streaming' | 'bidi';

export function grpcCallKind(method: Pick<GrpcMethodModel, 'clientStreaming' | 'serverStreaming'>): GrpcCallKind {
  if (method.clientStreaming) return method.serverStreaming ? 'bidi' : 'client-streaming';
  return method.serverStreaming ? 'server-streaming' : 'unary';
}

export const GRPC_CALL_KIND_LABELS: Record<GrpcCallKind, string> = {
  unary: 'Unary',
  'server-streaming': 'Server streaming',
  'client-streaming': 'Client streaming',
  bidi: 'Bidirectional streaming',
};

/** The method, or why it is not there (an unknown service or method, named with what there is). */
export function findGrpcMethod(catalog: GrpcCatalog, service: string, method: string): { ok: true; service: GrpcServiceModel; method: GrpcMethodModel } | { ok: false; message: string } {
  const svc = catalog.services.find((s) => s.name === service);
  if (!svc) {
    const offered = catalog.services.map((s) => s.name).join(', ') || 'none';
    return { ok: false, message: `The service "${service}" is not offered (services: ${offered}). Check its full name, package included.` };
  }
  const m = svc.methods.find((x) => x.name === method);
  if (!m) return { ok: false, message: `The service ${service} has no method "${method}" (methods: ${svc.methods.map((x) => x.name).join(', ') || 'none'}).` };
  return { ok: true, service: svc, method: m };
}
