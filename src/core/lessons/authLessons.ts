/**
 * Lessons on authentication (spec §5, RFC 7616 Digest, AWS SigV4): each scheme of the sandbox API, its challenge when
 * credentials are missing or wrong, 401 against 403, the redirect alternative to 401, and
 * the three-party token flow with rotation, reuse detection, expiry and audience.
 */
import type { Lesson } from './lesson';

const json = [{ name: 'Content-Type', value: 'application/json' }];
const form = [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }];

/**
 * Access tokens signed with the sandbox's published demo key: one that expired on
 * 2024-01-01, one for another API's audience. Fixed, so the lessons need no setup.
 */
export const LESSON_EXPIRED_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6ImF0K2p3dCJ9.eyJjbGllbnRfaWQiOiJkZW1vLWNsaWVudCIsInNjb3BlIjoib3JkZXJzOnJlYWQgb3JkZXJzOndyaXRlIiwiZ2lkIjoiZ19sZXNzb25fZXhwaXJlZCIsImlzcyI6IndpcmViZW5jaC1zYW5kYm94LWF1dGgiLCJzdWIiOiJhbGFkZGluIiwiYXVkIjoid2lyZWJlbmNoLXNhbmRib3gtYXBpIiwiaWF0IjoxNzA0MDY3MjAwLCJleHAiOjE3MDQwNjcyNjAsImp0aSI6Imxlc3Nvbi1leHBpcmVkIn0.8m5fQbDaLLFU7XE8atfzrL2MtKLPH3qLREErKZAum8o';
export const LESSON_OTHER_AUDIENCE_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6ImF0K2p3dCJ9.eyJjbGllbnRfaWQiOiJiaWxsaW5nLWNsaWVudCIsInNjb3BlIjoib3JkZXJzOnJlYWQgb3JkZXJzOndyaXRlIiwiZ2lkIjoiZ19sZXNzb25fYmlsbGluZyIsImlzcyI6IndpcmViZW5jaC1zYW5kYm94LWF1dGgiLCJzdWIiOiJhbGFkZGluIiwiYXVkIjoiaHR0cHM6Ly9iaWxsaW5nLmV4YW1wbGUvYXBpIiwiaWF0IjoxNzA0MDY3MjAwLCJleHAiOjQxMDI0NDQ4MDAsImp0aSI6Imxlc3Nvbi1iaWxsaW5nIn0.WS2XMTJCuLFqJ4T26243j8CS2vHfkJByuKWpu6yo_sg';

const exchange = (refreshVariable: string) =>
  JSON.stringify({ client_id: 'demo-client', client_secret: 'demo-secret', refresh_token: `{{${refreshVariable}}}`, grant_type: 'refresh_token' }, null, 2);

