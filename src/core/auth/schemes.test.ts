import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseCredentials } from './credentials';
import { applyAuth, authScheme, authSchemes, parseAuthParamLines, visibleAuthFields } from './schemes';

const header = (value: string) => ({ ok: true, value: { headers: [{ name: 'Authorization', value }] } });

describe('authSchemes', () => {
  it('lists every scheme of spec §5 once, with a summary citing its source', () => {
    expect(authSchemes.map((s) => s.id)).toEqual(['none', 'basic', 'digest', 'bearer', 'jwt', 'apikey', 'custom', 'sigv4', 'oauth1', 'hawk']);
    for (const s of authSchemes) {
      // AWS's Signature Version 4 is specified by AWS, Hawk by its own specification, not by an RFC.
      expect(s.summary).toMatch(/spec §|RFC|AWS SigV4|Hawk header scheme/);
      expect(s.summary).not.toContain('\n');
      expect(new Set(s.fields.map((f) => f.name)).size).toBe(s.fields.length);
      for (const f of s.fields) if (f.kind === 'select') expect(f.options?.some((o) => o.value === f.default)).toBe(true);
    }
  });

  it('finds a descriptor by id', () => {
    expect(authScheme('basic')?.label).toBe('Basic');
    expect(authScheme('ntlm')).toBeUndefined();
  });

  it('apply works detached from its descriptor', () => {
    const { apply } = authScheme('bearer')!;
    expect(apply({ token: 'abc' })).toEqual(header('Bearer abc'));
  });
});

describe('applyAuth', () => {
  it('none adds nothing', () => {
    expect(applyAuth('none', {})).toEqual({ ok: true, value: { headers: [] } });
  });

  it('basic builds the RFC 7617 header and names the bad field', () => {
    expect(applyAuth('basic', { username: 'Aladdin', password: 'open sesame' })).toEqual(header('Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ=='));
    expect(applyAuth('basic', { username: 'a:b', password: '' })).toMatchObject({ ok: false, error: { field: 'username' } });
  });

  it('bearer and jwt name the token field', () => {
    expect(applyAuth('bearer', { token: 'tok' })).toEqual(header('Bearer tok'));
    expect(applyAuth('bearer', { token: 'a b' })).toMatchObject({ ok: false, error: { field: 'token' } });
    expect(applyAuth('jwt', { token: 'a.b.c' })).toEqual(header('JWT a.b.c'));
    expect(applyAuth('jwt', {})).toMatchObject({ ok: false, error: { field: 'token', kind: 'jwt-empty' } });
  });

  it('apikey defaults to the Ocp-Apim-Subscription-Key header', () => {
    expect(applyAuth('apikey', { key: 'k' })).toEqual({ ok: true, value: { headers: [{ name: 'Ocp-Apim-Subscription-Key', value: 'k' }] } });
    expect(applyAuth('apikey', { headerName: 'X-Api-Key', key: 'k', placement: 'header' })).toEqual({
      ok: true,
      value: { headers: [{ name: 'X-Api-Key', value: 'k' }] },
    });
  });

  it('apikey can go in the query, and names bad fields', () => {
    expect(applyAuth('apikey', { headerName: 'subscription-key', key: 'k', placement: 'query' })).toEqual({
      ok: true,
      value: { headers: [], query: [{ name: 'subscription-key', value: 'k' }] },
    });
    expect(applyAuth('apikey', { headerName: 'Bad Name', key: 'k' })).toMatchObject({ ok: false, error: { field: 'headerName' } });
    expect(applyAuth('apikey', { key: '' , placement: 'query' })).toMatchObject({ ok: false, error: { field: 'key' } });
    expect(applyAuth('apikey', { headerName: '', key: 'k', placement: 'query' })).toMatchObject({ ok: false, error: { field: 'headerName' } });
    expect(applyAuth('apikey', { key: 'k', placement: 'cookie' })).toMatchObject({ ok: false, error: { field: 'placement' } });
  });

  it('custom sends params from name=value lines, quoted', () => {
    expect(applyAuth('custom', { scheme: 'Hawk', params: 'id=dh37\nts = 1353832234\n# comment\n\nmac="6R4\\"x"' })).toEqual(
      header('Hawk id="dh37", ts="1353832234", mac="6R4\\"x"'),
    );
  });

  it('custom sends a token68 in token68 mode', () => {
    expect(applyAuth('custom', { scheme: 'Negotiate', mode: 'token68', credentials: 'YII=' })).toEqual(header('Negotiate YII='));
    expect(applyAuth('custom', { scheme: 'Negotiate', mode: 'token68', credentials: 'a b' })).toMatchObject({
      ok: false,
      error: { field: 'credentials' },
    });
  });

  it('custom names the scheme, mode or params field when wrong', () => {
    expect(applyAuth('custom', { scheme: 'My Scheme', params: 'a=1' })).toMatchObject({ ok: false, error: { field: 'scheme' } });
    expect(applyAuth('custom', { scheme: 'X', mode: 'other' })).toMatchObject({ ok: false, error: { field: 'mode' } });
    expect(applyAuth('custom', { scheme: 'X', params: 'a=1\nbroken' })).toMatchObject({
      ok: false,
      error: { field: 'params', position: { line: 2 } },
    });
  });

  it('every scheme returns a result for arbitrary values, and failures name one of its fields', () => {
    const values = fc.dictionary(
      fc.constantFrom('username', 'password', 'token', 'headerName', 'key', 'placement', 'scheme', 'mode', 'credentials', 'params'),
      fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('header', 'query', 'params', 'token68', 'a=1', 'Hawk')),
    );
    fc.assert(
      fc.property(fc.constantFrom(...authSchemes), values, (scheme, v) => {
        const r = scheme.apply(v);
        if (!r.ok) expect(scheme.fields.map((f) => f.name)).toContain(r.error.field);
      }),
      { numRuns: 500 },
    );
  });

  it('an unknown scheme id is a failure value', () => {
    expect(applyAuth('ntlm', {})).toMatchObject({ ok: false, error: { kind: 'auth-scheme-unknown', field: 'scheme' } });
  });
});

