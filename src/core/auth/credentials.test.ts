import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apiKeyHeader, bearer, customCredentials, DEFAULT_API_KEY_HEADER, jwtScheme, parseCredentials } from './credentials';

type AnyError = { kind: string; message: string; field?: string; position?: { offset: number; column: number } };

function failure(r: { ok: true; value: unknown } | { ok: false; error: unknown }): AnyError {
  if (r.ok) throw new Error(`expected a failure, got ${JSON.stringify(r.value)}`);
  return r.error as AnyError;
}

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1In0.sig-_part';

describe('bearer (RFC 6750 §2.1)', () => {
  it('prefixes a b64token with "Bearer "', () => {
    expect(bearer('mF_9.B5f-4.1JqM')).toEqual({ ok: true, value: 'Bearer mF_9.B5f-4.1JqM' });
    expect(bearer('abc+/==')).toEqual({ ok: true, value: 'Bearer abc+/==' });
  });

  it('refuses whitespace with its position', () => {
    const e = failure(bearer('abc\n'));
    expect(e).toMatchObject({ kind: 'token68-syntax', field: 'token', position: { offset: 3, column: 4 } });
    expect(e.message).toContain('control character U+000A');
    expect(failure(bearer('ab cd')).message).toContain('a space at column 3');
  });

  it('refuses characters outside b64token and "=" before the end', () => {
    expect(failure(bearer('a"b')).message).toContain(`'"' at column 2 is not allowed`);
    expect(failure(bearer('ab=c')).message).toContain('"=" may only end it');
  });

  it('refuses an empty token and a pasted scheme', () => {
    expect(failure(bearer('')).kind).toBe('bearer-empty');
    expect(failure(bearer('Bearer abc')).kind).toBe('bearer-prefix-included');
    expect(failure(bearer('bearer abc')).kind).toBe('bearer-prefix-included');
  });
});

describe('jwtScheme (spec §5 JWT row)', () => {
  it('prefixes a compact JWT with "JWT "', () => {
    expect(jwtScheme(JWT)).toEqual({ ok: true, value: `JWT ${JWT}` });
  });

  it('refuses a token that is not three parts', () => {
    expect(failure(jwtScheme('abc.def'))).toMatchObject({ kind: 'jwt-not-compact', field: 'token' });
    expect(failure(jwtScheme('.def.ghi')).message).toContain('empty header or payload');
  });

  it('refuses whitespace and pasted schemes', () => {
    expect(failure(jwtScheme(`${JWT} `)).kind).toBe('token68-syntax');
    expect(failure(jwtScheme(`JWT ${JWT}`)).kind).toBe('jwt-prefix-included');
    expect(failure(jwtScheme('')).kind).toBe('jwt-empty');
  });
});

describe('apiKeyHeader (spec §5 API key row)', () => {
  it('uses the given header name', () => {
    expect(apiKeyHeader(DEFAULT_API_KEY_HEADER, 'k3y')).toEqual({ ok: true, value: { name: 'Ocp-Apim-Subscription-Key', value: 'k3y' } });
    expect(apiKeyHeader('X-API-Key', 'a b')).toEqual({ ok: true, value: { name: 'X-API-Key', value: 'a b' } });
  });

  it('refuses a header name that is not a token, pointing at the bad character', () => {
    const e = failure(apiKeyHeader('X Key', 'k'));
    expect(e).toMatchObject({ kind: 'header-name-invalid', field: 'headerName', position: { offset: 1 } });
    expect(failure(apiKeyHeader('X-Key:', 'k')).message).toContain(`':' at column 6`);
    expect(failure(apiKeyHeader('', 'k')).message).toBe('The API key header name is empty.');
  });

  it('refuses CR, LF and NUL in the key (header injection)', () => {
    expect(failure(apiKeyHeader('X-Key', 'abc\r\nX-Evil: 1'))).toMatchObject({ kind: 'header-value-invalid', field: 'key', position: { offset: 3 } });
    expect(failure(apiKeyHeader('X-Key', 'a\u0000')).kind).toBe('header-value-invalid');
  });

  it('refuses an empty key and whitespace HTTP would strip', () => {
    expect(failure(apiKeyHeader('X-Key', '')).kind).toBe('api-key-empty');
    expect(failure(apiKeyHeader('X-Key', ' abc'))).toMatchObject({ kind: 'header-value-whitespace', position: { offset: 0 } });
    expect(failure(apiKeyHeader('X-Key', 'abc\t'))).toMatchObject({ kind: 'header-value-whitespace', position: { offset: 3 } });
  });
});

