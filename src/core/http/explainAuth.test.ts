import { describe, it, expect } from 'vitest';
import { explainResponse } from './explain';
import { wireRequest, wireResponse } from './exchangeFixtures';
import type { Finding } from './finding';

const ids = (findings: Finding[]) => findings.map((f) => f.id);
const byId = (findings: Finding[], id: string) => {
  const found = findings.find((f) => f.id === id);
  if (!found) throw new Error(`No finding "${id}" in ${ids(findings).join(', ')}`);
  return found;
};
const SECRET = 'c2VjcmV0LXVzZXI6aHVudGVyMg==';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig';

describe('401 Unauthorized', () => {
  it('names the challenge and says no credentials were sent', () => {
    const f = explainResponse(wireRequest('GET https://api.test/sandbox/items'), wireResponse(401, ['WWW-Authenticate: Basic realm="sandbox"']));
    expect(ids(f)).toEqual(['status', 'auth-challenge', 'auth-credentials-missing']);
    expect(byId(f, 'auth-challenge')).toMatchObject({
      title: 'The server asks for Basic',
      message: expect.stringContaining('Basic authentication, realm "sandbox"'),
      action: { kind: 'open-auth', scheme: 'Basic' },
    });
    expect(byId(f, 'auth-credentials-missing').message).toMatch(/sent no Authorization header.*Send credentials for Basic/);
  });

  it('reads several challenges in one header, and across several header lines', () => {
    const oneLine = explainResponse(
      wireRequest('GET https://api.test/x'),
      wireResponse(401, ['WWW-Authenticate: Basic realm="sandbox", Bearer realm="api", scope="items:read"']),
    );
    const twoLines = explainResponse(
      wireRequest('GET https://api.test/x'),
      wireResponse(401, ['WWW-Authenticate: Basic realm="sandbox"', 'WWW-Authenticate: Bearer realm="api", scope="items:read"']),
    );
    for (const f of [oneLine, twoLines]) {
      expect(f.filter((x) => x.id === 'auth-challenge').map((x) => x.action)).toEqual([
        { kind: 'open-auth', scheme: 'Basic' },
        { kind: 'open-auth', scheme: 'Bearer' },
      ]);
      expect(byId(f, 'auth-credentials-missing').message).toContain('Send credentials for Basic or Bearer');
    }
  });

  it('gives a Digest challenge\'s realm to its action, for the Digest form', () => {
    const f = explainResponse(wireRequest('GET https://api.test/x'), wireResponse(401, ['WWW-Authenticate: Digest realm="api@test", nonce="n", qop="auth"']));
    expect(byId(f, 'auth-challenge').action).toEqual({ kind: 'open-auth', scheme: 'Digest', realm: 'api@test' });
  });

  it('flags a 401 without WWW-Authenticate as a server convention violation', () => {
    const f = explainResponse(wireRequest('GET https://api.test/x', [`Authorization: Bearer ${TOKEN}`]), wireResponse(401));
    expect(byId(f, 'auth-challenge-missing')).toMatchObject({ severity: 'error', reference: 'RFC 9110 §15.5.2' });
    expect(byId(f, 'auth-challenge-missing').message).toMatch(/convention violation.*must carry a WWW-Authenticate/);
  });

  it('treats an empty WWW-Authenticate like a missing one', () => {
    const f = explainResponse(wireRequest('GET https://api.test/x'), wireResponse(401, ['WWW-Authenticate: ']));
    expect(byId(f, 'auth-challenge-missing').message).toContain('sent an empty one');
  });

  it('reports a malformed challenge with its parse error position', () => {
    const f = explainResponse(wireRequest('GET https://api.test/x'), wireResponse(401, ['WWW-Authenticate: Basic realm="sandbox" charset']));
    const syntax = byId(f, 'auth-challenge-syntax');
    expect(syntax.severity).toBe('error');
    expect(syntax.message).toMatch(/column \d+/);
    expect(ids(f)).not.toContain('auth-challenge');
  });

  it('reports a malformed second header line by its line number', () => {
    const f = explainResponse(
      wireRequest('GET https://api.test/x'),
      wireResponse(401, ['WWW-Authenticate: Basic realm="a"', 'WWW-Authenticate: Bearer realm="unterminated']),
    );
    expect(byId(f, 'auth-challenge-syntax').message).toMatch(/line 2/);
  });

  it('says which scheme was sent, never the credential, and flags a scheme mismatch', () => {
    const f = explainResponse(
      wireRequest('GET https://api.test/x', [`Authorization: Basic ${SECRET}`]),
      wireResponse(401, ['WWW-Authenticate: Bearer realm="api"']),
    );
    const mismatch = byId(f, 'auth-scheme-mismatch');
    expect(mismatch).toMatchObject({ severity: 'error', title: 'Sent Basic, server asks for Bearer', action: { kind: 'open-auth', scheme: 'Bearer' } });
    expect(mismatch.message).toContain('with the Basic scheme (the credential itself is not shown)');
    expect(JSON.stringify(f)).not.toContain(SECRET);
  });

  it('compares schemes case-insensitively: "bearer" matches a "Bearer" challenge', () => {
    const f = explainResponse(
      wireRequest('GET https://api.test/x', [`authorization: bearer ${TOKEN}`]),
      wireResponse(401, ['WWW-Authenticate: Bearer realm="api"']),
    );
    expect(ids(f)).toContain('auth-credentials-rejected');
    expect(ids(f)).not.toContain('auth-scheme-mismatch');
    expect(JSON.stringify(f)).not.toContain(TOKEN);
  });

  it('explains RFC 6750 invalid_token with an expired description as a refresh', () => {
    const f = explainResponse(
      wireRequest('GET https://api.test/x', [`Authorization: Bearer ${TOKEN}`]),
      wireResponse(401, ['WWW-Authenticate: Bearer realm="api", error="invalid_token", error_description="The access token expired"']),
    );
    const invalid = byId(f, 'auth-token-invalid');
    expect(invalid).toMatchObject({ title: 'Access token expired', reference: 'RFC 6750 §3.1', action: { kind: 'open-auth', scheme: 'Bearer' } });
    expect(invalid.message).toMatch(/refresh token for a new access token \(spec §4.1\)/);
    expect(byId(f, 'auth-challenge').message).toContain('invalid_token');
    expect(JSON.stringify(f)).not.toContain(TOKEN);
  });

  it('explains invalid_token without a description', () => {
    const f = explainResponse(
      wireRequest('GET https://api.test/x', [`Authorization: Bearer ${TOKEN}`]),
      wireResponse(401, ['WWW-Authenticate: Bearer error="invalid_token"']),
    );
    expect(byId(f, 'auth-token-invalid').title).toBe('Access token rejected (invalid_token)');
  });

  it('explains invalid_request as a malformed token request', () => {
    const f = explainResponse(
      wireRequest('GET https://api.test/x?access_token=abc', [`Authorization: Bearer ${TOKEN}`]),
      wireResponse(401, ['WWW-Authenticate: Bearer error="invalid_request"']),
    );
    expect(byId(f, 'auth-token-request-invalid').message).toMatch(/more than one place/);
  });

  it('says an empty Authorization header was sent', () => {
    const f = explainResponse(wireRequest('GET https://api.test/x', ['Authorization: ']), wireResponse(401, ['WWW-Authenticate: Basic']));
    expect(byId(f, 'auth-scheme-mismatch').message).toContain('sent an Authorization header with no recognisable scheme');
  });

  it('never prints a bare key sent in Authorization as if it were a scheme', () => {
    const f = explainResponse(wireRequest('GET https://api.test/x', ['Authorization: sk_live_4f9a8b7c6d']), wireResponse(401, ['WWW-Authenticate: Bearer']));
    expect(byId(f, 'auth-scheme-mismatch').title).toBe('Sent no scheme, server asks for Bearer');
    expect(JSON.stringify(f)).not.toContain('sk_live_4f9a8b7c6d');
  });
});