describe('parseAuthParamLines', () => {
  it('reads literal values trimmed, and quoted values with escapes', () => {
    expect(parseAuthParamLines(' key = a b c \r\nq="x \\\\ \\"y\\""')).toEqual({
      ok: true,
      value: [
        { name: 'key', value: 'a b c' },
        { name: 'q', value: 'x \\ "y"' },
      ],
    });
  });

  it('keeps "=" inside values and allows empty values', () => {
    expect(parseAuthParamLines('sig=abc==\nempty=')).toEqual({
      ok: true,
      value: [
        { name: 'sig', value: 'abc==' },
        { name: 'empty', value: '' },
      ],
    });
  });

  it('points at the line and column of a mistake', () => {
    expect(parseAuthParamLines('a=1\n\nno equals')).toMatchObject({
      ok: false,
      error: { kind: 'auth-param-line-invalid', position: { line: 3, column: 10 }, message: expect.stringContaining('Line 3 has no "="') },
    });
    expect(parseAuthParamLines('a=1\n  bad name=2')).toMatchObject({
      ok: false,
      error: { kind: 'auth-param-name-invalid', position: { line: 2, column: 3 } },
    });
    expect(parseAuthParamLines('=2')).toMatchObject({ ok: false, error: { message: expect.stringContaining('no auth-param name') } });
    expect(parseAuthParamLines('a="x"y"')).toMatchObject({
      ok: false,
      error: { kind: 'auth-param-value-invalid', position: { column: 6 } },
    });
  });

  it('custom params round-trip through parseCredentials', () => {
    const value = fc.string({ unit: fc.constantFrom('a', ' ', '"', '\\', ',', '=', 'é') }).map((v) => v.trim());
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('id', 'ts', 'mac'), value), { maxLength: 3 }), (pairs) => {
        const text = pairs.map(([n, v]) => `${n}="${v.replace(/["\\]/g, (m) => `\\${m}`)}"`).join('\n');
        const applied = applyAuth('custom', { scheme: 'Hawk', params: text });
        expect(applied.ok).toBe(true);
        if (!applied.ok) return;
        const parsed = parseCredentials(applied.value.headers[0]!.value);
        expect(parsed).toEqual({ ok: true, value: { scheme: 'Hawk', params: pairs.map(([name, v]) => ({ name, value: v })) } });
      }),
    );
  });
});

describe('the custom scheme form shows only the fields of the chosen credentials form', () => {
  it('hides Token68 in the Auth-params form and Auth-params in the Token68 form', () => {
    const custom = authScheme('custom')!;
    const names = (values: Record<string, string>) => visibleAuthFields(custom, values).map((f) => f.name);
    expect(names({})).toEqual(['scheme', 'mode', 'params']);
    expect(names({ mode: 'params' })).toEqual(['scheme', 'mode', 'params']);
    expect(names({ mode: 'token68' })).toEqual(['scheme', 'mode', 'credentials']);
  });
});
