import { describe, expect, it } from 'vitest';
import { parseJsonPointer, resolveJsonPointer } from './jsonPointer';

// The example document of RFC 6901 §5.
const doc = { foo: ['bar', 'baz'], '': 0, 'a/b': 1, 'c%d': 2, 'e^f': 3, 'g|h': 4, 'i\\j': 5, 'k"l': 6, ' ': 7, 'm~n': 8 };

describe('resolveJsonPointer: RFC 6901 §5 examples', () => {
  it.each([
    ['', doc],
    ['/foo', ['bar', 'baz']],
    ['/foo/0', 'bar'],
    ['/', 0],
    ['/a~1b', 1],
    ['/c%d', 2],
    ['/e^f', 3],
    ['/g|h', 4],
    ['/i\\j', 5],
    ['/k"l', 6],
    ['/ ', 7],
    ['/m~0n', 8],
  ])('%j', (pointer, value) => expect(resolveJsonPointer(doc, pointer)).toEqual({ ok: true, value }));

  it.each([
    ['#', doc],
    ['#/foo', ['bar', 'baz']],
    ['#/a~1b', 1],
    ['#/c%25d', 2],
    ['#/%20', 7],
  ])('URI fragment form %j', (pointer, value) => expect(resolveJsonPointer(doc, pointer)).toEqual({ ok: true, value }));
});

describe('resolveJsonPointer: what is missing and where', () => {
  it('says which step found nothing', () => {
    const token = { data: { access_token: 'x' } };
    expect(resolveJsonPointer(token, '/data/token')).toMatchObject({
      ok: false,
      error: { kind: 'json-pointer-missing', message: '"/data" is an object without a member "token".' },
    });
    expect(resolveJsonPointer(token, '/access_token')).toMatchObject({ ok: false, error: { message: 'the document is an object without a member "access_token".' } });
  });

  it('refuses array indexes with leading zeros, out of range, or "-"', () => {
    for (const p of ['/foo/01', '/foo/2', '/foo/-', '/foo/x']) {
      expect(resolveJsonPointer(doc, p)).toMatchObject({ ok: false, error: { kind: 'json-pointer-missing' } });
    }
  });

  it('does not walk into strings or inherited members', () => {
    expect(resolveJsonPointer({ a: 'text' }, '/a/length').ok).toBe(false);
    expect(resolveJsonPointer({}, '/constructor').ok).toBe(false);
  });
});

describe('parseJsonPointer', () => {
  it('unescapes ~1 before ~0 so "~01" stays "~1"', () => {
    expect(parseJsonPointer('/~01')).toEqual({ ok: true, value: ['~1'] });
  });

  it('requires a leading slash and points at the fault', () => {
    expect(parseJsonPointer('access_token')).toMatchObject({ ok: false, error: { kind: 'json-pointer-syntax', position: { column: 1 } } });
  });

  it('refuses a "~" not followed by 0 or 1, with its column', () => {
    expect(parseJsonPointer('/a~2b')).toMatchObject({ ok: false, error: { kind: 'json-pointer-syntax', position: { offset: 2, column: 3 } } });
    expect(parseJsonPointer('/a~')).toMatchObject({ ok: false, error: { position: { column: 3 } } });
  });

  it('refuses a broken percent-escape in the fragment form', () => {
    expect(parseJsonPointer('#/%zz')).toMatchObject({ ok: false, error: { kind: 'json-pointer-syntax' } });
  });
});
