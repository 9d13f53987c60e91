import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { maskResponseBody, maskResponseHeaders } from './redactResponse';

const ACCESS = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlLWFjY2Vzcw';
const REFRESH = 'rt-rotated-7f3a9c2e1b';

describe('response bodies as history keeps them', () => {
  it('masks a JSON token response and keeps it valid JSON with every member', () => {
    const body = JSON.stringify({ access_token: ACCESS, token_type: 'Bearer', expires_in: 3600, refresh_token: REFRESH, id_token: 'id-token-value', scope: 'read' });
    const masked = maskResponseBody(body, 'application/json; charset=utf-8');
    expect(masked.changed).toBe(true);
    for (const secret of [ACCESS, REFRESH, 'id-token-value']) expect(masked.text).not.toContain(secret);
    const parsed = JSON.parse(masked.text) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['access_token', 'token_type', 'expires_in', 'refresh_token', 'id_token', 'scope']);
    expect(parsed.access_token).toBe('•••• (masked: access_token)');
    expect(parsed.expires_in).toBe(3600);
    expect(parsed.scope).toBe('read');
    expect(parsed.token_type).toBe('Bearer');
  });

  it('masks nested members, credential-shaped values and echoed carried secrets', () => {
    const body = JSON.stringify({ headers: { Authorization: 'Bearer carried-token-123456', Accept: '*/*' }, data: { note: ACCESS, list: [{ password: 'pw-1' }] } });
    const masked = maskResponseBody(body, 'application/json', ['carried-token-123456']);
    expect(masked.text).not.toContain('carried-token-123456');
    expect(masked.text).not.toContain(ACCESS);
    expect(masked.text).not.toContain('pw-1');
    expect(masked.text).toContain('*/*');
  });

  it('masks a form-encoded token response and carried secrets in plain text', () => {
    const form = maskResponseBody(`access_token=${REFRESH}&token_type=bearer&expires_in=60`, 'application/x-www-form-urlencoded');
    expect(form.text).not.toContain(REFRESH);
    expect(form.text).toContain('token_type=bearer');
    const plain = maskResponseBody('You sent key carried-key-abcdef, thanks', 'text/plain', ['carried-key-abcdef', 'short']);
    expect(plain.text).toBe('You sent key •••• (masked: a secret this request carried), thanks');
  });

  it('leaves a body without secrets unchanged, and masks 50,000 members of a large body in one pass', () => {
    const clean = JSON.stringify({ items: [{ id: 1, name: 'shoe' }] });
    expect(maskResponseBody(clean, 'application/json')).toEqual({ text: clean, changed: false });
    const big = JSON.stringify({ items: Array.from({ length: 50_000 }, (_, i) => ({ id: i, refresh_token: `rt-${i}-abcdefgh` })) });
    const masked = maskResponseBody(big, 'application/json', ['never-present-value']);
    expect(masked.text).not.toContain('rt-49999-abcdefgh');
    expect(JSON.parse(masked.text).items).toHaveLength(50_000);
  });
});

const GITHUB = `ghp_${'a1B2c3D4e5'.repeat(4)}`;

/** Whether a text parses as XML without a warning or error (xmldom reports both). */
function wellFormed(text: string): string[] {
  const problems: string[] = [];
  new DOMParser({ onError: (level, message) => problems.push(`${level}: ${message}`) }).parseFromString(text, 'text/xml');
  return problems;
}

