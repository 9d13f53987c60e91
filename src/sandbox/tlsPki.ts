/**
 * A small certificate authority for mutual TLS: a CA, server and client certificates it
 * issues (selfsigned signs them), and PKCS#12 files made with the `openssl` command when it
 * is installed (Node can read PKCS#12 but not write it). The sandbox keeps its demo set in
 * the data folder; relay tests make a fresh one each run.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';

/** A certificate and its private key, PEM. */
export interface IssuedCertificate {
  cert: string;
  key: string;
}

/** What a certificate is for. */
export interface IssueOptions {
  /** Client authentication (extKeyUsage clientAuth); otherwise a server certificate for `altNames`. */
  client?: boolean;
  altNames?: { dns?: string[]; ips?: string[] };
  notBefore?: Date;
  notAfter?: Date;
  /** Encrypt the key (PKCS#8, AES-256-CBC) with this passphrase. */
  passphrase?: string;
}

const DAY = 86_400_000;

/** A self-signed CA certificate able to sign certificates. */
export async function makeCertificateAuthority(commonName: string, validDays = 825): Promise<IssuedCertificate> {
  const notBeforeDate = new Date(Date.now() - 60_000);
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate: new Date(notBeforeDate.getTime() + validDays * DAY),
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

/** A certificate for `commonName` signed by `ca`. */
export async function issueCertificate(ca: IssuedCertificate, commonName: string, options: IssueOptions = {}): Promise<IssuedCertificate> {
  const notBeforeDate = options.notBefore ?? new Date(Date.now() - 60_000);
  const altNames = [
    ...(options.altNames?.dns ?? []).map((value) => ({ type: 2 as const, value })),
    ...(options.altNames?.ips ?? []).map((ip) => ({ type: 7 as const, ip })),
  ];
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate: options.notAfter ?? new Date(notBeforeDate.getTime() + 825 * DAY),
    ca: { key: ca.key, cert: ca.cert },
    ...(options.passphrase ? { passphrase: options.passphrase } : {}),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', ...(options.client ? { clientAuth: true } : { serverAuth: true }) },
      ...(altNames.length ? [{ name: 'subjectAltName' as const, altNames }] : []),
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

/**
 * A PKCS#12 file holding the certificate, its key and the CA, protected by `passphrase`, or
 * undefined when the `openssl` command is not available.
 */
export async function toPkcs12(issued: IssuedCertificate, ca: IssuedCertificate, passphrase: string, name: string): Promise<Buffer | undefined> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wirebench-p12-'));
  try {
    const [certFile, keyFile, caFile, outFile] = ['cert.pem', 'key.pem', 'ca.pem', 'out.p12'].map((f) => path.join(dir, f)) as [string, string, string, string];
    await writeFile(certFile, issued.cert);
    await writeFile(keyFile, issued.key, { mode: 0o600 });
    await writeFile(caFile, ca.cert);
    // The passphrase goes through the environment, not the command line other processes can read.
    const args = ['pkcs12', '-export', '-in', certFile, '-inkey', keyFile, '-certfile', caFile, '-name', name, '-out', outFile, '-passout', 'env:WB_P12_PASS'];
    const ok = await new Promise<boolean>((resolve) => {
      execFile('openssl', args, { env: { ...process.env, WB_P12_PASS: passphrase }, timeout: 10_000 }, (err) => resolve(!err));
    });
    return ok ? await readFile(outFile) : undefined;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
