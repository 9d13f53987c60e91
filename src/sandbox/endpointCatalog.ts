/**
 * Every sandbox endpoint in one table, for the `/sandbox` page: methods, path (with
 * `{placeholders}`) and what it demonstrates. Kept beside the routers it describes; the
 * catalog test checks that every entry answers something other than 404.
 */

/** One endpoint as the index page lists it. */
export interface CatalogEntry {
  methods: string;
  path: string;
  summary: string;
  /** A concrete path to try it (placeholders filled), when different from `path`. */
  example?: string;
}

/** Sections of the index page, in order. */
export const ENDPOINT_CATALOG: readonly { section: string; entries: readonly CatalogEntry[] }[] = [
  {
    section: 'Authentication (spec §5)',
    entries: [
      { methods: 'GET POST', path: '/sandbox/api/basic', summary: 'Basic: user aladdin, password open:sesame (contains a colon).' },
      { methods: 'GET POST', path: '/sandbox/api/bearer', summary: 'Bearer access tokens from the token service; RFC 6750 challenges.' },
      { methods: 'GET POST', path: '/sandbox/api/jwt', summary: 'The same tokens with Authorization: JWT.' },
      { methods: 'GET POST', path: '/sandbox/api/apikey', summary: 'Ocp-Apim-Subscription-Key: ro-demo-key-0001 (read) or rw-demo-key-0002 (read-write); 403 for writing read-only.' },
      { methods: 'GET POST', path: '/sandbox/api/custom', summary: 'Authorization: Sandbox key="sandbox-demo-key", ts="<unix seconds>".' },
      { methods: 'GET POST', path: '/sandbox/api/digest/{algorithm}', example: '/sandbox/api/digest/sha-256', summary: 'Digest (RFC 7616): user Mufasa, password "Circle of Life"; algorithm md5, md5-sess, sha-256, sha-256-sess, sha-512-256 or sha-512-256-sess.' },
      { methods: 'GET POST', path: '/sandbox/api/digest/{algorithm}?qop=auth-int', example: '/sandbox/api/digest/sha-256?qop=auth-int', summary: 'Digest with qop=auth-int: the body is hashed into the answer; ?qop=none is the RFC 2069 form (no qop, nc or cnonce).' },
      { methods: 'GET', path: '/sandbox/api/digest/{algorithm}?userhash=true', example: '/sandbox/api/digest/sha-512-256?userhash=true', summary: 'Digest asking for the user name hashed (userhash=true).' },
      { methods: 'GET', path: '/sandbox/api/digest/stale', summary: 'Digest whose first nonce is already expired: the right answer gets 401 stale=true, answered again with the new nonce.' },
      { methods: 'any', path: '/sandbox/api/sigv4', summary: 'AWS Signature V4 as execute-api in us-east-1: key AKIDEXAMPLE, secret wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY (or temporary ASIAWIREBENCHDEMO, secret wirebench/SANDBOX/temporaryEXAMPLEKEY, session token wirebench-sandbox-demo-session-token); X-Amz-Date within 5 minutes; or a presigned URL (X-Amz-Algorithm, X-Amz-Credential, X-Amz-Date, X-Amz-Expires, X-Amz-SignedHeaders, X-Amz-Signature in the query), accepted until X-Amz-Date + X-Amz-Expires, then 403 SignatureExpired; 403 SignatureDoesNotMatch carries the canonical request and string to sign the server computed.' },
      { methods: 'GET', path: '/sandbox/api/browser/profile', summary: 'Browser-style: no login → 302 to /sandbox/denied instead of 401.' },
      { methods: 'GET', path: '/sandbox/denied', summary: 'The access-denied page.' },
    ],
  },
  {
    section: 'Token service (spec §4.1, RFC 6749, RFC 7009)',
    entries: [
      { methods: 'GET POST', path: '/sandbox/auth/consent', summary: 'Consent page: grant a demo client access and receive its refresh token.' },
      { methods: 'GET POST', path: '/sandbox/auth/grants', summary: 'Your grants, with revoke buttons; POST {"client_id"} is the consent page as one JSON request.' },
      { methods: 'POST', path: '/sandbox/auth/v1/token', summary: 'Refresh-token exchange, JSON or form body; rotation and reuse detection. Clients: demo-client/demo-secret (60 s), short-lived/short-secret (5 s), billing-client/billing-secret (other audience).' },
      { methods: 'POST', path: '/sandbox/auth/v1/revoke', summary: 'Token revocation.' },
    ],
  },
  {
    section: 'Authorization server (OAuth 2.0, OpenID Connect; clients and demo user below)',
    entries: [
      { methods: 'GET', path: '/sandbox/oauth/.well-known/openid-configuration', summary: 'OpenID Connect Discovery; the same document at /.well-known/oauth-authorization-server/sandbox/oauth (RFC 8414 §3.1).' },
      { methods: 'GET', path: '/sandbox/oauth/authorize', summary: 'Authorization code: login page (alice / wonderland-42), consent page, redirect with code, state and iss (RFC 9207). PKCE S256; exact redirect URIs, loopback on any port.' },
      { methods: 'POST', path: '/sandbox/oauth/login', summary: 'The login form of an authorization (interaction, username, password); answers the consent page.' },
      { methods: 'POST', path: '/sandbox/oauth/consent', summary: 'The consent form (interaction, decision=approve|deny); redirects to the client with code or error, state and iss.' },
      { methods: 'POST', path: '/sandbox/oauth/token', summary: 'authorization_code, client_credentials, refresh_token (rotating), password (wb-legacy only), device_code; client_secret_basic, client_secret_post, none, private_key_jwt; form or JSON body.' },
      { methods: 'POST', path: '/sandbox/oauth/device_authorization', summary: 'Device authorization (RFC 8628) for wb-device: user code, verification URIs, interval 5 s.' },
      { methods: 'GET POST', path: '/sandbox/oauth/device', summary: 'Device verification page: enter the user code, sign in, approve or deny.' },
      { methods: 'GET', path: '/sandbox/oauth/jwks', summary: 'The ID token keys (RS256, ES256); retired keys stay 10 minutes.' },
      { methods: 'POST', path: '/sandbox/oauth/rotate-keys', summary: 'Sandbox control: rotate the signing keys.' },
      { methods: 'POST', path: '/sandbox/oauth/test/id-token-defect', summary: 'Test switch (loopback): the next ID token of client_id carries a wrong nonce, aud or signature (defect=nonce|aud|signature).' },
      { methods: 'POST', path: '/sandbox/oauth/test/age-device', summary: 'Test switch (loopback): moves the device authorization of user_code forward by seconds, so it can expire.' },
      { methods: 'POST', path: '/sandbox/oauth/test/revoke-access-tokens', summary: 'Test switch (loopback): revokes the unexpired access tokens issued to client_id (only the one with jti when given); the API then answers 401 invalid_token.' },
      { methods: 'POST', path: '/sandbox/oauth/test/replay-refresh-token', summary: 'Test switch (loopback): presents a rotated-away refresh token of grant_id again, so reuse detection revokes the grant.' },
      { methods: 'GET POST', path: '/sandbox/oauth/userinfo', summary: 'OIDC userinfo with a Bearer access token (scope openid; profile and email add claims).' },
      { methods: 'POST', path: '/sandbox/oauth/introspect', summary: 'Token introspection (RFC 7662) of access and refresh tokens; any registered client may ask.' },
      { methods: 'POST', path: '/sandbox/oauth/revoke', summary: 'Token revocation (RFC 7009) of a client\'s own access or refresh tokens.' },
    ],
  },
  {
    section: 'Resources (spec §4.2, §4.4)',
    entries: [
      { methods: 'GET', path: '/sandbox/api/users', summary: 'The demo users (?id=1,2 filters).' },
      { methods: 'GET POST OPTIONS', path: '/sandbox/api/users/{id}/orders', example: '/sandbox/api/users/1/orders', summary: 'Orders of a user: ?id=1,2 or ?id=1&id=2, ?status=, ?q=, ?since=, ?sort=-total. POST creates.' },
      { methods: 'GET PUT PATCH DELETE OPTIONS', path: '/sandbox/api/users/{id}/orders/{orderId}', example: '/sandbox/api/users/1/orders/1', summary: 'One order: PUT creates or replaces, PATCH takes a merge patch, DELETE twice → 404.' },
      { methods: 'GET', path: '/sandbox/api/orders/{orderId}', example: '/sandbox/api/orders/1', summary: 'The same order under a second URL.' },
      { methods: 'POST', path: '/sandbox/reset', summary: 'Restore the seed data.' },
    ],
  },
  {
    section: 'Errors (spec §7)',
    entries: [
      { methods: 'POST', path: '/sandbox/errors/validate', summary: 'An order as JSON or XML: 400 syntax or date, 415 type, 422 content.' },
      { methods: 'GET', path: '/sandbox/errors/500', summary: 'A handled server fault with a correlation id.' },
      { methods: 'GET', path: '/sandbox/errors/429', summary: '3 requests per 10 s, then 429 with Retry-After.' },
      { methods: 'GET POST', path: '/sandbox/api/uploads', summary: 'Uploads: 413 over 64 KiB, 507 once 256 KiB are stored.' },
      { methods: 'any', path: '/sandbox/status/{code}', example: '/sandbox/status/418', summary: 'Any status with the headers it calls for.' },
    ],
  },
  {
    section: 'Encodings (spec §4.3)',
    entries: [
      { methods: 'POST', path: '/sandbox/encodings/json', summary: 'Only application/json; reports what was decoded.' },
      { methods: 'POST', path: '/sandbox/encodings/form', summary: 'Only a form body; "+" becomes a space.' },
      { methods: 'POST', path: '/sandbox/encodings/multipart', summary: 'A JSON part and a file part; base64 parts decoded and their SHA-256 checked.' },
      { methods: 'GET', path: '/sandbox/encodings/path/{segment}', example: '/sandbox/encodings/path/a+b%20c', summary: 'A path segment raw and decoded; "+" stays a plus.' },
      { methods: 'any', path: '/sandbox/anything', summary: 'The echo: what arrived, headers in order.' },
    ],
  },
  {
    section: 'SOAP (spec §4.5)',
    entries: [
      { methods: 'GET', path: '/sandbox/soap/orders?WSDL', summary: 'The WSDL (schema at ?xsd=1).' },
      { methods: 'POST', path: '/sandbox/soap/orders', summary: 'GetOrder, ListOrders, PlaceOrder, CancelOrder (WS-Security) in SOAP 1.1 and 1.2.' },
    ],
  },
  {
    section: 'Utilities',
    entries: [
      { methods: 'GET', path: '/sandbox/bytes/{n}', example: '/sandbox/bytes/1024', summary: 'n bytes.' },
      { methods: 'GET', path: '/sandbox/json/{megabytes}', example: '/sandbox/json/1', summary: 'A large generated JSON document, streamed; ?rate= paces it in MiB per second (0.01-1024), as a slow link would.' },
      { methods: 'any', path: '/sandbox/delay/{ms}', example: '/sandbox/delay/500', summary: 'Answers after a delay (at most 60 s).' },
      { methods: 'any', path: '/sandbox/redirect/{n}', example: '/sandbox/redirect/3', summary: 'n redirects, then the echo (?status=307 keeps the method).' },
      { methods: 'any', path: '/sandbox/redirect-to', example: '/sandbox/redirect-to?url=/sandbox/anything', summary: 'One redirect to a sandbox path.' },
      { methods: 'GET', path: '/sandbox/cookies', summary: 'The cookies sent.' },
      { methods: 'GET', path: '/sandbox/cookies/set', example: '/sandbox/cookies/set?theme=dark', summary: 'One Set-Cookie line per query pair (also /sandbox/cookies/delete?name).' },
      { methods: 'POST', path: '/sandbox/cookies/login', summary: 'Cookie login (user=ada&password=lovelace, form or JSON): 303 to /sandbox/cookies/welcome, setting the session (sid), a __Host- cookie and a SameSite=Strict one on the redirect itself.' },
      { methods: 'GET', path: '/sandbox/cookies/me', summary: 'Who the session cookie says you are; 401 without it (also /sandbox/cookies/welcome, the login redirect target).' },
      { methods: 'POST', path: '/sandbox/cookies/logout', summary: 'Ends the session and expires its cookies (Max-Age=0).' },
      { methods: 'GET', path: '/sandbox/gzip', summary: 'gzip-encoded JSON.' },
      { methods: 'GET', path: '/sandbox/brotli', summary: 'Brotli-encoded JSON.' },
      { methods: 'GET', path: '/sandbox/bomb', example: '/sandbox/bomb?gb=8', summary: 'A decompression bomb: zeros Brotli-compressed as they are read (?encoding=gzip for gzip), a few KB on the wire for ?gb= gigabytes (default 8, at most 64) decoded; the relay stops decoding it with an error.' },
      { methods: 'GET', path: '/sandbox/html', summary: 'HTML with script and onerror, for the preview.' },
      { methods: 'GET', path: '/sandbox/xml', summary: 'An XML document.' },
      { methods: 'GET', path: '/sandbox/image.png', summary: 'A 16×16 PNG made at start.' },
      { methods: 'GET', path: '/sandbox/tls', summary: 'The HTTPS sandbox origin and certificate fingerprint.' },
      { methods: 'GET', path: '/sandbox/http2/info', summary: 'The HTTP version the request came over (the HTTPS sandbox serves h2 and http/1.1 on one port, chosen by ALPN), and the pseudo-headers (:method, :scheme, :authority, :path) and headers it saw, in order.' },
      { methods: 'GET', path: '/sandbox/tls/client-demo', summary: 'Mutual TLS: where the mTLS endpoint listens (HTTPS sandbox port + 1), the demo client certificate and key, a .p12 and its passphrase, and an expired certificate to download.' },
      { methods: 'GET', path: '/sandbox/tls/client-cert', summary: 'On the mTLS port only: asks for a client certificate and says what it received (200 accepted, 401 none, 403 expired or not from the demo CA). The mTLS port also serves POST /sandbox/oauth/token to clients with an accepted certificate (401 invalid_client without, RFC 8705).' },
    ],
  },
  {
    section: 'Streams (HTML §9.2 server-sent events, NDJSON)',
    entries: [
      { methods: 'GET', path: '/sandbox/stream/sse', example: '/sandbox/stream/sse?count=6&interval=200', summary: 'Server-sent events: ids, three event types, two-line data, retry, keep-alive comments; ?count= (1-10000), ?interval= ms (0-10000), ?eol=lf|crlf|cr; resumes after Last-Event-ID.' },
      { methods: 'GET', path: '/sandbox/stream/sse-broken', example: '/sandbox/stream/sse-broken?interval=100', summary: 'Three events, then a fourth cut off before its blank line (?drop=1 breaks the connection instead of ending the body).' },
      { methods: 'GET', path: '/sandbox/stream/ndjson', example: '/sandbox/stream/ndjson?count=8&bad=4&interval=100', summary: 'One JSON value per line; ?bad=n makes line n invalid; ?format=jsonl|json-seq for JSON Lines or RFC 7464 sequences.' },
      { methods: 'GET', path: '/sandbox/stream/text', example: '/sandbox/stream/text?count=5&interval=100', summary: 'Plain text lines, chunked, one per interval.' },
      { methods: 'GET', path: '/sandbox/stream/connections', summary: 'Streams open now and streams closed early by their client (a cancelled request closes its connection).' },
    ],
  },
  {
    section: 'GraphQL (GraphQL over HTTP, graphql-ws)',
    entries: [
      { methods: 'GET POST', path: '/sandbox/graphql', example: '/sandbox/graphql?query=%7B%20books%20%7B%20title%20%7D%20%7D', summary: 'A library schema (books, authors): queries, the mutation addBook, Book.author failing for book 3 and Book.price for every book (partial data with errors), slow(ms), introspection on. POST application/json, GET for queries (a mutation over GET is 405); application/graphql-response+json when accepted (request errors then 400), else application/json (200).' },
      { methods: 'GET', path: '/sandbox/graphql/schema.graphql', summary: 'The same schema as SDL, to load into the GraphQL editor.' },
      { methods: 'WebSocket', path: '/sandbox/graphql/ws', summary: 'Subscriptions over graphql-ws (subprotocol graphql-transport-ws): subscription { countdown(from: 3, intervalMs: 200) }.' },
    ],
  },
  {
    section: 'gRPC (its own loopback port, server reflection)',
    entries: [
      { methods: 'GET', path: '/sandbox/grpc/info', summary: 'Where the sandbox gRPC server runs (grpc://127.0.0.1:port, printed by npm start) and its service sandbox.Greeter: SayHello (unary), CountTo (server stream), Sum (client stream), Chat (bidirectional), Slow (a deadline to exceed), Fail (ends with the status code asked for), WhoAmI (wants a Bearer token).' },
      { methods: 'GET', path: '/sandbox/grpc/proto', summary: 'The service definitions as a .proto file, to load without reflection.' },
    ],
  },
  {
    section: 'WebSocket (choose WebSocket as the request type)',
    entries: [
      { methods: 'GET', path: '/sandbox/ws/echo', summary: 'Echoes every message (subprotocols chat and json; ?hello=1 greets first). A plain GET gets 426 Upgrade Required naming what a handshake needs. Also /sandbox/ws/close/{code}?reason= (closes with that code), ticks?every=&count=, refuse (401 instead of 101), bearer (needs Authorization: Bearer); over wss:// on the HTTPS port too.' },
    ],
  },
  {
    section: 'MCP (choose MCP as the request type)',
    entries: [
      { methods: 'POST GET DELETE', path: '/sandbox/mcp', summary: 'A Model Context Protocol server (Streamable HTTP) behind the sandbox authorization server: without a token, 401 with WWW-Authenticate: Bearer resource_metadata=…. Tools weather (structured output), divide (a tool error), slow_count (progress, cancellable), order_card; resources, a template, a prompt.' },
      { methods: 'POST', path: '/sandbox/mcp-stateless', summary: 'The same server without sessions: each POST stands alone (the lessons use it).' },
      { methods: 'GET', path: '/sandbox/mcp-resource-metadata', summary: 'The server\'s protected resource metadata (RFC 9728): which authorization server to ask, which scopes; also at /.well-known/oauth-protected-resource/sandbox/mcp.' },
    ],
  },
];