describe('XML response bodies', () => {
  const soap = `<?xml version="1.0" encoding="utf-8"?>
<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:wsse="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd">
  <soap:Header>
    <wsse:Security>
      <wsse:UsernameToken><wsse:Username>alice</wsse:Username><wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">ws-pass-3141</wsse:Password></wsse:UsernameToken>
      <wsse:BinarySecurityToken EncodingType="Base64Binary">bst-value-2718</wsse:BinarySecurityToken>
    </wsse:Security>
  </soap:Header>
  <soap:Body>
    <LoginResponse>
      <AccessToken>
        soap-access-1618
      </AccessToken>
      <TokenType>Bearer</TokenType>
      <ExpiresIn>3600</ExpiresIn>
      <token><![CDATA[cdata-token-1414]]></token>
      <session id="s-1" token="attr-token-1732" refresh_token='attr-refresh-2236'/>
      <add key="ApiKey" value="config-key-2449"/>
      <Code>NoSuchKey</Code>
      <Note>Continue at https://app.example/cb?code=xml-code-5772&amp;state=st-1 with ${GITHUB}</Note>
    </LoginResponse>
  </soap:Body>
</soap:Envelope>`;

  it('masks credential elements (any prefix, CDATA too), credential attributes and embedded tokens, and stays well-formed', () => {
    const masked = maskResponseBody(soap, 'text/xml; charset=utf-8');
    expect(masked.changed).toBe(true);
    for (const secret of ['ws-pass-3141', 'bst-value-2718', 'soap-access-1618', 'cdata-token-1414', 'attr-token-1732', 'attr-refresh-2236', 'config-key-2449', 'xml-code-5772', GITHUB]) expect(masked.text).not.toContain(secret);
    expect(masked.text).toContain('<wsse:Password Type="http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-username-token-profile-1.0#PasswordText">•••• (masked: Password)</wsse:Password>');
    expect(masked.text).toContain('<AccessToken>\n        •••• (masked: AccessToken)\n      </AccessToken>');
    expect(masked.text).toContain('<session id="s-1" token="•••• (masked: token)" refresh_token=\'•••• (masked: refresh_token)\'/>');
    expect(masked.text).toContain('https://app.example/cb?code=••••&amp;state=st-1');
    for (const kept of ['<wsse:Username>alice</wsse:Username>', '<TokenType>Bearer</TokenType>', '<ExpiresIn>3600</ExpiresIn>', '<Code>NoSuchKey</Code>', 'xmlns:wsse="http://docs.oasis-open.org']) expect(masked.text).toContain(kept);
    expect(wellFormed(soap)).toEqual([]);
    expect(wellFormed(masked.text)).toEqual([]);
  });

  it('reads application/soap+xml and an untyped body that starts with markup, and masks HTML form values named for a secret', () => {
    const body = '<r><refresh_token>rt-untyped-1234</refresh_token></r>';
    expect(maskResponseBody(body, 'application/soap+xml').text).toBe('<r><refresh_token>•••• (masked: refresh_token)</refresh_token></r>');
    expect(maskResponseBody(body, '').text).toBe('<r><refresh_token>•••• (masked: refresh_token)</refresh_token></r>');
    const html = '<html><head><meta name="csrf-token" content="csrf-meta-9999"></head><body><form><input type="hidden" name="password" value="html-pass-8888"><input name="q" value="shoes"></form></body></html>';
    const masked = maskResponseBody(html, 'text/html').text;
    expect(masked).not.toMatch(/csrf-meta-9999|html-pass-8888/);
    expect(masked).toContain('value="shoes"');
  });

  it('still masks what follows markup that breaks off', () => {
    const broken = `<a><password>broken-pass-1234</password><b title="unterminated>token: ${GITHUB} <token>tail-token-5678`;
    const masked = maskResponseBody(broken, 'application/xml').text;
    expect(masked).not.toMatch(/broken-pass-1234|tail-token-5678/);
    expect(masked).not.toContain(GITHUB);
  });
});

