import { describe, it, expect } from 'vitest';
import { wireRequest } from '../http/exchangeFixtures';
import type { WireRequest } from '../types';
import {
  authorizationDuplicateRule,
  authorizationSyntaxRule,
  basicCredentialsRule,
  credentialsInQueryRule,
  credentialsOverHttpRule,
  jwtValidityRule,
} from './authRules';
import { applyLintFix } from './lintFix';
import type { LintContext, LintRule } from './lintFinding';
import { FIXTURE_NOW, fixtureBasic, fixtureEpoch, fixtureJwt } from './lintFixtures';

const run = (rule: LintRule, request: WireRequest, context: LintContext = {}) => rule.check(request, context);
const bearer = (token: string) => `Authorization: Bearer ${token}`;

describe('credentials-over-http', () => {
  it('is an error for Bearer, Basic and JWT to a remote http:// host, naming the scheme and the host', () => {
    for (const scheme of ['Bearer abc', fixtureBasic('u:p'), 'JWT a.b.c']) {
      const [finding] = run(credentialsOverHttpRule, wireRequest('GET http://api.example.com/me', [`Authorization: ${scheme}`]));
      expect(finding?.severity).toBe('error');
      expect(finding?.message).toContain(`Authorization: ${scheme.split(' ')[0]}`);
      expect(finding?.message).toContain('api.example.com');
    }
  });

  it('counts API key headers as credentials', () => {
    const [finding] = run(credentialsOverHttpRule, wireRequest('GET http://api.example.com/x', ['X-API-Key: k', 'Ocp-Apim-Subscription-Key: k']));
    expect(finding?.message).toMatch(/^X-API-Key and Ocp-Apim-Subscription-Key would be sent/);
  });

  it.each(['http://localhost:4780/x', 'http://127.0.0.1/x', 'http://[::1]:8080/x', 'http://app.localhost/x'])(
    'is only a warning for loopback %s, and says tokens still need TLS beyond this machine',
    (url) => {
      const [finding] = run(credentialsOverHttpRule, wireRequest(`GET ${url}`, [bearer('abc')]));
      expect(finding?.severity).toBe('warning');
      expect(finding?.message).toMatch(/stays on this machine.*must still travel over TLS/);
    },
  );

  it('offers the same URL with https://, leaving the rest untouched', () => {
    const [finding] = run(credentialsOverHttpRule, wireRequest('GET http://api.example.com:8443/a?b=c#d', [bearer('abc')]));
    expect(finding?.fix).toEqual({ label: 'Use https://', kind: 'set-url', url: 'https://api.example.com:8443/a?b=c#d' });
  });

  it('is silent for a custom scheme, for no credentials, and for https', () => {
    expect(run(credentialsOverHttpRule, wireRequest('GET http://api.example.com/x', ['Authorization: Hawk id="a"']))).toEqual([]);
    expect(run(credentialsOverHttpRule, wireRequest('GET http://api.example.com/x'))).toEqual([]);
    expect(run(credentialsOverHttpRule, wireRequest('GET https://api.example.com/x', [bearer('abc')]))).toEqual([]);
  });
});

describe('credentials-in-query', () => {
  it('moves an access_token to Authorization: Bearer and removes it from the URL', () => {
    const request = wireRequest('GET https://api.example.com/me?fields=a&access_token=t0k%2Ben&x=1');
    const [finding] = run(credentialsInQueryRule, request);
    expect(finding?.message).toContain('query parameter "access_token"');
    expect(finding?.message).toContain('Authorization: Bearer');
    expect(finding?.fix).toMatchObject({ kind: 'move-query-to-header', param: 'access_token', header: 'Authorization', scheme: 'Bearer' });
    const fixed = applyLintFix(request, finding!.fix!);
    expect(fixed.url).toBe('https://api.example.com/me?fields=a&x=1');
    expect(fixed.headers).toEqual([{ name: 'Authorization', value: 'Bearer t0k+en' }]);
  });

  it('finds a JWT under any parameter name', () => {
    const [finding] = run(credentialsInQueryRule, wireRequest(`GET https://api.example.com/x?state=${fixtureJwt({ sub: 'a' })}`));
    expect(finding?.message).toContain('a JWT in query parameter "state"');
    expect(finding?.fix).toMatchObject({ header: 'Authorization', scheme: 'Bearer' });
  });

  it('does not offer to move a client secret, a password or a refresh token to a header: they belong in a token request body', () => {
    for (const name of ['client_secret', 'password', 'refresh_token']) {
      const [finding] = run(credentialsInQueryRule, wireRequest(`GET https://auth.example.com/v1/token?${name}=s`));
      expect(finding?.fix).toBeUndefined();
      expect(finding?.message).toContain('spec §4.1');
    }
  });

  it('offers only to drop the parameter when the target header is already there', () => {
    const request = wireRequest('GET https://api.example.com/x?key=k&a=1', ['Ocp-Apim-Subscription-Key: k']);
    const [finding] = run(credentialsInQueryRule, request);
    expect(finding?.fix).toEqual({ label: 'Remove "key" from the URL', kind: 'set-url', url: 'https://api.example.com/x?a=1' });
  });

  it('reads the key parameter names from the context, case-insensitively', () => {
    const request = wireRequest('GET https://api.example.com/x?Sig=abc&key=1');
    expect(run(credentialsInQueryRule, request, { keyParams: ['sig'] }).map((f) => f.field)).toEqual(['query:Sig']);
  });

  it('reports a repeated parameter once, and ignores empty values and ordinary parameters', () => {
    expect(run(credentialsInQueryRule, wireRequest('GET https://x/?key=1&key=2'))).toHaveLength(1);
    expect(run(credentialsInQueryRule, wireRequest('GET https://x/?token=&q=eyJhbGciOi'))).toEqual([]);
  });
});

