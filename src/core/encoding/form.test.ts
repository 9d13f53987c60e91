import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeForm, explainFormEncoding, parseForm, type FormPair } from './form';

/** Any UTF-16 code unit (lone surrogates included), biased towards the characters that matter. */
const formChar = fc.oneof(
  fc.constantFrom('%', '+', '=', '&', ' ', '2', 'B', 'a', 'F', 'z', '*', '~', '\uD800', '\uDC00', '\n', '\uFEFF'),
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const formText = fc.string({ unit: formChar, maxLength: 16 });
const pairs = fc.array(fc.record({ name: formText, value: formText }), { maxLength: 6 });

/** What a string becomes once it is UTF-8: unpaired surrogates turn into U+FFFD. */
const wellFormed = (s: string) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(new TextEncoder().encode(s));

const toTuples = (list: FormPair[]) => list.map((p) => [p.name, p.value]);

describe('parseForm: WHATWG urlencoded parser vectors (wpt urlencoded-parser.any.js)', () => {
  const vectors: [string, [string, string][]][] = [
    ['test', [['test', '']]],
    ['\uFEFFtest=\uFEFF', [['\uFEFFtest', '\uFEFF']]],
    ['%EF%BB%BFtest=%EF%BB%BF', [['\uFEFFtest', '\uFEFF']]],
    ['%EF%BF%BF=%EF%BF%BF', [['\uFFFF', '\uFFFF']]],
    ['%FE%FF', [['\uFFFD\uFFFD', '']]],
    ['%FF%FE', [['\uFFFD\uFFFD', '']]],
    ['†&†=x', [['†', ''], ['†', 'x']]],
    ['%C2', [['\uFFFD', '']]],
    ['%C2x', [['\uFFFDx', '']]],
    ['_charset_=windows-1252&test=%C2x', [['_charset_', 'windows-1252'], ['test', '\uFFFDx']]],
    ['', []],
    ['a', [['a', '']]],
    ['a=b', [['a', 'b']]],
    ['a=', [['a', '']]],
    ['=b', [['', 'b']]],
    ['=', [['', '']]],
    ['&', []],
    ['&&', []],
    ['&a', [['a', '']]],
    ['a&', [['a', '']]],
    ['a&a', [['a', ''], ['a', '']]],
    ['a&b&c', [['a', ''], ['b', ''], ['c', '']]],
    ['a=b&c=d', [['a', 'b'], ['c', 'd']]],
    ['a=b&c=d&', [['a', 'b'], ['c', 'd']]],
    ['&&&a=b&&&&c=d&', [['a', 'b'], ['c', 'd']]],
    ['a=a&a=b&a=c', [['a', 'a'], ['a', 'b'], ['a', 'c']]],
    ['a==a', [['a', '=a']]],
    ['a=a+b+c+d', [['a', 'a b c d']]],
    ['%=a', [['%', 'a']]],
    ['%a=a', [['%a', 'a']]],
    ['%a_=a', [['%a_', 'a']]],
    ['%61=a', [['a', 'a']]],
    ['%61+%4d%4D=', [['a MM', '']]],
    ['id=0&value=%', [['id', '0'], ['value', '%']]],
    ['b=%2sf%2a', [['b', '%2sf*']]],
    ['b=%2%2af%2a', [['b', '%2*f*']]],
    ['b=%%2a', [['b', '%*']]],
    ['a+b=c%', [['a b', 'c%']]],
    ['%zz=%zz', [['%zz', '%zz']]],
    ['a=%2B&b=+', [['a', '+'], ['b', ' ']]],
    ['\uD800=\uDC00', [['\uFFFD', '\uFFFD']]],
  ];
  for (const [input, output] of vectors) {
    it(`parses ${JSON.stringify(input)}`, () => {
      expect(toTuples(parseForm(input))).toEqual(output);
    });
  }

  it('keeps a leading "?" as data (only the URLSearchParams constructor strips it)', () => {
    expect(toTuples(parseForm('?a=1'))).toEqual([['?a', '1']]);
  });
});

describe('encodeForm: WHATWG urlencoded serializer vectors (wpt urlsearchparams-stringifier.any.js)', () => {
  const vectors: [string, string, string][] = [
    ['a', 'b c', 'a=b+c'],
    ['a b', 'c', 'a+b=c'],
    ['a', '', 'a='],
    ['', 'b', '=b'],
    ['', '', '='],
    ['a', '\0', 'a=%00'],
    ['a', 'b\0', 'a=b%00'],
    ['a', '\uD83D\uDCA9', 'a=%F0%9F%92%A9'],
    ['a', '\n', 'a=%0A'],
    ['a', '\r', 'a=%0D'],
    ['a', '\r\n', 'a=%0D%0A'],
    ['a', '+', 'a=%2B'],
    ['a', '=', 'a=%3D'],
    ['a', '&', 'a=%26'],
    ['a', '*-._', 'a=*-._'],
    ['a', '%', 'a=%25'],
    ['a', 'b%c', 'a=b%25c'],
    ['a', "!'()~", 'a=%21%27%28%29%7E'],
    ['\uD835x', '1', '%EF%BF%BDx=1'],
    ['\uDC00', '\uD800', '%EF%BF%BD=%EF%BF%BD'],
  ];
  for (const [name, value, expected] of vectors) {
    it(`writes ${JSON.stringify([name, value])} as ${expected}`, () => {
      expect(encodeForm([{ name, value }])).toBe(expected);
    });
  }

  it('joins pairs with "&" and keeps their order', () => {
    expect(encodeForm([{ name: 'b', value: '2' }, { name: 'a', value: '1' }, { name: 'b', value: '3' }])).toBe('b=2&a=1&b=3');
    expect(encodeForm([])).toBe('');
  });
});

describe('form encoding against URLSearchParams as an oracle', () => {
  it('encodeForm equals new URLSearchParams(pairs).toString() for any strings', () => {
    fc.assert(
      fc.property(pairs, (list) => {
        expect(encodeForm(list)).toBe(new URLSearchParams(list.map((p) => [p.name, p.value])).toString());
      }),
      { numRuns: 500 },
    );
  });

  // Node 20's URLSearchParams constructor mis-decodes an incomplete UTF-8 escape followed
  // by a raw non-ASCII character ("%F2\u0080" gives only U+FFFD); its URL parser's
  // searchParams agrees with the standard. So the oracle is used on the two halves of the
  // input space where Node is right: ASCII text with any escapes, and any text without "%".
  // A leading "&" keeps the constructor from stripping a "?", which the parser keeps.
  const asciiWithEscapes = fc.string({
    unit: fc.oneof(
      fc.constantFrom('%', '+', '=', '&', '?', ' ', 'a', 'F', '2', 'C', '8', 'E', 'B'),
      fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, '0')}`),
      fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)),
    ),
    maxLength: 16,
  });
  const rawUnicode = formText.map((t) => t.replaceAll('%', ''));

  it('parseForm equals [...new URLSearchParams(text)] for ASCII text with any escapes', () => {
    fc.assert(
      fc.property(asciiWithEscapes, (text) => {
        expect(toTuples(parseForm(text))).toEqual([...new URLSearchParams(`&${text}`)]);
      }),
      { numRuns: 1000 },
    );
  });

  it('parseForm equals [...new URLSearchParams(text)] for any text without escapes', () => {
    fc.assert(
      fc.property(rawUnicode, (text) => {
        expect(toTuples(parseForm(text))).toEqual([...new URLSearchParams(`&${text}`)]);
      }),
      { numRuns: 1000 },
    );
  });

  it('decodes an incomplete escape before raw non-ASCII text as the Encoding standard says', () => {
    expect(toTuples(parseForm('a=%F2\u0080'))).toEqual([['a', '\uFFFD\u0080']]);
    expect([...new URL('http://h/?a=%F2\u0080').searchParams]).toEqual([['a', '\uFFFD\u0080']]);
  });

  it('parseForm(encodeForm(pairs)) gives the pairs back (as well-formed UTF-16)', () => {
    fc.assert(
      fc.property(pairs, (list) => {
        expect(parseForm(encodeForm(list))).toEqual(list.map((p) => ({ name: wellFormed(p.name), value: wellFormed(p.value) })));
      }),
      { numRuns: 500 },
    );
  });
});

describe('explainFormEncoding', () => {
  it('explains that a literal plus is sent as %2B', () => {
    const { encoded, notes } = explainFormEncoding('1+1');
    expect(encoded).toBe('1%2B1');
    expect(notes).toEqual([expect.stringMatching(/"\+" is sent as %2B.*means a space/)]);
  });

  it('explains space as "+" and that %20 is valid anywhere', () => {
    const { encoded, notes } = explainFormEncoding('a b');
    expect(encoded).toBe('a+b');
    expect(notes).toEqual([expect.stringMatching(/space is sent as "\+".*%20/)]);
  });

  it('explains "%" as %25, separators and non-ASCII text', () => {
    const { encoded, notes } = explainFormEncoding('100% & a=b é');
    expect(encoded).toBe('100%25+%26+a%3Db+%C3%A9');
    expect(notes).toHaveLength(5);
    expect(notes.join('\n')).toMatch(/%25/);
    expect(notes.join('\n')).toMatch(/%26/);
    expect(notes.join('\n')).toMatch(/%3D/);
    expect(notes.join('\n')).toMatch(/UTF-8/);
  });

  it('mentions unpaired surrogates and line breaks', () => {
    expect(explainFormEncoding('\uD800').notes.join('\n')).toMatch(/U\+FFFD/);
    expect(explainFormEncoding('a\nb').notes.join('\n')).toMatch(/%0A/);
  });

  it('has nothing to say about plain text', () => {
    expect(explainFormEncoding('abc-123')).toEqual({ encoded: 'abc-123', notes: [] });
  });
});