/** Schemes one by one. */
export const AUTH_LESSONS: readonly Lesson[] = [
  {
    id: 'basic-ok',
    group: 'Authentication',
    title: 'Basic with a colon in the password',
    convention: 'Spec §5 Basic; RFC 7617 §2',
    teaches: 'Basic joins user and password with a colon and base64-encodes them. The server splits at the first colon, so a password may contain ":" but a user name may not.',
    lookAt: 'The Authorization header sent (decode its base64 to see aladdin:open:sesame) and the 200 answer naming the user.',
    request: { method: 'GET', url: '/sandbox/api/basic', headers: [], auth: { scheme: 'basic', values: { username: 'aladdin', password: 'open:sesame' } } },
    expectedStatus: 200,
  },
  {
    id: 'basic-missing',
    group: 'Authentication',
    title: 'No credentials: 401 and a challenge',
    convention: 'Spec §7 401; RFC 9110 §11.6.1',
    teaches: 'A protected resource asked for without credentials answers 401 with WWW-Authenticate, which tells the client what to send.',
    lookAt: 'WWW-Authenticate: Basic realm="sandbox", charset="UTF-8" — the scheme, the realm and the charset for the password.',
    request: { method: 'GET', url: '/sandbox/api/basic', headers: [] },
    expectedStatus: 401,
  },
  {
    id: 'basic-wrong',
    group: 'Authentication',
    title: 'Wrong password: 401 again',
    convention: 'Spec §7 401',
    teaches: 'Wrong credentials are answered like missing ones: 401 with the challenge, so the client can ask again.',
    lookAt: 'The same challenge as without credentials; the problem detail says the password did not match.',
    request: { method: 'GET', url: '/sandbox/api/basic', headers: [], auth: { scheme: 'basic', values: { username: 'aladdin', password: 'open' } } },
    expectedStatus: 401,
  },
  {
    id: 'digest-challenge',
    group: 'Authentication',
    title: 'Digest: the challenge carries a nonce',
    convention: 'RFC 7616 §3.3',
    teaches:
      'Digest never sends the password: the 401 challenge gives a realm, a one-time nonce, the qop and the algorithm, and the answer is a hash over them, the password and the request. Choose Digest in Auth (the inspector\'s "Set up Digest auth" does it in one click) with user Mufasa, password "Circle of Life", and the relay answers the challenge: two hops, then 200.',
    lookAt: 'WWW-Authenticate: Digest realm=…, qop="auth", algorithm=SHA-256, nonce=…, opaque=…, charset=UTF-8.',
    request: { method: 'GET', url: '/sandbox/api/digest/sha-256', headers: [] },
    expectedStatus: 401,
  },
  {
    id: 'digest-quoted-nc',
    group: 'Authentication',
    title: 'Digest: nc is not quoted',
    convention: 'RFC 7616 §3.4',
    teaches: 'The nonce count is 8 hex digits written bare (nc=00000001); qop and algorithm are bare tokens too. A client that quotes nc is refused by strict servers, as this answer is.',
    lookAt: 'The problem detail naming the quoted nc, and the fresh challenge to answer instead.',
    request: {
      method: 'GET',
      url: '/sandbox/api/digest/sha-256',
      headers: [
        {
          name: 'Authorization',
          value: 'Digest username="Mufasa", realm="wirebench-sandbox@127.0.0.1", uri="/sandbox/api/digest/sha-256", algorithm=SHA-256, nonce="bm9uY2U", nc="00000001", cnonce="0a4f113b", qop=auth, response="0"',
        },
      ],
    },
    expectedStatus: 401,
  },
  {
    id: 'apikey-read',
    group: 'Authentication',
    title: 'API key in a header',
    convention: 'Spec §5 API key',
    teaches: 'An API key travels in a custom header such as Ocp-Apim-Subscription-Key, not in the URL, so logs and browser history do not keep it.',
    lookAt: 'The 200 answer: access "read" — this key may only read.',
    request: { method: 'GET', url: '/sandbox/api/apikey', headers: [], auth: { scheme: 'apikey', values: { headerName: 'Ocp-Apim-Subscription-Key', key: 'ro-demo-key-0001', placement: 'header' } } },
    expectedStatus: 200,
  },
  {
    id: 'apikey-forbidden',
    group: 'Authentication',
    title: '403: known caller, not allowed',
    convention: 'Spec §5 rule 1; §7 403',
    teaches: 'Authentication says who the caller is; authorization decides what it may do. The read-only key is recognised (no 401) but may not write: 403.',
    lookAt: 'Status 403 without a challenge — sending other credentials for this key would not help.',
    request: { method: 'POST', url: '/sandbox/api/apikey', headers: [], auth: { scheme: 'apikey', values: { headerName: 'Ocp-Apim-Subscription-Key', key: 'ro-demo-key-0001', placement: 'header' } } },
    expectedStatus: 403,
  },
  {
    id: 'apikey-write',
    group: 'Authentication',
    title: 'The read-write key may write',
    convention: 'Spec §5 rule 1',
    teaches: 'The same request with the read-write key is authorized.',
    lookAt: 'Status 200 and "action": "written".',
    request: { method: 'POST', url: '/sandbox/api/apikey', headers: [], auth: { scheme: 'apikey', values: { headerName: 'Ocp-Apim-Subscription-Key', key: 'rw-demo-key-0002', placement: 'header' } } },
    expectedStatus: 200,
  },
  {
    id: 'apikey-in-url',
    group: 'Authentication',
    title: 'An API key in the URL is refused',
    convention: 'Spec §5 API key',
    teaches: 'A key in the query string ends up in server logs, proxies and history. The sandbox refuses it to make the point.',
    lookAt: 'The 400 problem detail naming the query parameter.',
    request: { method: 'GET', url: '/sandbox/api/apikey?subscription-key=ro-demo-key-0001', headers: [] },
    expectedStatus: 400,
  },
  {
    id: 'custom-scheme',
    group: 'Authentication',
    title: 'A custom scheme with auth-params',
    convention: 'Spec §5 custom scheme; RFC 9110 §11.4',
    teaches: 'Authorization: Sandbox key="…", ts="…" — auth-params are token "=" (token / quoted-string), separated by commas. ts must be within 5 minutes of the server clock.',
    lookAt: 'The Authorization header as sent, and skewSeconds in the answer.',
    request: { method: 'GET', url: '/sandbox/api/custom', headers: [], auth: { scheme: 'custom', values: { scheme: 'Sandbox', mode: 'params', params: 'key=sandbox-demo-key\nts={{$timestamp}}' } } },
    expectedStatus: 200,
  },
  {
    id: 'custom-syntax',
    group: 'Authentication',
    title: 'A malformed auth-param list: 400 with the position',
    convention: 'Spec §5 custom scheme',
    teaches: 'Auth-params must be separated by commas; a value that does not follow the grammar is not valid credentials. The server says where it stopped.',
    lookAt: 'The problem detail and its position: the column of "ts" after the missing comma.',
    request: { method: 'GET', url: '/sandbox/api/custom', headers: [{ name: 'Authorization', value: 'Sandbox key="sandbox-demo-key" ts="{{$timestamp}}"' }] },
    expectedStatus: 400,
  },
  {
    id: 'sigv4-signed',
    group: 'Authentication',
    title: 'AWS Signature V4: the request is signed, not just tagged',
    convention: 'AWS SigV4',
    teaches:
      'SigV4 sends no secret: it signs a canonical form of the request (method, path, sorted query, chosen headers, the body\'s SHA-256) with a key derived from the secret, the date, the region and the service. Any change after signing, and any clock more than 5 minutes off, is refused. Demo key AKIDEXAMPLE, region us-east-1, service execute-api.',
    lookAt: 'Authorization: AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/<date>/us-east-1/execute-api/aws4_request, SignedHeaders=host;x-amz-date, Signature=…, and under "How it was signed" the canonical request: the query sorted and percent-encoded.',
    request: {
      method: 'GET',
      url: '/sandbox/api/sigv4?prefix=photos/2024&list-type=2&delimiter=%2F',
      headers: [],
      auth: { scheme: 'sigv4', values: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', region: 'us-east-1', service: 'execute-api' } },
    },
    expectedStatus: 200,
  },
  {
    id: 'sigv4-wrong-secret',
    group: 'Authentication',
    title: 'AWS Signature V4: SignatureDoesNotMatch, and how to compare',
    convention: 'AWS SigV4',
    teaches:
      'With a wrong secret the server computes the same canonical request but a different signature. AWS answers 403 SignatureDoesNotMatch and, to help, shows the canonical request and string to sign it computed: when they equal yours the secret is wrong; when they differ the first differing line says what was signed differently.',
    lookAt: 'Error.CanonicalRequest and Error.StringToSign in the answer beside "How it was signed" in Headers: the same lines, so the secret is what differs.',
    request: {
      method: 'GET',
      url: '/sandbox/api/sigv4?prefix=photos/2024',
      headers: [],
      auth: { scheme: 'sigv4', values: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'not-the-secret-key', region: 'us-east-1', service: 'execute-api' } },
    },
    expectedStatus: 403,
  },
  {
    id: 'sigv4-presigned',
    group: 'Authentication',
    title: 'AWS Signature V4 in the query: a presigned URL',
    convention: 'AWS SigV4 (query string)',
    teaches:
      'The same signature can travel in the query instead of Authorization: X-Amz-Algorithm, X-Amz-Credential, X-Amz-Date, X-Amz-Expires, X-Amz-SignedHeaders and X-Amz-Signature. The URL alone then grants access until X-Amz-Date + X-Amz-Expires (at most 7 days), to anyone who holds it — which is why history and exports keep the signature masked. S3 shares objects this way.',
    lookAt: 'The request line in "What will be sent": the X-Amz-* parameters after the typed query, no Authorization header; in the canonical request every parameter but X-Amz-Signature, and SignedHeaders=host.',
    request: {
      method: 'GET',
      url: '/sandbox/api/sigv4?report=2024',
      headers: [],
      auth: { scheme: 'sigv4', values: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', region: 'us-east-1', service: 'execute-api', signWith: 'query', expires: '300' } },
    },
    expectedStatus: 200,
  },
  {
    id: 'browser-redirect',
    group: 'Authentication',
    title: 'Redirect to an access-denied page instead of 401',
    convention: 'Spec §7 (redirect alternative to 401)',
    teaches: 'Sites built for browsers answer a missing login with a redirect to a page. A program that follows it gets 200 and HTML where it expected data.',
    lookAt: 'Status 302 and Location: /sandbox/denied?returnUrl=… — compare with the 401 of /sandbox/api/basic.',
    request: { method: 'GET', url: '/sandbox/api/browser/profile', headers: [] },
    expectedStatus: 302,
  },
];

/** The three-party flow, in the order the lessons run. */
export const TOKEN_LESSONS: readonly Lesson[] = [
  {
    id: 'token-grant',
    group: 'Token exchange',
    title: 'The user grants a client access',
    convention: 'Spec §5 rule 3',
    teaches: 'In the three-party flow the user grants a client access and the client receives a long-lived refresh token. This is what the consent page (/sandbox/auth/consent) does, as one request.',
    lookAt: 'refresh_token in the answer; it is kept as {{refresh_token}} for the next lessons.',
    request: { method: 'POST', url: '/sandbox/auth/grants', headers: json, body: JSON.stringify({ client_id: 'demo-client' }, null, 2) },
    expectedStatus: 201,
    captures: [
      { variable: 'refresh_token', jsonField: 'refresh_token' },
      { variable: 'first_refresh_token', jsonField: 'refresh_token' },
    ],
  },
  {
    id: 'token-refresh-json',
    group: 'Token exchange',
    title: 'Exchange the refresh token (JSON body)',
    convention: 'Spec §4.1',
    teaches: 'The client exchanges its refresh token for a short-lived access token. The refresh token rotates: the answer carries a new one and the old one is spent.',
    lookAt: 'access_token (a JWT: decode it, note aud and client_id differ), expires_in 60, and a new refresh_token.',
    request: { method: 'POST', url: '/sandbox/auth/v1/token', headers: json, body: exchange('refresh_token') },
    expectedStatus: 200,
    captures: [
      { variable: 'access_token', jsonField: 'access_token' },
      { variable: 'refresh_token', jsonField: 'refresh_token' },
    ],
  },
  {
    id: 'bearer-ok',
    group: 'Token exchange',
    title: 'Call the API with the bearer token',
    convention: 'Spec §5 Bearer; RFC 6750 §2.1',
    teaches: 'The short-lived token goes with every request as Authorization: Bearer. The server checks signature, expiry and that aud names this API.',
    lookAt: 'The 200 answer: client_id demo-client, aud wirebench-sandbox-api.',
    request: { method: 'GET', url: '/sandbox/api/bearer', headers: [], auth: { scheme: 'bearer', values: { token: '{{access_token}}' } } },
    expectedStatus: 200,
  },
  {
    id: 'jwt-scheme',
    group: 'Token exchange',
    title: 'The same token with the JWT scheme',
    convention: 'Spec §5 JWT',
    teaches: 'Some APIs name the scheme JWT instead of Bearer. The token is the same; the scheme word must be what the resource expects.',
    lookAt: 'Authorization: JWT eyJ… and the 200 answer.',
    request: { method: 'GET', url: '/sandbox/api/jwt', headers: [], auth: { scheme: 'jwt', values: { token: '{{access_token}}' } } },
    expectedStatus: 200,
  },
  {
    id: 'jwt-wrong-scheme',
    group: 'Token exchange',
    title: 'Right token, wrong scheme word',
    convention: 'Spec §5 JWT; RFC 9110 §11.6.1',
    teaches: 'A resource expecting JWT refuses Bearer even with a valid token, and its challenge says which scheme it wants.',
    lookAt: 'WWW-Authenticate: JWT realm="sandbox".',
    request: { method: 'GET', url: '/sandbox/api/jwt', headers: [], auth: { scheme: 'bearer', values: { token: '{{access_token}}' } } },
    expectedStatus: 401,
  },
  {
    id: 'bearer-expired',
    group: 'Token exchange',
    title: 'An expired access token',
    convention: 'RFC 6750 §3.1 invalid_token',
    teaches: 'An expired token is answered 401 with error="invalid_token" and a description; the client should refresh and retry.',
    lookAt: 'WWW-Authenticate: Bearer realm="sandbox", error="invalid_token", error_description="The access token expired". Decode the token: exp is 2024-01-01.',
    request: { method: 'GET', url: '/sandbox/api/bearer', headers: [], auth: { scheme: 'bearer', values: { token: LESSON_EXPIRED_TOKEN } } },
    expectedStatus: 401,
  },
  {
    id: 'bearer-audience',
    group: 'Token exchange',
    title: 'A token for another API',
    convention: 'Spec §5 rule 4 (aud)',
    teaches: 'aud names the resource servers that should accept a token. A validly signed token for another audience is refused.',
    lookAt: 'error_description naming audience https://billing.example/api.',
    request: { method: 'GET', url: '/sandbox/api/bearer', headers: [], auth: { scheme: 'bearer', values: { token: LESSON_OTHER_AUDIENCE_TOKEN } } },
    expectedStatus: 401,
  },
  {
    id: 'bearer-missing',
    group: 'Token exchange',
    title: 'No token: a bare Bearer challenge',
    convention: 'RFC 6750 §3',
    teaches: 'Without any token the challenge carries no error code, only the realm: the client simply has not authenticated yet.',
    lookAt: 'WWW-Authenticate: Bearer realm="sandbox" with no error param.',
    request: { method: 'GET', url: '/sandbox/api/bearer', headers: [] },
    expectedStatus: 401,
  },
  {
    id: 'token-refresh-form',
    group: 'Token exchange',
    title: 'Exchange again, RFC 6749 form body',
    convention: 'RFC 6749 §6',
    teaches: 'OAuth 2.0 sends the same parameters form-encoded. The service takes both; the refresh token rotates again.',
    lookAt: 'A new access_token and refresh_token.',
    request: {
      method: 'POST',
      url: '/sandbox/auth/v1/token',
      headers: form,
      body: 'grant_type=refresh_token&refresh_token={{refresh_token}}&client_id=demo-client&client_secret=demo-secret',
    },
    expectedStatus: 200,
    captures: [
      { variable: 'access_token', jsonField: 'access_token' },
      { variable: 'refresh_token', jsonField: 'refresh_token' },
    ],
  },
  {
    id: 'token-wrong-secret',
    group: 'Token exchange',
    title: 'Wrong client secret: invalid_client',
    convention: 'RFC 6749 §5.2',
    teaches: 'A client that fails to authenticate gets 401 invalid_client with a challenge; the refresh token is not spent.',
    lookAt: '{"error": "invalid_client"} and WWW-Authenticate: Basic realm="wirebench-sandbox-token".',
    request: { method: 'POST', url: '/sandbox/auth/v1/token', headers: json, body: exchange('refresh_token').replace('"demo-secret"', '"not-the-secret"') },
    expectedStatus: 401,
  },
  {
    id: 'token-reuse',
    group: 'Token exchange',
    title: 'Reusing a rotated refresh token',
    convention: 'RFC 6749 §10.4; OAuth 2.0 Security BCP §4.14',
    teaches: 'The first refresh token was spent at the first exchange. Presenting it again looks like theft, so the service refuses it and revokes the whole grant.',
    lookAt: '{"error": "invalid_grant"} and a description saying the grant is now revoked.',
    request: { method: 'POST', url: '/sandbox/auth/v1/token', headers: json, body: exchange('first_refresh_token') },
    expectedStatus: 400,
  },
  {
    id: 'token-after-reuse',
    group: 'Token exchange',
    title: 'After reuse even the newest token is dead',
    convention: 'Spec §5 rule 3 (revocation)',
    teaches: 'Because the grant was revoked, the current refresh token no longer works either; the user must grant access again.',
    lookAt: 'invalid_grant: the grant was revoked. Access tokens already issued still work until they expire — that is why they are short-lived.',
    request: { method: 'POST', url: '/sandbox/auth/v1/token', headers: json, body: exchange('refresh_token') },
    expectedStatus: 400,
  },
  {
    id: 'token-revoke',
    group: 'Token exchange',
    title: 'Revoke a token',
    convention: 'RFC 7009 §2',
    teaches: 'A client revokes a token with POST /auth/v1/revoke. The answer is 200 even for an unknown or already revoked token, so it reveals nothing.',
    lookAt: 'Status 200 with an empty body; the grants page (/sandbox/auth/grants) lists the grant as revoked.',
    request: { method: 'POST', url: '/sandbox/auth/v1/revoke', headers: form, body: 'token={{refresh_token}}&client_id=demo-client&client_secret=demo-secret' },
    expectedStatus: 200,
  },
];
