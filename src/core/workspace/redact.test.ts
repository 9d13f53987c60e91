import { describe, expect, it } from 'vitest';
import { normaliseDraft } from '../request';
import { isSecretHeaderName, redactHistoryEntry, redactSecrets, SecretRedaction } from './redact';

const draft = () =>
  normaliseDraft({
    url: 'https://me:hunter2@api.example.test/items?access_token=abc123&page=2',
    method: 'POST',
    headers: [
      { name: 'Authorization', value: 'Bearer eyJhbGciOi.payload.sig' },
      { name: 'X-API-Key', value: 'k-777' },
      { name: 'Accept', value: 'application/json' },
      { name: 'Cookie', value: '{{sessionCookie}}' },
    ],
    auth: { scheme: 'basic', values: { username: 'ada', password: 's3cret', token: 'tok', key: 'kk' } },
    body: {
      kind: 'json',
      texts: { json: '{\n  "client_id": "app",\n  "client_secret": "shh",\n  "nested": {"refresh_token": "r-1"}\n}' },
      form: [
        { name: 'password', value: 'pw' },
        { name: 'user', value: 'ada' },
      ],
    },
  });

describe('redactSecrets in variables mode', () => {
  const { draft: redacted, variables } = redactSecrets(draft());

  it('replaces auth secret fields of every scheme, keeping non-secret fields', () => {
    expect(redacted.auth.values).toEqual({ username: 'ada', password: '{{password}}', token: '{{token}}', key: '{{apiKey}}' });
  });

  it('replaces secret-looking headers, keeping the scheme word and existing references', () => {
    expect(redacted.headers.map((h) => `${h.name}: ${h.value}`)).toEqual([
      'Authorization: Bearer {{Authorization}}',
      'X-API-Key: {{X-API-Key}}',
      'Accept: application/json',
      'Cookie: {{sessionCookie}}',
    ]);
  });

  it('replaces the URL password and secret query parameters, keeping the tables in sync', () => {
    expect(redacted.url).toBe('https://me:{{urlPassword}}@api.example.test/items?access_token={{access_token}}&page=2');
    expect(redacted.query.map((q) => [q.name, q.value])).toEqual([
      ['access_token', '{{access_token}}'],
      ['page', '2'],
    ]);
  });

  it('replaces secret JSON members and form fields, keeping the JSON formatting', () => {
    expect(redacted.body.texts.json).toBe('{\n  "client_id": "app",\n  "client_secret": "{{client_secret}}",\n  "nested": {"refresh_token": "{{refresh_token}}"}\n}');
    expect(redacted.body.form.map((r) => r.value)).toEqual(['{{password_2}}', 'ada']);
  });

  it('lists every introduced variable with its secret value', () => {
    expect(Object.fromEntries(variables.map((v) => [v.name, v.value]))).toEqual({
      password: 's3cret',
      token: 'tok',
      apiKey: 'kk',
      urlPassword: 'hunter2',
      access_token: 'abc123',
      Authorization: 'eyJhbGciOi.payload.sig',
      'X-API-Key': 'k-777',
      client_secret: 'shh',
      refresh_token: 'r-1',
      password_2: 'pw',
    });
    expect(variables.every((v) => v.secret)).toBe(true);
  });

  it('does not change the draft it was given', () => {
    const original = draft();
    const copy = structuredClone(original);
    redactSecrets(original);
    expect(original).toEqual(copy);
  });
});

describe('redactSecrets in blank mode', () => {
  it('blanks secrets and introduces no variables', () => {
    const { draft: redacted, variables } = redactSecrets(draft(), { mode: 'blank' });
    expect(variables).toEqual([]);
    expect(redacted.auth.values.password).toBe('');
    expect(redacted.headers[0]!.value).toBe('');
    expect(redacted.url).toBe('https://me@api.example.test/items?access_token=&page=2');
    expect(redacted.body.texts.json).toContain('"client_secret": ""');
  });
});

