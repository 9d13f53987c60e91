import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileJsonPath, queryJsonPath } from './jsonPath';

// The bookstore of RFC 9535 §1.5.
const store = {
  store: {
    book: [
      { category: 'reference', author: 'Nigel Rees', title: 'Sayings of the Century', price: 8.95 },
      { category: 'fiction', author: 'Evelyn Waugh', title: 'Sword of Honour', price: 12.99 },
      { category: 'fiction', author: 'Herman Melville', title: 'Moby Dick', isbn: '0-553-21311-3', price: 8.99 },
      { category: 'fiction', author: 'J. R. R. Tolkien', title: 'The Lord of the Rings', isbn: '0-395-19395-8', price: 22.99 },
    ],
    bicycle: { color: 'red', price: 399 },
  },
};

const values = (query: string, doc: unknown = store) => {
  const result = queryJsonPath(doc, query);
  if (!result.ok) throw new Error(result.error.message);
  return result.value.map((n) => n.value);
};
const paths = (query: string, doc: unknown = store) => {
  const result = queryJsonPath(doc, query);
  if (!result.ok) throw new Error(result.error.message);
  return result.value.map((n) => n.path);
};

describe('queryJsonPath on the RFC 9535 bookstore', () => {
  it('selects members by dot and bracket notation', () => {
    expect(values('$.store.book[*].author')).toEqual(['Nigel Rees', 'Evelyn Waugh', 'Herman Melville', 'J. R. R. Tolkien']);
    expect(values("$['store']['bicycle']['color']")).toEqual(['red']);
  });

  it('finds descendants', () => {
    expect(values('$..author')).toHaveLength(4);
    expect(values('$..price')).toEqual([8.95, 12.99, 8.99, 22.99, 399]);
  });

  it('indexes from both ends and takes slices and unions', () => {
    expect(values('$..book[2].title')).toEqual(['Moby Dick']);
    expect(values('$..book[-1].title')).toEqual(['The Lord of the Rings']);
    expect(values('$..book[:2].title')).toEqual(['Sayings of the Century', 'Sword of Honour']);
    expect(values('$..book[0,1].title')).toEqual(['Sayings of the Century', 'Sword of Honour']);
    expect(values('$.store.book[::-2].price')).toEqual([22.99, 12.99]);
  });

  it('filters by existence, comparison and boolean logic', () => {
    expect(values('$..book[?@.isbn].title')).toEqual(['Moby Dick', 'The Lord of the Rings']);
    expect(values('$..book[?@.price<10].title')).toEqual(['Sayings of the Century', 'Moby Dick']);
    expect(values('$..book[?(@.price < 10 && @.category == "fiction")].title')).toEqual(['Moby Dick']);
    expect(values('$..book[?!@.isbn || @.price > 20].title')).toEqual(['Sayings of the Century', 'Sword of Honour', 'The Lord of the Rings']);
    expect(values('$..book[?@.price > $.store.bicycle.price]')).toEqual([]);
  });

  it('supports length(), count(), match() and search()', () => {
    expect(values('$..book[?length(@.title) < 10].title')).toEqual(['Moby Dick']);
    expect(values('$.store[?count(@.*) > 2]')).toEqual([store.store.book]);
    expect(values('$..book[?match(@.author, "J.*")].title')).toEqual(['The Lord of the Rings']);
    expect(values('$..book[?search(@.title, "of")].title')).toEqual(['Sayings of the Century', 'Sword of Honour', 'The Lord of the Rings']);
  });

  it('returns normalized paths', () => {
    expect(paths('$..book[?@.isbn].isbn')).toEqual(["$['store']['book'][2]['isbn']", "$['store']['book'][3]['isbn']"]);
    expect(paths("$['it\\'s']", { "it's": 1 })).toEqual(["$['it\\'s']"]);
  });

  it('treats null as a value and a missing member as nothing', () => {
    const doc = [{ a: null }, {}, { a: 1 }];
    expect(values('$[?@.a == null]', doc)).toEqual([{ a: null }]);
    expect(values('$[?@.a]', doc)).toEqual([{ a: null }, { a: 1 }]);
  });
});

