/**
 * The demo client certificate, for trying mutual TLS: where the mTLS endpoint listens, the
 * files to add in Certificates (top bar) › Client certificates (published on purpose: this key protects
 * nothing), and the expired certificate to see a refusal.
 */
import { DEMO_P12_PASSPHRASE, demoClientAuth, MTLS_TOKEN_PATH } from './tlsClientAuth';
import { sendJson, type SandboxRoute } from './router';

const PEM = 'application/x-pem-file';
const DOWNLOADS: Record<string, { type: string; pick: (d: NonNullable<ReturnType<typeof demoClientAuth>>) => string | Buffer | undefined }> = {
  'client-cert.pem': { type: PEM, pick: (d) => d.pki.client.cert },
  'client-key.pem': { type: PEM, pick: (d) => d.pki.client.key },
  'client.p12': { type: 'application/x-pkcs12', pick: (d) => d.pki.p12 },
  'client-ca.pem': { type: PEM, pick: (d) => d.pki.ca.cert },
  'expired-cert.pem': { type: PEM, pick: (d) => d.pki.expired.cert },
  'expired-key.pem': { type: PEM, pick: (d) => d.pki.expired.key },
};

const notRunning = { running: false, detail: 'The mTLS sandbox is not running in this process (it starts with the server, on the HTTPS sandbox port + 1).' };

/** The mTLS demo routes. */
export const tlsClientRoutes: SandboxRoute[] = [
  {
    method: 'GET',
    pattern: '/tls/client-demo',
    handle: (ctx) => {
      ctx.req.resume();
      const d = demoClientAuth();
      if (!d) return sendJson(ctx.res, 503, notRunning);
      const files = Object.fromEntries(Object.keys(DOWNLOADS).filter((f) => f !== 'client.p12' || d.pki.p12).map((f) => [f, `${ctx.base}/tls/client-demo/${f}`]));
      sendJson(ctx.res, 200, {
        running: true,
        endpoint: `${d.origin}/sandbox/tls/client-cert`,
        tokenEndpoint: `${d.origin}${MTLS_TOKEN_PATH}`,
        host: new URL(d.origin).hostname,
        files,
        p12Passphrase: d.pki.p12 ? DEMO_P12_PASSPHRASE : null,
        ...(d.pki.p12 ? {} : { p12Missing: 'No openssl command was found at first start, so there is no .p12; use the PEM pair.' }),
        steps: [
          'Download client-cert.pem and client-key.pem (or client.p12 and its passphrase).',
          `Add them in Certificates (top bar) › Client certificates for the host ${new URL(d.origin).hostname}.`,
          `GET ${d.origin}/sandbox/tls/client-cert and trust the sandbox certificate when asked: 200 names the certificate it received.`,
          'Swap in expired-cert.pem and expired-key.pem: 403 explains the expiry.',
          `A token endpoint behind mutual TLS: point a vault entry's token endpoint at ${d.origin}${MTLS_TOKEN_PATH}; it answers only with the certificate (401 invalid_client without).`,
        ],
      });
    },
  },
  {
    method: 'GET',
    pattern: '/tls/client-demo/:file',
    handle: (ctx) => {
      ctx.req.resume();
      const d = demoClientAuth();
      const entry = DOWNLOADS[ctx.params.file ?? ''];
      const content = d && entry ? entry.pick(d) : undefined;
      if (!content || !entry) return sendJson(ctx.res, 404, d ? { detail: `No such file; try ${Object.keys(DOWNLOADS).join(', ')}.` } : notRunning);
      ctx.res.writeHead(200, { 'Content-Type': entry.type, 'Content-Disposition': `attachment; filename="wirebench-demo-${ctx.params.file}"`, 'Cache-Control': 'no-store' }).end(content);
    },
  },
  {
    method: '*',
    pattern: '/tls/client-cert',
    handle: (ctx) => {
      ctx.req.resume();
      const d = demoClientAuth();
      // Reached on the plain or HTTPS sandbox, which never ask for a certificate.
      sendJson(ctx.res, 421, d ? { detail: 'This listener does not ask for client certificates; the mTLS endpoint does.', endpoint: `${d.origin}/sandbox/tls/client-cert` } : notRunning);
    },
  },
];
