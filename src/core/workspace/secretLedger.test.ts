import { describe, expect, it } from 'vitest';
import { exportPostman } from '../formats/postmanExport';
import { formatHttpFile } from '../formats/httpFileFormat';
import { normaliseDraft } from '../request';
import type { Collection } from './model';
import { rememberExchangeSecrets, SecretRedaction } from './redact';
import { credentialValuesOf, encodedForms, isCredentialName, isSecretValue, isSecretVariable, SecretLedger, sessionSecrets } from './secretLedger';

const OPAQUE = 'q7Rt2mXv9LpW4sNz8KbY'; // an access token with no recognisable shape

describe('credentialValuesOf: the credentials a body holds', () => {
  it('reads credential-named JSON members at any depth, and not the names that describe one', () => {
    const body = JSON.stringify({ token_type: 'Bearer', expires_in: 3600, data: { session: { access_token: OPAQUE, token_endpoint: 'https://as/token' } } });
    expect(credentialValuesOf(body, 'application/json')).toEqual([OPAQUE]);
  });

  it('reads form pairs, XML elements and attributes, and name: value lines of plain text', () => {
    expect(credentialValuesOf(`access_token=${OPAQUE}&token_type=bearer`, 'application/x-www-form-urlencoded')).toEqual([OPAQUE]);
    expect(credentialValuesOf(`<r><wsse:Password Type="x">${OPAQUE}</wsse:Password><Name>Ann</Name></r>`, 'text/xml')).toEqual([OPAQUE]);
    expect(credentialValuesOf(`<r session="${OPAQUE}"/>`, 'application/xml')).toEqual([OPAQUE]);
    expect(credentialValuesOf(`user: ann\nrefresh_token: ${OPAQUE}\n`, 'text/plain')).toEqual([OPAQUE]);
  });

  it('tells credential names from descriptive ones', () => {
    for (const name of ['access_token', 'refresh_token', 'id_token', 'client_secret', 'password', 'api_key', 'code', 'session']) expect(isCredentialName(name)).toBe(true);
    for (const name of ['token_type', 'token_endpoint', 'expires_in', 'tokenUrl', 'password_hint', 'name']) expect(isCredentialName(name)).toBe(false);
  });
});

