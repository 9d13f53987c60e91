/**
 * "Load services": the catalog of what a server (by reflection) or the given `.proto` files
 * offer, for the page's service and method pickers and its sample messages.
 */
import { parseGrpcAddress } from '../../core/protocols/grpc/address';
import type { GrpcDescribeResult, GrpcTarget } from '../../core/protocols/grpc/callModel';
import type { HeaderField } from '../../core/types';
import { metadataOf } from './call';
import { catalogOf } from './catalog';
import { openClient } from './channel';
import { loadDefinitions } from './definitions';
import { loadProtoFiles } from './protoText';

export async function describeGrpc(target: GrpcTarget, metadata: readonly HeaderField[] = []): Promise<GrpcDescribeResult> {
  if (target.source === 'proto') {
    const loaded = loadProtoFiles(target.protoFiles ?? {});
    if (!loaded.ok) return { ok: false, error: loaded.error };
    const catalog = catalogOf(loaded.root);
    if (!catalog.services.length) return { ok: false, error: { kind: 'proto', message: 'The .proto files compile but define no service; a gRPC call needs a service with at least one rpc.' } };
    return { ok: true, catalog, source: 'proto' };
  }
  const address = parseGrpcAddress(target.url);
  if (!address.ok) return { ok: false, error: { kind: 'address', message: address.message } };
  const md = metadataOf(metadata);
  if (!md.ok) return { ok: false, error: md.error };
  const opened = await openClient(address.value, target);
  if (!opened.ok) return { ok: false, error: opened.error };
  try {
    const defs = await loadDefinitions(target, () => opened.value.client, md.value);
    if (!defs.ok) return { ok: false, error: defs.error };
    const catalog = catalogOf(defs.root, defs.services);
    return { ok: true, catalog, source: 'reflection', ...(defs.version ? { reflectionVersion: defs.version } : {}) };
  } finally {
    opened.value.close();
  }
}
