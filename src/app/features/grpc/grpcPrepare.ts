/**
 * A gRPC draft made ready for the relay: the address and messages with variables
 * substituted, the metadata from the draft's headers and auth (built by core like an HTTP
 * request's, so Bearer, API keys in headers and vault tokens work the same), the host's
 * client certificate and CA bundles, and the workspace's proxy choice (the relay applies its
 * bypass list and opens a CONNECT tunnel, as for an HTTP send to the same host). Every credential goes through the one ledger, so the
 * transcript, history and run reports mask it.
 */
import { buildWireRequest, draftWithUrl, substituteVariables, type HeaderField, type RequestDraft } from '../../../core';
import { emptyGrpcSettings, type GrpcSettings } from '../../../core/protocols/grpc/settings';
import type { GrpcTarget } from '../../../core/protocols/grpc/callModel';
import { rememberExchangeSecrets } from '../../../core/workspace/redact';
import { pageNetworkOptions } from '../../base/relay/networkOptions';

export interface PreparedGrpc {
  target: GrpcTarget;
  metadata: HeaderField[];
  settings: GrpcSettings;
  /** Each message's text with variables substituted. */
  messageTexts: string[];
}

const toHttp = (url: string) => url.trim().replace(/^grpc:\/\//i, 'http://').replace(/^grpcs:\/\//i, 'https://');
const toGrpc = (url: string, original: string) => {
  const tls = /^(grpcs|https):/i.test(original.trim());
  return url.replace(/^https?:\/\//i, tls ? 'grpcs://' : 'grpc://').replace(/\/$/, '');
};

/** The draft's settings, filled in where an older draft lacks a field. */
export function grpcSettingsOf(draft: RequestDraft): GrpcSettings {
  return { ...emptyGrpcSettings(), ...(draft.grpc ?? {}) };
}

export async function prepareGrpc(draft: RequestDraft, env: Record<string, string>): Promise<{ ok: true; value: PreparedGrpc } | { ok: false; message: string }> {
  const settings = grpcSettingsOf(draft);
  const address = substituteVariables(draft.url, env).text;
  if (!/^(grpcs?|https?):\/\//i.test(address.trim())) return { ok: false, message: `The address "${address}" must start with grpc:// (plaintext) or grpcs:// (TLS), e.g. grpc://127.0.0.1:50051.` };
  const httpDraft: RequestDraft = { ...draftWithUrl(draft, toHttp(draft.url)), method: 'POST', body: { ...draft.body, kind: 'none' }, query: [], pathParams: [] };
  let built = buildWireRequest(httpDraft, env);
  if (!built.ok) return { ok: false, message: built.error.message };
  if (built.value.unresolved.length) return { ok: false, message: `Not sent: ${built.value.unresolved.map((n) => `{{${n}}}`).join(', ')} ${built.value.unresolved.length === 1 ? 'is' : 'are'} not defined in the active environment.` };
  if (built.value.vaultPending) {
    const { resolveVaultAuth } = await import('../vault/vaultAccess');
    const credential = await resolveVaultAuth(draft.auth.vaultEntryId ?? '', built.value.wire.url);
    if (!credential.ok) return { ok: false, message: `No token from the vault: ${credential.error.message}` };
    built = buildWireRequest(httpDraft, env, { vaultCredential: credential.value });
    if (!built.ok) return { ok: false, message: built.error.message };
  }
  const wire = built.value.wire;
  const metadata = wire.headers.filter((h) => !/^(host|content-type|content-length|user-agent|accept-encoding)$/i.test(h.name));
  rememberExchangeSecrets({ request: { method: 'POST', url: wire.url, headers: metadata }, headers: [] });
  const network = await pageNetworkOptions(wire.url);
  if (!network.ok) return { ok: false, message: network.message };
  const target: GrpcTarget = {
    url: toGrpc(wire.url, address),
    source: settings.source,
    ...(settings.source === 'proto' ? { protoFiles: settings.protoFiles } : {}),
    ...(network.value.proxy ? { proxy: network.value.proxy } : {}),
    ...(network.value.clientCertificates ? { clientCertificates: network.value.clientCertificates } : {}),
    ...(network.value.caBundles ? { caBundles: network.value.caBundles } : {}),
    ...(network.value.trustedFingerprints?.length ? { trustedFingerprints: network.value.trustedFingerprints } : {}),
    ...(draft.options.insecureTls || network.value.insecureTls ? { insecureTls: true } : {}),
  };
  const messageTexts = settings.messages.map((m) => substituteVariables(m, env).text);
  return { ok: true, value: { target, metadata, settings, messageTexts } };
}
