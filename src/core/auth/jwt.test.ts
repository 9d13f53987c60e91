import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { decodeJwt } from './jwt';

const SECRET = new TextEncoder().encode('sandbox-secret');
/** 2024-01-01T00:00:00Z in NumericDate seconds: the fixed clock of these tests. */
const T0 = 1_704_067_200;
const at = (seconds: number) => new Date(seconds * 1000);

async function hs256(claims: Record<string, unknown>, header: Record<string, unknown> = {}): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT', ...header }).sign(SECRET);
}

/** base64url of raw bytes given as a binary string (one char per byte). */
const b64urlBytes = (binary: string) => btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const b64url = (text: string) => b64urlBytes(String.fromCharCode(...new TextEncoder().encode(text)));
const unsigned = (header: string, payload: string, signature = '') => `${b64url(header)}.${b64url(payload)}.${signature}`;

function decoded(token: string, now = at(T0), skew?: number) {
  const r = decodeJwt(token, now, skew === undefined ? {} : { clockSkewSeconds: skew });
  if (!r.ok) throw new Error(`expected the token to decode: ${r.error.message}`);
  return r.value;
}

function failure(token: string) {
  const r = decodeJwt(token, at(T0));
  if (r.ok) throw new Error('expected the token to fail');
  return r.error;
}