describe('customCredentials (spec §5 custom scheme row)', () => {
  it('sends a token68', () => {
    expect(customCredentials('Negotiate', 'YIIB==')).toEqual({ ok: true, value: 'Negotiate YIIB==' });
  });

  it('sends auth-params written as text, as written', () => {
    expect(customCredentials('Hawk', 'id="dh37", ts=1353832234, mac="6R4+="')).toEqual({
      ok: true,
      value: 'Hawk id="dh37", ts=1353832234, mac="6R4+="',
    });
  });

  it('quotes auth-params given as a list, escaping quotes and backslashes', () => {
    expect(customCredentials('Custom', [{ name: 'key', value: 'abc' }, { name: 'ts', value: 'a "b" \\' }])).toEqual({
      ok: true,
      value: 'Custom key="abc", ts="a \\"b\\" \\\\"',
    });
  });

  it('sends just the scheme when there are no credentials', () => {
    expect(customCredentials('Custom', '')).toEqual({ ok: true, value: 'Custom' });
    expect(customCredentials('Custom', [])).toEqual({ ok: true, value: 'Custom' });
  });

  it('refuses a scheme that is not a token', () => {
    expect(failure(customCredentials('My Scheme', 'abc'))).toMatchObject({ kind: 'auth-scheme-invalid', field: 'scheme' });
    expect(failure(customCredentials('', 'abc')).message).toBe('The auth scheme is empty.');
  });

  it('refuses text that is neither a token68 nor auth-params, naming the bad param', () => {
    const e = failure(customCredentials('Custom', 'key="abc", ts'));
    expect(e).toMatchObject({ kind: 'custom-credentials-syntax', field: 'ts', position: { offset: 13 } });
    expect(e.message).toContain('Expected "=" after auth-param name "ts"');
    expect(e.message).toContain('spec §5');
    expect(failure(customCredentials('Custom', 'key=a b')).field).toBe('key');
    expect(failure(customCredentials('Custom', '"abc"')).field).toBe('credentials');
  });

  it('refuses list params with a bad name or an unsendable value', () => {
    expect(failure(customCredentials('C', [{ name: 'ok', value: '1' }, { name: 'bad name', value: 'x' }]))).toMatchObject({
      kind: 'auth-param-name-invalid',
      field: 'bad name',
    });
    expect(failure(customCredentials('C', [{ name: '', value: 'x' }])).field).toBe('params[0]');
    expect(failure(customCredentials('C', [{ name: 'ts', value: 'a\nb' }]))).toMatchObject({
      kind: 'auth-param-value-invalid',
      field: 'ts',
      position: { offset: 1 },
    });
  });
});

describe('parseCredentials (RFC 9110 §11.4)', () => {
  it('reads token68 credentials', () => {
    expect(parseCredentials('Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==')).toEqual({
      ok: true,
      value: { scheme: 'Basic', token68: 'QWxhZGRpbjpvcGVuIHNlc2FtZQ==', params: [] },
    });
  });

  it('reads auth-param credentials with quoted commas', () => {
    expect(parseCredentials('Hawk id="a,b", ts = 12 ,, mac="x\\"y"')).toEqual({
      ok: true,
      value: {
        scheme: 'Hawk',
        params: [
          { name: 'id', value: 'a,b' },
          { name: 'ts', value: '12' },
          { name: 'mac', value: 'x"y' },
        ],
      },
    });
  });

  it('reads a bare scheme', () => {
    expect(parseCredentials('Negotiate')).toEqual({ ok: true, value: { scheme: 'Negotiate', params: [] } });
  });

  it('reads what customCredentials writes', () => {
    const written = customCredentials('Custom', [{ name: 'key', value: 'a b' }]);
    expect(written.ok && parseCredentials(written.value)).toEqual({
      ok: true,
      value: { scheme: 'Custom', params: [{ name: 'key', value: 'a b' }] },
    });
  });

  it('gives challenge-style errors with positions', () => {
    expect(failure(parseCredentials(''))).toMatchObject({ kind: 'auth-syntax', position: { offset: 0 } });
    expect(failure(parseCredentials('Foo "x"'))).toMatchObject({ expected: 'a token68 or auth-param', position: { column: 5 } });
    expect(failure(parseCredentials('Foo a=b c=d'))).toMatchObject({ expected: '"," or the end', position: { column: 9 } });
    expect(failure(parseCredentials('Foo a'.concat('b c')))).toMatchObject({ expected: '"="' });
    expect(failure(parseCredentials('Foo abc==, x=y')).kind).toBe('auth-syntax');
    expect(failure(parseCredentials('Foo"x"'))).toMatchObject({ expected: 'a space' });
  });

  it('any string gives credentials or an auth-syntax error, never a throw', () => {
    const noisy = fc.string({ unit: fc.constantFrom(...'ab =",\\\t;é+/'.split('')), maxLength: 30 });
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), noisy), (text) => {
        const r = parseCredentials(text);
        if (!r.ok) expect(r.error.kind).toBe('auth-syntax');
      }),
      { numRuns: 500 },
    );
  });
});

describe('builders never throw on arbitrary input', () => {
  it('bearer, jwtScheme, apiKeyHeader and customCredentials return results', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        for (const r of [bearer(a), jwtScheme(a), apiKeyHeader(a, b), customCredentials(a, b), customCredentials('X', [{ name: a, value: b }])]) {
          expect(typeof r.ok).toBe('boolean');
          if (!r.ok) expect(r.error.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});
