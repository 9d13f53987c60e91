import { mkdtemp, rm } from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateCertificate } from './tls';
import { loadOrCreateDemoClientPki, MTLS_TOKEN_PATH, startClientAuthSandbox, type RunningMtlsSandbox } from './tlsClientAuth';

let dir = '';
let mtls: RunningMtlsSandbox;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'wirebench-mtls-'));
  const certificate = await loadOrCreateCertificate(dir);
  mtls = await startClientAuthSandbox({ port: 0, host: '127.0.0.1', dataDir: dir, certificate });
});

afterAll(async () => {
  await mtls.close();
  await rm(dir, { recursive: true, force: true });
});

function get(pathname: string, identity: { cert?: string; key?: string } = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = https.get(`${mtls.origin}${pathname}`, { rejectUnauthorized: false, agent: false, ...identity }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c)).on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
    });
    req.on('error', reject);
  });
}

/** A client credentials grant of the Basic demo client (RFC 6749 §2.3.1: id and secret form-encoded before base64). */
function clientCredentials(identity: { cert?: string; key?: string } = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const basic = Buffer.from(`${encodeURIComponent('urn:wirebench:basic-client')}:${encodeURIComponent('b4sic:s3cret/+%&= ok')}`).toString('base64');
  const form = 'grant_type=client_credentials&scope=orders%3Aread';
  return new Promise((resolve, reject) => {
    const req = https.request(`${mtls.origin}${MTLS_TOKEN_PATH}`, { method: 'POST', rejectUnauthorized: false, agent: false, headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' }, ...identity }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c)).on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
    });
    req.on('error', reject);
    req.end(form);
  });
}

describe('sandbox: the mTLS listener (issue 17, item 9)', () => {
  it('keeps its demo material across starts', async () => {
    const [a, b] = [await loadOrCreateDemoClientPki(dir), await loadOrCreateDemoClientPki(dir)];
    expect(b.client.cert).toBe(a.client.cert);
    expect(b.ca.cert).toBe(a.ca.cert);
  });

  it('accepts the demo certificate, and says why it refuses none or an expired one', async () => {
    const pki = await loadOrCreateDemoClientPki(dir);
    const ok = await get('/sandbox/tls/client-cert', pki.client);
    expect(ok).toMatchObject({ status: 200, body: { asked: true, received: true, accepted: true, certificate: { subject: 'Wirebench demo client' } } });
    const none = await get('/sandbox/tls/client-cert');
    expect(none).toMatchObject({ status: 401, body: { received: false } });
    const expired = await get('/sandbox/tls/client-cert', pki.expired);
    expect(expired).toMatchObject({ status: 403, body: { received: true, accepted: false, reason: 'CERT_HAS_EXPIRED' } });
    expect(String(expired.body.explanation)).toMatch(/expired on \d{4}-\d{2}-\d{2}/);
    expect((await get('/sandbox/other')).status).toBe(404);
  });

  it('serves the token endpoint to a client whose certificate it accepts, and answers invalid_client without one', async () => {
    const pki = await loadOrCreateDemoClientPki(dir);
    const granted = await clientCredentials(pki.client);
    expect(granted).toMatchObject({ status: 200, body: { token_type: 'Bearer', scope: 'orders:read' } });
    expect(String(granted.body.access_token)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const none = await clientCredentials();
    expect(none).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(String(none.body.error_description)).toMatch(/^This token endpoint requires a client certificate.*none came/);
    expect(none.body).not.toHaveProperty('access_token');
    const expired = await clientCredentials(pki.expired);
    expect(expired).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(String(expired.body.error_description)).toMatch(/refused: it expired on/);
  });
});
