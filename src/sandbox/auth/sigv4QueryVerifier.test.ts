/**
 * Presigned URLs (SigV4 in the query) made by the workbench's signer (smithy's presign,
 * through core's `signWire`) against the sandbox's own verifier (node:crypto), over a real
 * socket: a presigned URL passes, tampering is refused, and an expired URL is 403 with the
 * moment it expired.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signWire } from '../../core/auth';
import type { WireRequest } from '../../core';
import { setSandboxClock } from '../clock';
import { startSandboxHarness, type SandboxHarness } from '../../testing/sandboxHarness';
import { SIGV4_DEMO_KEYS } from './sigv4Route';

let sb: SandboxHarness;
beforeAll(async () => (sb = await startSandboxHarness()));
afterAll(() => sb.close());
beforeEach(() => setSandboxClock());

const [permanent, temporary] = SIGV4_DEMO_KEYS;
const VALUES = { accessKeyId: permanent!.accessKeyId, secretAccessKey: permanent!.secretAccessKey, region: 'us-east-1', service: 'execute-api', signWith: 'query' };

async function presigned(wire: Partial<WireRequest>, values: Record<string, string> = {}, now = new Date()) {
  const base: WireRequest = { method: 'GET', url: `${sb.origin}/sandbox/api/sigv4`, headers: [], ...wire };
  const result = await signWire('sigv4', { ...VALUES, ...values }, base, { now });
  if (!result.ok || !result.value) throw new Error(result.ok ? 'not signed' : result.error.message);
  return result.value;
}

function send(wire: WireRequest) {
  const url = new URL(wire.url);
  const body = (wire.body ?? []).map((c) => (typeof c === 'string' ? c : '')).join('');
  return sb.call(url.pathname + url.search, { method: wire.method, headers: wire.headers.map((h): [string, string] => [h.name, h.value]), ...(body ? { body } : {}) });
}

/** `url` with query parameter `name` set to `value` (the rest as written). */
function withParam(url: string, name: string, value: string): string {
  return url.replace(new RegExp(`([?&]${name}=)[^&]*`), `$1${value}`);
}

describe('/sandbox/api/sigv4 with a presigned URL', () => {
  it('accepts a presigned GET with its own query, and says it was signed in the query and until when', async () => {
    const now = new Date();
    const { wire } = await presigned({ url: `${sb.origin}/sandbox/api/sigv4?b=2&a=1&sp=a%20b` }, { expires: '120' }, now);
    expect(wire.headers).toEqual([]);
    const answer = await send(wire);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ authenticated: true, principal: 'AKIDEXAMPLE', signatureIn: 'query', signedHeaders: ['host'] });
    expect(Date.parse(answer.json.expiresAt) - Math.floor(now.getTime() / 1000) * 1000).toBe(120_000);
  });

  it('accepts a signed body, an unsigned payload declared in the query, and a temporary credential with its token', async () => {
    expect((await send((await presigned({ method: 'POST', headers: [{ name: 'Content-Type', value: 'application/json' }], body: ['{"n":1}'] })).wire)).status).toBe(200);
    expect((await send((await presigned({ method: 'PUT', body: ['anything'] }, { payload: 'unsigned' })).wire)).status).toBe(200);
    const values = { accessKeyId: temporary!.accessKeyId, secretAccessKey: temporary!.secretAccessKey, sessionToken: temporary!.sessionToken! };
    const withToken = await send((await presigned({}, values)).wire);
    expect(withToken.json).toMatchObject({ principal: 'ASIAWIREBENCHDEMO', temporaryCredentials: true });
    const withoutToken = await send((await presigned({}, { ...values, sessionToken: '' })).wire);
    expect(withoutToken.status).toBe(403);
    expect(withoutToken.json.Error.Code).toBe('InvalidClientTokenId');
  });

  it('refuses tampering: a changed query value, method, body or X-Amz-Expires, with the canonical request it computed', async () => {
    const get = await presigned({ url: `${sb.origin}/sandbox/api/sigv4?file=a.txt` });
    const post = await presigned({ method: 'POST', body: ['{"n":1}'] });
    const tampered = [
      { ...get.wire, url: get.wire.url.replace('file=a.txt', 'file=b.txt') },
      { ...get.wire, method: 'DELETE' },
      { ...get.wire, url: withParam(get.wire.url, 'X-Amz-Expires', '604800') },
      { ...post.wire, body: ['{"n":2}'] },
    ];
    for (const wire of tampered) {
      const answer = await send(wire);
      expect(answer.status, wire.url).toBe(403);
      expect(answer.json.Error.Code).toBe('SignatureDoesNotMatch');
    }
    const wrongSecret = await presigned({ url: `${sb.origin}/sandbox/api/sigv4?x=1` }, { secretAccessKey: 'not-the-secret' });
    const answer = await send(wrongSecret.wire);
    expect(answer.json.Error.CanonicalRequest).toBe(wrongSecret.steps[0]!.text);
    expect(answer.json.Error.StringToSign).toBe(wrongSecret.steps[1]!.text);
  });

  it('accepts the URL until X-Amz-Date + X-Amz-Expires and refuses it after, with a clear reason', async () => {
    const signedAt = new Date();
    const { wire } = await presigned({}, { expires: '60' }, signedAt);
    setSandboxClock(() => signedAt.getTime() + 59_000);
    expect((await send(wire)).status).toBe(200);
    setSandboxClock(() => signedAt.getTime() + 61_000);
    const late = await send(wire);
    expect(late.status).toBe(403);
    expect(late.json.Error.Code).toBe('SignatureExpired');
    expect(late.json.Error.Message).toMatch(/^Request has expired: signed at \d{8}T\d{6}Z for 60 seconds \(X-Amz-Expires\), so valid until \d{8}T\d{6}Z; the server's time is \d{8}T\d{6}Z\./);
    // A long expiry outlives the header signature's 5-minute window.
    const long = await presigned({}, { expires: '3600' }, signedAt);
    setSandboxClock(() => signedAt.getTime() + 30 * 60_000);
    expect((await send(long.wire)).status).toBe(200);
  });

  it('refuses a URL also signed in a header, missing parameters, and an expiry over a week', async () => {
    const { wire } = await presigned({});
    const both = await send({ ...wire, headers: [{ name: 'Authorization', value: 'AWS4-HMAC-SHA256 Credential=x' }] });
    expect(both.status).toBe(400);
    expect(both.json.Error.Code).toBe('InvalidArgument');
    const partial = await send({ ...wire, url: wire.url.replace(/&X-Amz-Signature=[0-9a-f]+/, '') });
    expect(partial.status).toBe(400);
    expect(partial.json.Error).toMatchObject({ Code: 'AuthorizationQueryParametersError' });
    expect(partial.json.Error.Message).toContain('missing: X-Amz-Signature');
    const tooLong = await send({ ...wire, url: withParam(wire.url, 'X-Amz-Expires', '604801') });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.Error.Message).toContain('604800');
  });
});
