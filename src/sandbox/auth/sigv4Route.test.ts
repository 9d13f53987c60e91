/**
 * The workbench's signer (smithy, through core's `signWire`) against the sandbox's own
 * verifier (node:crypto, written from AWS's steps), over a real socket: a signed request
 * passes, and each kind of tampering is refused the way AWS refuses it.
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
const VALUES = { accessKeyId: permanent!.accessKeyId, secretAccessKey: permanent!.secretAccessKey, region: 'us-east-1', service: 'execute-api' };

async function signed(wire: Partial<WireRequest>, values: Record<string, string> = {}, now = new Date()): Promise<WireRequest> {
  const base: WireRequest = { method: 'GET', url: `${sb.origin}/sandbox/api/sigv4`, headers: [], ...wire };
  const result = await signWire('sigv4', { ...VALUES, ...values }, base, { now });
  if (!result.ok || !result.value) throw new Error(result.ok ? 'not signed' : result.error.message);
  return result.value.wire;
}

function send(wire: WireRequest) {
  const url = new URL(wire.url);
  const body = (wire.body ?? []).map((c) => (typeof c === 'string' ? c : '')).join('');
  return sb.call(url.pathname + url.search, { method: wire.method, headers: wire.headers.map((h): [string, string] => [h.name, h.value]), ...(body ? { body } : {}) });
}

describe('/sandbox/api/sigv4', () => {
  it('accepts a signed GET with a query, and a signed POST with a body', async () => {
    const get = await send(await signed({ url: `${sb.origin}/sandbox/api/sigv4?b=2&a=1&a=0&sp=a%20b` }));
    expect(get.status).toBe(200);
    expect(get.json).toMatchObject({ authenticated: true, principal: 'AKIDEXAMPLE', signedHeaders: ['host', 'x-amz-date'] });
    const post = await send(await signed({ method: 'POST', headers: [{ name: 'Content-Type', value: 'application/json' }], body: ['{"n":1}'] }));
    expect(post.status).toBe(200);
    expect(post.json.signedHeaders).toEqual(['content-type', 'host', 'x-amz-date']);
  });

  it('accepts an unsigned payload and a temporary credential with its session token', async () => {
    const unsigned = await send(await signed({ method: 'PUT', body: ['anything'] }, { payload: 'unsigned' }));
    expect(unsigned.status).toBe(200);
    const values = { accessKeyId: temporary!.accessKeyId, secretAccessKey: temporary!.secretAccessKey, sessionToken: temporary!.sessionToken! };
    const withToken = await send(await signed({}, values));
    expect(withToken.json).toMatchObject({ principal: 'ASIAWIREBENCHDEMO', temporaryCredentials: true });
    const withoutToken = await send(await signed({}, { ...values, sessionToken: '' }));
    expect(withoutToken.status).toBe(403);
    expect(withoutToken.json.Error.Code).toBe('InvalidClientTokenId');
  });

  it('refuses a wrong secret with SignatureDoesNotMatch and the canonical request it computed, equal to the one signed', async () => {
    const base: WireRequest = { method: 'GET', url: `${sb.origin}/sandbox/api/sigv4?x=1`, headers: [] };
    const result = await signWire('sigv4', { ...VALUES, secretAccessKey: 'not-the-secret' }, base, { now: new Date() });
    if (!result.ok || !result.value) throw new Error('not signed');
    const answer = await send(result.value.wire);
    expect(answer.status).toBe(403);
    expect(answer.headers['x-amzn-errortype']).toBe('SignatureDoesNotMatch');
    expect(answer.json.Error.CanonicalRequest).toBe(result.value.steps[0]!.text);
    expect(answer.json.Error.StringToSign).toBe(result.value.steps[1]!.text);
  });

  it('refuses tampering after signing: a changed body, query or signed header', async () => {
    const post = await signed({ method: 'POST', headers: [{ name: 'X-Order', value: '1' }], body: ['{"n":1}'] });
    const tampered = [
      { ...post, body: ['{"n":2}'] },
      { ...post, url: `${post.url}?extra=1` },
      { ...post, headers: post.headers.map((h) => (h.name === 'X-Order' ? { ...h, value: '2' } : h)) },
    ];
    for (const wire of tampered) {
      const answer = await send(wire);
      expect(answer.status).toBe(403);
      expect(answer.json.Error.Code).toBe('SignatureDoesNotMatch');
    }
  });

  it('keeps the 5-minute clock window, and checks region and service of the scope', async () => {
    setSandboxClock(() => Date.now() + 6 * 60_000);
    const late = await send(await signed({}));
    expect(late.json.Error).toMatchObject({ Code: 'SignatureExpired' });
    expect(late.json.Error.Message).toMatch(/^Signature expired: \d{8}T\d{6}Z is now earlier than/);
    setSandboxClock(() => Date.now() + 4 * 60_000);
    expect((await send(await signed({}))).status).toBe(200);
    setSandboxClock();
    expect((await send(await signed({}, { region: 'eu-west-1' }))).json.Error.Message).toContain("not 'eu-west-1'");
    expect((await send(await signed({}, { service: 's3' }))).json.Error.Message).toContain("correct service: 'execute-api'");
  });

  it('refuses a missing or unknown credential, and a body that does not match x-amz-content-sha256', async () => {
    expect((await sb.call('/sandbox/api/sigv4')).json.Error.Code).toBe('MissingAuthenticationToken');
    expect((await send(await signed({}, { accessKeyId: 'AKIDUNKNOWN' }))).json.Error.Code).toBe('InvalidClientTokenId');
    const s3Style = await signed({ method: 'PUT', body: ['abc'], headers: [{ name: 'x-amz-content-sha256', value: '0'.repeat(64) }] });
    const mismatch = await send(s3Style);
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.Error.Code).toBe('XAmzContentSHA256Mismatch');
  });
});
