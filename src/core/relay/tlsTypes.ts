/**
 * TLS parts of the relay contract: the client certificates and CA bundles the page hands
 * the relay for one request, and what the relay reports about a connection's TLS. Host
 * patterns are the vault's allow-list patterns (`api.example.com`, `*.example.com`,
 * `127.0.0.1:8443`); a CA bundle may also say `*` for every host.
 */

/**
 * A client certificate for the hosts its patterns cover: a PEM certificate and key, or a
 * PKCS#12 file (base64). The key and passphrase are secrets: the relay never logs,
 * reports or keeps them, and presents the certificate only to a host its patterns cover
 * (a redirect elsewhere goes without it).
 */
export interface RelayClientCertificate {
  /** The name the person gave it, used in reports and messages. */
  label: string;
  hosts: string[];
  certPem?: string;
  keyPem?: string;
  /** A PKCS#12 (.p12/.pfx) file, base64. */
  pfxBase64?: string;
  passphrase?: string;
}

/** PEM CA certificates trusted, in addition to the usual roots, for the hosts covered. */
export interface RelayCaBundle {
  label: string;
  /** Host patterns, or `*` for every host. */
  hosts: string[];
  pem: string;
}

/** One certificate of the chain a server presented, as shown in the inspector. */
export interface RelayCertificateSummary {
  subject: string;
  issuer: string;
  /** ISO dates. */
  validFrom: string;
  validTo: string;
  /** DNS names and IP addresses the certificate covers. */
  subjectAltNames: string[];
  fingerprint256: string;
  serialNumber?: string;
  /** A CA certificate (basicConstraints CA:TRUE). */
  ca?: boolean;
}

/**
 * The client certificate side of a handshake. `requested` is what the server's
 * CertificateRequest said (read from the signature algorithms it carried: OpenSSL fills
 * the shared list on the client only from that message); `sent` is true when the relay
 * had a certificate for this host and the server asked for one.
 */
export interface RelayClientCertificateUse {
  requested: boolean;
  sent: boolean;
  /** The configured certificate for this host, whether or not it was asked for. */
  label?: string;
  subject?: string;
  validTo?: string;
  expired?: boolean;
}

/** The TLS facts of one connection (absent for plain HTTP). */
export interface RelayTls {
  protocol?: string;
  cipher?: string;
  peerFingerprint256?: string;
  /** The certificate chain was verified (false: trusted by fingerprint or not verified at all). */
  authorized: boolean;
  /** The protocol ALPN settled on (`http/1.1`, `h2`); absent when the server chose none. */
  alpnProtocol?: string;
  /** The server's chain as presented, leaf first. */
  chain?: RelayCertificateSummary[];
  /** Whether the server asked for a client certificate, and whether one went. */
  clientCertificate?: RelayClientCertificateUse;
  /** Labels of the CA bundles that were added to the trust of this connection. */
  caBundles?: string[];
}
