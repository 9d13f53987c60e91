import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Challenge } from './challenges';
import {
  authParam,
  describeChallenge,
  findChallenge,
  formatChallenge,
  formatChallenges,
  parseChallengeList,
  parseChallenges,
} from './challenges';

function challenges(header: string): Challenge[] {
  const r = parseChallenges(header);
  if (!r.ok) throw new Error(`expected ${header} to parse: ${r.error.message}`);
  return r.value;
}

function syntaxError(header: string) {
  const r = parseChallenges(header);
  if (r.ok) throw new Error(`expected ${header} to fail, got ${JSON.stringify(r.value)}`);
  return r.error;
}

describe('parseChallenges: RFC 9110 §11 grammar', () => {
  it('reads the RFC 9110 §11.6.1 example: two challenges in one header', () => {
    expect(challenges('Newauth realm="apps", type=1, title="Login to \\"apps\\"", Basic realm="simple"')).toEqual([
      {
        scheme: 'Newauth',
        params: [
          { name: 'realm', value: 'apps' },
          { name: 'type', value: '1' },
          { name: 'title', value: 'Login to "apps"' },
        ],
      },
      { scheme: 'Basic', params: [{ name: 'realm', value: 'simple' }] },
    ]);
  });

  it('reads the RFC 7617 challenge with charset', () => {
    expect(challenges('Basic realm="foo", charset="UTF-8"')).toEqual([
      { scheme: 'Basic', params: [{ name: 'realm', value: 'foo' }, { name: 'charset', value: 'UTF-8' }] },
    ]);
  });

  it('reads the RFC 6750 §3 error challenge', () => {
    const [ch] = challenges('Bearer realm="example", error="invalid_token", error_description="The access token expired"');
    expect(ch).toEqual({
      scheme: 'Bearer',
      params: [
        { name: 'realm', value: 'example' },
        { name: 'error', value: 'invalid_token' },
        { name: 'error_description', value: 'The access token expired' },
      ],
    });
  });

  it('keeps commas inside quoted strings', () => {
    expect(challenges('Basic realm="a, b, c", Bearer')).toEqual([
      { scheme: 'Basic', params: [{ name: 'realm', value: 'a, b, c' }] },
      { scheme: 'Bearer', params: [] },
    ]);
  });

  it('undoes backslash escapes, including an escaped backslash before the closing quote', () => {
    expect(challenges('X a="back\\\\", b="q\\"uote", c="\\x"')[0]!.params).toEqual([
      { name: 'a', value: 'back\\' },
      { name: 'b', value: 'q"uote' },
      { name: 'c', value: 'x' },
    ]);
  });

  it('reads a token68 challenge, with or without padding', () => {
    expect(challenges('Negotiate abc==')).toEqual([{ scheme: 'Negotiate', token68: 'abc==', params: [] }]);
    expect(challenges('Negotiate a+b/c-d._~')).toEqual([{ scheme: 'Negotiate', token68: 'a+b/c-d._~', params: [] }]);
  });

  it('tells a token68 from a following challenge', () => {
    expect(challenges('Negotiate abc==, Basic realm="x"')).toEqual([
      { scheme: 'Negotiate', token68: 'abc==', params: [] },
      { scheme: 'Basic', params: [{ name: 'realm', value: 'x' }] },
    ]);
  });

  it('reads schemes without parameters', () => {
    expect(challenges('Negotiate, NTLM')).toEqual([
      { scheme: 'Negotiate', params: [] },
      { scheme: 'NTLM', params: [] },
    ]);
  });

  it('tolerates empty list elements and surrounding whitespace', () => {
    expect(challenges(' , ,Basic realm="x",, ,Bearer ,, ')).toEqual([
      { scheme: 'Basic', params: [{ name: 'realm', value: 'x' }] },
      { scheme: 'Bearer', params: [] },
    ]);
  });

  it('accepts bad whitespace around "=" and tabs between elements', () => {
    expect(challenges('Basic realm = "x" ,\tcharset\t=\tUTF-8')[0]!.params).toEqual([
      { name: 'realm', value: 'x' },
      { name: 'charset', value: 'UTF-8' },
    ]);
  });

  it('keeps names as written but looks them up case-insensitively', () => {
    const list = challenges('BASIC Realm="x"');
    expect(list[0]!.scheme).toBe('BASIC');
    expect(list[0]!.params[0]!.name).toBe('Realm');
    expect(authParam(list[0]!, 'realm')).toBe('x');
    expect(authParam(list[0]!, 'REALM')).toBe('x');
    expect(authParam(list[0]!, 'charset')).toBeUndefined();
    expect(findChallenge(list, 'basic')).toBe(list[0]);
    expect(findChallenge(list, 'bearer')).toBeUndefined();
  });

  it('returns no challenges for an empty value', () => {
    expect(challenges('')).toEqual([]);
    expect(challenges('  ,  ')).toEqual([]);
  });

  it('keeps an empty quoted value', () => {
    expect(challenges('Basic realm=""')[0]!.params).toEqual([{ name: 'realm', value: '' }]);
  });

  it('keeps non-ASCII text in quoted values (obs-text)', () => {
    expect(authParam(challenges('Basic realm="Zürich"')[0]!, 'realm')).toBe('Zürich');
  });
});

