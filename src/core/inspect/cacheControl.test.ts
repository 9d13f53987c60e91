import { describe, expect, it } from 'vitest';
import { describeCacheDirective, parseCacheControl, summarizeCacheControl } from './cacheControl';

const summary = (value: string) => summarizeCacheControl(parseCacheControl(value));

describe('parseCacheControl', () => {
  it('reads directives with and without values, lower-casing names', () => {
    expect(parseCacheControl('Max-Age=60, no-cache, private="Set-Cookie, X-A"')).toEqual([
      { name: 'max-age', value: '60' },
      { name: 'no-cache' },
      { name: 'private', value: 'Set-Cookie, X-A' },
    ]);
  });

  it('skips empty list elements', () => {
    expect(parseCacheControl(' , public,, max-age=5 ,')).toEqual([{ name: 'public' }, { name: 'max-age', value: '5' }]);
  });

  it('unescapes quoted-pair in quoted values', () => {
    expect(parseCacheControl('x="a\\"b"')).toEqual([{ name: 'x', value: 'a"b' }]);
  });
});

describe('summarizeCacheControl', () => {
  it('says whether caches may store the response, as a verdict', () => {
    expect(summary('no-store, max-age=60').cacheable).toBe(false);
    expect(summary('no-cache').cacheable).toBe(true);
    expect(summary('private, max-age=60').cacheable).toBe(true);
    expect(summary('').cacheable).toBeUndefined();
  });

  it('says no cache may store a no-store response, and that no-store overrides max-age', () => {
    const s = summary('no-store, max-age=600');
    expect(s.summary).toBe('No cache may store this response.');
    expect(s.findings.map((f) => f.id)).toEqual(['cache-control-no-store-conflict']);
  });

  it('explains that no-cache means revalidate, not "do not store"', () => {
    expect(summary('no-cache').summary).toContain('must check with the server before each reuse');
  });

  it('gives the freshness lifetime and who may cache', () => {
    expect(summary('public, max-age=3600').summary).toBe('Any cache may reuse it without asking for 60 minutes.');
    expect(summary('private, max-age=30').summary).toBe('Only the browser\u2019s cache may reuse it without asking for 30 seconds.');
    expect(summary('max-age=31536000, immutable').summary).toContain('even on reload');
  });

  it('reports a max-age that is not delta-seconds', () => {
    expect(summary('max-age=1.5').findings.map((f) => f.id)).toEqual(['cache-control-seconds']);
    expect(summary('max-age').findings.map((f) => f.id)).toEqual(['cache-control-seconds']);
  });

  it('reports public and private together, and duplicates', () => {
    expect(summary('public, private').findings.map((f) => f.id)).toEqual(['cache-control-public-private']);
    expect(summary('max-age=1, max-age=2').findings.map((f) => f.id)).toEqual(['cache-control-duplicate']);
  });
});

describe('describeCacheDirective', () => {
  it('includes the value of seconds directives and knows extensions from RFC 5861 and 8246', () => {
    expect(describeCacheDirective({ name: 'stale-while-revalidate', value: '120' })).toContain('(2 minutes)');
    expect(describeCacheDirective({ name: 'immutable' })).toContain('RFC 8246');
    expect(describeCacheDirective({ name: 'x-custom' })).toContain('does not know');
  });
});
