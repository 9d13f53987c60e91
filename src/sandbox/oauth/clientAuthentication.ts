/**
 * Client authentication at the token, introspection and revocation endpoints: the method
 * the request used is recognised first (Basic header, secret in the body, a client
 * assertion, or only `client_id`), then it must be the client's registered one.
 * `client_secret_basic` form-decodes id and secret after base64 (RFC 6749 §2.3.1);
 * `private_key_jwt` verifies an RFC 7523 assertion with the client's public JWK.
 */
import type http from 'node:http';
import { decodeJwt, errors, importJWK, jwtVerify } from 'jose';
import { timingSafeEqual } from 'node:crypto';
import { sandboxNow } from '../clock';
import type { OAuthError } from '../auth/tokenService';
import { oauthClient, type ClientAuthMethod, type OAuthClient } from './clients';
import { oauthState } from './oauthState';

export const JWT_BEARER_ASSERTION = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
/** An assertion may live at most this long, which also bounds the memory of used `jti`s. */
export const MAX_ASSERTION_SECONDS = 300;
const CLOCK_TOLERANCE_SECONDS = 5;
const REALM = 'wirebench-sandbox-oauth';

/** The outcome of client authentication. */
export type ClientAuthentication = { ok: true; client: OAuthClient; method: ClientAuthMethod } | { ok: false; error: OAuthError };

function invalidClient(description: string, triedBasic: boolean): ClientAuthentication {
  const headers: Record<string, string> = triedBasic ? { 'WWW-Authenticate': `Basic realm="${REALM}", charset="UTF-8"` } : {};
  return { ok: false, error: { status: 401, error: 'invalid_client', description, headers } };
}

