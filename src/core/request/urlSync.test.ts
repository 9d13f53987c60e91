import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyDraft, type QueryRow } from './draft';
import {
  commaListItems,
  draftWithPathParamRenamed,
  draftWithQueryRows,
  draftWithUrl,
  queryAsTyped,
  queryParamsOfRows,
  queryRowsFromUrl,
  queryRowWithListStyle,
  urlTemplateTokens,
  urlWithQueryRows,
} from './urlSync';

const row = (name: string, value: string, extra: Partial<QueryRow> = {}): QueryRow => ({ id: `r-${name}-${value}`, enabled: true, name, value, ...extra });

describe('URL → tables', () => {
  it('reads each parameter into a row, decoded, with its raw text', () => {
    const rows = queryRowsFromUrl('http://h/p?q=a+b&x=%2B1&empty=', []);
    expect(rows.map((r) => [r.name, r.value, r.raw])).toEqual([
      ['q', 'a b', 'q=a+b'],
      ['x', '+1', 'x=%2B1'],
      ['empty', '', 'empty='],
    ]);
  });

  it('keeps row ids while typing, matching rows by position', () => {
    const first = queryRowsFromUrl('http://h/?a=1&b=2', []);
    const next = queryRowsFromUrl('http://h/?a=10&b=2', first);
    expect(next.map((r) => r.id)).toEqual(first.map((r) => r.id));
    expect(next[0]!.value).toBe('10');
  });

  it('reads a comma list back as items, a %2C staying inside its item', () => {
    const previous = [row('id', '', { list: { style: 'comma', items: [] } })];
    previous[0]!.list!.items.push('x');
    const rows = queryRowsFromUrl('http://h/?id=1,a%2Cb,3', previous);
    expect(rows[0]!.list).toEqual({ style: 'comma', items: ['1', 'a,b', '3'] });
  });

  it('gathers repeated parameters into a repeat list row', () => {
    const previous = [row('id', '1', { list: { style: 'repeat', items: ['1'] } }), row('q', 'z')];
    const rows = queryRowsFromUrl('http://h/?id=1&id=2&id=3&q=z', previous);
    expect(rows.map((r) => [r.name, r.list?.items ?? r.value])).toEqual([
      ['id', ['1', '2', '3']],
      ['q', 'z'],
    ]);
  });

  it('keeps disabled rows and blank rows, which are not in the URL, at their places', () => {
    const previous = [row('a', '1'), row('off', 'x', { enabled: false }), row('', ''), row('b', '2')];
    const rows = queryRowsFromUrl('http://h/?a=1&b=3', previous);
    expect(rows.map((r) => [r.name, r.value, r.enabled])).toEqual([
      ['a', '1', true],
      ['off', 'x', false],
      ['', '', true],
      ['b', '3', true],
    ]);
  });
});

describe('tables → URL', () => {
  it('writes comma and repeat lists as spec §4.4 describes', () => {
    expect(urlWithQueryRows('http://h/p', [row('id', '', { list: { style: 'comma', items: ['1', '2', '3'] } })])).toBe('http://h/p?id=1,2,3');
    expect(urlWithQueryRows('http://h/p', [row('id', '', { list: { style: 'repeat', items: ['1', '2', '3'] } })])).toBe('http://h/p?id=1&id=2&id=3');
  });

  it('encodes an edited value for the query: a literal plus as %2B, space as %20', () => {
    expect(urlWithQueryRows('http://h/p#top', [row('q', 'a+b c')])).toBe('http://h/p?q=a%2Bb%20c#top');
  });

  it('writes an unedited row back byte for byte and leaves out disabled and blank rows', () => {
    const rows = queryRowsFromUrl('http://h/?q=a+b&z=%7e', []);
    expect(urlWithQueryRows('http://h/', [...rows, row('off', '1', { enabled: false }), row('', '')])).toBe('http://h/?q=a+b&z=%7e');
  });

  it('keeps an empty pair read from the URL (`?=`), but not a blank row or a cleared one', () => {
    expect(urlWithQueryRows('http://h/', queryRowsFromUrl('http://h/?=', []))).toBe('http://h/?=');
    expect(urlWithQueryRows('http://h/', queryRowsFromUrl('http://h/?a=1&=&b', []))).toBe('http://h/?a=1&=&b');
    expect(urlWithQueryRows('http://h/', [row('', ''), row('', '', { raw: 'a=1' })])).toBe('http://h/');
  });

  it('keeps {{variables}} in values verbatim', () => {
    expect(urlWithQueryRows('{{base}}/x', [row('q', '{{ term }}')])).toBe('{{base}}/x?q={{ term }}');
  });

  it('round-trips: rows written to a URL read back to rows that send the same query, the same text when they hold no %XX escape', () => {
    // Digits make valid escapes (`%41`, `%25`): a row's `%XX` is sent as the escape it is. They
    // are all ASCII; an escape of a lone UTF-8 byte (`%aa`) reads back as U+FFFD, as it always did.
    const text = fc.string({ unit: fc.constantFrom('x', 'y', '1', '2', '4', '5', ' ', '+', '%', '&', '=', ',', 'é', '#', '?') });
    const hasEscape = (s: string) => /%[0-9A-Fa-f]{2}/.test(s);
    fc.assert(
      fc.property(fc.array(fc.record({ name: text.filter((s) => s !== ''), value: text }), { maxLength: 5 }), (pairs) => {
        const rows = pairs.map((p, i) => row(p.name, p.value, { id: `r${i}` }));
        const url = urlWithQueryRows('http://h/p', rows);
        const back = queryRowsFromUrl(url, rows);
        // The same URL to a server: what its query decoder reads (`%42` and `B` alike).
        const served = (u: string) => [...new URL(u).searchParams];
        expect(served(urlWithQueryRows('http://h/p', back.map(({ raw: _raw, ...r }) => r)))).toEqual(served(url));
        pairs.forEach((p, i) => {
          if (!hasEscape(p.name)) expect(back[i]!.name).toBe(p.name);
          if (!hasEscape(p.value)) expect(back[i]!.value).toBe(p.value);
        });
      }),
    );
  });

  it('a %XX escape in a row is sent as written, a stray % as %25; a literal "%20" is %2520 in the URL and the row', () => {
    expect(urlWithQueryRows('http://h/p', [row('q', 'a%20b'), row('r', '100%'), row('s', '%zz%4')])).toBe('http://h/p?q=a%20b&r=100%25&s=%25zz%254');
    expect(queryRowsFromUrl('http://h/p?q=%2520&r=100%25&s=%25zz&t=a%20b', []).map((r) => [r.name, r.value])).toEqual([
      ['q', '%2520'],
      ['r', '100%'],
      ['s', '%zz'],
      ['t', 'a b'],
    ]);
    expect(queryRowsFromUrl('http://h/p?q=%4%31', []).map((r) => r.value)).toEqual(['%2541']);
  });
});

