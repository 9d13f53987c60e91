/**
 * A protobufjs Root (from `.proto` text or server reflection) as core's plain descriptor
 * model (`GrpcCatalog`), which the page, the sample generator and the message checks read.
 * Only services, and the messages and enums they reach, are listed.
 */
import protobuf from 'protobufjs';
import { isGrpcScalar, type GrpcCatalog, type GrpcFieldModel, type GrpcMessageModel, type GrpcScalarType, type GrpcServiceModel, type GrpcValueType } from '../../core/protocols/grpc/descriptorModel';

const bare = (fullName: string) => fullName.replace(/^\./, '');

function camel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function valueType(field: protobuf.Field): GrpcValueType {
  if (isGrpcScalar(field.type)) return { scalar: field.type };
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Enum) return { enum: bare(resolved.fullName) };
  if (resolved instanceof protobuf.Type) return { message: bare(resolved.fullName) };
  return { scalar: 'bytes' };
}

function fieldModel(field: protobuf.Field): GrpcFieldModel {
  const model: GrpcFieldModel = { name: field.name, number: field.id, type: valueType(field), repeated: field.repeated };
  const json = camel(field.name);
  if (json !== field.name) model.jsonName = json;
  if (field instanceof protobuf.MapField) model.mapKey = (isGrpcScalar(field.keyType) ? field.keyType : 'string') as GrpcScalarType;
  // A proto3 `optional` is a synthetic oneof of one field: not a choice the person makes.
  const oneof = field.partOf;
  if (oneof && !(oneof.oneof.length === 1 && oneof.name.startsWith('_'))) model.oneof = oneof.name;
  return model;
}

function addType(type: protobuf.Type, catalog: GrpcCatalog): void {
  const name = bare(type.fullName);
  if (catalog.messages[name]) return;
  const model: GrpcMessageModel = { name, fields: [], oneofs: type.oneofsArray.filter((o) => !(o.oneof.length === 1 && o.name.startsWith('_'))).map((o) => o.name) };
  catalog.messages[name] = model;
  for (const field of type.fieldsArray) {
    field.resolve();
    model.fields.push(fieldModel(field));
    const resolved = field.resolvedType;
    if (resolved instanceof protobuf.Type) addType(resolved, catalog);
    else if (resolved instanceof protobuf.Enum) {
      const en = bare(resolved.fullName);
      catalog.enums[en] ??= { name: en, values: Object.entries(resolved.values).map(([n, number]) => ({ name: n, number })) };
    }
  }
}

/** Every service in `root`, in declaration order. */
export function servicesOf(root: protobuf.Root): protobuf.Service[] {
  const out: protobuf.Service[] = [];
  const walk = (ns: protobuf.NamespaceBase) => {
    for (const nested of ns.nestedArray) {
      if (nested instanceof protobuf.Service) out.push(nested);
      if (nested instanceof protobuf.Namespace || nested instanceof protobuf.Type) walk(nested as protobuf.NamespaceBase);
    }
  };
  walk(root);
  return out;
}

/** The catalog of `root`'s services (or of those named in `only`). */
export function catalogOf(root: protobuf.Root, only?: readonly string[]): GrpcCatalog {
  const catalog: GrpcCatalog = { services: [], messages: {}, enums: {} };
  for (const service of servicesOf(root)) {
    const name = bare(service.fullName);
    if (only && !only.includes(name)) continue;
    const model: GrpcServiceModel = { name, methods: [] };
    for (const method of service.methodsArray) {
      method.resolve();
      const req = method.resolvedRequestType;
      const res = method.resolvedResponseType;
      if (req) addType(req, catalog);
      if (res) addType(res, catalog);
      model.methods.push({
        name: method.name,
        requestType: req ? bare(req.fullName) : method.requestType,
        responseType: res ? bare(res.fullName) : method.responseType,
        clientStreaming: Boolean(method.requestStream),
        serverStreaming: Boolean(method.responseStream),
      });
    }
    catalog.services.push(model);
  }
  return catalog;
}
