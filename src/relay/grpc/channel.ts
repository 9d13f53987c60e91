/**
 * A grpc-js client for a target: plaintext for grpc://, TLS for grpcs:// with the host's CA
 * bundles and client certificate (chosen and made into a secure context the way the relay's
 * HTTP calls do: `tlsMaterial.ts`), and verification skipped only when the page says so.
 */
import * as grpc from '@grpc/grpc-js';
import type { GrpcAddress } from '../../core/protocols/grpc/address';
import type { GrpcTarget } from '../../core/protocols/grpc/callModel';
import { secureContextFor, selectTls, TlsFailure } from '../tlsMaterial';

/** Channel options for a workbench: no retries behind the person's back, large messages allowed (64 MiB). */
const CHANNEL_OPTIONS: grpc.ChannelOptions = {
  'grpc.enable_retries': 0,
  'grpc.max_receive_message_length': 64 * 1024 * 1024,
  'grpc.max_send_message_length': 64 * 1024 * 1024,
  'grpc.primary_user_agent': 'wirebench',
};

/** The client for `address`, or a `TlsFailure` for material that cannot be read. */
export function openClient(address: GrpcAddress, target: GrpcTarget): grpc.Client {
  let credentials: grpc.ChannelCredentials;
  if (!address.tls) credentials = grpc.credentials.createInsecure();
  else {
    const selection = selectTls({ clientCertificates: target.clientCertificates, caBundles: target.caBundles }, address.host, address.port);
    const context = secureContextFor(selection);
    const verify: grpc.VerifyOptions = target.insecureTls ? { rejectUnauthorized: false, checkServerIdentity: () => undefined } : {};
    credentials = context ? grpc.credentials.createFromSecureContext(context, verify) : grpc.credentials.createSsl(null, null, null, verify);
  }
  return new grpc.Client(address.authority, credentials, CHANNEL_OPTIONS);
}

export { TlsFailure };
