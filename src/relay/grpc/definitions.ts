/**
 * The service definitions a call or a "Load services" uses: compiled from the `.proto`
 * text the request holds, or read from the server by reflection. Every failure is a value
 * that says what went wrong and where, or — when the reflection call itself got a gRPC
 * status (the server is unreachable, refuses the credentials) — that status.
 */
import type * as grpc from '@grpc/grpc-js';
import type protobuf from 'protobufjs';
import type { GrpcFailure, GrpcTarget } from '../../core/protocols/grpc/callModel';
import { grpcStatusLabel } from '../../core/protocols/grpc/statusCodes';
import { catalogOf } from './catalog';
import { loadProtoFiles } from './protoText';
import { reflect, ReflectionError } from './reflection';

/** How long a reflection look-up may take. */
export const REFLECTION_TIMEOUT_MS = 10_000;

export type Definitions =
  | { ok: true; root: protobuf.Root; services: string[]; version?: 'v1' | 'v1alpha' }
  | { ok: false; error: GrpcFailure; status?: { code: number; details: string } };

const UNIMPLEMENTED = 12;

export async function loadDefinitions(target: GrpcTarget, client: () => grpc.Client, metadata: grpc.Metadata, only?: string): Promise<Definitions> {
  if (target.source === 'proto') {
    const loaded = loadProtoFiles(target.protoFiles ?? {});
    if (!loaded.ok) return loaded;
    return { ok: true, root: loaded.root, services: catalogOf(loaded.root).services.map((s) => s.name) };
  }
  try {
    const found = await reflect(client(), metadata, REFLECTION_TIMEOUT_MS, only);
    return { ok: true, root: found.root, services: found.services, version: found.version };
  } catch (err) {
    const e = err instanceof ReflectionError ? err : new ReflectionError((err as Error).message);
    if (e.code === UNIMPLEMENTED) {
      return { ok: false, error: { kind: 'reflection', message: `The server at ${target.url} does not offer server reflection (neither grpc.reflection.v1 nor v1alpha answered: ${e.message}). Load its services from its .proto files instead.` } };
    }
    if (e.code !== undefined && e.code > 0) {
      const details = `While reading the services by server reflection: ${e.message}`;
      return { ok: false, status: { code: e.code, details }, error: { kind: 'reflection', message: `Server reflection at ${target.url} ended with ${grpcStatusLabel(e.code)}: ${e.message}` } };
    }
    return { ok: false, error: { kind: 'reflection', message: `Server reflection at ${target.url} gave an answer that could not be read: ${e.message}` } };
  }
}
