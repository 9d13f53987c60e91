import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  applyWsSecurity,
  BASE64_BINARY_ENCODING,
  parseUsernameToken,
  passwordDigest,
  PASSWORD_DIGEST_TYPE,
  PASSWORD_TEXT_TYPE,
  usernameToken,
  verifyPasswordDigest,
  WSSE_NS,
  WSU_NS,
} from './wsSecurity';

const NONCE = new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
const CREATED = new Date(Date.UTC(2026, 0, 1, 0, 0, 0));

function expectedDigest(nonce: Uint8Array, created: string, password: string): string {
  return createHash('sha1').update(Buffer.concat([Buffer.from(nonce), Buffer.from(created, 'utf8'), Buffer.from(password, 'utf8')])).digest('base64');
}

describe('usernameToken', () => {
  it('writes a PasswordDigest token: Base64(SHA-1(nonce + created + password))', async () => {
    const xml = await usernameToken({ username: 'alice', password: 's3cret ünïcode', passwordType: 'PasswordDigest', nonce: NONCE, created: CREATED });
    const digest = expectedDigest(NONCE, '2026-01-01T00:00:00.000Z', 's3cret ünïcode');
    expect(xml).toBe(`<wsse:Security xmlns:wsse="${WSSE_NS}" xmlns:wsu="${WSU_NS}">
  <wsse:UsernameToken>
    <wsse:Username>alice</wsse:Username>
    <wsse:Password Type="${PASSWORD_DIGEST_TYPE}">${digest}</wsse:Password>
    <wsse:Nonce EncodingType="${BASE64_BINARY_ENCODING}">AAECAwQFBgcICQoLDA0ODw==</wsse:Nonce>
    <wsu:Created>2026-01-01T00:00:00.000Z</wsu:Created>
  </wsse:UsernameToken>
</wsse:Security>`);
  });

  it('matches the widely published WS-Security example vector, and node:crypto', async () => {
    const nonce = Uint8Array.from(Buffer.from('LKqI6G/AikKCQrN0zqZFlg==', 'base64'));
    const created = '2010-09-16T07:50:45Z';
    const digest = await passwordDigest(nonce, created, 'userpassword');
    expect(digest).toBe('tuOSpGlFlIXsozq4HFNeeGeFLEI=');
    expect(digest).toBe(expectedDigest(nonce, created, 'userpassword'));
  });

  it('writes PasswordText with the full OASIS Type URI and escapes markup in values', async () => {
    const xml = await usernameToken({ username: 'a<b', password: 'p&"q', passwordType: 'PasswordText', nonce: NONCE, created: CREATED });
    expect(xml).toContain(`<wsse:Password Type="${PASSWORD_TEXT_TYPE}">p&amp;"q</wsse:Password>`);
    expect(xml).toContain('<wsse:Username>a&lt;b</wsse:Username>');
  });

  it('defaults to a fresh 16-byte nonce and the current time in UTC millisecond form', async () => {
    const before = Date.now();
    const first = parseUsernameToken(wrap(await usernameToken({ username: 'u', password: 'p', passwordType: 'PasswordText' })));
    const second = parseUsernameToken(wrap(await usernameToken({ username: 'u', password: 'p', passwordType: 'PasswordText' })));
    if (!first.ok || !second.ok) throw new Error('token did not parse');
    expect(Buffer.from(first.value.nonce ?? '', 'base64')).toHaveLength(16);
    expect(first.value.nonce).not.toBe(second.value.nonce);
    expect(first.value.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Date.parse(first.value.created ?? '')).toBeGreaterThanOrEqual(before - 1);
  });

  it('adds a wsu:Timestamp that expires ttlSeconds after Created', async () => {
    const xml = await usernameToken({ username: 'u', password: 'p', passwordType: 'PasswordText', nonce: NONCE, created: CREATED, timestamp: { ttlSeconds: 300 } });
    expect(xml).toContain('<wsu:Timestamp>\n    <wsu:Created>2026-01-01T00:00:00.000Z</wsu:Created>\n    <wsu:Expires>2026-01-01T00:05:00.000Z</wsu:Expires>\n  </wsu:Timestamp>');
  });

  it('throws on programmer errors', async () => {
    await expect(usernameToken({ username: 'u', password: 'p', passwordType: 'Plain' as never })).rejects.toThrow(RangeError);
    await expect(usernameToken({ username: 'u', password: 'p', passwordType: 'PasswordText', created: new Date(NaN) })).rejects.toThrow(RangeError);
    await expect(usernameToken({ username: 'u', password: 'p', passwordType: 'PasswordText', timestamp: { ttlSeconds: 0 } })).rejects.toThrow(RangeError);
  });
});