describe('parseChallenges: errors say where and what was expected', () => {
  it('an auth-param without "="', () => {
    const e = syntaxError('Basic realm "x"');
    expect(e.kind).toBe('auth-syntax');
    expect(e.expected).toBe('"="');
    expect(e.position).toEqual({ offset: 12, line: 1, column: 13 });
    expect(e.message).toBe('Expected "=" after auth-param name "realm" at column 13, but found \'"\'.');
  });

  it('an auth-param without "=" in a later challenge', () => {
    const e = syntaxError('Basic realm="x", Newauth title "y"');
    expect(e.expected).toBe('"="');
    expect(e.message).toContain('after auth-param name "title"');
    expect(e.position.column).toBe(32);
  });

  it('reads "name value" after a comma as a new challenge with a token68, as the grammar requires', () => {
    expect(challenges('Basic realm="x", charset utf-8')).toEqual([
      { scheme: 'Basic', params: [{ name: 'realm', value: 'x' }] },
      { scheme: 'charset', token68: 'utf-8', params: [] },
    ]);
  });

  it('an unterminated quoted-string', () => {
    const e = syntaxError('Basic realm="abc');
    expect(e.expected).toBe(`'"'`);
    expect(e.position.offset).toBe(16);
    expect(e.message).toContain('quoted-string opened at column 13');
    expect(e.message).toContain('the end of the value');
  });

  it('a quoted-string ending in a lone backslash', () => {
    expect(syntaxError('Basic realm="abc\\').expected).toBe(`'"'`);
  });

  it('a control character inside a quoted-string', () => {
    const e = syntaxError('Basic realm="a\nb"');
    expect(e.message).toContain('control character U+000A');
    expect(e.position.offset).toBe(14);
  });

  it('a missing scheme before the first auth-param', () => {
    const e = syntaxError('realm="x"');
    expect(e.position.column).toBe(1);
    expect(e.expected).toBe('an auth-scheme before the first auth-param');
  });

  it('garbage where a scheme should start', () => {
    const e = syntaxError('"Basic"');
    expect(e.expected).toBe('an auth-scheme (a token)');
    expect(e.position.column).toBe(1);
  });

  it('a missing comma between auth-params', () => {
    const e = syntaxError('Basic realm="x" charset="UTF-8"');
    expect(e.expected).toBe('"," or the end of the header');
    expect(e.position.column).toBe(17);
  });

  it('a missing value after "="', () => {
    const e = syntaxError('Basic a=b, realm=, c=d');
    expect(e.expected).toBe('a token or quoted-string');
    expect(e.message).toContain('auth-param "realm"');
  });

  it('a character glued to the scheme', () => {
    const e = syntaxError('Basic"realm"');
    expect(e.expected).toBe('a space or ","');
    expect(e.position.column).toBe(6);
  });

  it('an auth-param after a token68', () => {
    const e = syntaxError('Negotiate abc=, x=y');
    expect(e.expected).toBe('a new challenge (auth-scheme and space)');
    expect(e.position.column).toBe(17);
  });

  it('something that is neither token68 nor auth-param after the scheme', () => {
    expect(syntaxError('Basic "x"').expected).toBe('a token68 or auth-param');
  });
});