describe('authorization-syntax', () => {
  it('gives the column of an auth-param that has no "=" (spec §5 custom scheme)', () => {
    const [finding] = run(authorizationSyntaxRule, wireRequest('GET https://x/', ['Authorization: Hawk id="a", mac']));
    expect(finding?.message).toMatch(/Expected "=" after auth-param name "mac" at column 17, but found the end of the value/);
  });

  it('requires one token68 after Basic, Bearer and JWT, naming the header column', () => {
    const [space] = run(authorizationSyntaxRule, wireRequest('GET https://x/', ['Authorization: Bearer abc def']));
    expect(space?.message).toMatch(/Bearer credentials are not a single token68.*column 11 of the header value.*RFC 6750 §2.1/);
    const [pairs] = run(authorizationSyntaxRule, wireRequest('GET https://x/', ['Authorization: Bearer token=abc']));
    expect(pairs?.message).toContain('looks like name=value pairs');
    const [empty] = run(authorizationSyntaxRule, wireRequest('GET https://x/', ['Authorization: Basic']));
    expect(empty?.message).toBe('Authorization: Basic is followed by no credentials; the server will answer 401 (RFC 7617 §2).');
  });

  it('accepts token68 and well-formed auth-params', () => {
    for (const value of ['Bearer abc.def-ghi_~+/==', 'Digest username="a", realm="b", nc=00000001', 'Negotiate YII=']) {
      expect(run(authorizationSyntaxRule, wireRequest('GET https://x/', [`Authorization: ${value}`]))).toEqual([]);
    }
  });
});

describe('basic-credentials', () => {
  it('names the colon position in the username typed in the auth tab', () => {
    const [finding] = run(basicCredentialsRule, wireRequest('GET https://x/'), { basicUsername: 'corp:ann' });
    expect(finding?.message).toContain('"corp:ann" contains ":" at position 5');
    expect(finding?.message).toContain('read the user "corp"');
    expect(finding?.field).toBe('auth:username');
  });

  it('reports Basic credentials that do not decode to user:password', () => {
    const [finding] = run(basicCredentialsRule, wireRequest('GET https://x/', ['Authorization: Basic YWJj']));
    expect(finding?.message).toMatch(/^Authorization: The decoded Basic credentials .* have no ":"/);
  });

  it('lets a password contain colons', () => {
    expect(run(basicCredentialsRule, wireRequest('GET https://x/', [`Authorization: ${fixtureBasic('ann:pa:ss')}`]), { basicUsername: 'ann' })).toEqual([]);
  });
});

describe('authorization-duplicate', () => {
  it('keeps the first Authorization header as its fix', () => {
    const request = wireRequest('GET https://x/', ['Authorization: Bearer a', 'Accept: */*', 'authorization: Basic Yjpj']);
    const [finding] = run(authorizationDuplicateRule, request);
    expect(finding?.message).toContain('2 Authorization headers (Bearer, Basic)');
    expect(applyLintFix(request, finding!.fix!).headers).toEqual([
      { name: 'Authorization', value: 'Bearer a' },
      { name: 'Accept', value: '*/*' },
    ]);
  });
});

describe('jwt-validity', () => {
  const at = { now: FIXTURE_NOW };
  const check = (header: string) => run(jwtValidityRule, wireRequest('GET https://x/', [header]), at);

  it('is an error for an expired token, saying when it expired', () => {
    const [finding] = check(bearer(fixtureJwt({ exp: fixtureEpoch(-7200) })));
    expect(finding?.severity).toBe('error');
    expect(finding?.message).toContain('expired at 2025-03-01T10:00:00.000Z (2 hours ago)');
  });

  it('warns about a token that is not valid yet', () => {
    const [finding] = check(`Authorization: JWT ${fixtureJwt({ nbf: fixtureEpoch(300) })}`);
    expect(finding?.severity).toBe('warning');
    expect(finding?.message).toContain('not valid before 2025-03-01T12:05:00.000Z (in 5 minutes)');
  });

  it('mentions a token about to expire', () => {
    const [finding] = check(bearer(fixtureJwt({ exp: fixtureEpoch(30) })));
    expect(finding).toMatchObject({ severity: 'info', message: expect.stringContaining('expires in 30 seconds') });
  });

  it('is an error when the JWT scheme carries something that is not a JWT, a warning for a broken eyJ bearer token', () => {
    expect(check('Authorization: JWT abc.def')[0]?.severity).toBe('error');
    expect(check('Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30')[0]?.severity).toBe('warning');
  });

  it('leaves opaque bearer tokens and valid JWTs alone', () => {
    expect(check(bearer('opaque-token-123'))).toEqual([]);
    expect(check(bearer(fixtureJwt({ exp: fixtureEpoch(3600), nbf: fixtureEpoch(-60) })))).toEqual([]);
  });
});
