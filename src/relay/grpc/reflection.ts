/**
 * A gRPC server reflection client (grpc/doc/server-reflection.md), written on grpc-js and
 * protobufjs: one `ServerReflectionInfo` stream per look-up, `grpc.reflection.v1` first and
 * `v1alpha` when the server does not offer v1. It lists the services, asks for the file
 * containing each, follows dependencies the server did not send, and builds one protobufjs
 * Root from the FileDescriptorProtos (map entries made map fields again).
 */
import * as grpc from '@grpc/grpc-js';
import protobuf from 'protobufjs';
import descriptor from 'protobufjs/ext/descriptor/index.js';

/** The reflection messages (identical in v1 and v1alpha), the fields this client uses. */
const REFLECTION_PROTO = `
syntax = "proto3";
package reflection;
message ServerReflectionRequest { string host = 1; oneof message_request { string file_by_filename = 3; string file_containing_symbol = 4; string list_services = 7; } }
message ServerReflectionResponse { string valid_host = 1; oneof message_response { FileDescriptorResponse file_descriptor_response = 4; ListServiceResponse list_services_response = 6; ErrorResponse error_response = 7; } }
message FileDescriptorResponse { repeated bytes file_descriptor_proto = 1; }
message ListServiceResponse { repeated ServiceResponse service = 1; }
message ServiceResponse { string name = 1; }
message ErrorResponse { int32 error_code = 1; string error_message = 2; }
`;

const reflectionRoot = protobuf.parse(REFLECTION_PROTO, { keepCase: true }).root;
const RequestType = reflectionRoot.lookupType('reflection.ServerReflectionRequest');
const ResponseType = reflectionRoot.lookupType('reflection.ServerReflectionResponse');

interface ReflectionResponse {
  file_descriptor_response?: { file_descriptor_proto: Uint8Array[] };
  list_services_response?: { service: { name: string }[] };
  error_response?: { error_code: number; error_message: string };
}

export const REFLECTION_SERVICES = ['grpc.reflection.v1.ServerReflection', 'grpc.reflection.v1alpha.ServerReflection'];

/** A reflection failure: the server's status (UNIMPLEMENTED when it offers no reflection) or its error response. */
export class ReflectionError extends Error {
  constructor(message: string, readonly code?: number) {
    super(message);
  }
}

type Ask = (request: Record<string, string>) => Promise<ReflectionResponse>;

/** Opens one reflection stream; `ask` sends a request and waits for its answer (answers come in order). */
function openStream(client: grpc.Client, version: 'v1' | 'v1alpha', deadline: Date, metadata: grpc.Metadata): { ask: Ask; close(): void } {
  const call = client.makeBidiStreamRequest(
    `/grpc.reflection.${version}.ServerReflection/ServerReflectionInfo`,
    (value: Record<string, string>) => Buffer.from(RequestType.encode(RequestType.fromObject(value)).finish()),
    (bytes: Buffer) => ResponseType.decode(bytes) as unknown as ReflectionResponse,
    metadata,
    { deadline },
  );
  const waiting: { resolve(r: ReflectionResponse): void; reject(e: Error): void }[] = [];
  let ended: Error | undefined;
  call.on('data', (r: ReflectionResponse) => waiting.shift()?.resolve(r));
  call.on('error', (err: grpc.ServiceError) => {
    ended = new ReflectionError(err.details || err.message, err.code);
    for (const w of waiting.splice(0)) w.reject(ended);
  });
  call.on('end', () => {
    ended ??= new ReflectionError('The server closed the reflection stream before answering.');
    for (const w of waiting.splice(0)) w.reject(ended);
  });
  return {
    ask: (request) => {
      if (ended) return Promise.reject(ended);
      return new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        call.write(request);
      });
    },
    close: () => call.end(),
  };
}

