/**
 * Which client certificate and CA bundles a connection uses, and the TLS context made from
 * them. The page hands the relay its certificates with their host patterns; each connection
 * takes only what covers its own host, so a redirect to another host never carries the
 * certificate. Contexts are cached (a context with the root store is costly to build), keyed
 * by a hash of the material, never by the material itself.
 */
import { createHash, X509Certificate } from 'node:crypto';
import tls from 'node:tls';
import { parseVaultHostPattern, vaultHostMatches, type RelayCaBundle, type RelayClientCertificate } from '../core';

/** The certificates and CAs the page configured for one request (every host). */
export interface TlsIdentities {
  clientCertificates?: RelayClientCertificate[];
  caBundles?: RelayCaBundle[];
}

/** What one connection uses: at most one client certificate and the CA bundles for its host. */
export interface TlsSelection {
  client?: RelayClientCertificate;
  cas: RelayCaBundle[];
  /** Separates pooled sockets by the material they were opened with ('' when there is none). */
  poolKey: string;
}

/** A TLS failure the relay has already explained; `kind` is always `tls`. */
export class TlsFailure extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'TlsFailure';
  }
}

/** Whether a host pattern list covers `host:port` (`*` covers every host). */
export function hostsCover(patterns: readonly string[], host: string, port: number): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  const url = new URL(`https://${bare.includes(':') ? `[${bare}]` : bare}:${port}/`);
  return patterns.some((text) => {
    if (text.trim() === '*') return true;
    const parsed = parseVaultHostPattern(text);
    return parsed.ok && vaultHostMatches(parsed.value, url);
  });
}

const digest = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 24);

/** Picks the material for `host:port`: the first client certificate covering it, every CA bundle covering it. */
export function selectTls(identities: TlsIdentities | undefined, host: string, port: number): TlsSelection {
  const client = identities?.clientCertificates?.find((c) => hostsCover(c.hosts, host, port));
  const cas = (identities?.caBundles ?? []).filter((b) => hostsCover(b.hosts, host, port));
  if (!client && !cas.length) return { cas, poolKey: '' };
  return { client, cas, poolKey: digest([client ?? null, cas.map((c) => c.pem)]) };
}

/** The configured certificate's facts, for reports and explanations (PEM only; a PKCS#12's are read after the handshake). */
export interface ClientCertificateFacts {
  label: string;
  subject?: string;
  issuer?: string;
  validTo?: string;
  expired?: boolean;
}

/** What the relay can say about the client certificate before connecting. */
export function clientFacts(client: RelayClientCertificate): ClientCertificateFacts {
  const facts: ClientCertificateFacts = { label: client.label };
  if (!client.certPem) return facts;
  try {
    const x509 = new X509Certificate(client.certPem);
    const validTo = new Date(x509.validTo);
    return { ...facts, subject: x509.subject.replace(/\n/g, ', '), issuer: x509.issuer.replace(/\n/g, ', '), validTo: validTo.toISOString(), expired: validTo.getTime() < Date.now() };
  } catch {
    return facts;
  }
}

/** Turns OpenSSL's complaint about the material into words, naming the certificate, never the secret. */
function setupFailure(err: NodeJS.ErrnoException, client: RelayClientCertificate | undefined): TlsFailure {
  const code = err.code ?? 'ERR_TLS_SETUP';
  const text = `${code} ${err.message}`;
  const name = client ? `the client certificate "${client.label}"` : 'a CA bundle';
  if (client && /BAD_DECRYPT|bad decrypt|MAC_VERIFY|mac verify|PKCS12_PARSE|maybe wrong password|INTERRUPTED_OR_CANCELLED|bad password/i.test(text)) {
    const what = client.pfxBase64 ? 'PKCS#12 file' : 'private key';
    const message = client.passphrase
      ? `The passphrase of ${name} is wrong: its ${what} could not be opened with it. Nothing was sent; correct the passphrase in Certificates (top bar) › Client certificates.`
      : `The ${what} of ${name} is encrypted and no passphrase is set. Nothing was sent; add the passphrase in Certificates (top bar) › Client certificates.`;
    return new TlsFailure(message, 'WB_CLIENT_CERT_PASSPHRASE', err.message);
  }
  if (/KEY_VALUES_MISMATCH|key values mismatch/i.test(text)) {
    return new TlsFailure(`The private key of ${name} does not belong to its certificate. Nothing was sent; pair the certificate with its own key.`, 'WB_CLIENT_CERT_KEY_MISMATCH', err.message);
  }
  return new TlsFailure(`The TLS material of ${name} could not be read (${err.message.split('\n')[0]}). Nothing was sent; check that it is PEM or PKCS#12 as expected.`, 'WB_TLS_MATERIAL', err.message);
}

const contexts = new Map<string, tls.SecureContext>();
const MAX_CONTEXTS = 32;

/**
 * The secure context for a selection, or undefined for Node's defaults. Custom CAs are
 * added to the bundled roots (giving `ca` alone would replace them). A wrong passphrase
 * or a mismatched key fails here, before a byte goes to the server.
 */
export function secureContextFor(selection: TlsSelection): tls.SecureContext | undefined {
  if (!selection.poolKey) return undefined;
  const cached = contexts.get(selection.poolKey);
  if (cached) return cached;
  const { client, cas } = selection;
  let context: tls.SecureContext;
  try {
    context = tls.createSecureContext({
      ...(cas.length ? { ca: [...tls.rootCertificates, ...cas.map((c) => c.pem)] } : {}),
      ...(client?.pfxBase64 ? { pfx: Buffer.from(client.pfxBase64, 'base64') } : {}),
      ...(client?.certPem ? { cert: client.certPem } : {}),
      ...(client?.keyPem ? { key: client.keyPem } : {}),
      // An empty passphrase still goes, so OpenSSL never waits on a prompt for an encrypted key.
      ...(client ? { passphrase: client.passphrase ?? '' } : {}),
    });
  } catch (err) {
    throw setupFailure(err as NodeJS.ErrnoException, client);
  }
  if (contexts.size >= MAX_CONTEXTS) contexts.delete(contexts.keys().next().value!);
  contexts.set(selection.poolKey, context);
  return context;
}