describe('deeply nested JSON', () => {
  it('masks members 50 levels down: credential lists and records, embedded tokens, URLs and echoed JSON, keeping the JSON valid', () => {
    const leaf = {
      credentials: { value: 'nested-cred-1111', label: 'ci' },
      refresh_tokens: ['nested-rt-2222', 'nested-rt-3333'],
      message: `use ${GITHUB} for CI`,
      callback: 'https://app.example/cb?code=nested-code-4444&state=keep-state',
      echo: JSON.stringify({ access_token: 'nested-echo-5555', token_type: 'bearer' }),
      name: 'shoe',
      count: 3,
    };
    let doc: unknown = leaf;
    for (let depth = 0; depth < 50; depth++) doc = { [`level${depth}`]: depth % 2 ? doc : [doc] };
    const text = JSON.stringify(doc, null, 2);
    const masked = maskResponseBody(text, 'application/json');
    for (const secret of ['nested-cred-1111', 'nested-rt-2222', 'nested-rt-3333', GITHUB, 'nested-code-4444', 'nested-echo-5555']) expect(masked.text).not.toContain(secret);
    let parsed = JSON.parse(masked.text) as Record<string, unknown>;
    for (let depth = 49; depth >= 0; depth--) {
      const next = parsed[`level${depth}`];
      parsed = (depth % 2 ? next : (next as unknown[])[0]) as Record<string, unknown>;
    }
    expect(Object.keys(parsed)).toEqual(Object.keys(leaf));
    expect(parsed).toMatchObject({ name: 'shoe', count: 3, message: 'use •••• (masked: a GitHub token) for CI', callback: 'https://app.example/cb?code=••••&state=keep-state' });
    expect(parsed.refresh_tokens).toEqual(['•••• (masked: refresh_tokens)', '•••• (masked: refresh_tokens)']);
    expect(JSON.parse(parsed.echo as string)).toEqual({ access_token: '•••• (masked: access_token)', token_type: 'bearer' });
  });

  it('masks a body labelled JSON that does not parse as text, and masking twice changes nothing more', () => {
    const broken = '{"access_token": "broken-json-7777", }';
    const once = maskResponseBody(broken, 'application/json').text;
    expect(once).toBe('{"access_token": "•••• (masked: access_token)", }');
    expect(maskResponseBody(once, 'application/json')).toEqual({ text: once, changed: false });
  });
});

describe('text/plain response bodies', () => {
  it('masks name=value and name: value lines, bare tokens and tokens in URLs, and keeps what describes them', () => {
    const body = [
      'access_token=plain-access-1234',
      'refresh_token: plain-refresh-5678',
      `token: ${ACCESS}`,
      `your new token is ${GITHUB}`,
      'Authorization: Bearer plain-bearer-9012',
      '"password": "correct horse battery"',
      'redirect https://app.example/cb#access_token=plain-frag-3456&token_type=bearer',
      'token_type=bearer',
      'expires_in: 3600',
      'error code: 404',
    ].join('\n');
    const masked = maskResponseBody(body, 'text/plain; charset=utf-8').text;
    for (const secret of ['plain-access-1234', 'plain-refresh-5678', ACCESS, GITHUB, 'plain-bearer-9012', 'correct horse battery', 'plain-frag-3456']) expect(masked).not.toContain(secret);
    expect(masked.split('\n')).toEqual([
      'access_token=•••• (masked: access_token)',
      'refresh_token: •••• (masked: refresh_token)',
      'token: •••• (masked: token)',
      'your new token is •••• (masked: a GitHub token)',
      'Authorization: Bearer •••• (masked: Authorization)',
      '"password": "•••• (masked: password)"',
      'redirect https://app.example/cb#access_token=••••&token_type=bearer',
      'token_type=bearer',
      'expires_in: 3600',
      'error code: 404',
    ]);
  });

  // No timing is asserted (the suite must hold on a loaded machine): a backtracking reader would not finish within the test's timeout on these bodies.
  it('finishes on bodies built to make the readers backtrack', () => {
    const n = 100_000;
    for (const [body, type] of [
      ['token:"'.repeat(n), 'text/plain'],
      ['access_token='.repeat(n), 'text/plain'],
      ['https://a/?'.repeat(n), 'text/plain'],
      [`https://a/?${'a&'.repeat(n)}#${'b&'.repeat(n)}`, 'text/plain'],
      ['<a'.repeat(n), 'application/xml'],
      ['</a'.repeat(n), 'application/xml'],
      ['<!x'.repeat(n), 'application/xml'],
      ['<a>'.repeat(n) + '</b>'.repeat(n), 'application/xml'],
      [`<a b="${'c'.repeat(n)}`, 'application/xml'],
    ] as const) {
      expect(typeof maskResponseBody(body, type).text, `${body.slice(0, 12)}… as ${type}`).toBe('string');
    }
  }, 60_000);
});