describe('draft sync both ways', () => {
  it('editing the URL updates path parameters, keeping values by name', () => {
    let draft = emptyDraft('http://h/users/{id}');
    draft = { ...draft, pathParams: [{ name: 'id', value: '7' }] };
    draft = draftWithUrl(draft, 'http://h/users/{id}/orders/{orderId}');
    expect(draft.pathParams).toEqual([
      { name: 'id', value: '7' },
      { name: 'orderId', value: '' },
    ]);
  });

  it('switching a row between plain, comma and repeat rewrites the URL', () => {
    let draft = emptyDraft('http://h/items?id=1,2,3');
    draft = draftWithQueryRows(draft, [queryRowWithListStyle(draft.query[0]!, 'repeat')]);
    expect(draft.url).toBe('http://h/items?id=1&id=2&id=3');
    draft = draftWithQueryRows(draft, [queryRowWithListStyle(draft.query[0]!, 'comma')]);
    expect(draft.url).toBe('http://h/items?id=1,2,3');
    draft = draftWithQueryRows(draft, [queryRowWithListStyle(draft.query[0]!, 'none')]);
    expect(draft.query[0]).toMatchObject({ name: 'id', value: '1,2,3' });
    expect(draft.query[0]!.list).toBeUndefined();
  });

  it('renames a path parameter in the template and the table, keeping its value', () => {
    let draft = emptyDraft('http://h/users/{id}/x?id={id}');
    draft = { ...draft, pathParams: [{ name: 'id', value: '7' }] };
    draft = draftWithPathParamRenamed(draft, 'id', 'userId');
    expect(draft.url).toBe('http://h/users/{userId}/x?id={id}');
    expect(draft.pathParams).toEqual([{ name: 'userId', value: '7' }]);
    expect(() => draftWithPathParamRenamed(draft, 'userId', 'a/b')).toThrow(RangeError);
  });
});

describe('commaListItems', () => {
  it('splits at literal commas only and decodes each item', () => {
    expect(commaListItems('id=1,a%2Cb,c+d')).toEqual(['1', 'a,b', 'c d']);
    expect(commaListItems('id=')).toEqual([]);
  });
});

describe('urlTemplateTokens', () => {
  it('finds variables anywhere and path parameters in the path only', () => {
    const url = '{{base}}/users/{id}/x?q={{term}}&p={notPath}';
    expect(urlTemplateTokens(url).map((t) => [t.kind, t.name, url.slice(t.from, t.to)])).toEqual([
      ['variable', 'base', '{{base}}'],
      ['path-param', 'id', '{id}'],
      ['variable', 'term', '{{term}}'],
    ]);
  });
});

describe('queryAsTyped: empty pieces sent as typed', () => {
  const sent = (url: string, rows = queryRowsFromUrl(url, []), extra: { name: string; value: string }[] = []) => queryAsTyped(url, rows, [...queryParamsOfRows(rows, (t) => t.replace('{{v}}', 'x&y')), ...extra]);

  it('keeps a trailing, leading or doubled & where it was typed (curl and browsers send them)', () => {
    expect(sent('http://h/?format=json&')).toBe('format=json&');
    expect(sent('http://h/p?&a=1&&b=2&&#f')).toBe('&a=1&&b=2&&');
    expect(sent('http://h/?&')).toBe('&');
  });

  it('writes resolved values in their places and auth parameters after', () => {
    expect(sent('http://h/?q={{v}}&&n=1&')).toBe('q=x%26y&&n=1&');
    expect(sent('http://h/?a=1&', undefined, [{ name: 'key', value: 'k' }])).toBe('a=1&key=k');
  });

  it('gives undefined for a plain query, or when the rows were edited away from the URL', () => {
    expect(sent('http://h/?a=1&b=2')).toBeUndefined();
    expect(sent('http://h/')).toBeUndefined();
    expect(sent('http://h/?a=1&', [row('a', '2')])).toBeUndefined();
    expect(draftWithQueryRows({ ...emptyDraft(), url: 'http://h/?a=1&' }, [row('a', '2')]).url).toBe('http://h/?a=2');
  });
});

describe('a bare ? is sent as typed', () => {
  it('keeps /get? and puts an added pair right after it', () => {
    expect(queryAsTyped('https://a.test/get?', [], [])).toBe('');
    expect(queryAsTyped('https://a.test/get?', [], [{ name: 'k', value: '1' }])).toBe('k=1');
    expect(queryAsTyped('https://a.test/get', [], [])).toBeUndefined();
  });
});
