/**
 * Lessons on the sandbox authorization server (issue 16): discovery at both well-known
 * URLs, client authentication (client_secret_basic with RFC 6749 §2.3.1's encoding,
 * client_secret_post), the authorization code grant step by step with PKCE (login page,
 * consent, redirect, a wrong verifier, the right one), the ID token and its keys,
 * userinfo, the device grant's first poll, the password grant with its warning,
 * introspection and revocation. Each is one request; later ones use what earlier captured.
 */
import type { Lesson } from './lesson';

const form = [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }];
const TOKEN = '/sandbox/oauth/token';

/**
 * `urn:wirebench:basic-client` / `b4sic:s3cret/+%&= ok`, each form-urlencoded first
 * (`urn%3Awirebench%3Abasic-client:b4sic%3As3cret%2F%2B%25%26%3D+ok`), then base64.
 */
const BASIC_CLIENT_CREDENTIALS = 'Basic dXJuJTNBd2lyZWJlbmNoJTNBYmFzaWMtY2xpZW50OmI0c2ljJTNBczNjcmV0JTJGJTJCJTI1JTI2JTNEK29r';
const LEGACY_CLIENT_CREDENTIALS = 'Basic d2ItbGVnYWN5OmxlZ2FjeS1zZWNyZXQtOWU0YQ==';
/** The registered loopback redirect URI of wb-public, form-encoded. */
const REDIRECT = 'http%3A%2F%2F127.0.0.1%2Foauth%2Fcallback';
/** RFC 7636 Appendix B: this verifier's S256 challenge is E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM. */
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const codeExchange = (verifier: string) => `grant_type=authorization_code&code={{code}}&redirect_uri=${REDIRECT}&client_id=wb-public&code_verifier=${verifier}`;
const introspectAccess = 'token={{oauth_access_token}}&token_type_hint=access_token&client_id=wb-post&client_secret=post-secret-2c1f';

const lesson = (l: Omit<Lesson, 'group'>): Lesson => ({ group: 'OAuth grants', ...l });