describe('SecretLedger: secrets by provenance', () => {
  it('knows a remembered value, a value that holds it, and its Base64 and percent-encoded forms', () => {
    const ledger = new SecretLedger();
    const secret = 'p@ss word/with+signs';
    ledger.remember(secret, 'a test');
    expect(ledger.originOf(secret)).toBe('a test');
    expect(ledger.originOf(`Bearer ${secret}`)).toBe('a test');
    for (const form of encodedForms(secret)) expect(ledger.originOf(`x=${form}&y=1`)).toBe('a test');
    expect(ledger.originOf('nothing to see here')).toBeUndefined();
    const masked = ledger.mask(`a ${secret} b ${encodeURIComponent(secret)} c ${btoa(secret)}`, () => '***');
    expect(masked).toBe('a *** b *** c ***');
  });

  it('knows the forms a value is derived in: reversed, upper- and lower-cased, hex, Base64 at every alignment, escaped for JSON and HTML', () => {
    const ledger = new SecretLedger();
    const secret = `Tok"en&Val'ue-4711<x>`;
    ledger.remember(secret, 'an environment variable');
    const reversed = secret.split('').reverse().join('');
    const hex = Buffer.from(secret).toString('hex');
    const derived = [
      reversed,
      secret.toUpperCase(),
      secret.toLowerCase(),
      hex,
      hex.toUpperCase(),
      btoa(reversed),
      encodeURIComponent(reversed),
      new URLSearchParams({ q: secret }).toString().slice(2),
      new URL(`http://h/?q=${secret}`).search.slice(3),
      JSON.stringify(secret).slice(1, -1),
      secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;'),
      secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;'),
    ];
    for (const form of derived) expect(ledger.mask(`<${form}>`, () => '***'), form).toBe('<***>');
    // Base64 of a text that holds the secret at any offset (a Basic header's user:secret) holds one of the aligned forms.
    for (const prefix of ['', 'u:', 'us:', 'use:']) {
      const basic = btoa(`${prefix}${secret}`);
      expect(ledger.originOf(basic), prefix).toBe('an environment variable');
      expect(ledger.mask(basic, () => '***'), prefix).toMatch(/^.{0,8}\*\*\*.{0,4}$/);
    }
    expect(ledger.originOf('an ordinary sentence about tokens and values')).toBeUndefined();
  });

  it('finds its values in one pass over a long text however many it remembers', () => {
    const ledger = new SecretLedger();
    for (let i = 0; i < 2_000; i++) ledger.remember(`opaque-${i}-${'x'.repeat(i % 7)}-q7Rt2mXv`, 'a run');
    const text = `${'lorem ipsum dolor sit amet '.repeat(40_000)}opaque-1999-${'x'.repeat(1999 % 7)}-q7Rt2mXv end`;
    // No timing asserted (the suite holds on a loaded machine); the speed is bench material. A pass per secret would still be correct, only slow.
    const masked = ledger.mask(text, () => '***');
    expect(masked.endsWith('*** end')).toBe(true);
  });

  it('keeps the scheme word out of a remembered credential, and ignores short values and references', () => {
    const ledger = new SecretLedger();
    ledger.remember(`Bearer ${OPAQUE}`, 'a header');
    expect(ledger.values()).toEqual([OPAQUE]);
    ledger.remember('short', 'x');
    ledger.remember('{{token}}', 'x');
    expect(ledger.size).toBe(1);
  });

  it('makes a script-copied opaque token a secret variable, and an ordinary value not', () => {
    const ledger = new SecretLedger();
    rememberExchangeSecrets({ request: { method: 'POST', url: 'http://as/token', headers: [] }, headers: [{ name: 'Content-Type', value: 'application/json' }], bodyText: JSON.stringify({ access_token: OPAQUE, token_type: 'Bearer' }) }, ledger);
    expect(isSecretVariable({ name: 'savedValue', value: OPAQUE }, ledger)).toBe(true);
    expect(isSecretVariable({ name: 'savedValue', value: 'Bearer' }, ledger)).toBe(false);
    // Without the ledger the value says nothing: the provenance is what makes it a secret.
    expect(isSecretVariable({ name: 'savedValue', value: OPAQUE }, new SecretLedger())).toBe(false);
  });

  it('learns what a request carried: an API key header, a secret form field, a password in the URL', () => {
    const ledger = new SecretLedger();
    rememberExchangeSecrets(
      {
        request: { method: 'POST', url: 'https://ann:urlPassw0rd-123@api.test/x?api_key=queryKey-123456', headers: [{ name: 'X-Api-Key', value: 'headerKey-123456' }, { name: 'Content-Type', value: 'application/x-www-form-urlencoded' }], bodyText: 'client_secret=formSecret-123456&grant_type=client_credentials' },
        headers: [{ name: 'Set-Cookie', value: 'sid=cookieValue-123456; HttpOnly' }],
      },
      ledger,
    );
    for (const v of ['urlPassw0rd-123', 'queryKey-123456', 'headerKey-123456', 'formSecret-123456', 'cookieValue-123456']) expect(ledger.originOf(v), v).toBeDefined();
    expect(ledger.originOf('client_credentials')).toBeUndefined();
  });

  it('decides by kind, by name and by provenance in one place', () => {
    expect(isSecretValue('anything', 'ghp_abcdefghijklmnopqrstuvwxyz0123')).toBe(true);
    expect(isSecretValue('password', 'hunter22')).toBe(true);
    expect(isSecretValue('password', '{{password}}')).toBe(false);
    expect(isSecretValue('color', 'blue')).toBe(false);
  });
});