/** Map entry message names (`.pkg.Msg.ThingsEntry`) declared in `file`. */
function mapEntries(file: descriptor.IFileDescriptorProto): Set<string> {
  const out = new Set<string>();
  const walk = (prefix: string, types: descriptor.IDescriptorProto[] | undefined) => {
    for (const t of types ?? []) {
      const name = `${prefix}.${t.name}`;
      if (t.options?.mapEntry) out.add(name);
      walk(name, t.nestedType ?? undefined);
    }
  };
  walk(file.package ? `.${file.package}` : '', file.messageType ?? undefined);
  return out;
}

/** Turns repeated `XEntry` fields back into protobufjs map fields, as a parsed .proto has them. */
function restoreMaps(root: protobuf.Root, entries: Set<string>): void {
  const types: protobuf.Type[] = [];
  const walk = (ns: protobuf.NamespaceBase) => {
    for (const n of ns.nestedArray) {
      if (n instanceof protobuf.Type) types.push(n);
      if (n instanceof protobuf.Namespace || n instanceof protobuf.Type) walk(n as protobuf.NamespaceBase);
    }
  };
  walk(root);
  for (const type of types) {
    for (const field of [...type.fieldsArray]) {
      if (!field.repeated || field instanceof protobuf.MapField) continue;
      const entry = type.lookup(field.type);
      if (!(entry instanceof protobuf.Type) || !entries.has(entry.fullName)) continue;
      const key = entry.fields.key;
      const value = entry.fields.value;
      if (!key || !value) continue;
      type.remove(field);
      type.add(new protobuf.MapField(field.name, field.id, key.type, value.type));
      if (entry.parent === type) type.remove(entry);
    }
  }
}

/** The server's services (reflection itself left out) and a Root holding their definitions. */
export async function reflect(client: grpc.Client, metadata: grpc.Metadata, timeoutMs: number, only?: string): Promise<{ root: protobuf.Root; services: string[]; version: 'v1' | 'v1alpha' }> {
  let last: ReflectionError | undefined;
  for (const version of ['v1', 'v1alpha'] as const) {
    const stream = openStream(client, version, new Date(Date.now() + timeoutMs), metadata);
    try {
      const listed = await stream.ask({ list_services: '' });
      if (listed.error_response) throw new ReflectionError(listed.error_response.error_message, listed.error_response.error_code);
      const services = (listed.list_services_response?.service ?? []).map((s) => s.name).filter((n) => !REFLECTION_SERVICES.includes(n));
      const files = new Map<string, descriptor.IFileDescriptorProto>();
      const take = (r: ReflectionResponse) => {
        if (r.error_response) throw new ReflectionError(r.error_response.error_message, r.error_response.error_code);
        for (const bytes of r.file_descriptor_response?.file_descriptor_proto ?? []) {
          const file = descriptor.FileDescriptorProto.decode(bytes) as unknown as descriptor.IFileDescriptorProto;
          if (file.name && !files.has(file.name)) files.set(file.name, file);
        }
      };
      for (const name of only ? services.filter((s) => s === only) : services) take(await stream.ask({ file_containing_symbol: name }));
      // Dependencies the server did not send with the file.
      for (let guard = 0; guard < 200; guard++) {
        const missing = [...files.values()].flatMap((f) => f.dependency ?? []).find((d) => !files.has(d) && !protobuf.common.get(d));
        if (!missing) break;
        take(await stream.ask({ file_by_filename: missing }));
        if (!files.has(missing)) break;
      }
      const root = (protobuf.Root as unknown as { fromDescriptor(set: descriptor.IFileDescriptorSet): protobuf.Root }).fromDescriptor({ file: [...files.values()] });
      for (const dep of new Set([...files.values()].flatMap((f) => f.dependency ?? []))) {
        const common = !files.has(dep) ? protobuf.common.get(dep) : undefined;
        if (common) root.addJSON(common.nested ?? {});
      }
      restoreMaps(root, new Set([...files.values()].flatMap((f) => [...mapEntries(f)])));
      root.resolveAll();
      return { root, services, version };
    } catch (err) {
      last = err instanceof ReflectionError ? err : new ReflectionError((err as Error).message);
      if (last.code !== grpc.status.UNIMPLEMENTED) throw last;
    } finally {
      stream.close();
    }
  }
  throw last ?? new ReflectionError('The server offers no reflection service.');
}
