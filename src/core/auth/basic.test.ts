import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { basicCredentials, loneSurrogateIndex, parseBasic } from './basic';

function failure<T>(r: { ok: true; value: T } | { ok: false; error: { kind: string } }) {
  if (r.ok) throw new Error(`expected a failure, got ${JSON.stringify(r.value)}`);
  return r.error as { kind: string; message: string; field?: string; position?: { offset: number; column: number } };
}

describe('basicCredentials (RFC 7617)', () => {
  it('encodes the RFC 7617 §2 example', () => {
    expect(basicCredentials('Aladdin', 'open sesame')).toEqual({ ok: true, value: 'Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==' });
  });

  it('encodes the RFC 7617 §2.1 non-ASCII example as UTF-8', () => {
    expect(basicCredentials('test', '123£')).toEqual({ ok: true, value: 'Basic dGVzdDoxMjPCow==' });
  });

  it('allows colons in the password', () => {
    expect(basicCredentials('user', 'pa:ss:word')).toEqual({ ok: true, value: `Basic ${btoa('user:pa:ss:word')}` });
  });

  it('allows empty user and password', () => {
    expect(basicCredentials('', '')).toEqual({ ok: true, value: 'Basic Og==' });
  });

  it('refuses a username with a colon, saying why and where', () => {
    const e = failure(basicCredentials('dom:user', 'x'));
    expect(e.kind).toBe('basic-username-colon');
    expect(e.field).toBe('username');
    expect(e.position?.offset).toBe(3);
    expect(e.message).toMatch(/^A Basic username cannot contain ":" — the server splits user and password at the first colon \(RFC 7617 §2\), so /);
    expect(e.message).toContain('would arrive as user "dom"');
  });

  it('refuses control characters in either part', () => {
    const user = failure(basicCredentials('a\tb', 'x'));
    expect(user).toMatchObject({ kind: 'basic-control-character', field: 'username', position: { offset: 1 } });
    expect(user.message).toContain('a tab');
    const pass = failure(basicCredentials('a', 'x\u007f'));
    expect(pass).toMatchObject({ kind: 'basic-control-character', field: 'password', position: { offset: 1 } });
    expect(pass.message).toContain('U+007F');
  });

  it('refuses text that UTF-8 cannot encode (a lone surrogate)', () => {
    expect(failure(basicCredentials('a', 'b\ud800'))).toMatchObject({ kind: 'basic-invalid-unicode', field: 'password' });
  });
});

describe('parseBasic', () => {
  it('reads `Basic <base64>` with any scheme case', () => {
    expect(parseBasic('Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==')).toEqual({ ok: true, value: { user: 'Aladdin', pass: 'open sesame' } });
    expect(parseBasic('basic   dGVzdDoxMjPCow==  ')).toEqual({ ok: true, value: { user: 'test', pass: '123£' } });
  });

  it('reads the bare base64', () => {
    expect(parseBasic('dGVzdDoxMjPCow==')).toEqual({ ok: true, value: { user: 'test', pass: '123£' } });
  });

  it('accepts missing padding like atob does', () => {
    expect(parseBasic('dGVzdDoxMjPCow')).toEqual({ ok: true, value: { user: 'test', pass: '123£' } });
  });

  it('splits at the first colon', () => {
    expect(parseBasic(`Basic ${btoa('u:p:q')}`)).toEqual({ ok: true, value: { user: 'u', pass: 'p:q' } });
  });

  it('refuses another scheme', () => {
    expect(failure(parseBasic('Bearer abc'))).toMatchObject({ kind: 'basic-wrong-scheme', message: expect.stringContaining('"Bearer"') });
  });

  it('refuses empty credentials', () => {
    expect(failure(parseBasic('Basic '))).toMatchObject({ kind: 'basic-empty' });
    expect(failure(parseBasic(''))).toMatchObject({ kind: 'basic-empty' });
  });

  it('refuses whitespace inside the base64', () => {
    expect(failure(parseBasic('Basic YWJj ZGVm'))).toMatchObject({ kind: 'basic-bad-base64', position: { offset: 10 } });
  });

  it('points at the first character that is not base64', () => {
    const e = failure(parseBasic('Basic abc!'));
    expect(e).toMatchObject({ kind: 'basic-bad-base64', position: { offset: 9, column: 10 } });
  });

  it('hints at base64url', () => {
    expect(failure(parseBasic('ab-_')).message).toContain('base64url');
  });

  it('refuses padding in the middle and impossible lengths', () => {
    expect(failure(parseBasic('ab=c')).message).toContain('may only appear at the end');
    expect(failure(parseBasic('abcde')).kind).toBe('basic-bad-base64');
    expect(failure(parseBasic('abc===')).kind).toBe('basic-bad-base64');
  });

  it('refuses decoded text without a colon, without echoing it', () => {
    const e = failure(parseBasic(btoa('secretkey')));
    expect(e.kind).toBe('basic-no-colon');
    expect(e.message).not.toContain('secretkey');
  });

  it('refuses bytes that are not UTF-8', () => {
    expect(failure(parseBasic(btoa('user:\xff\xfe'))).kind).toBe('basic-invalid-utf8');
  });
});

describe('helpers', () => {
  it('loneSurrogateIndex finds only unpaired surrogates', () => {
    expect(loneSurrogateIndex('a😀b')).toBe(-1);
    expect(loneSurrogateIndex('ab\udc00')).toBe(2);
    expect(loneSurrogateIndex('\ud83d')).toBe(0);
  });
});

describe('properties', () => {
  const userArb = fc.string({ unit: 'binary' }).filter((u) => !/[:\u0000-\u001f\u007f]/.test(u));
  const passArb = fc.string({ unit: 'binary' }).filter((p) => !/[\u0000-\u001f\u007f]/.test(p));

  it('basicCredentials then parseBasic gives back the user and password', () => {
    fc.assert(
      fc.property(userArb, passArb, (user, pass) => {
        const header = basicCredentials(user, pass);
        expect(header.ok).toBe(true);
        if (header.ok) expect(parseBasic(header.value)).toEqual({ ok: true, value: { user, pass } });
      }),
    );
  });

  it('parseBasic returns a value or a basic-* error for any string, never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.base64String(), fc.string({ unit: fc.constantFrom('A', 'b', '=', ' ', '-', '/') })), (text) => {
        const r = parseBasic(text);
        if (!r.ok) expect(r.error.kind).toMatch(/^basic-/);
      }),
      { numRuns: 500 },
    );
  });
});
