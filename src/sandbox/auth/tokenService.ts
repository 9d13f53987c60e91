/**
 * The token service (spec §4.1, RFC 6749 §6, RFC 7009): `POST /auth/v1/token` exchanges a
 * refresh token for an access token, taking the spec's JSON body or RFC 6749's form body
 * and client credentials in the body or in Basic; `POST /auth/v1/revoke` ends a grant.
 * Errors are RFC 6749 §5.2 JSON objects, `invalid_client` with a challenge.
 */
import type http from 'node:http';
import { decodeJwt, formatChallenge, parseBasic, parseCredentials, parseForm, parseJson, verifyJwtSignature } from '../../core';
import { sandboxNow } from '../clock';
import { isJsonEssence, readBody, requestContentType, sendTooLarge } from '../requestBody';
import { sendJson, sendMethodNotAllowed, type SandboxContext, type SandboxRoute } from '../router';
import { issueAccessToken } from './accessTokens';
import { demoClient, SANDBOX_SIGNING_SECRET, secretsEqual, type DemoClient } from './demoCredentials';
import { sandboxGrants } from './grantStore';

const BODY_LIMIT = 16 * 1024;
const TOKEN_REALM = 'wirebench-sandbox-token';

/** An RFC 6749 §5.2 error, ready to send. */
export interface OAuthError {
  status: number;
  error: string;
  description: string;
  headers?: Record<string, string>;
}

/** Sends an RFC 6749 §5.2 error body, never cached. */
export function sendOAuthError(res: http.ServerResponse, e: OAuthError): void {
  sendJson(res, e.status, { error: e.error, error_description: e.description }, { 'Cache-Control': 'no-store', Pragma: 'no-cache', ...e.headers });
}

/** `invalid_request` (400) with a description naming what was wrong. */
export const invalidRequest = (description: string): OAuthError => ({ status: 400, error: 'invalid_request', description });

/** Reads the parameters from a JSON object or a form body; a repeated parameter is an error (RFC 6749 §3.2). */
export async function readParams(ctx: SandboxContext): Promise<{ params: Map<string, string> } | OAuthError | 'too-large'> {
  const type = requestContentType(ctx.req);
  const body = await readBody(ctx.req, BODY_LIMIT);
  if (!body.ok) {
    sendTooLarge(ctx.res, body);
    return 'too-large';
  }
  const text = body.bytes.toString('utf8');
  const params = new Map<string, string>();
  if (type.kind === 'media' && isJsonEssence(type.media.essence)) {
    const parsed = parseJson(text);
    if (!parsed.ok) {
      const at = parsed.error.position;
      return invalidRequest(`The JSON body does not parse: ${parsed.error.message}${at ? ` at line ${at.line}, column ${at.column}` : ''}.`);
    }
    const value = parsed.value;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return invalidRequest('The JSON body must be an object of parameters.');
    for (const [name, v] of Object.entries(value)) {
      if (typeof v !== 'string') return invalidRequest(`The parameter "${name}" must be a string, not ${v === null ? 'null' : typeof v}.`);
      params.set(name, v);
    }
    return { params };
  }
  if (type.kind === 'media' && type.media.essence === 'application/x-www-form-urlencoded') {
    for (const pair of parseForm(text)) {
      if (params.has(pair.name)) return invalidRequest(`The parameter "${pair.name}" is repeated; RFC 6749 §3.2 allows each parameter once.`);
      params.set(pair.name, pair.value);
    }
    return { params };
  }
  const sent = type.kind === 'missing' ? 'no Content-Type' : `Content-Type ${type.value}`;
  return invalidRequest(`The request has ${sent}; send application/json (spec §4.1) or application/x-www-form-urlencoded (RFC 6749).`);
}

function invalidClient(description: string): OAuthError {
  return {
    status: 401,
    error: 'invalid_client',
    description,
    headers: { 'WWW-Authenticate': formatChallenge({ scheme: 'Basic', params: [{ name: 'realm', value: TOKEN_REALM }, { name: 'charset', value: 'UTF-8' }] }) },
  };
}

/** Client authentication (RFC 6749 §2.3.1): body parameters or Basic, never both. */
function authenticateClient(req: http.IncomingMessage, params: Map<string, string>): { client: DemoClient } | OAuthError {
  const header = req.headers.authorization;
  let id = params.get('client_id');
  let secret = params.get('client_secret');
  if (header !== undefined) {
    const credentials = parseCredentials(header);
    if (!credentials.ok || credentials.value.scheme.toLowerCase() !== 'basic') {
      return invalidClient('Client authentication in the Authorization header must use the Basic scheme.');
    }
    const basic = parseBasic(header);
    if (!basic.ok) return invalidClient(`The Basic client credentials do not decode: ${basic.error.message}`);
    if (secret !== undefined) return invalidRequest('The client authenticated both with Basic and with client_secret in the body; use one method (RFC 6749 §2.3).');
    if (id !== undefined && id !== basic.value.user) return invalidRequest('client_id in the body differs from the client in the Basic credentials.');
    id = basic.value.user;
    secret = basic.value.pass;
  }
  if (id === undefined || id === '') return invalidClient('No client_id was sent; send client_id and client_secret.');
  const client = demoClient(id);
  if (!client) return invalidClient(`The client "${id}" is not registered with the sandbox.`);
  if (secret === undefined) return invalidClient(`No client_secret was sent for "${id}".`);
  if (!secretsEqual(secret, client.secret)) return invalidClient(`The client_secret is wrong for "${id}".`);
  return { client };
}

