import { X509Certificate } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxHarness, type SandboxHarness } from '../testing/sandboxHarness';
import { loadOrCreateCertificate, sandboxDataDir, startHttpsSandbox } from './tls';

let dir = '';
let sb: SandboxHarness;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'wirebench-tls-'));
  sb = await startSandboxHarness();
});
afterAll(async () => {
  await sb.close();
  await rm(dir, { recursive: true, force: true });
});

function get(origin: string, pathname: string, ca: string): Promise<{ status: number; body: string; fingerprint: string }> {
  return new Promise((resolve, reject) => {
    const req = https.get(`${origin}${pathname}`, { ca, agent: false }, (res) => {
      const fingerprint = (res.socket as import('node:tls').TLSSocket).getPeerX509Certificate()?.fingerprint256 ?? '';
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, fingerprint }));
    });
    req.on('error', reject);
  });
}

describe('the sandbox certificate', () => {
  it('is made once, kept in the data folder (key readable by the owner only) and reused', async () => {
    const first = await loadOrCreateCertificate(dir);
    expect(first.created).toBe(true);
    const x509 = new X509Certificate(first.cert);
    expect(x509.subjectAltName).toContain('DNS:localhost');
    expect(x509.subjectAltName).toContain('IP Address:127.0.0.1');
    expect(first.fingerprint256).toBe(x509.fingerprint256);
    expect((await stat(path.join(dir, 'sandbox-tls-key.pem'))).mode & 0o777).toBe(0o600);
    const again = await loadOrCreateCertificate(dir);
    expect(again).toMatchObject({ created: false, fingerprint256: first.fingerprint256 });
  });

  it('is replaced when the stored one does not load', async () => {
    const broken = path.join(dir, 'broken');
    const original = await loadOrCreateCertificate(broken);
    await writeFile(path.join(broken, 'sandbox-tls-cert.pem'), 'not a certificate');
    const replaced = await loadOrCreateCertificate(broken);
    expect(replaced.created).toBe(true);
    expect(replaced.fingerprint256).not.toBe(original.fingerprint256);
  });

  it('lives in WIREBENCH_DATA_DIR when set, else .wirebench in the repository', () => {
    expect(sandboxDataDir('/repo', {})).toBe(path.join('/repo', '.wirebench'));
    expect(sandboxDataDir('/repo', { WIREBENCH_DATA_DIR: '/data/wb' })).toBe(path.resolve('/data/wb'));
  });
});

describe('the HTTPS sandbox', () => {
  it('serves /sandbox over TLS with that certificate, and the main server tells its fingerprint', async () => {
    const running = await startHttpsSandbox({ port: 0, host: '127.0.0.1', dataDir: dir });
    try {
      const answer = await get(running.origin, '/sandbox/anything?via=tls', running.certificate.cert);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).url).toBe(`${running.origin}/sandbox/anything?via=tls`);
      expect(answer.fingerprint).toBe(running.fingerprint256);
      expect((await get(running.origin, '/', running.certificate.cert)).status).toBe(404);
      const info = await sb.call('/sandbox/tls');
      expect(info.json).toMatchObject({ https: true, origin: running.origin, fingerprint256: running.fingerprint256 });
    } finally {
      await running.close();
    }
    expect((await sb.call('/sandbox/tls')).json.https).toBe(false);
  });

  it('is refused by a client that does not trust the certificate', async () => {
    const running = await startHttpsSandbox({ port: 0, host: '127.0.0.1', dataDir: dir });
    try {
      await expect(get(running.origin, '/sandbox/anything', '')).rejects.toThrow(/self-signed|certificate/i);
    } finally {
      await running.close();
    }
  });
});
