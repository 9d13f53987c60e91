/**
 * A grpc-js client for a target: plaintext for grpc://, TLS for grpcs:// with the host's CA
 * bundles and client certificate (chosen and made into a secure context the way the relay's
 * HTTP calls do: `tlsMaterial.ts`), and verification skipped only when the page says so.
 * The proxy is the relay's choice too (`proxyPassage.ts`): grpc-js's own reading of the
 * environment is switched off, so the page's "no proxy" means none and its manual proxy, bypass
 * list and credentials apply as for an HTTP send.
 */
import * as grpc from '@grpc/grpc-js';
import type tls from 'node:tls';
import type { GrpcAddress } from '../../core/protocols/grpc/address';
import type { GrpcFailure, GrpcTarget } from '../../core/protocols/grpc/callModel';
import { CertificateError, normaliseFingerprint } from '../connector';
import { classifyFailure } from '../failures';
import { secureContextFor, selectTls, TlsFailure } from '../tlsMaterial';
import { grpcProxyRoute, openGrpcProxyPassage, type GrpcProxyPassage } from './proxyPassage';

/** Channel options for a workbench: no retries behind the person's back, large messages allowed (64 MiB), no proxy but the relay's. */
const CHANNEL_OPTIONS: grpc.ChannelOptions = {
  'grpc.enable_retries': 0,
  'grpc.max_receive_message_length': 64 * 1024 * 1024,
  'grpc.max_send_message_length': 64 * 1024 * 1024,
  'grpc.primary_user_agent': 'wirebench',
  'grpc.enable_http_proxy': 0,
};

/** A client and, when it goes through a proxy, the tunnel it uses; `close` ends both. */
export interface OpenedClient {
  client: grpc.Client;
  passage?: GrpcProxyPassage;
  close(): void;
}

type ConnectorArgs = Parameters<grpc.ChannelCredentials['_createSecureConnector']>;

/**
 * TLS credentials that accept the server's certificate when the CA store does or when its
 * SHA-256 fingerprint is one the person trusted for this host (as the relay's connector judges
 * an HTTP send's): the handshake is made with verification off, and the verdict given before
 * the connection is handed to HTTP/2, so nothing is sent to a server refused.
 */
class FingerprintTrust extends grpc.ChannelCredentials {
  constructor(private readonly inner: grpc.ChannelCredentials, private readonly trusted: readonly string[], private readonly where: string) {
    super();
  }
  _isSecure(): boolean {
    return true;
  }
  _equals(other: grpc.ChannelCredentials): boolean {
    return other === this;
  }
  _createSecureConnector(...args: ConnectorArgs): ReturnType<grpc.ChannelCredentials['_createSecureConnector']> {
    const inner = this.inner._createSecureConnector(...args);
    return {
      connect: async (socket) => {
        const made = await inner.connect(socket);
        const secured = made.socket as tls.TLSSocket;
        if (secured.authorized) return made;
        const fingerprint = secured.getPeerCertificate()?.fingerprint256;
        if (fingerprint && this.trusted.includes(normaliseFingerprint(fingerprint))) return made;
        const reason = String(secured.authorizationError ?? 'verification failed');
        secured.destroy();
        throw new CertificateError(`The certificate of ${this.where} was not accepted: ${reason}, and its fingerprint is not among those trusted for this host.`, reason, fingerprint);
      },
      waitForReady: () => inner.waitForReady(),
      getCallCredentials: () => inner.getCallCredentials(),
      destroy: () => inner.destroy(),
    };
  }
}

function credentialsFor(address: GrpcAddress, target: GrpcTarget): grpc.ChannelCredentials {
  if (!address.tls) return grpc.credentials.createInsecure();
  const selection = selectTls({ clientCertificates: target.clientCertificates, caBundles: target.caBundles }, address.host, address.port);
  const context = secureContextFor(selection);
  const trusted = target.insecureTls ? [] : (target.trustedFingerprints ?? []).map(normaliseFingerprint).filter(Boolean);
  // Skip verification, or let the fingerprints decide what the CA store refuses.
  const verify: grpc.VerifyOptions = target.insecureTls || trusted.length ? { rejectUnauthorized: false, ...(target.insecureTls ? { checkServerIdentity: () => undefined } : {}) } : {};
  const credentials = context ? grpc.credentials.createFromSecureContext(context, verify) : grpc.credentials.createSsl(null, null, null, verify);
  return trusted.length ? new FingerprintTrust(credentials, trusted, address.authority) : credentials;
}

/** The failure of a connection that could not be set up (TLS material, the proxy), as the call reports it. */
export function openFailure(err: unknown, address: GrpcAddress, passage: boolean): GrpcFailure {
  if (err instanceof TlsFailure) return { kind: 'tls', message: err.message };
  if (!passage) return { kind: 'tls', message: `The connection could not be set up: ${(err as Error).message}` };
  const e = classifyFailure(err, address.authority);
  const message = e.kind === 'proxy' ? e.message : `No tunnel to ${address.authority} through the proxy: ${e.message}`;
  return { kind: 'proxy', message, ...(e.code ? { code: e.code } : {}), ...(e.proxyStatus ? { proxyStatus: e.proxyStatus } : {}) };
}

/**
 * The client for `address` (through a tunnel when the proxy rules say so, opened before the
 * call: `deadlineMs` bounds it), or the failure for TLS material that cannot be read or a
 * proxy that refuses. Never rejects.
 */
export async function openClient(address: GrpcAddress, target: GrpcTarget, deadlineMs = 0): Promise<{ ok: true; value: OpenedClient } | { ok: false; error: GrpcFailure }> {
  let credentials: grpc.ChannelCredentials;
  let route;
  try {
    credentials = credentialsFor(address, target);
    route = grpcProxyRoute(address, target.proxy);
  } catch (err) {
    return { ok: false, error: openFailure(err, address, false) };
  }
  if (!route) {
    const client = new grpc.Client(address.authority, credentials, CHANNEL_OPTIONS);
    return { ok: true, value: { client, close: () => client.close() } };
  }
  let passage: GrpcProxyPassage;
  try {
    passage = await openGrpcProxyPassage(address, route, deadlineMs);
  } catch (err) {
    return { ok: false, error: openFailure(err, address, true) };
  }
  const client = new grpc.Client(passage.target, credentials, {
    ...CHANNEL_OPTIONS,
    // The Unix socket is only the way in: the server is addressed, and its certificate checked, by its own name.
    'grpc.default_authority': address.authority,
    ...(address.tls ? { 'grpc.ssl_target_name_override': address.host } : {}),
  });
  const close = () => {
    client.close();
    passage.close();
  };
  return { ok: true, value: { client, passage, close } };
}

export { TlsFailure };
