import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toCurl, toHarRequest } from '../formats';
import { normaliseDraft } from '../request';
import type { WireRequest } from '../types';
import { redactHistoryEntry } from '../workspace';
import { signWire, type AuthSigningContext, type SignedWire } from './signing';
import { presignSigV4Input } from './sigv4Presign';
import { readSigV4Settings, type SigV4Settings } from './sigv4Scheme';

/**
 * The S3 documentation's presigned-URL example ("Authenticating Requests: Using Query
 * Parameters", Example: GET object): its keys, moment, expiry, canonical request, string
 * to sign and signature, copied from that page.
 */
const S3_EXAMPLE = {
  values: { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1', service: 's3', signWith: 'query', expires: '86400' },
  now: new Date(Date.UTC(2013, 4, 24, 0, 0, 0)),
  url: 'https://examplebucket.s3.amazonaws.com/test.txt',
  canonicalRequest: [
    'GET',
    '/test.txt',
    'X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host',
    'host:examplebucket.s3.amazonaws.com',
    '',
    'host',
    'UNSIGNED-PAYLOAD',
  ].join('\n'),
  stringToSign: ['AWS4-HMAC-SHA256', '20130524T000000Z', '20130524/us-east-1/s3/aws4_request', '3bfa292879f6447bbcda7001decf97f4a54dc650c8942174ae0a9121cf58ad04'].join('\n'),
  signature: 'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
};

const NOW = new Date(Date.UTC(2015, 7, 30, 12, 36, 0));
const KEYS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', region: 'us-east-1', service: 'execute-api', signWith: 'query' };

async function presign(wire: Partial<WireRequest>, values: Record<string, string> = {}, now = NOW): Promise<SignedWire> {
  const context: AuthSigningContext = { now };
  const result = await signWire('sigv4', { ...KEYS, ...values }, { method: 'GET', url: 'https://example.amazonaws.com/', headers: [], ...wire }, context);
  if (!result.ok) throw new Error(result.error.message);
  return result.value!;
}

const step = (signed: SignedWire, label: string) => signed.steps.find((s) => s.label === label)!.text;
const queryOf = (signed: SignedWire) => Object.fromEntries(new URL(signed.wire.url).searchParams);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe("AWS's presigned-URL example (S3, GET object)", () => {
  it('gives the documented canonical request, string to sign, signature and URL', async () => {
    const signed = await presign({ url: S3_EXAMPLE.url }, S3_EXAMPLE.values, S3_EXAMPLE.now);
    expect(step(signed, 'Canonical request')).toBe(S3_EXAMPLE.canonicalRequest);
    expect(step(signed, 'String to sign')).toBe(S3_EXAMPLE.stringToSign);
    expect(sha256(S3_EXAMPLE.canonicalRequest)).toBe(S3_EXAMPLE.stringToSign.split('\n')[3]);
    expect(signed.wire.url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=' +
        S3_EXAMPLE.signature,
    );
    expect(signed.wire.headers).toEqual([]);
  });

  it('is the same through presignSigV4Input, the door the signer is entered by', async () => {
    const settings = readSigV4Settings(S3_EXAMPLE.values);
    if (!settings.ok) throw new Error(settings.error.message);
    const input = { method: 'GET', protocol: 'https:', hostname: 'examplebucket.s3.amazonaws.com', path: '/test.txt', query: [], headers: [{ name: 'Host', value: 'examplebucket.s3.amazonaws.com' }] };
    const presigned = await presignSigV4Input(input, settings.value, 86400, S3_EXAMPLE.now);
    expect(presigned).toMatchObject({ signature: S3_EXAMPLE.signature, signedHeaders: ['host'], hoisted: [], canonicalRequest: S3_EXAMPLE.canonicalRequest });
    expect(presigned.query.map((p) => p.name)).toEqual(['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature']);
  });
});

describe('Sign with and Expires in (s)', () => {
  const base = { accessKeyId: 'AK', secretAccessKey: 's' };

  it('signs in the Authorization header by default; the query form defaults to one hour', () => {
    expect(readSigV4Settings(base)).toEqual({ ok: true, value: { ...base, region: 'us-east-1', service: 'execute-api', unsignedPayload: false } });
    expect(readSigV4Settings({ ...base, signWith: 'query' })).toMatchObject({ ok: true, value: { presign: { expiresIn: 3600 } } });
  });

  it('takes 1 to 604800 seconds, AWS\u2019s limit, and names the field otherwise', () => {
    expect(readSigV4Settings({ ...base, signWith: 'query', expires: '1' })).toMatchObject({ ok: true, value: { presign: { expiresIn: 1 } } });
    expect(readSigV4Settings({ ...base, signWith: 'query', expires: ' 604800 ' })).toMatchObject({ ok: true, value: { presign: { expiresIn: 604800 } } });
    for (const expires of ['0', '604801', '1.5', '-5', 'abc', '', '1e3', '99999999']) {
      const result = readSigV4Settings({ ...base, signWith: 'query', expires });
      expect(result, expires).toMatchObject({ ok: false, error: { kind: 'sigv4-expires-invalid', field: 'expires' } });
      expect(result.ok ? '' : result.error.message).toContain('604800');
    }
  });

  it('ignores the expiry in the header form, and names an unknown placement', () => {
    expect(readSigV4Settings({ ...base, expires: '0' })).toMatchObject({ ok: true });
    expect(readSigV4Settings({ ...base, signWith: 'cookie' })).toMatchObject({ ok: false, error: { field: 'signWith' } });
  });

  it('throws a RangeError for an expiry out of range given to the signer directly (a caller\u2019s error)', async () => {
    const settings: SigV4Settings = { accessKeyId: 'AK', secretAccessKey: 's', region: 'us-east-1', service: 's3', unsignedPayload: false };
    const input = { method: 'GET', protocol: 'https:', hostname: 'h', path: '/', query: [], headers: [] };
    await expect(presignSigV4Input(input, settings, 604801, NOW)).rejects.toThrow(RangeError);
    await expect(presignSigV4Input(input, settings, 0, NOW)).rejects.toThrow(/from 1 to 604800, got 0/);
  });
});

describe('presigning a wire request', () => {
  it('puts a session token in the query as X-Amz-Security-Token, signed there, not in a header', async () => {
    const signed = await presign({}, { sessionToken: 'FQoGZXIvYXdzEXAMPLE//token==' });
    expect(queryOf(signed)['X-Amz-Security-Token']).toBe('FQoGZXIvYXdzEXAMPLE//token==');
    expect(signed.wire.url).toContain('X-Amz-Security-Token=FQoGZXIvYXdzEXAMPLE%2F%2Ftoken%3D%3D&X-Amz-Signature=');
    expect(step(signed, 'Canonical request').split('\n')[2]).toContain('&X-Amz-Security-Token=FQoGZXIvYXdzEXAMPLE%2F%2Ftoken%3D%3D');
    expect(signed.wire.headers).toEqual([]);
  });

  it('shows the canonical request: the query signed without X-Amz-Signature, Host only, and the body hash for a non-S3 service', async () => {
    const signed = await presign({ method: 'POST', url: 'https://example.amazonaws.com/items?b=2&a=1', headers: [{ name: 'Content-Type', value: 'application/json' }], body: ['{"n":1}'] }, { expires: '900' });
    const lines = step(signed, 'Canonical request').split('\n');
    expect(lines[2]).toMatch(/^X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIDEXAMPLE%2F20150830%2Fus-east-1%2Fexecute-api%2Faws4_request&X-Amz-Date=20150830T123600Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&a=1&b=2$/);
    expect(lines.slice(3)).toEqual(['host:example.amazonaws.com', '', 'host', sha256('{"n":1}')]);
    expect(step(signed, 'String to sign').split('\n').slice(0, 3)).toEqual(['AWS4-HMAC-SHA256', '20150830T123600Z', '20150830/us-east-1/execute-api/aws4_request']);
    // The typed query stays as written, first; Content-Type is sent, unsigned.
    expect(signed.wire.url).toMatch(/^https:\/\/example\.amazonaws\.com\/items\?b=2&a=1&X-Amz-Algorithm=/);
    expect(signed.wire.headers).toEqual([{ name: 'Content-Type', value: 'application/json' }]);
    expect(signed.addedQuery!.at(-1)).toEqual({ name: 'X-Amz-Signature', value: queryOf(signed)['X-Amz-Signature'] });
  });

  it('declares UNSIGNED-PAYLOAD in the query for a non-S3 service, never for S3', async () => {
    const api = await presign({ method: 'PUT', body: ['x'] }, { payload: 'unsigned' });
    expect(queryOf(api)['x-amz-content-sha256']).toBe('UNSIGNED-PAYLOAD');
    expect(step(api, 'Canonical request').endsWith('\nUNSIGNED-PAYLOAD')).toBe(true);
    const s3 = await presign({ method: 'PUT', url: 'https://bucket.s3.amazonaws.com/a//b.txt', body: ['x'] }, { service: 's3' });
    expect(queryOf(s3)['x-amz-content-sha256']).toBeUndefined();
    expect(step(s3, 'Canonical request').split('\n')[1]).toBe('/a//b.txt');
    expect(step(s3, 'Canonical request').endsWith('\nUNSIGNED-PAYLOAD')).toBe(true);
  });

  it('drops the header signature\u2019s fields and an earlier presigned URL\u2019s parameters, and moves x-amz-* headers into the query', async () => {
    const old = await presign({ url: 'https://example.amazonaws.com/?keep=1' });
    const again = await presign(
      {
        url: old.wire.url,
        headers: [
          { name: 'Authorization', value: 'AWS4-HMAC-SHA256 old' },
          { name: 'X-Amz-Date', value: '19990101T000000Z' },
          { name: 'x-amz-meta-colour', value: ' blue ' },
          { name: 'Accept', value: '*/*' },
        ],
      },
      {},
      new Date(NOW.getTime() + 60_000),
    );
    const query = new URL(again.wire.url).searchParams;
    expect(query.getAll('X-Amz-Signature')).toHaveLength(1);
    expect(query.get('X-Amz-Date')).toBe('20150830T123700Z');
    expect(query.get('x-amz-meta-colour')).toBe('blue');
    expect(again.wire.url.startsWith('https://example.amazonaws.com/?keep=1&X-Amz-Algorithm=')).toBe(true);
    expect(again.wire.headers).toEqual([{ name: 'Accept', value: '*/*' }]);
    expect(step(again, 'Canonical request').split('\n')[2]).toContain('&keep=1&x-amz-meta-colour=blue');
  });
});

describe('a presigned URL in history and exports', () => {
  it('keeps neither the signature nor the session token, in the history entry, a HAR request or a cURL line', async () => {
    const token = 'FQoGZXIvYXdzEXAMPLEpresignedsessiontoken';
    const values = { ...KEYS, sessionToken: token };
    const signed = await presign({ url: 'https://example.amazonaws.com/report?year=2024' }, values);
    const signature = queryOf(signed)['X-Amz-Signature']!;
    expect(signed.wire.url).toContain(signature);
    const draft = normaliseDraft({ url: 'https://example.amazonaws.com/report?year=2024', auth: { scheme: 'sigv4', values } });
    const entry = redactHistoryEntry({ id: 'h1', at: NOW.toISOString(), draft, wire: { method: 'GET', url: signed.wire.url, headers: signed.wire.headers } });
    const exported = [JSON.stringify(entry), JSON.stringify(toHarRequest(signed.wire)), toCurl(signed.wire)];
    for (const text of exported) {
      expect(text).not.toContain(signature);
      expect(text).not.toContain(token);
      expect(text).not.toContain(encodeURIComponent(token));
      expect(text).toContain('year=2024');
      expect(text).toContain('X-Amz-Expires=3600');
    }
    expect(entry.wire.url).toContain('X-Amz-Signature={{X-Amz-Signature}}');
  });
});