describe('SecretRedaction', () => {
  it('reuses one variable for one secret and avoids taken names', () => {
    const redaction = new SecretRedaction('variables', ['token']);
    expect(redaction.replace('token', 'a')).toBe('{{token_2}}');
    expect(redaction.replace('token', 'a')).toBe('{{token_2}}');
    expect(redaction.replace('token', 'b')).toBe('{{token_3}}');
    expect(redaction.variables.map((v) => v.name)).toEqual(['token_2', 'token_3']);
  });

  it('redacts secret query values in a sent URL', () => {
    const redaction = new SecretRedaction();
    expect(redaction.queryInUrl('https://a.test/x?api_key=k%201&q=1#top')).toBe('https://a.test/x?api_key={{api_key}}&q=1#top');
    expect(redaction.variables).toEqual([{ name: 'api_key', value: 'k 1', secret: true }]);
  });
});

describe('isSecretHeaderName', () => {
  it.each(['Authorization', 'proxy-authorization', 'Cookie', 'X-Auth-Token', 'X-Client-Secret', 'Ocp-Apim-Subscription-Key', 'api_key'])('%s is secret', (name) => {
    expect(isSecretHeaderName(name)).toBe(true);
  });
  it.each(['Accept', 'Content-Type', 'X-Request-Id', 'Keep-Alive', 'User-Agent'])('%s is not', (name) => {
    expect(isSecretHeaderName(name)).toBe(false);
  });
});

describe('redactHistoryEntry', () => {
  it('redacts the draft and the wire record with one name per secret', () => {
    const entry = redactHistoryEntry({
      id: 'h',
      at: '2025-01-01T00:00:00.000Z',
      draft: normaliseDraft({ url: 'https://a.test/', auth: { scheme: 'bearer', values: { token: 'abc' } } }),
      wire: { method: 'GET', url: 'https://a.test/?token=abc', headers: [{ name: 'Authorization', value: 'Bearer abc' }], bodyText: '{"password":"pw"}' },
    });
    expect(entry.draft.auth.values.token).toBe('{{token}}');
    expect(entry.wire).toEqual({ method: 'GET', url: 'https://a.test/?token={{token}}', headers: [{ name: 'Authorization', value: 'Bearer {{Authorization}}' }], bodyText: '{"password":"{{password}}"}' });
  });
});

describe('Digest credentials in history', () => {
  it('keeps the user, masks the password; the wire record never held it', () => {
    const draft = normaliseDraft({ url: 'https://a.test/', auth: { scheme: 'digest', values: { username: 'Mufasa', password: 'Circle of Life', realm: 'r' } } });
    const entry = redactHistoryEntry({ id: 'h', at: '2025-01-01T00:00:00.000Z', draft, wire: { method: 'GET', url: 'https://a.test/', headers: [] } });
    expect(entry.draft.auth.values).toEqual({ username: 'Mufasa', password: '{{password}}', realm: 'r' });
    expect(JSON.stringify(entry)).not.toContain('Circle of Life');
  });
});

describe('secrets in XML bodies', () => {
  const envelope =
    '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Header><wsse:Security><wsse:UsernameToken>' +
    '<wsse:Username>alice</wsse:Username><wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">s3cret!</wsse:Password>' +
    '</wsse:UsernameToken></wsse:Security></soap:Header><soap:Body/></soap:Envelope>';

  it('replaces a WS-Security password in a draft XML body and in a history wire body', () => {
    const draft = normaliseDraft({ method: 'POST', url: 'http://x/soap', body: { kind: 'xml', texts: { xml: envelope } } });
    const { draft: redacted, variables } = redactSecrets(draft);
    expect(redacted.body.texts.xml).not.toContain('s3cret!');
    expect(redacted.body.texts.xml).toContain('<wsse:Username>alice</wsse:Username>');
    expect(redacted.body.texts.xml).toMatch(/<wsse:Password Type="[^"]+#PasswordText">\{\{Password\}\}<\/wsse:Password>/);
    expect(variables).toEqual([expect.objectContaining({ name: 'Password', value: 's3cret!' })]);
    const wire = new SecretRedaction('blank').wire({ method: 'POST', url: 'http://x/soap', headers: [], bodyText: envelope });
    expect(wire.bodyText).not.toContain('s3cret!');
  });
});