function parseScope(text: string | undefined): string[] | undefined {
  const scopes = text === undefined ? [] : text.split(' ').filter(Boolean);
  return scopes.length > 0 ? scopes : undefined;
}

async function token(ctx: SandboxContext): Promise<void> {
  const read = await readParams(ctx);
  if (read === 'too-large') return;
  if (!('params' in read)) return sendOAuthError(ctx.res, read);
  const { params } = read;
  const grantType = params.get('grant_type');
  if (grantType === undefined || grantType === '') return sendOAuthError(ctx.res, invalidRequest('grant_type is missing; the exchange uses grant_type "refresh_token".'));
  const auth = authenticateClient(ctx.req, params);
  if (!('client' in auth)) return sendOAuthError(ctx.res, auth);
  if (grantType !== 'refresh_token') {
    return sendOAuthError(ctx.res, {
      status: 400,
      error: 'unsupported_grant_type',
      description: `grant_type "${grantType}" is not supported here; this service exchanges refresh tokens (grant_type "refresh_token").`,
    });
  }
  const refreshToken = params.get('refresh_token');
  if (refreshToken === undefined || refreshToken === '') {
    return sendOAuthError(ctx.res, invalidRequest('refresh_token is missing; get one on the consent page (/sandbox/auth/consent).'));
  }
  const now = sandboxNow();
  const requested = parseScope(params.get('scope'));
  const granted = sandboxGrants.grantOfToken(refreshToken);
  if (requested && granted && granted.clientId === auth.client.id) {
    const extra = requested.filter((s) => !granted.scope.includes(s));
    if (extra.length > 0) {
      return sendOAuthError(ctx.res, {
        status: 400,
        error: 'invalid_scope',
        description: `The grant does not include ${extra.join(', ')}; it covers only "${granted.scope.join(' ')}".`,
      });
    }
  }
  const outcome = sandboxGrants.rotate(refreshToken, auth.client.id, now);
  const invalidGrant = (description: string) => sendOAuthError(ctx.res, { status: 400, error: 'invalid_grant', description });
  switch (outcome.kind) {
    case 'unknown':
      return invalidGrant('The refresh token is unknown to this service.');
    case 'wrong-client':
      return invalidGrant(`The refresh token was issued to another client, not "${auth.client.id}".`);
    case 'revoked':
      return invalidGrant(`The grant of this refresh token was revoked: ${outcome.grant.revokedReason ?? 'revoked by the user'}`);
    case 'reused':
      return invalidGrant('The refresh token was already used and replaced by a newer one. Reuse suggests it was stolen, so the whole grant is now revoked.');
  }
  const scope = requested ?? outcome.grant.scope;
  const access = await issueAccessToken(auth.client, outcome.grant, scope);
  sendJson(
    ctx.res,
    200,
    { access_token: access.token, token_type: 'Bearer', expires_in: access.expiresIn, refresh_token: outcome.refreshToken, scope: scope.join(' ') },
    { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
  );
}

/** RFC 7009: revoking a refresh token ends its grant; so does an access token of the grant. */
async function revoke(ctx: SandboxContext): Promise<void> {
  const read = await readParams(ctx);
  if (read === 'too-large') return;
  if (!('params' in read)) return sendOAuthError(ctx.res, read);
  const auth = authenticateClient(ctx.req, read.params);
  if (!('client' in auth)) return sendOAuthError(ctx.res, auth);
  const presented = read.params.get('token');
  if (presented === undefined || presented === '') return sendOAuthError(ctx.res, invalidRequest('token is missing: send the refresh token to revoke.'));
  const now = sandboxNow();
  let grant = sandboxGrants.grantOfToken(presented);
  if (!grant) {
    const decoded = decodeJwt(presented);
    const gid = decoded.ok ? decoded.value.claims.gid : undefined;
    const signed = typeof gid === 'string' && (await verifyJwtSignature(presented, { secret: SANDBOX_SIGNING_SECRET })).ok;
    if (signed) grant = sandboxGrants.get(gid);
  }
  if (grant && grant.clientId !== auth.client.id) {
    return sendOAuthError(ctx.res, { status: 400, error: 'invalid_grant', description: `The token was issued to another client, not "${auth.client.id}".` });
  }
  // RFC 7009 §2.2: an unknown or already invalid token is answered 200 as well.
  if (grant) sandboxGrants.revoke(grant.id, `Revoked by the client through /auth/v1/revoke.`, now);
  ctx.res.writeHead(200, { 'Cache-Control': 'no-store', 'Content-Length': 0 });
  ctx.res.end();
}

/** The token service router. */
export const tokenRoutes: SandboxRoute[] = [
  { method: 'POST', pattern: '/auth/v1/token', handle: token },
  { method: 'POST', pattern: '/auth/v1/revoke', handle: revoke },
  { method: '*', pattern: '/auth/v1/token', handle: (ctx) => sendMethodNotAllowed(ctx, ['POST']) },
  { method: '*', pattern: '/auth/v1/revoke', handle: (ctx) => sendMethodNotAllowed(ctx, ['POST']) },
];