describe('parseChallengeList', () => {
  it('joins the challenges of several header lines in order', () => {
    const r = parseChallengeList(['Basic realm="a"', 'Bearer realm="b", Negotiate']);
    expect(r.ok && r.value.map((c) => c.scheme)).toEqual(['Basic', 'Bearer', 'Negotiate']);
  });

  it('reports the failing line as the line of the position', () => {
    const r = parseChallengeList(['Basic realm="a"', 'Bearer realm "b"']);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.position).toEqual({ offset: 16 + 13, line: 2, column: 14 });
    expect(r.error.message).toContain('at line 2, column 14');
  });

  it('an empty list has no challenges', () => {
    expect(parseChallengeList([])).toEqual({ ok: true, value: [] });
  });
});

describe('formatChallenge', () => {
  it('quotes realm even when it is a token (RFC 9110 §11.5) and leaves other tokens bare', () => {
    expect(formatChallenge({ scheme: 'Newauth', params: [{ name: 'realm', value: 'apps' }, { name: 'type', value: '1' }] })).toBe(
      'Newauth realm="apps", type=1',
    );
  });

  it('escapes quotes and backslashes', () => {
    expect(formatChallenge({ scheme: 'X', params: [{ name: 'title', value: 'a "b" \\c' }] })).toBe('X title="a \\"b\\" \\\\c"');
  });

  it('writes token68 and bare schemes', () => {
    expect(formatChallenge({ scheme: 'Negotiate', token68: 'abc==', params: [] })).toBe('Negotiate abc==');
    expect(formatChallenge({ scheme: 'Negotiate', params: [] })).toBe('Negotiate');
  });

  it('writes several challenges as one field value', () => {
    const header = formatChallenges([
      { scheme: 'Basic', params: [{ name: 'realm', value: 'sandbox' }] },
      { scheme: 'Bearer', params: [{ name: 'error', value: 'invalid_token' }] },
    ]);
    expect(header).toBe('Basic realm="sandbox", Bearer error="invalid_token"');
  });

  it('throws for challenges no header can carry', () => {
    expect(() => formatChallenge({ scheme: 'Bad scheme', params: [] })).toThrow(TypeError);
    expect(() => formatChallenge({ scheme: 'X', params: [{ name: 'a b', value: 'x' }] })).toThrow(TypeError);
    expect(() => formatChallenge({ scheme: 'X', token68: 'a', params: [{ name: 'a', value: 'x' }] })).toThrow(/both/);
    expect(() => formatChallenge({ scheme: 'X', token68: 'a b', params: [] })).toThrow(TypeError);
    expect(() => formatChallenge({ scheme: 'X', params: [{ name: 'a', value: 'line\nbreak' }] })).toThrow(RangeError);
  });
});