export const OAUTH_LESSONS: readonly Lesson[] = [
  lesson({
    id: 'oauth-discovery',
    title: 'Discovery: what the authorization server offers',
    convention: 'OpenID Connect Discovery 1.0 §4; RFC 8414 §3.3',
    teaches: 'A client learns the endpoints, grant types, PKCE methods and client authentication methods from one document instead of configuring each. The issuer inside must equal the URL it was fetched for, character for character, or the client must refuse it: otherwise one server could pose as another.',
    lookAt: 'issuer (the origin you used + /sandbox/oauth), token_endpoint, grant_types_supported, code_challenge_methods_supported ["S256"] and token_endpoint_auth_methods_supported.',
    request: { method: 'GET', url: '/sandbox/oauth/.well-known/openid-configuration', headers: [] },
    expectedStatus: 200,
  }),
  lesson({
    id: 'oauth-metadata-path-insertion',
    title: 'The same document at RFC 8414\u2019s URL',
    convention: 'RFC 8414 §3.1',
    teaches: 'RFC 8414 puts /.well-known/oauth-authorization-server before the issuer\u2019s path (path insertion), not after it as OpenID Connect does. For the issuer …/sandbox/oauth that is /.well-known/oauth-authorization-server/sandbox/oauth at the root of the origin.',
    lookAt: 'The same issuer and endpoints as the OpenID Connect document; compare the two URLs.',
    request: { method: 'GET', url: '/.well-known/oauth-authorization-server/sandbox/oauth', headers: [] },
    expectedStatus: 200,
  }),
  lesson({
    id: 'oauth-client-credentials-basic',
    title: 'Client credentials with client_secret_basic',
    convention: 'RFC 6749 §4.4, §2.3.1',
    teaches: 'A client acting for itself asks for a token with its own credentials: no person, no refresh token. With client_secret_basic the id and secret are form-urlencoded before they are joined by ":" and base64-encoded, so ":" "/" "+" "%" "&" "=" and spaces survive; clients that skip this step fail with ids or secrets like this one.',
    lookAt: 'Decode the Authorization header: urn%3Awirebench%3Abasic-client:b4sic%3As3cret%2F%2B%25%26%3D+ok. The answer has an access_token and no refresh_token.',
    request: { method: 'POST', url: TOKEN, headers: [...form, { name: 'Authorization', value: BASIC_CLIENT_CREDENTIALS }], body: 'grant_type=client_credentials&scope=orders%3Aread' },
    expectedStatus: 200,
  }),
  lesson({
    id: 'oauth-client-credentials-post',
    title: 'Client credentials with client_secret_post',
    convention: 'RFC 6749 §2.3.1',
    teaches: 'client_secret_post sends client_id and client_secret as body fields instead of a Basic header. A server registers one method per client and refuses the other, so the method must match the registration.',
    lookAt: 'client_id and client_secret in the form body, no Authorization header; scope "orders:read orders:write" granted by default.',
    request: { method: 'POST', url: TOKEN, headers: form, body: 'grant_type=client_credentials&client_id=wb-post&client_secret=post-secret-2c1f' },
    expectedStatus: 200,
  }),
  lesson({
    id: 'oauth-authorize',
    title: 'Authorization code: the authorization request',
    convention: 'RFC 6749 §4.1.1; RFC 7636 §4.3',
    teaches: 'The browser is sent to the authorize endpoint with response_type=code, the client, its registered redirect URI, the scope, a state to check on return, and the PKCE code_challenge: the SHA-256 of a secret verifier the client keeps. The server answers with its login page.',
    lookAt: 'Each query parameter; the login page\u2019s hidden "interaction" field is kept as {{interaction}} for the next two lessons.',
    request: {
      method: 'GET',
      url: `/sandbox/oauth/authorize?response_type=code&client_id=wb-public&redirect_uri=${REDIRECT}&scope=openid%20profile&state=lesson-state-7&code_challenge=${CHALLENGE}&code_challenge_method=S256`,
      headers: [],
    },
    expectedStatus: 200,
    captures: [{ variable: 'interaction', formField: 'interaction' }],
  }),
  lesson({
    id: 'oauth-login',
    title: 'The person signs in',
    convention: 'RFC 6749 §4.1 (A), (B)',
    teaches: 'The person authenticates to the authorization server, never to the client: the client never sees this password. The server then asks for consent.',
    lookAt: 'The consent page listing what wb-public asks for: openid and profile.',
    request: { method: 'POST', url: '/sandbox/oauth/login', headers: form, body: 'interaction={{interaction}}&username=alice&password=wonderland-42' },
    expectedStatus: 200,
  }),
  lesson({
    id: 'oauth-consent',
    title: 'Consent, and the redirect with a code',
    convention: 'RFC 6749 §4.1.2; RFC 9207',
    teaches: 'Approving sends the browser back to the redirect URI with a short-lived, single-use code, the state the client sent, and iss naming the server (RFC 9207), so a client talking to several servers can tell which one answered.',
    lookAt: 'Status 303 and Location: http://127.0.0.1/oauth/callback?code=…&state=lesson-state-7&iss=…; the code is kept as {{code}}.',
    request: { method: 'POST', url: '/sandbox/oauth/consent', headers: form, body: 'interaction={{interaction}}&decision=approve' },
    expectedStatus: 303,
    captures: [{ variable: 'code', locationParam: 'code' }],
  }),
  lesson({
    id: 'oauth-pkce-wrong-verifier',
    title: 'PKCE: a stolen code without the verifier',
    convention: 'RFC 7636 §4.6',
    teaches: 'Whoever intercepts the code still needs the verifier whose SHA-256 was sent as code_challenge. With any other verifier the token endpoint answers invalid_grant, so an intercepted code is worthless.',
    lookAt: '{"error": "invalid_grant"} and a description saying BASE64URL(SHA256(code_verifier)) differs from the code_challenge.',
    request: { method: 'POST', url: TOKEN, headers: form, body: codeExchange('not-the-verifier-of-this-code-0123456789abcdef') },
    expectedStatus: 400,
  }),
  lesson({
    id: 'oauth-code-exchange',
    title: 'The code and the right verifier: tokens',
    convention: 'RFC 6749 §4.1.3; RFC 7636 §4.5',
    teaches: 'The client sends the code with the same redirect_uri and the original verifier. A public client like wb-public has no secret: PKCE is what ties the code to it. With openid in the scope an ID token comes too.',
    lookAt: 'access_token, refresh_token and id_token; they are kept for the next lessons. The code is now spent: sending it again revokes what it gave.',
    request: { method: 'POST', url: TOKEN, headers: form, body: codeExchange(VERIFIER) },
    expectedStatus: 200,
    captures: [
      { variable: 'oauth_access_token', jsonField: 'access_token' },
      { variable: 'oauth_refresh_token', jsonField: 'refresh_token' },
      { variable: 'id_token', jsonField: 'id_token' },
    ],
  }),
  lesson({
    id: 'oauth-jwks',
    title: 'The ID token and the keys that sign it',
    convention: 'OpenID Connect Core §3.1.3.7; RFC 7517',
    teaches: 'An ID token is a JWT about the sign-in, for the client (aud is its client_id), not for APIs. The client checks its signature with the issuer\u2019s key named by kid in the JWKS, then iss, aud, exp, iat, and nonce when it sent one.',
    lookAt: 'The key whose kid matches the header of {{id_token}} (decode it in the JWT tool), its kty and alg; iss, aud "wb-public", sub "alice" in the token.',
    request: { method: 'GET', url: '/sandbox/oauth/jwks', headers: [] },
    expectedStatus: 200,
  }),
  lesson({
    id: 'oauth-userinfo',
    title: 'Userinfo with the access token',
    convention: 'OpenID Connect Core §5.3',
    teaches: 'The access token, not the ID token, is what the client presents to read the person\u2019s claims; which claims come depends on the scope granted (profile adds the name).',
    lookAt: 'sub "alice" and the name claims.',
    request: { method: 'GET', url: '/sandbox/oauth/userinfo', headers: [], auth: { scheme: 'bearer', values: { token: '{{oauth_access_token}}' } } },
    expectedStatus: 200,
  }),
  lesson({
    id: 'oauth-device-authorization',
    title: 'Device authorization: a code for the person',
    convention: 'RFC 8628 §3.1, §3.2',
    teaches: 'A device without a browser asks for a device_code (for itself) and a short user_code the person types at the verification URI on another device, or scans as verification_uri_complete.',
    lookAt: 'user_code, verification_uri, expires_in and interval 5; the device_code is kept for the next lesson.',
    request: { method: 'POST', url: '/sandbox/oauth/device_authorization', headers: form, body: 'client_id=wb-device&scope=openid' },
    expectedStatus: 200,
    captures: [{ variable: 'device_code', jsonField: 'device_code' }],
  }),
  lesson({
    id: 'oauth-device-pending',
    title: 'Device polling: authorization_pending',
    convention: 'RFC 8628 §3.4, §3.5',
    teaches: 'The device polls the token endpoint at the interval. Until the person approves, it gets authorization_pending and keeps polling; polling faster gets slow_down and the interval grows by 5 s; access_denied and expired_token end it.',
    lookAt: '{"error": "authorization_pending"}. Send it again at once to see slow_down.',
    request: { method: 'POST', url: TOKEN, headers: form, body: 'grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&device_code={{device_code}}&client_id=wb-device' },
    expectedStatus: 400,
  }),
  lesson({
    id: 'oauth-password-grant',
    title: 'The password grant (removed by RFC 9700)',
    convention: 'RFC 6749 §4.3; RFC 9700 §2.4',
    teaches: 'The client collects the person\u2019s username and password and sends them itself. RFC 9700 §2.4 says this grant MUST NOT be used: the client sees the password, and no second factor or consent page can take part. Only for legacy servers; the sandbox allows it for wb-legacy alone.',
    lookAt: 'Tokens for alice without any login or consent page; the other clients get unauthorized_client for this grant.',
    request: { method: 'POST', url: TOKEN, headers: [...form, { name: 'Authorization', value: LEGACY_CLIENT_CREDENTIALS }], body: 'grant_type=password&username=alice&password=wonderland-42&scope=openid' },
    expectedStatus: 200,
  }),
  lesson({
    id: 'oauth-introspection',
    title: 'Introspection: is this token active?',
    convention: 'RFC 7662 §2',
    teaches: 'A resource server that cannot read a token itself asks the authorization server, authenticating as a client. The answer says whether the token is active and, if so, for whom and what.',
    lookAt: 'active true, client_id wb-public, scope "openid profile", sub alice, exp.',
    request: { method: 'POST', url: '/sandbox/oauth/introspect', headers: form, body: introspectAccess },
    expectedStatus: 200,
  }),
  lesson({
    id: 'oauth-revocation',
    title: 'Revocation of the refresh token',
    convention: 'RFC 7009 §2; spec §5 rule 3',
    teaches: 'The client revokes the refresh token when the person signs out or withdraws access. Revoking the refresh token ends the grant, and the sandbox ends its access tokens with it. The answer is 200 even for an unknown token, so it reveals nothing.',
    lookAt: 'Status 200 with an empty body.',
    request: { method: 'POST', url: '/sandbox/oauth/revoke', headers: form, body: 'token={{oauth_refresh_token}}&token_type_hint=refresh_token&client_id=wb-public' },
    expectedStatus: 200,
  }),
  lesson({
    id: 'oauth-introspection-revoked',
    title: 'After revocation the access token is inactive',
    convention: 'RFC 7662 §2.2; RFC 7009 §2.1',
    teaches: 'The same introspection as before now says active false and nothing else: an inactive token reveals no details.',
    lookAt: '{"active": false}.',
    request: { method: 'POST', url: '/sandbox/oauth/introspect', headers: form, body: introspectAccess },
    expectedStatus: 200,
  }),
];