function wrap(security: string): string {
  return `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Header>${security}</soapenv:Header><soapenv:Body/></soapenv:Envelope>`;
}

const SECURITY = `<wsse:Security xmlns:wsse="${WSSE_NS}"><wsse:UsernameToken><wsse:Username>bob</wsse:Username></wsse:UsernameToken></wsse:Security>`;

describe('applyWsSecurity', () => {
  it('fills an empty self-closing Header, indented like the envelope', () => {
    const envelope = `<?xml version="1.0" encoding="utf-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/">
  <soapenv:Header/>
  <soapenv:Body>
    <x/>
  </soapenv:Body>
</soapenv:Envelope>
`;
    expect(applyWsSecurity(envelope, SECURITY)).toEqual({
      ok: true,
      value: `<?xml version="1.0" encoding="utf-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/">
  <soapenv:Header>
    <wsse:Security xmlns:wsse="${WSSE_NS}">
      <wsse:UsernameToken>
        <wsse:Username>bob</wsse:Username>
      </wsse:UsernameToken>
    </wsse:Security>
  </soapenv:Header>
  <soapenv:Body>
    <x/>
  </soapenv:Body>
</soapenv:Envelope>
`,
    });
  });

  it('creates the Header before the Body when there is none, with the envelope prefix', () => {
    const envelope = `<e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope">
  <e:Body><x/></e:Body>
</e:Envelope>`;
    const result = applyWsSecurity(envelope, SECURITY);
    expect(result).toEqual({
      ok: true,
      value: `<e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope">
  <e:Header>
    <wsse:Security xmlns:wsse="${WSSE_NS}">
      <wsse:UsernameToken>
        <wsse:Username>bob</wsse:Username>
      </wsse:UsernameToken>
    </wsse:Security>
  </e:Header>
  <e:Body><x/></e:Body>
</e:Envelope>`,
    });
  });

  it('replaces an existing Security header and keeps other headers', () => {
    const envelope = `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Header><h:Trace xmlns:h="urn:h">1</h:Trace><old:Security xmlns:old="${WSSE_NS}"><old:UsernameToken/></old:Security></s:Header><s:Body/></s:Envelope>`;
    const result = applyWsSecurity(envelope, SECURITY);
    expect(result).toEqual({
      ok: true,
      value: `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Header><h:Trace xmlns:h="urn:h">1</h:Trace>${SECURITY}</s:Header><s:Body/></s:Envelope>`,
    });
  });

  it('inserts as the first child of a Header that has other headers', () => {
    const envelope = `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Header><h:Trace xmlns:h="urn:h">1</h:Trace></s:Header><s:Body/></s:Envelope>`;
    const result = applyWsSecurity(envelope, SECURITY);
    expect(result.ok && result.value).toBe(
      `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Header>${SECURITY}<h:Trace xmlns:h="urn:h">1</h:Trace></s:Header><s:Body/></s:Envelope>`,
    );
  });

  it('refuses what is not an envelope or not a Security header', () => {
    expect(applyWsSecurity('<a/>', SECURITY)).toMatchObject({ ok: false, error: { kind: 'not-soap-envelope' } });
    expect(applyWsSecurity(wrap(''), '<Security/>')).toMatchObject({ ok: false, error: { kind: 'not-security-header' } });
    expect(applyWsSecurity(wrap(''), '<wsse:Security')).toMatchObject({ ok: false, error: { kind: 'xml-malformed' } });
    expect(applyWsSecurity('<soapenv:Envelope', SECURITY)).toMatchObject({ ok: false, error: { kind: 'xml-malformed', position: { line: 1 } } });
  });

  it('regenerated at every send: applying twice leaves one Security header', async () => {
    const once = applyWsSecurity(wrap(''), await usernameToken({ username: 'u', password: 'p', passwordType: 'PasswordText' }));
    if (!once.ok) throw new Error(once.error.message);
    const twice = applyWsSecurity(once.value, await usernameToken({ username: 'v', password: 'p', passwordType: 'PasswordText' }));
    if (!twice.ok) throw new Error(twice.error.message);
    expect(twice.value.match(/<wsse:Security /g)).toHaveLength(1);
    expect(parseUsernameToken(twice.value)).toMatchObject({ ok: true, value: { username: 'v' } });
  });
});

