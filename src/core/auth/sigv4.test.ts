import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { normaliseDraft } from '../request';
import type { FileRef, WireRequest } from '../types';
import { redactHistoryEntry } from '../workspace';
import { applyAuth } from './schemes';
import { signWire, type AuthSigningContext, type SignedWire } from './signing';
import { readSigV4Settings } from './sigv4Scheme';

const NOW = new Date(Date.UTC(2015, 7, 30, 12, 36, 0));
const context: AuthSigningContext = { now: NOW };
const KEYS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', region: 'us-east-1', service: 'service' };

async function sign(wire: Partial<WireRequest>, values: Record<string, string> = {}, ctx: AuthSigningContext = context): Promise<SignedWire> {
  const result = await signWire('sigv4', { ...KEYS, ...values }, { method: 'GET', url: 'https://example.amazonaws.com/', headers: [], ...wire }, ctx);
  if (!result.ok) throw new Error(result.error.message);
  return result.value!;
}

const step = (signed: SignedWire, label: string) => signed.steps.find((s) => s.label === label)!.text;
const header = (signed: SignedWire, name: string) => signed.wire.headers.find((h) => h.name.toLowerCase() === name)?.value;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('SigV4 scheme fields', () => {
  it('builds no header by itself: the signature is made at send time', () => {
    expect(applyAuth('sigv4', KEYS)).toEqual({ ok: true, value: { headers: [] } });
  });

  it('names the field to fix', () => {
    expect(readSigV4Settings({ ...KEYS, accessKeyId: '' })).toMatchObject({ ok: false, error: { field: 'accessKeyId' } });
    expect(readSigV4Settings({ ...KEYS, secretAccessKey: '' })).toMatchObject({ ok: false, error: { field: 'secretAccessKey' } });
    expect(readSigV4Settings({ ...KEYS, region: 'US East' })).toMatchObject({ ok: false, error: { field: 'region' } });
    expect(readSigV4Settings({ ...KEYS, service: 's3/x' })).toMatchObject({ ok: false, error: { field: 'service' } });
    expect(readSigV4Settings({ ...KEYS, payload: 'maybe' })).toMatchObject({ ok: false, error: { field: 'payload' } });
  });

  it('defaults region, service and a signed payload', () => {
    expect(readSigV4Settings({ accessKeyId: 'AK', secretAccessKey: 's' })).toEqual({
      ok: true,
      value: { accessKeyId: 'AK', secretAccessKey: 's', region: 'us-east-1', service: 'execute-api', unsignedPayload: false },
    });
  });
});