describe('compileJsonPath errors', () => {
  const error = (query: string) => {
    const result = compileJsonPath(query);
    return result.ok ? undefined : result.error;
  };

  it('says where and what was expected', () => {
    expect(error('store.book')).toMatchObject({ kind: 'jsonpath-syntax', message: 'Expected "$" (a query starts at the root), found "s" (column 1)' });
    expect(error('$.store[')?.position?.column).toBe(9);
    expect(error('$[?@.a ==]')?.message).toContain('Expected "@", "$", a literal or a function call');
    expect(error("$['open")?.message).toContain('Unterminated string');
    expect(error('$[?nope(@)]')?.message).toContain('Unknown function nope()');
    expect(error('$.a b')?.message).toBe('Unexpected "b" (column 5)');
  });
});

describe('slices agree with Array.prototype.slice for positive steps', () => {
  it('holds for any array and bounds', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 20 }), fc.integer({ min: -25, max: 25 }), fc.integer({ min: -25, max: 25 }), (array, start, end) => {
        expect(values(`$[${start}:${end}]`, array)).toEqual(array.slice(start, end));
      }),
    );
  });

  it('$[*] selects every element in order', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 10 }), (array) => {
        expect(paths('$[*]', array)).toEqual(array.map((_, i) => `$[${i}]`));
      }),
    );
  });
});

describe('select with a limit', () => {
  it('returns only the first nodes', () => {
    const compiled = compileJsonPath('$..price');
    expect(compiled.ok && compiled.value.select(store, 2).map((n) => n.value)).toEqual([8.95, 12.99]);
  });
});

describe('hostile nesting (issue 26.4)', () => {
  const deep = 20_000;
  const failure = (query: string) => {
    const result = compileJsonPath(query);
    return result.ok ? undefined : result.error;
  };
  const nestedMessage = 'Nested more than 256 levels deep (filters, parentheses, "!" and function calls)';

  it('refuses a filter nested about 20 KB deep as a syntax error with its column, never a RangeError', () => {
    // The filter "?" at column 3 is level 1, the n-th "(" (column 3 + n) level n + 1: the 256th "(" is one too many.
    // With "[?@" repeated, the k-th "?" is at column 3k and level k.
    expect(failure(`$[?${'('.repeat(deep)}@${')'.repeat(deep)}]`)).toEqual({ kind: 'jsonpath-syntax', message: `${nestedMessage} (column 259)`, position: expect.objectContaining({ column: 259 }) });
    expect(failure(`$${'[?@'.repeat(deep)}${']'.repeat(deep)}`)?.message).toBe(`${nestedMessage} (column ${3 * 257})`);
    expect(failure(`$[?${'$[?'.repeat(deep)}@${']'.repeat(deep + 1)}`)?.message).toMatch(/^Nested more than 256 levels deep/);
    expect(failure(`$[?${'!'.repeat(deep)}@]`)?.message).toBe(`${nestedMessage} (column 259)`);
    expect(failure(`$[?${'value('.repeat(deep)}@${')'.repeat(deep)}]`)?.message).toMatch(/^Nested more than 256 levels deep/);
    expect(failure(`$[?length(${'('.repeat(deep)}`)?.kind).toBe('jsonpath-syntax');
  });

  it('accepts 256 levels and evaluates them', () => {
    expect(values(`$[?${'('.repeat(255)}@.a${')'.repeat(255)}]`, [{ a: 1 }, {}])).toEqual([{ a: 1 }]);
    expect(values(`$[?${'!'.repeat(254)}@.a]`, [{ a: 1 }, {}])).toEqual([{ a: 1 }]);
  });

  it('evaluates a chain of 20,000 && and || without recursing per operator', () => {
    expect(values(`$[?${'@.a && '.repeat(deep)}@.b]`, [{ a: 1, b: 2 }, { a: 1 }])).toEqual([{ a: 1, b: 2 }]);
    expect(values(`$[?${'@.x || '.repeat(deep)}@.b]`, [{ a: 1, b: 2 }, { a: 1 }])).toEqual([{ a: 1, b: 2 }]);
  });

  it('gives match() a pattern nested 20 KB deep as no match (not an I-Regexp), not a "JSON too deep" error', () => {
    expect(values(`$[?match(@, "${'('.repeat(deep)}a${')'.repeat(deep)}")]`, ['a'])).toEqual([]);
  });

  it('queryJsonPath reports a document too deep to walk as a typed failure', () => {
    const doc = JSON.parse(`${'['.repeat(200_000)}1${']'.repeat(200_000)}`) as unknown;
    const result = queryJsonPath(doc, '$..x');
    expect(result.ok === false && result.error.kind).toBe('jsonpath-too-deep');
  });
});