describe('parseUsernameToken and verifyPasswordDigest', () => {
  it('round-trips a digest token and verifies it against the right password only', async () => {
    const security = await usernameToken({ username: 'alice', password: 'pw', passwordType: 'PasswordDigest', nonce: NONCE, created: CREATED, timestamp: { ttlSeconds: 60 } });
    const applied = applyWsSecurity(wrap(''), security);
    if (!applied.ok) throw new Error(applied.error.message);
    const token = parseUsernameToken(applied.value);
    expect(token).toEqual({
      ok: true,
      value: {
        username: 'alice',
        password: expectedDigest(NONCE, '2026-01-01T00:00:00.000Z', 'pw'),
        passwordType: 'PasswordDigest',
        nonce: 'AAECAwQFBgcICQoLDA0ODw==',
        created: '2026-01-01T00:00:00.000Z',
        timestamp: { created: '2026-01-01T00:00:00.000Z', expires: '2026-01-01T00:01:00.000Z' },
      },
    });
    if (!token.ok) return;
    expect(await verifyPasswordDigest(token.value, 'pw')).toBe(true);
    expect(await verifyPasswordDigest(token.value, 'pW')).toBe(false);
    expect(await verifyPasswordDigest({ ...token.value, passwordType: 'PasswordText' }, 'pw')).toBe(false);
  });

  it('reads PasswordText, treating a missing Type as PasswordText', () => {
    const token = parseUsernameToken(wrap(`<wsse:Security xmlns:wsse="${WSSE_NS}"><wsse:UsernameToken><wsse:Username> bob </wsse:Username><wsse:Password>pa ss</wsse:Password></wsse:UsernameToken></wsse:Security>`));
    expect(token).toEqual({ ok: true, value: { username: 'bob', password: 'pa ss', passwordType: 'PasswordText' } });
  });

  it('says what is missing', () => {
    const security = (inner: string) => wrap(`<wsse:Security xmlns:wsse="${WSSE_NS}">${inner}</wsse:Security>`);
    expect(parseUsernameToken(wrap(''))).toMatchObject({ ok: false, error: { kind: 'no-security-header' } });
    expect(parseUsernameToken(security(''))).toMatchObject({ ok: false, error: { kind: 'no-username-token' } });
    expect(parseUsernameToken(security('<wsse:UsernameToken/>'))).toMatchObject({ ok: false, error: { kind: 'missing-username', field: 'Username' } });
    expect(parseUsernameToken(security('<wsse:UsernameToken><wsse:Username>u</wsse:Username></wsse:UsernameToken>'))).toMatchObject({
      ok: false,
      error: { kind: 'missing-password' },
    });
    expect(
      parseUsernameToken(security('<wsse:UsernameToken><wsse:Username>u</wsse:Username><wsse:Password Type="#PasswordText">p</wsse:Password></wsse:UsernameToken>')),
    ).toMatchObject({ ok: false, error: { kind: 'unknown-password-type' } });
    expect(
      parseUsernameToken(security('<wsse:UsernameToken><wsse:Username>u</wsse:Username><wsse:Password>p</wsse:Password><wsse:Nonce>not base64!</wsse:Nonce></wsse:UsernameToken>')),
    ).toMatchObject({ ok: false, error: { kind: 'bad-nonce' } });
    expect(parseUsernameToken('<Envelope/>')).toMatchObject({ ok: false, error: { kind: 'not-soap-envelope' } });
  });

  it('finds Security by namespace, whatever its prefix', () => {
    const token = parseUsernameToken(
      `<E:Envelope xmlns:E="http://www.w3.org/2003/05/soap-envelope"><E:Header><q:Security xmlns:q="${WSSE_NS}"><q:UsernameToken><q:Username>z</q:Username><q:Password>p</q:Password></q:UsernameToken></q:Security></E:Header><E:Body/></E:Envelope>`,
    );
    expect(token.ok && token.value.username).toBe('z');
  });
});
