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

describe('the request as sent, and the scheme the composer has (issue 27.4: one story)', () => {
  const DIGEST_ANSWER = 'Digest username="Mufasa", realm="api@test", uri="/x", algorithm=SHA-256, nonce="n1", nc=00000001, cnonce="c", qop=auth, response="0"';
  const challenge = ['WWW-Authenticate: Digest realm="api@test", nonce="n2", qop="auth", algorithm=SHA-256'];

  it('a Digest answer the relay sent and the server refused: rejected, never "No Authorization sent"; no "Set up Digest" when Digest is set up', () => {
    const f = explainResponse(wireRequest('GET https://api.test/x', [`Authorization: ${DIGEST_ANSWER}`]), wireResponse(401, challenge), { composedAuth: 'digest' });
    expect(ids(f)).toEqual(['status', 'auth-challenge', 'auth-credentials-rejected']);
    expect(byId(f, 'auth-challenge').action).toBeUndefined();
    expect(byId(f, 'auth-challenge').message).toContain('This request already uses Digest.');
    const rejected = byId(f, 'auth-credentials-rejected');
    expect(rejected).toMatchObject({ title: 'Digest credentials rejected', action: { kind: 'review-auth', scheme: 'digest' } });
    expect(rejected.message).toMatch(/Digest never sends the password.*user name or password is wrong/);
    expect(JSON.stringify(f)).not.toContain('Mufasa');
  });

  it('still offers to set up Digest when the request has another scheme or none', () => {
    for (const composedAuth of [undefined, 'none', 'basic']) {
      const f = explainResponse(wireRequest('GET https://api.test/x'), wireResponse(401, challenge), composedAuth ? { composedAuth } : {});
      expect(byId(f, 'auth-challenge').action).toEqual({ kind: 'open-auth', scheme: 'Digest', realm: 'api@test' });
    }
  });

  it('a Bearer token from the vault refused: check it, do not set up Bearer over the vault', () => {
    const f = explainResponse(
      wireRequest('GET https://api.test/x', [`Authorization: Bearer ${TOKEN}`]),
      wireResponse(401, ['WWW-Authenticate: Bearer error="invalid_token"']),
      { composedAuth: 'vault' },
    );
    expect(byId(f, 'auth-challenge').action).toBeUndefined();
    expect(byId(f, 'auth-credentials-rejected').action).toEqual({ kind: 'review-auth', scheme: 'vault' });
    expect(byId(f, 'auth-token-invalid').action).toEqual({ kind: 'review-auth', scheme: 'vault' });
  });

  it('a proxy challenge is not answered by the request\u2019s own scheme', () => {
    const f = explainResponse(wireRequest('GET https://api.test/x'), wireResponse(407, ['Proxy-Authenticate: Basic realm="p"']), { composedAuth: 'basic' });
    expect(byId(f, 'auth-challenge').action).toEqual({ kind: 'open-auth', scheme: 'Basic' });
  });
});