describe('response headers as history keeps them', () => {
  it('masks secret query and fragment parameters of Location, Content-Location, Link and Refresh, relative or absolute', () => {
    const masked = maskResponseHeaders([
      { name: 'Location', value: 'https://app.example/cb?access_token=loc-access-1111&state=st-1' },
      { name: 'location', value: '/cb?code=SplxlOBeZQQYbYS6WxSbIA&state=af0ifjsldkj' },
      { name: 'Location', value: 'https://app.example/cb#access_token=loc-frag-2222&token_type=bearer&expires_in=3600&id_token=loc-id-3333' },
      { name: 'Content-Location', value: '/tokens?refresh_token=cl-refresh-4444' },
      { name: 'Link', value: '</items?page=2&token=link-token-5555>; rel="next", <https://u:link-pass-6666@h/x>; rel="alternate"' },
      { name: 'Refresh', value: '0; url=/done?client_secret=refresh-secret-7777' },
    ]);
    expect(masked.headers.map((h) => h.value)).toEqual([
      'https://app.example/cb?access_token=••••&state=st-1',
      '/cb?code=••••&state=af0ifjsldkj',
      'https://app.example/cb#access_token=••••&token_type=bearer&expires_in=3600&id_token=••••',
      '/tokens?refresh_token=••••',
      '</items?page=2&token=••••>; rel="next", <https://u:••••@h/x>; rel="alternate"',
      '0; url=/done?client_secret=••••',
    ]);
    expect(masked.changed).toBe(true);
    expect(masked.secrets).toEqual(expect.arrayContaining(['loc-access-1111', 'SplxlOBeZQQYbYS6WxSbIA', 'loc-frag-2222', 'loc-id-3333', 'cl-refresh-4444', 'link-token-5555', 'link-pass-6666', 'refresh-secret-7777']));
  });

  it('masks cookie values, secret headers and credentials in any value; keeps references, CORS lists and challenges', () => {
    const masked = maskResponseHeaders(
      [
        { name: 'Set-Cookie', value: 'sid=cookie-sid-1234; Path=/; HttpOnly; SameSite=Lax' },
        { name: 'Set-Cookie', value: 'gone=; Max-Age=0' },
        { name: 'X-Auth-Token', value: 'opaque-header-5678' },
        { name: 'X-Echo-Authorization', value: 'Bearer echo-bearer-9012' },
        { name: 'X-Debug', value: `issued ${GITHUB} and https://app.example/next?code=debug-code-3456` },
        { name: 'X-Echo', value: 'you sent carried-key-abcdef' },
        { name: 'X-Api-Key', value: '{{X-Api-Key}}' },
        { name: 'Access-Control-Expose-Headers', value: 'X-Auth-Token, X-Session-Token' },
        { name: 'WWW-Authenticate', value: 'Bearer realm="api", error="invalid_token"' },
        { name: 'Content-Type', value: 'application/json' },
      ],
      ['carried-key-abcdef'],
    );
    expect(masked.headers).toEqual([
      { name: 'Set-Cookie', value: 'sid=••••; Path=/; HttpOnly; SameSite=Lax' },
      { name: 'Set-Cookie', value: 'gone=; Max-Age=0' },
      { name: 'X-Auth-Token', value: '•••• (masked: X-Auth-Token)' },
      { name: 'X-Echo-Authorization', value: 'Bearer •••• (masked: an Authorization credential)' },
      { name: 'X-Debug', value: 'issued •••• (masked: a GitHub token) and https://app.example/next?code=••••' },
      { name: 'X-Echo', value: 'you sent •••• (masked: a secret this request carried)' },
      { name: 'X-Api-Key', value: '{{X-Api-Key}}' },
      { name: 'Access-Control-Expose-Headers', value: 'X-Auth-Token, X-Session-Token' },
      { name: 'WWW-Authenticate', value: 'Bearer realm="api", error="invalid_token"' },
      { name: 'Content-Type', value: 'application/json' },
    ]);
    expect(masked.secrets).toEqual(expect.arrayContaining(['cookie-sid-1234', 'opaque-header-5678', 'echo-bearer-9012', GITHUB, 'debug-code-3456']));
  });

  it('returns headers without secrets unchanged, and masking twice changes nothing more', () => {
    const clean = [{ name: 'Location', value: '/items/9?page=2' }, { name: 'Cache-Control', value: 'no-store' }];
    expect(maskResponseHeaders(clean)).toEqual({ headers: clean, secrets: [], changed: false });
    const once = maskResponseHeaders([{ name: 'Location', value: '/cb?code=abc123xyz' }, { name: 'Set-Cookie', value: 'sid=s3cr3t-value; Path=/' }]).headers;
    expect(maskResponseHeaders(once)).toEqual({ headers: once, secrets: [], changed: false });
  });
});
