/**
 * Mutual TLS. The certificate is asked for during the handshake, so the lesson starts where
 * that cannot happen (the plain sandbox) and leads to the listener that asks.
 */
import type { Lesson } from './lesson';

/** Lessons of the Utilities group about TLS. */
export const TLS_LESSONS: Lesson[] = [
  {
    id: 'mtls-client-certificate',
    group: 'Utilities',
    title: 'Mutual TLS: the server asks for a client certificate',
    convention: 'RFC 8446 §4.3.2 (CertificateRequest), §4.4.2; RFC 9110 §15.5.20 (421)',
    teaches:
      'A server asks for a client certificate inside the TLS handshake, so an HTTP request on a connection that was never asked cannot supply one: this listener answers 421 Misdirected Request and names the mTLS listener (HTTPS sandbox port + 1). GET /sandbox/tls/client-demo gives the demo certificate and key (or .p12 and its passphrase); add them in Certificates (top bar) › Client certificates for 127.0.0.1 and send to the endpoint it names: 200 with the certificate it received. Try the expired one: 403, and why.',
    lookAt: 'The 421 body names the endpoint. Over mutual TLS, the Connection table says a client certificate was asked for and sent, and shows the server\'s chain.',
    request: { method: 'GET', url: '/sandbox/tls/client-cert', headers: [] },
    expectedStatus: 421,
  },
];