describe('SecretRedaction with the session ledger', () => {
  it('blanks a variable a script filled with a learned token in Postman and .http exports', () => {
    const token = `opaque-${Math.random().toString(36).slice(2)}-token`;
    sessionSecrets.remember(token, 'a test response');
    const collection: Collection = { id: 'c1', name: 'Shop', variables: [{ name: 'token', value: token }, { name: 'saved', value: token }, { name: 'host', value: 'api.test' }], items: [] };
    const postman = exportPostman(collection);
    const http = formatHttpFile(collection);
    expect(postman).not.toContain(token);
    expect(http).not.toContain(token);
    expect(postman).toContain('api.test');
    expect(http).toContain('@host = api.test');
    expect(exportPostman(collection, { includeSecrets: true })).toContain(token);
  });

  it('keeps a WS-Security password element well-formed, with or without attributes', () => {
    const redaction = new SecretRedaction('variables', [], '', undefined);
    for (const open of ['<wsse:Password>', '<wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">', '<Password>']) {
      const close = open.startsWith('<wsse') ? '</wsse:Password>' : '</Password>';
      const out = redaction.xmlText(`<s:Envelope xmlns:s="x" xmlns:wsse="y"><s:Header>${open}Plain-Passw0rd!${close}</s:Header></s:Envelope>`);
      expect(out).not.toContain('Plain-Passw0rd!');
      expect(out).not.toContain('undefined');
      expect(out).toContain(`${open}{{Password}}${close}`);
    }
  });

  it('redacts what history keeps of a sent body by its type: form, multipart, text and XML', () => {
    const redaction = new SecretRedaction('variables', [], '', undefined);
    const form = redaction.wire({ method: 'POST', url: 'http://as/token', headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }], bodyText: 'grant_type=refresh_token&refresh_token=rt-abcdef123456&client_secret=cs-abcdef123456' });
    expect(form.bodyText).toBe('grant_type=refresh_token&refresh_token={{refresh_token}}&client_secret={{client_secret}}');
    const multipart = redaction.wire({
      method: 'POST',
      url: 'http://x/up',
      headers: [{ name: 'Content-Type', value: 'multipart/form-data; boundary=XyZ' }],
      bodyText: '--XyZ\r\nContent-Disposition: form-data; name="user"\r\n\r\nann\r\n--XyZ\r\nContent-Disposition: form-data; name="password"\r\n\r\nmp-Passw0rd-123\r\n--XyZ--\r\n',
    });
    expect(multipart.bodyText).not.toContain('mp-Passw0rd-123');
    expect(multipart.bodyText).toContain('name="password"\r\n\r\n{{password}}\r\n--XyZ--');
    const text = redaction.wire({ method: 'POST', url: 'http://x/notes', headers: [{ name: 'Content-Type', value: 'text/plain' }], bodyText: 'my token is ghp_abcdefghijklmnopqrstuvwxyz012345 ok' });
    expect(text.bodyText).toBe('my token is {{githubToken}} ok');
  });

  it('replaces a credential in a URL path, keeping the rest of the path', () => {
    const redaction = new SecretRedaction('variables', [], '', undefined);
    expect(redaction.url('https://api.test/v1/keys/sk_live_abcdefghijklmnop1234/charges?limit=3')).toBe('https://api.test/v1/keys/{{pathSecret}}/charges?limit=3');
    expect(redaction.url('https://api.test/v1/orders/12345')).toBe('https://api.test/v1/orders/12345');
  });

  it('redacts a draft whose text body holds a GitHub token and whose URL path holds a Stripe key', () => {
    const draft = normaliseDraft({ url: 'https://api.test/sk_live_abcdefghijklmnop1234/x', body: { kind: 'text', texts: { text: 'token ghp_abcdefghijklmnopqrstuvwxyz012345' } } });
    const out = new SecretRedaction('variables', [], '', undefined).draft(draft);
    expect(JSON.stringify(out)).not.toMatch(/sk_live_|ghp_/);
  });
});