describe('decodeJwt: contents', () => {
  it('returns header, claims, signature and signing input', async () => {
    const token = await hs256({ sub: 'alice', scope: 'orders:read' });
    const d = decoded(token);
    const [h, p, s] = token.split('.');
    expect(d.header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(d.claims).toEqual({ sub: 'alice', scope: 'orders:read' });
    expect(d.signature).toBe(s);
    expect(d.signingInput).toBe(`${h}.${p}`);
    expect(d.problems).toEqual([]);
  });

  it('decodes UTF-8 claims', () => {
    expect(decoded(unsigned('{"alg":"HS256"}', '{"name":"Zoë €"}', 'xx')).claims).toEqual({ name: 'Zoë €' });
  });

  it('tolerates whitespace around a pasted token', async () => {
    const token = await hs256({ sub: 'a' });
    expect(decoded(`  ${token}\n`).claims).toEqual({ sub: 'a' });
  });

  it('notes an unsigned token and a missing alg', () => {
    expect(decoded(unsigned('{"alg":"none"}', '{}')).problems[0]).toContain('unsigned');
    expect(decoded(unsigned('{}', '{}', 'xx')).problems[0]).toContain('no "alg"');
    expect(decoded(unsigned('{"alg":"HS256"}', '{}')).problems[0]).toContain('signature part is empty');
  });
});

describe('decodeJwt: time claims at a fixed now', () => {
  it('reads exp, nbf and iat as Dates and counts down to exp', async () => {
    const token = await hs256({ iat: T0 - 60, nbf: T0 - 60, exp: T0 + 300 });
    const d = decoded(token);
    expect(d.iat).toEqual(at(T0 - 60));
    expect(d.nbf).toEqual(at(T0 - 60));
    expect(d.exp).toEqual(at(T0 + 300));
    expect(d.expiresInSeconds).toBe(300);
    expect(d.expired).toBe(false);
    expect(d.notYetValid).toBe(false);
  });

  it('is expired from the exp second on (RFC 7519 §4.1.4)', async () => {
    const token = await hs256({ exp: T0 });
    expect(decoded(token, at(T0 - 1)).expired).toBe(false);
    expect(decoded(token, at(T0)).expired).toBe(true);
    expect(decoded(token, at(T0 + 90)).expiresInSeconds).toBe(-90);
  });

  it('is not yet valid before nbf', async () => {
    const token = await hs256({ nbf: T0 + 10 });
    expect(decoded(token, at(T0)).notYetValid).toBe(true);
    expect(decoded(token, at(T0 + 10)).notYetValid).toBe(false);
  });

  it('clock skew widens both windows', async () => {
    const token = await hs256({ nbf: T0 + 30, exp: T0 - 30 });
    expect(decoded(token, at(T0), 0)).toMatchObject({ expired: true, notYetValid: true });
    expect(decoded(token, at(T0), 29)).toMatchObject({ expired: true, notYetValid: true });
    expect(decoded(token, at(T0), 31)).toMatchObject({ expired: false, notYetValid: false });
  });

  it('has no expiry without exp', async () => {
    const d = decoded(await hs256({ sub: 'a' }));
    expect(d.exp).toBeUndefined();
    expect(d.expiresInSeconds).toBeUndefined();
    expect(d.expired).toBe(false);
  });

  it('ignores time claims that are not NumericDates, saying so', () => {
    const d = decoded(unsigned('{"alg":"HS256"}', '{"exp":"2024-01-01"}', 'xx'));
    expect(d.exp).toBeUndefined();
    expect(d.expired).toBe(false);
    expect(d.problems[0]).toContain('"exp" claim is "2024-01-01", not a NumericDate');
  });

  it('notes an iat in the future', async () => {
    expect(decoded(await hs256({ iat: T0 + 600 })).problems[0]).toContain('"iat" claim lies in the future');
    expect(decoded(await hs256({ iat: T0 + 600 }), at(T0), 600).problems).toEqual([]);
  });

  it('refuses a negative or infinite clock skew as a programmer error', async () => {
    const token = await hs256({});
    expect(() => decodeJwt(token, at(T0), { clockSkewSeconds: -1 })).toThrow(RangeError);
    expect(() => decodeJwt(token, at(T0), { clockSkewSeconds: Number.POSITIVE_INFINITY })).toThrow(RangeError);
    expect(() => decodeJwt(token, new Date(Number.NaN))).toThrow(TypeError);
  });
});

describe('decodeJwt: errors say which segment and where', () => {
  it('wrong segment count', () => {
    expect(failure('abc.def')).toMatchObject({ kind: 'jwt-segments', message: expect.stringContaining('this one has 2') });
    expect(failure('a.b.c.d')).toMatchObject({ kind: 'jwt-segments' });
    expect(failure('a.b.c.d.e').kind).toBe('jwt-encrypted');
    expect(failure('   ').kind).toBe('jwt-empty');
  });

  it('a pasted scheme', () => {
    expect(failure('Bearer a.b.c').kind).toBe('jwt-has-scheme');
  });

  it('bad base64url, with the position in the token', () => {
    const e = failure('eyJh!.e30.x');
    expect(e).toMatchObject({ kind: 'jwt-base64url', field: 'header', position: { offset: 4, column: 5 } });
    const padded = failure(`${b64url('{"alg":"HS256"}')}.e30=.x`);
    expect(padded).toMatchObject({ field: 'payload' });
    expect(padded.message).toContain('without "=" padding');
    expect(failure('e30.e30.a+b').message).toContain('standard base64');
    expect(failure('e30.e30.abcde')).toMatchObject({ field: 'signature', message: expect.stringContaining('truncated') });
  });

  it('a segment that is not JSON, naming it', () => {
    expect(failure(`${b64url('{"alg":')}.e30.x`)).toMatchObject({ kind: 'jwt-json', field: 'header' });
    expect(failure(`e30.${b64url('not json')}.x`)).toMatchObject({ kind: 'jwt-json', field: 'payload' });
  });

  it('bytes that are not UTF-8', () => {
    expect(failure(`e30.${b64urlBytes('\xff\xfe')}.x`)).toMatchObject({ kind: 'jwt-utf8', field: 'payload' });
  });

  it('claims or header that are not objects', () => {
    expect(failure(`e30.${b64url('[1,2]')}.x`)).toMatchObject({ kind: 'jwt-claims-not-object', message: expect.stringContaining('an array') });
    expect(failure(`e30.${b64url('null')}.x`).message).toContain('it is null');
    expect(failure(`${b64url('"x"')}.e30.x`)).toMatchObject({ kind: 'jwt-header-not-object', message: expect.stringContaining('a string') });
  });

  it('any string decodes or fails with a jwt-* error, never throws', () => {
    const segment = fc.string({ unit: fc.constantFrom('e', 'y', 'J', '3', '0', '-', '_', '=', '+', '.') });
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), segment), (text) => {
        const r = decodeJwt(text, at(T0));
        if (!r.ok) expect(r.error.kind).toMatch(/^jwt-/);
      }),
      { numRuns: 500 },
    );
  });
});
