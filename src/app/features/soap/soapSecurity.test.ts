import { describe, expect, it } from 'vitest';
import { parseUsernameToken, verifyPasswordDigest, wirePreview, type WireRequest } from '../../../core';
import { DEFAULT_SOAP_SECURITY, type SoapSecuritySettings } from './soapSlice';
import { MASKED_PASSWORD, maskedWirePreview, maskPasswordText, securedWire } from './soapSecurity';

const ENVELOPE = `<?xml version="1.0" encoding="utf-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:t="urn:t">
  <soapenv:Header/>
  <soapenv:Body>
    <t:CancelOrderRequest><t:orderId>1</t:orderId></t:CancelOrderRequest>
  </soapenv:Body>
</soapenv:Envelope>
`;

const wire: WireRequest = { method: 'POST', url: 'http://127.0.0.1/soap', headers: [{ name: 'Content-Type', value: 'text/xml; charset=utf-8' }], body: [ENVELOPE] };
const text: SoapSecuritySettings = { ...DEFAULT_SOAP_SECURITY, mode: 'PasswordText', username: 'demo', password: 'demo-password' };

async function secure(settings: SoapSecuritySettings, last?: Parameters<typeof securedWire>[2], env: Record<string, string> = {}) {
  const result = await securedWire(wire, settings, last, env);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function bodyOf(request: WireRequest): string {
  return (request.body ?? []).join('');
}

describe('securedWire', () => {
  it('leaves the request alone when WS-Security is off', async () => {
    expect(await secure(DEFAULT_SOAP_SECURITY)).toBeNull();
  });

  it('puts a PasswordText UsernameToken with a 16-byte Nonce and a UTC Created into the Header', async () => {
    const secured = (await secure(text))!;
    const token = parseUsernameToken(bodyOf(secured.wire));
    expect(token).toMatchObject({ ok: true, value: { username: 'demo', password: 'demo-password', passwordType: 'PasswordText' } });
    if (!token.ok) return;
    expect(atob(token.value.nonce!)).toHaveLength(16);
    expect(token.value.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(secured.header.nonce).toBe(token.value.nonce);
    expect(secured.replayed).toBe(false);
    // Only the Header changed: the Body is byte for byte what was composed.
    expect(bodyOf(secured.wire)).toContain('<t:CancelOrderRequest><t:orderId>1</t:orderId></t:CancelOrderRequest>');
    expect(secured.wire.headers).toEqual(wire.headers);
  });

  it('makes a new Nonce at every send', async () => {
    const first = (await secure(text))!;
    const second = (await secure(text, first.header))!;
    expect(second.header.nonce).not.toBe(first.header.nonce);
  });

  it('sends the previous header unchanged when regeneration is off (a deliberate replay)', async () => {
    const first = (await secure(text))!;
    const replay = (await secure({ ...text, regenerate: false }, first.header))!;
    expect(replay.replayed).toBe(true);
    expect(replay.header).toBe(first.header);
    expect(bodyOf(replay.wire)).toBe(bodyOf(first.wire));
  });

  it('makes a header anyway when regeneration is off but nothing was sent yet', async () => {
    const made = (await secure({ ...text, regenerate: false }))!;
    expect(made.replayed).toBe(false);
  });

  it('writes a PasswordDigest the server can verify, and a Timestamp when asked', async () => {
    const secured = (await secure({ ...text, mode: 'PasswordDigest', timestamp: true, ttlSeconds: 60 }))!;
    const token = parseUsernameToken(bodyOf(secured.wire));
    if (!token.ok) throw new Error(token.error.message);
    expect(token.value.passwordType).toBe('PasswordDigest');
    expect(token.value.password).not.toBe('demo-password');
    expect(await verifyPasswordDigest(token.value, 'demo-password')).toBe(true);
    expect(token.value.timestamp?.expires).toBeDefined();
  });

  it('resolves {{variables}} in the credentials', async () => {
    const secured = (await secure({ ...text, username: '{{user}}' }, undefined, { user: 'demo' }))!;
    expect(parseUsernameToken(bodyOf(secured.wire))).toMatchObject({ ok: true, value: { username: 'demo' } });
  });

  it('refuses an empty user name, naming the field', async () => {
    expect(await securedWire(wire, { ...text, username: ' ' }, undefined, {})).toMatchObject({ ok: false, error: { kind: 'wss-username-missing', field: 'soap:username' } });
  });

  it('says why when the body is not an envelope it can place the header in', async () => {
    const result = await securedWire({ ...wire, body: ['{"not":"xml"}'] }, text, undefined, {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/^The WS-Security header cannot be added: /);
  });
});

describe('"What will be sent" for a SOAP request with WS-Security (issue 14)', () => {
  it('shows the Security header that goes out, the PasswordText masked, Content-Length of the real body', async () => {
    const secured = (await secure({ ...text, password: 'p<&>w', timestamp: true }))!;
    const shown = maskedWirePreview(secured.wire);
    const sent = wirePreview(secured.wire).replace(/\r\n/g, '\n');
    expect(shown).toContain('<wsse:Security');
    expect(shown).toContain('<wsse:Username>demo</wsse:Username>');
    expect(shown).toContain(`<wsse:Nonce EncodingType="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-soap-message-security-1.0#Base64Binary">${secured.header.nonce}</wsse:Nonce>`);
    expect(shown).toContain(`#PasswordText">${MASKED_PASSWORD}</wsse:Password>`);
    expect(shown).not.toContain('p&lt;&amp;&gt;w');
    // Everything else is byte for byte what goes out, Content-Length included.
    expect(shown.replace(MASKED_PASSWORD, 'p&lt;&amp;&gt;w')).toBe(sent);
    expect(shown).toContain(`Content-Length: ${new TextEncoder().encode(bodyOf(secured.wire)).length}`);
  });

  it('shows a PasswordDigest as it is: a hash, not the password', async () => {
    const secured = (await secure({ ...text, mode: 'PasswordDigest' }))!;
    const shown = maskedWirePreview(secured.wire);
    expect(shown).toBe(wirePreview(secured.wire).replace(/\r\n/g, '\n'));
    expect(shown).not.toContain('demo-password');
    expect(shown).not.toContain(MASKED_PASSWORD);
  });

  it('masks any prefix and quoting, and leaves other elements alone', () => {
    const type = 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText';
    expect(maskPasswordText(`<o:Password Type='${type}'>x</o:Password><Password Type="${type}">y</Password><PasswordHint>z</PasswordHint>`)).toBe(
      `<o:Password Type='${type}'>${MASKED_PASSWORD}</o:Password><Password Type="${type}">${MASKED_PASSWORD}</Password><PasswordHint>z</PasswordHint>`,
    );
  });
});