describe('signing a wire request', () => {
  it('adds X-Amz-Date and Authorization after the typed headers, Host signed from the URL', async () => {
    const signed = await sign({ headers: [{ name: 'Accept', value: 'application/json' }] });
    expect(signed.wire.headers.map((h) => h.name)).toEqual(['Accept', 'X-Amz-Date', 'Authorization']);
    expect(header(signed, 'x-amz-date')).toBe('20150830T123600Z');
    expect(header(signed, 'authorization')).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20150830\/us-east-1\/service\/aws4_request, SignedHeaders=accept;host;x-amz-date, Signature=[0-9a-f]{64}$/);
    expect(step(signed, 'Canonical request')).toContain('host:example.amazonaws.com\n');
    expect(step(signed, 'String to sign').split('\n')).toHaveLength(4);
  });

  it('signs the port the relay sends in Host', async () => {
    const signed = await sign({ url: 'http://127.0.0.1:4780/sandbox/api/sigv4' });
    expect(step(signed, 'Canonical request')).toContain('host:127.0.0.1:4780\n');
  });

  it('replaces a typed Authorization and X-Amz-Date instead of sending two', async () => {
    const signed = await sign({ headers: [{ name: 'Authorization', value: 'old' }, { name: 'X-Amz-Date', value: '19990101T000000Z' }] });
    expect(signed.wire.headers.filter((h) => /^(authorization|x-amz-date)$/i.test(h.name))).toHaveLength(2);
    expect(header(signed, 'x-amz-date')).toBe('20150830T123600Z');
  });

  it('sends and signs a session token as X-Amz-Security-Token', async () => {
    const signed = await sign({}, { sessionToken: 'FQoGZXIvYXdzEXAMPLE//token==' });
    expect(header(signed, 'x-amz-security-token')).toBe('FQoGZXIvYXdzEXAMPLE//token==');
    expect(header(signed, 'authorization')).toContain('SignedHeaders=host;x-amz-date;x-amz-security-token,');
    expect(step(signed, 'Canonical request')).toContain('x-amz-security-token:FQoGZXIvYXdzEXAMPLE//token==\n');
  });

  it('signs UNSIGNED-PAYLOAD when asked, and sends it', async () => {
    const signed = await sign({ method: 'PUT', body: ['hello'] }, { payload: 'unsigned' });
    expect(header(signed, 'x-amz-content-sha256')).toBe('UNSIGNED-PAYLOAD');
    expect(step(signed, 'Canonical request').endsWith('\nUNSIGNED-PAYLOAD')).toBe(true);
  });

  it('hashes the body bytes; S3 also sends the hash as x-amz-content-sha256', async () => {
    const api = await sign({ method: 'POST', body: ['{"a":', new TextEncoder().encode('1}')] });
    expect(step(api, 'Canonical request').endsWith(`\n${sha256('{"a":1}')}`)).toBe(true);
    expect(header(api, 'x-amz-content-sha256')).toBeUndefined();
    const s3 = await sign({ method: 'PUT', url: 'https://bucket.s3.amazonaws.com/a//b.txt', body: ['hello'] }, { service: 's3' });
    expect(header(s3, 'x-amz-content-sha256')).toBe(sha256('hello'));
    expect(header(s3, 'authorization')).toContain('SignedHeaders=host;x-amz-content-sha256;x-amz-date,');
    // S3 keeps the path as the key: no normalisation of "//".
    expect(step(s3, 'Canonical request').split('\n')[1]).toBe('/a//b.txt');
  });

  it('hashes the empty body of a GET for S3', async () => {
    const s3 = await sign({ url: 'https://bucket.s3.amazonaws.com/' }, { service: 's3' });
    expect(header(s3, 'x-amz-content-sha256')).toBe(sha256(''));
  });

  it('sorts the query by encoded name then value, and encodes it the AWS way', async () => {
    const signed = await sign({ url: "https://example.amazonaws.com/?b=2&a=z&a=y&B=3&sp=a%20b&star=*'()&plus=a+b&e&t=~" });
    expect(step(signed, 'Canonical request').split('\n')[2]).toBe('B=3&a=y&a=z&b=2&e=&plus=a%2Bb&sp=a%20b&star=%2A%27%28%29&t=~');
  });

  it('encodes a non-S3 path once more, as AWS services do (the path on the wire is already encoded)', async () => {
    const signed = await sign({ url: 'https://example.amazonaws.com/documents and settings/' });
    expect(step(signed, 'Canonical request').split('\n')[1]).toBe('/documents%2520and%2520settings/');
  });

  const file: FileRef = { kind: 'file', id: 'f1', name: 'photo.jpg', size: 5 };

  it('refuses a file body it cannot read, pointing at Unsigned payload', async () => {
    const result = await signWire('sigv4', KEYS, { method: 'PUT', url: 'https://h/x', headers: [], body: [file] }, context);
    expect(result).toMatchObject({ ok: false, error: { kind: 'sigv4-file-unhashed', field: 'payload' } });
    expect(result.ok ? '' : result.error.message).toContain('Unsigned payload');
  });

  it('hashes a file body in pieces and sends the hash it signed', async () => {
    async function* readFile(ref: FileRef) {
      expect(ref.id).toBe('f1');
      yield new TextEncoder().encode('hel');
      yield new TextEncoder().encode('lo');
    }
    const signed = await sign({ method: 'PUT', body: ['<', file, '>'] }, {}, { now: NOW, readFile });
    expect(header(signed, 'x-amz-content-sha256')).toBe(sha256('<hello>'));
    expect(step(signed, 'Canonical request').endsWith(`\n${sha256('<hello>')}`)).toBe(true);
  });

  it('a scheme that does not sign leaves the request alone', async () => {
    expect(await signWire('basic', {}, { method: 'GET', url: 'https://h/', headers: [] }, context)).toEqual({ ok: true, value: undefined });
  });
});

describe('SigV4 secrets in history', () => {
  it('keeps neither the secret access key nor the session token, in the draft or the signed headers', async () => {
    const values = { ...KEYS, sessionToken: 'FQoGZXIvYXdzEXAMPLEsessiontoken' };
    const signed = await sign({}, values);
    const draft = normaliseDraft({ url: 'https://example.amazonaws.com/', auth: { scheme: 'sigv4', values } });
    const entry = redactHistoryEntry({ id: 'h1', at: NOW.toISOString(), draft, wire: { method: 'GET', url: signed.wire.url, headers: signed.wire.headers } });
    const stored = JSON.stringify(entry);
    expect(stored).not.toContain(KEYS.secretAccessKey);
    expect(stored).not.toContain('FQoGZXIvYXdzEXAMPLEsessiontoken');
    expect(stored).not.toContain(header(signed, 'authorization')!);
    expect(entry.draft.auth.values.accessKeyId).toBe('AKIDEXAMPLE');
  });
});
