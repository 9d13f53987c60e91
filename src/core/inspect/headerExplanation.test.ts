import { describe, expect, it } from 'vitest';
import { parseEntityTag } from './entityTag';
import { EXPLAINED_RESPONSE_HEADERS, explainResponseHeader } from './headerExplanation';

const now = new Date('2025-01-01T00:00:00Z');
const request = { method: 'PUT', url: 'http://127.0.0.1:4780/sandbox/items/1', headers: [] };
const explain = (name: string, value: string, status?: number) => explainResponseHeader({ name, value }, { request, now, ...(status ? { status } : {}) });

describe('explainResponseHeader', () => {
  it('returns undefined for headers it has nothing to say about', () => {
    expect(explain('X-Powered-By', 'Express')).toBeUndefined();
  });

  it('matches names case-insensitively', () => {
    expect(explain('CACHE-CONTROL', 'no-store')?.summary).toBe('No cache may store this response.');
  });

  it('parses WWW-Authenticate into described challenges', () => {
    const e = explain('WWW-Authenticate', 'Basic realm="sandbox", Bearer error="invalid_token"');
    expect(e?.summary).toBe('Asks for Basic or Bearer credentials in Authorization.');
    expect(e?.details.map((d) => d.label)).toEqual(['Basic', 'Bearer']);
    expect(e?.details[1]?.value).toContain('invalid_token');
  });

  it('says a Cookie challenge is answered by a session cookie, not in Authorization', () => {
    expect(explain('WWW-Authenticate', 'Cookie realm="sandbox", form-action="/login", cookie-name="sid"')?.summary).toBe(
      'Asks for a session cookie (the Cookie scheme): a login sets it, and the Cookie header carries it back.',
    );
    expect(explain('WWW-Authenticate', 'Basic realm="r", Cookie cookie-name="sid"')?.summary).toBe(
      'Asks for Basic credentials in Authorization. Or asks for a session cookie (the Cookie scheme): a login sets it, and the Cookie header carries it back.',
    );
  });

  it('reports a malformed challenge with its position', () => {
    const e = explain('WWW-Authenticate', 'Basic realm="unclosed');
    expect(e?.findings[0]?.id).toBe('challenge-syntax');
  });

  it('explains Content-Type with its charset, and JSON charsets that are not UTF-8', () => {
    expect(explain('Content-Type', 'text/html; charset=ISO-8859-1')?.summary).toBe('The body is text/html; the text is decoded as ISO-8859-1.');
    expect(explain('Content-Type', 'application/json; charset=latin1')?.findings.map((f) => f.id)).toEqual(['content-type-json-charset']);
    expect(explain('Content-Type', 'application/json')?.summary).toContain('always UTF-8');
    expect(explain('Content-Type', 'text/plain;;x')?.findings.map((f) => f.id)).toEqual(['content-type-syntax']);
  });

  it('resolves a relative Location against the request URL, by status', () => {
    const created = explain('Location', '/sandbox/items/2', 201);
    expect(created?.summary).toBe('The created resource is at http://127.0.0.1:4780/sandbox/items/2 (a relative reference, resolved against the request URL).');
    expect(explain('Location', 'https://login.example.com/', 302)?.summary).toBe('The redirect points to https://login.example.com/.');
    expect(explain('Location', 'http://[bad')?.findings.map((f) => f.id)).toEqual(['location-invalid']);
  });

  it('lists Allow and notes when the request method is not in it', () => {
    const e = explain('Allow', 'GET, HEAD');
    expect(e?.summary).toBe('The resource supports GET, HEAD.');
    expect(e?.findings.map((f) => f.id)).toEqual(['allow-excludes-method']);
  });

  it('turns Retry-After into a wait and a moment', () => {
    expect(explain('Retry-After', '120')?.details).toEqual([
      { label: 'Wait', value: '120 s' },
      { label: 'Retry at', value: '2025-01-01T00:02:00.000Z' },
    ]);
    expect(explain('Retry-After', 'soon')?.findings[0]?.id).toBe('retry-after-syntax');
  });

  it('tells strong from weak ETags and flags unquoted ones', () => {
    expect(explain('ETag', '"v1"')?.details[0]).toEqual({ label: 'Strength', value: 'strong' });
    expect(explain('ETag', 'W/"v1"')?.summary).toContain('weak');
    expect(explain('ETag', 'v1')?.findings[0]?.id).toBe('etag-syntax');
  });

  it('explains every header it lists without throwing on odd values', () => {
    for (const name of EXPLAINED_RESPONSE_HEADERS) {
      for (const value of ['', ' ', '"', '=;,', 'W/', '\u00ff']) {
        expect(() => explain(name, value)).not.toThrow();
      }
    }
  });
});

describe('parseEntityTag', () => {
  it('reads strong and weak tags', () => {
    expect(parseEntityTag(' "abc" ')).toEqual({ ok: true, value: { weak: false, opaque: 'abc' } });
    expect(parseEntityTag('W/""')).toEqual({ ok: true, value: { weak: true, opaque: '' } });
  });

  it('fails where the grammar breaks', () => {
    const unquoted = parseEntityTag('abc');
    expect(unquoted.ok ? undefined : unquoted.error.position?.column).toBe(1);
    const trailing = parseEntityTag('"a"b');
    expect(trailing.ok ? undefined : trailing.error.position?.column).toBe(4);
    const space = parseEntityTag('"a b"');
    expect(space.ok ? undefined : space.error.message).toContain('U+0020');
  });
});
