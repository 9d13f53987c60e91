import { describe, expect, it } from 'vitest';
import { xmlXPath } from './xmlXPath';

/** An Atom-like feed: every element in the default namespace, one prefixed extension. */
const feed = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Orders</title><entry><id>urn:o:1</id></entry></feed>`;
/** The same default namespace also bound to a prefix. */
const bound = `<a:feed xmlns:a="urn:shop" xmlns="urn:shop"><order>1</order></a:feed>`;

describe('xmlXPath: an empty node-set on a document with a default namespace', () => {
  it('says the name needs a prefix, names the namespace and gives an expression that works', () => {
    const r = xmlXPath(feed, '//entry/id');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('missing');
    expect(r.error.message).toContain('//entry/id matched nothing.');
    expect(r.error.message).toContain('default namespace http://www.w3.org/2005/Atom');
    expect(r.error.message).toContain('prefixes are needed');
    const suggestion = /write (\/\/\*\[local-name\(\)='entry' and namespace-uri\(\)='http:\/\/www\.w3\.org\/2005\/Atom'\])/.exec(r.error.message)?.[1];
    expect(suggestion).toBeDefined();
    // The suggestion really selects the element.
    expect(xmlXPath(feed, suggestion!)).toMatchObject({ ok: true, value: ['urn:o:1'] });
  });

  it('offers the prefix the document binds to the same namespace', () => {
    const r = xmlXPath(bound, '/feed/order');
    expect(r).toMatchObject({ ok: false, error: { kind: 'missing', message: expect.stringContaining('binds the prefix a to it: write a:feed') } });
    expect(xmlXPath(bound, '/a:feed/a:order')).toMatchObject({ ok: true, value: ['1'] });
  });

  it.each([
    ['a prefixed expression', `<r xmlns="urn:d" xmlns:m="urn:m"><m:x>1</m:x></r>`, '//m:y'],
    ['attributes and functions only', feed, '//*[@missing]'],
    ['a document without a default namespace', '<r><x>1</x></r>', '//y'],
  ])('keeps the plain empty result for %s', (_name, xml, expression) => {
    expect(xmlXPath(xml, expression)).toEqual({ ok: true, value: [] });
  });

  it('leaves matches, numbers and booleans alone', () => {
    expect(xmlXPath(feed, 'count(//entry)')).toEqual({ ok: true, value: 0 });
    expect(xmlXPath(feed, "//*[local-name()='title']")).toEqual({ ok: true, value: ['Orders'] });
  });
});

describe('xmlXPath: hostile nesting (issue 26.4)', () => {
  const deep = 20_000;

  it('refuses an expression nested past 256 levels with its column', () => {
    const message = 'Not a valid XPath expression here: nested more than 256 levels deep (parentheses and predicates) at column 257.';
    expect(xmlXPath('<a/>', `${'('.repeat(deep)}1${')'.repeat(deep)}`)).toEqual({ ok: false, error: { kind: 'invalid-expression', message } });
    expect(xmlXPath('<a/>', `not(${'not('.repeat(deep)}1${')'.repeat(deep + 1)}`)).toMatchObject({ ok: false, error: { kind: 'invalid-expression', message: expect.stringMatching(/nested more than 256 levels deep .* at column \d+\.$/) } });
    // Brackets inside string literals do not count.
    expect(xmlXPath('<a>x</a>', `concat('${'('.repeat(1000)}', /a)`)).toEqual({ ok: true, value: `${'('.repeat(1000)}x` });
    expect(xmlXPath('<a/>', `${'('.repeat(256)}1${')'.repeat(256)}`)).toEqual({ ok: true, value: 1 });
  });

  it('says in words when a long operator chain exhausts the engine, not "Maximum call stack size exceeded"', () => {
    const r = xmlXPath('<a/>', `1${' or 1'.repeat(deep)}`);
    expect(r).toMatchObject({ ok: false, error: { kind: 'invalid-expression', message: expect.stringContaining('too long or too deeply nested for the XPath engine') } });
  });

  it('refuses a document nested past 1000 levels with the element and its position, at once', () => {
    // <r> is level 1, so the 1000th <a> (column 2998) is level 1001.
    const xml = `<r>\n${'<a>'.repeat(deep)}${'</a>'.repeat(deep)}</r>`;
    expect(xmlXPath(xml, '//a')).toEqual({
      ok: false,
      error: { kind: 'unreadable', message: "The body's XML is nested more than 1000 levels deep (element <a> at line 2, column 2998), too deep for XPath; check it as text (body contains, matches) instead." },
    });
    // Before the bound, //a over this document ran for minutes (past the test's timeout) and string(/) overflowed the stack.
    expect(xmlXPath(`${'<a>'.repeat(999)}x${'</a>'.repeat(999)}`, 'count(//a)')).toEqual({ ok: true, value: 999 });
  });
});