describe('407 Proxy Authentication Required', () => {
  it('uses Proxy-Authenticate and Proxy-Authorization', () => {
    const f = explainResponse(
      wireRequest('GET https://api.test/x', [`Authorization: Bearer ${TOKEN}`]),
      wireResponse(407, ['Proxy-Authenticate: Basic realm="corp-proxy"']),
    );
    expect(byId(f, 'auth-challenge').message).toContain('realm "corp-proxy"');
    expect(byId(f, 'auth-credentials-missing').message).toContain('no Proxy-Authorization header');
  });
});

describe('403 Forbidden', () => {
  it('with credentials: authenticated but refused; same credentials will not help', () => {
    const f = explainResponse(wireRequest('DELETE https://api.test/users/1', [`Authorization: Bearer ${TOKEN}`]), wireResponse(403));
    const forbidden = byId(f, 'forbidden-authenticated');
    expect(forbidden.message).toMatch(/Bearer scheme.*knows who you are.*authorization failed, not authentication/);
    expect(JSON.stringify(f)).not.toContain(TOKEN);
  });

  it('without Authorization: says a 401 might be expected', () => {
    const f = explainResponse(wireRequest('GET https://api.test/admin'), wireResponse(403));
    expect(byId(f, 'forbidden-without-credentials').message).toMatch(/no Authorization header.*a 401 with a WWW-Authenticate challenge would be the expected answer/);
  });

  it('without Authorization but with an API-key header: names the header, not its value', () => {
    const f = explainResponse(wireRequest('GET https://api.test/admin', ['Ocp-Apim-Subscription-Key: k-123456']), wireResponse(403));
    const message = byId(f, 'forbidden-without-credentials').message;
    expect(message).toContain('identified you by Ocp-Apim-Subscription-Key (values not shown)');
    expect(message).not.toContain('k-123456');
  });

  it('explains insufficient_scope with the scope needed', () => {
    const f = explainResponse(
      wireRequest('POST https://api.test/items', [`Authorization: Bearer ${TOKEN}`]),
      wireResponse(403, ['WWW-Authenticate: Bearer error="insufficient_scope", scope="items:write"']),
    );
    expect(byId(f, 'auth-insufficient-scope').message).toContain('the scope needed is "items:write"');
  });
});
