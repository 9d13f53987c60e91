import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { percentDecode } from './percentEncoding';
import { buildQuery, parseQuery, type QueryParam } from './query';

const queryChar = fc.oneof(
  fc.constantFrom('%', '+', '=', '&', '#', '?', ' ', ',', "'", '{', '}', 'a', '2', 'B', '\uD800', 'é', '/'),
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);
const queryText = fc.string({ unit: queryChar, maxLength: 12 });
const wellFormed = (s: string) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(new TextEncoder().encode(s));
// What a server reads for a text built into a query: a valid `%XX` in the text is an escape
// sent as written (buildQuery), so it reads as that byte; everything else as itself.
const meaning = (s: string) => percentDecode(wellFormed(s));
const pairsOf = (params: QueryParam[]) => params.map((p) => [p.name, p.value]);

describe('buildQuery', () => {
  it('writes a list as one comma-separated value by default (spec §4.4)', () => {
    expect(buildQuery([{ name: 'id', value: ['1', '2', '3'] }])).toBe('id=1,2,3');
  });

  it('writes a list as repeated parameters when asked', () => {
    expect(buildQuery([{ name: 'id', value: ['1', '2', '3'] }], { lists: 'repeat' })).toBe('id=1&id=2&id=3');
  });

  it('encodes a comma inside a list element so the list splits back the same way', () => {
    expect(buildQuery([{ name: 'tag', value: ['a,b', 'c'] }])).toBe('tag=a%2Cb,c');
    expect(buildQuery([{ name: 'tag', value: ['a,b', 'c'] }], { lists: 'repeat' })).toBe('tag=a,b&tag=c');
    expect(buildQuery([{ name: 'ids', value: '1,2,3' }])).toBe('ids=1,2,3');
  });

  it('writes space as %20 and a literal plus as %2B, readable under either decoding', () => {
    expect(buildQuery([{ name: 'q', value: 'a b+c' }])).toBe('q=a%20b%2Bc');
  });

  it('encodes the characters that carry meaning in a query', () => {
    expect(buildQuery([{ name: 'a=b&c', value: '100% #1 & "x" <y>' }])).toBe('a%3Db%26c=100%25%20%231%20%26%20%22x%22%20%3Cy%3E');
    // A valid %XX escape is already encoded and sent as written (RFC 3986 §2.4, as browsers,
    // Postman and Insomnia do); a stray % is encoded.
    expect(buildQuery([{ name: 'q%20', value: 'red%20%26%20green%3F' }, { name: 'p', value: '100%' }, { name: 'z', value: '%zz%4' }])).toBe(
      'q%20=red%20%26%20green%3F&p=100%25&z=%25zz%254',
    );
    expect(buildQuery([{ name: 'id', value: ['a%2Cb', 'c,d'] }])).toBe('id=a%2Cb,c%2Cd');
    expect(buildQuery([{ name: 'it', value: "it's" }])).toBe('it=it%27s');
    expect(buildQuery([{ name: '?x', value: '?' }])).toBe('%3Fx=?');
    expect(buildQuery([{ name: 'city', value: 'Zürich' }])).toBe('city=Z%C3%BCrich');
  });

  it('keeps "=" literal in a value (readers split at the first "="), e.g. base64 padding', () => {
    expect(buildQuery([{ name: 'token', value: 'YWJj==' }])).toBe('token=YWJj==');
  });

  it('keeps "/", "?", ":" and "@" literal, as RFC 3986 allows in a query', () => {
    expect(buildQuery([{ name: 'next', value: '/a?b:c@d' }])).toBe('next=/a?b:c@d');
  });

  it('skips disabled rows and empty lists, and writes an empty value as "name="', () => {
    const params: QueryParam[] = [
      { name: 'a', value: '1', enabled: false },
      { name: 'b', value: [] },
      { name: 'c', value: '' },
      { name: 'd', value: '4', enabled: true },
    ];
    expect(buildQuery(params)).toBe('c=&d=4');
    expect(buildQuery(params, { lists: 'repeat' })).toBe('c=&d=4');
  });

  it('copies {{variable}} placeholders verbatim unless told to encode them', () => {
    const params = [{ name: 'q', value: '{{ search term }} x' }];
    expect(buildQuery(params)).toBe('q={{ search term }}%20x');
    expect(buildQuery(params, { placeholders: 'encode' })).toBe('q={{%20search%20term%20}}%20x');
    expect(buildQuery([{ name: 'ids', value: ['{{ a }}', 'b'] }])).toBe('ids={{ a }},b');
  });

  it('writes an unedited parsed row back exactly, and re-encodes it once edited', () => {
    const [row] = parseQuery('t=2024-01-01T00%3A00%3A00Z');
    expect(buildQuery([row!])).toBe('t=2024-01-01T00%3A00%3A00Z');
    expect(buildQuery([{ ...row!, value: '2025-01-01T00:00:00Z' }])).toBe('t=2025-01-01T00:00:00Z');
    expect(buildQuery([{ ...row!, name: 'time' }])).toBe('time=2024-01-01T00:00:00Z');
  });

  it('never writes a raw text that holds more than one parameter', () => {
    expect(buildQuery([{ name: 'a', value: '1', raw: 'a=1&b=2' }])).toBe('a=1');
  });

  it('reads back as the same rows under form decoding (URLSearchParams)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ name: queryText, value: queryText }), { maxLength: 5 }), (rows) => {
        const query = buildQuery(rows, { placeholders: 'encode' });
        // The leading "&" stops the constructor from stripping a "?" that starts a name.
        expect([...new URLSearchParams(`&${query}`)]).toEqual(rows.map((r) => [meaning(r.name), meaning(r.value)]));
      }),
      { numRuns: 500 },
    );
  });

  it('is left unchanged by the WHATWG URL parser (what is shown is what is sent)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ name: queryText, value: queryText }), { minLength: 1, maxLength: 5 }), (rows) => {
        const query = buildQuery(rows, { placeholders: 'encode' });
        expect(new URL(`http://example.test/?${query}`).search).toBe(query === '' ? '' : `?${query}`);
      }),
      { numRuns: 500 },
    );
  });

  it('round trips lists in both styles', () => {
    const element = queryText.filter((t) => t !== '');
    fc.assert(
      fc.property(fc.array(element, { minLength: 1, maxLength: 5 }), (values) => {
        const expected = values.map(meaning);
        const comma = parseQuery(buildQuery([{ name: 'id', value: values }], { placeholders: 'encode' }), { placeholders: 'decode' });
        expect(comma).toHaveLength(1);
        expect(comma[0]!.value).toBe(expected.join(','));
        const split = buildQuery([{ name: 'id', value: values }], { placeholders: 'encode' }).slice(3).split(',');
        expect(split.map((v) => percentDecode(v))).toEqual(expected);
        const repeat = parseQuery(buildQuery([{ name: 'id', value: values }], { lists: 'repeat', placeholders: 'encode' }), {
          placeholders: 'decode',
        });
        expect(pairsOf(repeat)).toEqual(expected.map((v) => ['id', v]));
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseQuery', () => {
  it('reads rows in order without grouping, with or without the leading "?"', () => {
    expect(pairsOf(parseQuery('?id=1&id=2&sort=name'))).toEqual([
      ['id', '1'],
      ['id', '2'],
      ['sort', 'name'],
    ]);
    expect(pairsOf(parseQuery('id=1,2,3'))).toEqual([['id', '1,2,3']]);
  });

  it('decodes as a form decoder does: "+" is a space, escapes are UTF-8, bad escapes kept', () => {
    expect(pairsOf(parseQuery('q=a+b%20c%2B&bad=%zz%&e=%C3%A9'))).toEqual([
      ['q', 'a b c+'],
      ['bad', '%zz%'],
      ['e', 'é'],
    ]);
  });

  it('keeps each row\'s raw text and drops empty pieces', () => {
    expect(parseQuery('a=1&&debug&')).toEqual([
      { name: 'a', value: '1', raw: 'a=1' },
      { name: 'debug', value: '', raw: 'debug' },
    ]);
  });

  it('takes {{variables}} whole, even with "&", "=" or "+" inside', () => {
    expect(pairsOf(parseQuery('q={{ a&b=c+d }}&x=1'))).toEqual([
      ['q', '{{ a&b=c+d }}'],
      ['x', '1'],
    ]);
    expect(pairsOf(parseQuery('q={{a+b}}', { placeholders: 'decode' }))).toEqual([['q', '{{a b}}']]);
  });

  it('reads back a `{{` left open in one row and a `}}` in the next as two rows (found by the property below)', () => {
    const rows = [
      { name: '{{', value: '' },
      { name: '', value: '}}' },
    ];
    expect(buildQuery(rows)).toBe('{%7B=&=}}');
    expect(pairsOf(parseQuery(buildQuery(rows)))).toEqual([
      ['{{', ''],
      ['', '}}'],
    ]);
    // A whole variable is still written as it is.
    expect(buildQuery([{ name: 'q', value: '{{term}}' }])).toBe('q={{term}}');
  });

  it('gives back the rows buildQuery wrote', () => {
    // CR and LF are excluded: "{{a\n}}" is not a variable, but once encoded as "{{a%0A}}"
    // it reads as one; encode mode has no such case.
    const text = queryText.filter((t) => !/[\r\n]/.test(t));
    fc.assert(
      fc.property(fc.array(fc.record({ name: text, value: text }), { maxLength: 5 }), (rows) => {
        const expected = rows.map((r) => [meaning(r.name), meaning(r.value)]);
        expect(pairsOf(parseQuery(buildQuery(rows)))).toEqual(expected);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.array(fc.record({ name: queryText, value: queryText }), { maxLength: 5 }), (rows) => {
        const expected = rows.map((r) => [meaning(r.name), meaning(r.value)]);
        expect(pairsOf(parseQuery(buildQuery(rows, { placeholders: 'encode' }), { placeholders: 'decode' }))).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('writes any parsed query back byte for byte when nothing was edited (empty pieces aside)', () => {
    fc.assert(
      fc.property(queryText, (text) => {
        const cleaned = text
          .replace(/^\?/, '')
          .split('&')
          .filter((p) => p !== '')
          .join('&');
        fc.pre(!cleaned.includes('{{') && !cleaned.startsWith('?'));
        expect(buildQuery(parseQuery(cleaned))).toBe(cleaned);
      }),
      { numRuns: 500 },
    );
  });
});