describe('a session-cookie challenge (WWW-Authenticate: Cookie)', () => {
  const cookieChallenge = ['WWW-Authenticate: Cookie realm="sandbox", form-action="/sandbox/cookies/login", cookie-name="sid"'];

  it('without cookies: no session cookie sent, log in with the jar on; never Authorization or "Set up Cookie auth"', () => {
    const f = explainResponse(wireRequest('GET https://api.test/me'), wireResponse(401, cookieChallenge), { cookieJar: true });
    expect(ids(f)).toEqual(['status', 'auth-challenge', 'auth-session-cookie-missing']);
    expect(byId(f, 'auth-challenge')).toMatchObject({ title: 'The server asks for a session cookie' });
    expect(byId(f, 'auth-challenge').action).toBeUndefined();
    const missing = byId(f, 'auth-session-cookie-missing');
    expect(missing).toMatchObject({ title: 'No "sid" cookie sent', action: { kind: 'open-cookies' } });
    expect(missing.message).toMatch(/carried no Cookie header.*not an Authorization header: log in at \/sandbox\/cookies\/login with "Send and store cookies" on/);
    expect(JSON.stringify(f)).not.toMatch(/No Authorization sent|Send credentials for Cookie|open-auth/);
  });

  it('with other cookies but not the session: names them, not their values', () => {
    const f = explainResponse(wireRequest('GET https://api.test/me', ['Cookie: prefs=compact; __Host-csrf=s3cr3t']), wireResponse(401, cookieChallenge));
    const missing = byId(f, 'auth-session-cookie-missing');
    expect(missing.message).toContain('sent cookies (prefs, __Host-csrf), but not the "sid" cookie');
    expect(JSON.stringify(f)).not.toContain('s3cr3t');
  });

  it('with the session cookie: the session expired or ended; log in again', () => {
    const f = explainResponse(wireRequest('GET https://api.test/me', ['Cookie: sid=old-session']), wireResponse(401, cookieChallenge));
    const rejected = byId(f, 'auth-session-cookie-rejected');
    expect(rejected).toMatchObject({ title: 'Session cookie "sid" not accepted', action: { kind: 'open-cookies' } });
    expect(rejected.message).toMatch(/sent the "sid" cookie \(values not shown\).*expired, was ended by a logout/);
    expect(JSON.stringify(f)).not.toContain('old-session');
  });

  it('says when "Send and store cookies" was off', () => {
    const f = explainResponse(wireRequest('GET https://api.test/me'), wireResponse(401, cookieChallenge), { cookieJar: false });
    expect(byId(f, 'auth-session-cookie-missing').message).toContain('"Send and store cookies" is off for this request');
  });

  it('beside an Authorization challenge, the Authorization findings stay', () => {
    const f = explainResponse(wireRequest('GET https://api.test/me'), wireResponse(401, ['WWW-Authenticate: Cookie cookie-name="sid", Basic realm="r"']));
    expect(byId(f, 'auth-credentials-missing').message).toContain('Send credentials for Basic.');
    expect(f.filter((x) => x.id === 'auth-challenge').map((x) => x.action)).toEqual([undefined, { kind: 'open-auth', scheme: 'Basic' }]);
  });
});

describe('403 with the body\u2019s own error code', () => {
  const SIGV4 = 'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20240101/us-east-1/execute-api/aws4_request, SignedHeaders=host;x-amz-date, Signature=abc';
  const mismatch = JSON.stringify({ Error: { Type: 'Sender', Code: 'SignatureDoesNotMatch', Message: 'The request signature we calculated does not match the signature you provided.' } });

  it('SignatureDoesNotMatch is authentication failing: the summary and the finding say so, and offer to check the SigV4 credentials', () => {
    const f = explainResponse(wireRequest('GET https://api.test/x', [`Authorization: ${SIGV4}`]), wireResponse(403, ['Content-Type: application/json'], mismatch), { composedAuth: 'sigv4' });
    expect(ids(f)).toEqual(['status', 'forbidden-authentication-failed']);
    expect(f[0]!.message).toMatch(/^The server could not authenticate the request: its own error, SignatureDoesNotMatch, is an authentication failure/);
    expect(f[0]!.next).toMatch(/Check the secret access key.*canonical request/);
    expect(f[0]!.verdict).toEqual({ blame: 'request', outcome: 'failed' });
    const failed = byId(f, 'forbidden-authentication-failed');
    expect(failed).toMatchObject({ title: 'Not authenticated: SignatureDoesNotMatch', action: { kind: 'review-auth', scheme: 'sigv4' } });
    expect(failed.message).toContain('AWS4-HMAC-SHA256 scheme');
    expect(JSON.stringify(f)).not.toMatch(/Authenticated, but refused|identity with the needed permission|AKIDEXAMPLE/);
  });

  it('AccessDenied stays authorization', () => {
    const f = explainResponse(wireRequest('GET https://api.test/x', [`Authorization: ${SIGV4}`]), wireResponse(403, ['Content-Type: application/json'], JSON.stringify({ Error: { Code: 'AccessDenied' } })));
    expect(ids(f)).toContain('forbidden-authenticated');
    expect(f[0]!.message).toContain('this is authorization failing');
  });
});
