import { describe, expect, it } from 'vitest';
import {
  authParam,
  describeChar,
  formatAuthParamValue,
  isAuthToken,
  isToken68,
  quoteAuthParamValue,
  token68Problem,
  unquotableIndex,
} from './authParams';

describe('RFC 9110 token and token68', () => {
  it('a token is one or more tchar', () => {
    expect(isAuthToken("Basic")).toBe(true);
    expect(isAuthToken("!#$%&'*+-.^_`|~09azAZ")).toBe(true);
    expect(isAuthToken('')).toBe(false);
    expect(isAuthToken('a b')).toBe(false);
    expect(isAuthToken('a/b')).toBe(false);
    expect(isAuthToken('a=b')).toBe(false);
    expect(isAuthToken('é')).toBe(false);
  });

  it('a token68 is base64/base64url characters with only trailing "="', () => {
    expect(isToken68('abc==')).toBe(true);
    expect(isToken68('a-._~+/Z9')).toBe(true);
    expect(isToken68('')).toBe(false);
    expect(isToken68('==')).toBe(false);
    expect(isToken68('a=b')).toBe(false);
    expect(isToken68('a!')).toBe(false);
  });

  it('token68Problem says what and where', () => {
    expect(token68Problem('abc')).toBeUndefined();
    expect(token68Problem('')).toEqual({ index: 0, message: 'it is empty' });
    expect(token68Problem('ab\tc')?.index).toBe(2);
    expect(token68Problem('ab\tc')?.message).toContain('a tab at column 3');
    expect(token68Problem('a=b')?.message).toContain('"=" may only end it');
    expect(token68Problem('a,b')?.message).toContain(`',' at column 2 is not allowed`);
  });
});

describe('quoted-string', () => {
  it('formats tokens bare and everything else quoted', () => {
    expect(formatAuthParamValue('UTF-8')).toBe('UTF-8');
    expect(formatAuthParamValue('')).toBe('""');
    expect(formatAuthParamValue('a b')).toBe('"a b"');
    expect(formatAuthParamValue('say "hi" \\o/')).toBe('"say \\"hi\\" \\\\o/"');
  });

  it('quotes on request even tokens', () => {
    expect(quoteAuthParamValue('apps')).toBe('"apps"');
  });

  it('refuses characters no quoted-string can carry', () => {
    expect(unquotableIndex('tab\tok')).toBe(-1);
    expect(unquotableIndex('a\rb')).toBe(1);
    expect(unquotableIndex('\u007f')).toBe(0);
    expect(() => quoteAuthParamValue('a\nb')).toThrow(/control character U\+000A at index 1/);
  });
});

describe('authParam', () => {
  it('finds the first param with a case-insensitive name', () => {
    const holder = { params: [{ name: 'Realm', value: 'a' }, { name: 'realm', value: 'b' }] };
    expect(authParam(holder, 'REALM')).toBe('a');
    expect(authParam(holder, 'scope')).toBeUndefined();
  });
});

describe('describeChar', () => {
  it('names invisible characters', () => {
    expect(describeChar(undefined)).toBe('the end of the value');
    expect(describeChar(' ')).toBe('a space');
    expect(describeChar('\u0000')).toBe('control character U+0000');
    expect(describeChar('x')).toBe("'x'");
  });
});