describe('describeChallenge', () => {
  const describeHeader = (header: string) => describeChallenge(challenges(header)[0]!);

  it('names the scheme and realm', () => {
    expect(describeHeader('Basic realm="sandbox"')).toBe('The server asks for Basic authentication, realm "sandbox".');
  });

  it('mentions the Basic charset', () => {
    expect(describeHeader('Basic realm="x", charset="UTF-8"')).toContain('encoded as UTF-8');
  });

  it('explains RFC 6750 error codes with the description', () => {
    const text = describeHeader('Bearer realm="example", error="invalid_token", error_description="The access token expired"');
    expect(text).toContain('The server asks for Bearer authentication, realm "example".');
    expect(text).toContain('error "invalid_token"');
    expect(text).toContain('expired, revoked, malformed');
    expect(text).toContain('Description: "The access token expired".');
  });

  it('explains insufficient_scope with the scope needed', () => {
    const text = describeHeader('Bearer error="insufficient_scope", scope="orders:write"');
    expect(text).toContain('lacks the privileges');
    expect(text).toContain('403');
    expect(text).toContain('The scope needed is "orders:write".');
  });

  it('explains invalid_request', () => {
    expect(describeHeader('Bearer error="invalid_request"')).toContain('400');
  });

  it('says a Bearer challenge without error means no token was sent', () => {
    expect(describeHeader('Bearer realm="x"')).toContain('carried no token');
  });

  it('flags an error code RFC 6750 does not define', () => {
    expect(describeHeader('Bearer error="expired"')).toContain('not one of the RFC 6750 codes');
  });

  it('treats names of Object.prototype members as ordinary names', () => {
    expect(describeHeader('constructor realm="x", toString=1')).toContain('Other parameters: toString "1".');
    expect(describeHeader('Bearer error="constructor"')).toContain('not one of the RFC 6750 codes');
  });

  it('lists parameters it does not explain, and token68 values', () => {
    expect(describeHeader('Newauth realm="apps", type=1')).toBe(
      'The server asks for Newauth authentication, realm "apps". Other parameters: type "1".',
    );
    expect(describeHeader('Negotiate abc==')).toContain('token68 value "abc=="');
  });
});

const tokenArb = fc.string({ unit: fc.constantFrom(...'abcXYZ019!#$%&\'*+-.^_`|~'.split('')), minLength: 1, maxLength: 8 });
const token68Arb = fc
  .tuple(
    fc.string({ unit: fc.constantFrom(...'aZ09-._~+/'.split('')), minLength: 1, maxLength: 10 }),
    fc.string({ unit: fc.constant('='), maxLength: 2 }),
  )
  .map(([body, pad]) => body + pad);
const valueArb = fc.oneof(
  tokenArb,
  fc.string({ unit: fc.oneof(fc.constantFrom(' ', '\t', '"', '\\', ',', '=', 'é', '€'), fc.constantFrom(...'ab1;:'.split(''))), maxLength: 12 }),
);
const challengeArb: fc.Arbitrary<Challenge> = fc.oneof(
  fc.record({ scheme: tokenArb, params: fc.array(fc.record({ name: tokenArb, value: valueArb }), { maxLength: 4 }) }),
  fc.record({ scheme: tokenArb, token68: token68Arb, params: fc.constant([] as Challenge['params']) }),
);

describe('properties', () => {
  it('a formatted challenge parses back equal', () => {
    fc.assert(
      fc.property(challengeArb, (ch) => {
        expect(parseChallenges(formatChallenge(ch))).toEqual({ ok: true, value: [ch] });
      }),
    );
  });

  it('a formatted list of challenges parses back equal', () => {
    fc.assert(
      fc.property(fc.array(challengeArb, { maxLength: 4 }), (list) => {
        expect(parseChallenges(formatChallenges(list))).toEqual({ ok: true, value: list });
      }),
    );
  });

  it('any string gives challenges or an auth-syntax error, never a throw', () => {
    const noisy = fc.string({ unit: fc.constantFrom(...'ab =",\\\t\n;é'.split('')), maxLength: 30 });
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), noisy), (text) => {
        const r = parseChallenges(text);
        if (!r.ok) {
          expect(r.error.kind).toBe('auth-syntax');
          expect(r.error.position.offset).toBeGreaterThanOrEqual(0);
          expect(r.error.position.offset).toBeLessThanOrEqual(text.length);
          expect(r.error.message).toMatch(/^Expected /);
        }
      }),
      { numRuns: 500 },
    );
  });
});
