/**
 * The certificate a TLS server presents, as PEM, read by a plain TLS handshake from the
 * test process (verification off: this is how a person would save a server's certificate
 * to trust it, after checking its fingerprint).
 */
import tls from 'node:tls';

/** The PEM of the leaf certificate `host:port` presents. */
export function peerCertificatePem(host: string, port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host, port, servername: host === '127.0.0.1' ? undefined : host, rejectUnauthorized: false }, () => {
      const raw = socket.getPeerCertificate().raw;
      socket.end();
      const base64 = raw.toString('base64').replace(/.{64}/g, '$&\n');
      resolve(`-----BEGIN CERTIFICATE-----\n${base64.replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`);
    });
    socket.once('error', reject);
  });
}