function invalidRequest(description: string): ClientAuthentication {
  return { ok: false, error: { status: 400, error: 'invalid_request', description } };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `application/x-www-form-urlencoded` decoding of one value: `+` is a space, then percent-decoding. */
function formDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/** Reads `Authorization: Basic …` as RFC 6749 §2.3.1 defines it for clients. */
function readBasic(header: string): { id: string; secret: string } | { problem: string } {
  const match = /^Basic[ ]+([A-Za-z0-9+/]+={0,2})[ ]*$/i.exec(header);
  if (!match) return { problem: 'The Authorization header must be "Basic " followed by base64 of client_id:client_secret.' };
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return { problem: 'The Basic credentials have no ":" between client_id and client_secret.' };
  const id = formDecode(decoded.slice(0, colon));
  const secret = formDecode(decoded.slice(colon + 1));
  if (id === undefined || secret === undefined) {
    return { problem: 'The Basic client_id or client_secret does not form-decode; RFC 6749 §2.3.1 form-encodes both before base64 (a "%" must start an escape).' };
  }
  return { id, secret };
}

/** The method a request used, read from where its credentials are. */
function methodUsed(req: http.IncomingMessage, params: Map<string, string>): ClientAuthMethod | { problem: string } {
  const used: ClientAuthMethod[] = [];
  if (req.headers.authorization !== undefined) used.push('client_secret_basic');
  if (params.has('client_secret')) used.push('client_secret_post');
  if (params.has('client_assertion') || params.has('client_assertion_type')) used.push('private_key_jwt');
  if (used.length > 1) return { problem: `The request authenticates the client in ${used.length} ways (${used.join(', ')}); RFC 6749 §2.3 allows one.` };
  return used[0] ?? 'none';
}

async function verifyAssertion(client: OAuthClient, assertion: string, audiences: string[]): Promise<string | undefined> {
  const now = sandboxNow();
  let payload;
  try {
    const key = await importJWK(client.publicJwk!, client.publicJwk!.alg ?? 'ES256');
    ({ payload } = await jwtVerify(assertion, key, {
      algorithms: ['ES256', 'RS256', 'PS256', 'EdDSA'],
      issuer: client.id,
      subject: client.id,
      audience: audiences,
      currentDate: new Date(now),
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['exp', 'jti'],
    }));
  } catch (err) {
    if (err instanceof errors.JWSSignatureVerificationFailed) return `The client_assertion signature does not verify with the public key registered for "${client.id}".`;
    if (err instanceof errors.JWTExpired) return 'The client_assertion has expired (exp is in the past).';
    if (err instanceof errors.JWTClaimValidationFailed && err.claim === 'aud') return `The client_assertion's aud must be the token endpoint URL or the issuer: ${audiences.join(' or ')}.`;
    if (err instanceof errors.JWTClaimValidationFailed) return `The client_assertion's "${err.claim}" claim is not acceptable: ${err.message} (iss and sub must both be "${client.id}").`;
    return `The client_assertion is not a valid JWS for "${client.id}": ${(err as Error).message}.`;
  }
  if (payload.exp! - Math.floor(now / 1000) > MAX_ASSERTION_SECONDS) return `The client_assertion's exp is more than ${MAX_ASSERTION_SECONDS} s ahead; make it short-lived.`;
  const key = `${client.id} ${payload.jti}`;
  if (oauthState.assertionIds.has(key)) return `The client_assertion's jti "${payload.jti}" was already used; each assertion is single use (RFC 7523 §3).`;
  oauthState.assertionIds.set(key, true, (payload.exp! + CLOCK_TOLERANCE_SECONDS) * 1000, now);
  return undefined;
}

/**
 * Authenticates the client of a request. `audiences` are the values a client assertion's
 * `aud` may take (the token endpoint URL, the issuer, the endpoint called).
 */
export async function authenticateClient(req: http.IncomingMessage, params: Map<string, string>, audiences: string[]): Promise<ClientAuthentication> {
  const method = methodUsed(req, params);
  if (typeof method !== 'string') return invalidRequest(method.problem);
  const triedBasic = method === 'client_secret_basic';
  let id = params.get('client_id');
  let secret = params.get('client_secret');
  if (method === 'client_secret_basic') {
    const basic = readBasic(req.headers.authorization!);
    if ('problem' in basic) return invalidClient(basic.problem, true);
    if (id !== undefined && id !== basic.id) return invalidRequest(`client_id "${id}" in the body differs from "${basic.id}" in the Basic credentials.`);
    ({ id, secret } = basic);
  }
  const assertion = params.get('client_assertion');
  if (method === 'private_key_jwt') {
    if (params.get('client_assertion_type') !== JWT_BEARER_ASSERTION) return invalidRequest(`client_assertion_type must be "${JWT_BEARER_ASSERTION}".`);
    if (!assertion) return invalidRequest('client_assertion is missing: send the signed JWT (RFC 7523 §2.2).');
    let iss: unknown;
    try {
      iss = decodeJwt(assertion).iss;
    } catch {
      return invalidClient('The client_assertion is not a JWT (three base64url parts, a JSON payload).', false);
    }
    if (typeof iss !== 'string') return invalidClient('The client_assertion has no iss naming the client.', false);
    if (id !== undefined && id !== iss) return invalidClient(`client_id "${id}" differs from the client_assertion's iss "${iss}".`, false);
    id = iss;
  }
  if (id === undefined || id === '') return invalidClient('No client was named: send client_id (or authenticate with Basic or a client_assertion).', triedBasic);
  const client = oauthClient(id);
  if (!client) return invalidClient(`The client "${id}" is not registered with the sandbox authorization server.`, triedBasic);
  if (client.authMethod !== method) {
    const how = method === 'none' ? 'sent no credentials' : `used ${method}`;
    return invalidClient(`The client "${id}" is registered for ${client.authMethod} but ${how}.`, triedBasic);
  }
  if (method === 'client_secret_basic' || method === 'client_secret_post') {
    if (secret === undefined || !sameSecret(secret, client.secret!)) {
      const hint = method === 'client_secret_basic' ? ' (Basic credentials are form-decoded after base64, RFC 6749 §2.3.1)' : '';
      return invalidClient(`The client_secret is wrong for "${id}"${hint}.`, triedBasic);
    }
  }
  if (method === 'private_key_jwt') {
    const problem = await verifyAssertion(client, assertion!, audiences);
    if (problem) return invalidClient(problem, false);
  }
  return { ok: true, client, method };
}
