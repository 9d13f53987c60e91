/**
 * RFC 7591 dynamic client registration at `POST /oauth/register`, as MCP clients use it:
 * public clients (`none`, PKCE) or confidential ones (`client_secret_basic` / `_post`, a
 * secret issued), loopback or https redirect URIs only, the authorization code and refresh
 * grants. Registered clients live in memory (at most 500, oldest dropped) like every
 * other sandbox state; a refusal is RFC 7591 §3.2.2's JSON error.
 */
import { sendJson, type SandboxContext, type SandboxRoute } from '../router';
import { GRANT_TYPES, registerDynamicClient, type ClientAuthMethod, type GrantType } from './clients';
import { randomId } from './oauthState';

const MAX_BODY = 64 * 1024;

function refuse(ctx: SandboxContext, error: string, description: string): void {
  sendJson(ctx.res, 400, { error, error_description: description }, { 'Cache-Control': 'no-store' });
}

async function readBody(ctx: SandboxContext): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('The registration request is larger than 64 KiB.');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

function redirectProblem(uri: unknown): string | undefined {
  if (typeof uri !== 'string') return 'each redirect URI must be a string';
  try {
    const u = new URL(uri);
    if (u.hash) return `"${uri}" has a fragment, which redirect URIs may not have`;
    if (u.protocol === 'https:') return undefined;
    if (u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)) return undefined;
    return `"${uri}" is neither https nor http on loopback`;
  } catch {
    return `"${String(uri)}" is not an absolute URL`;
  }
}

async function register(ctx: SandboxContext): Promise<void> {
  let body: unknown;
  try {
    body = await readBody(ctx);
  } catch (err) {
    return refuse(ctx, 'invalid_client_metadata', `The body must be a JSON object of client metadata: ${(err as Error).message}`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return refuse(ctx, 'invalid_client_metadata', 'The body must be a JSON object of client metadata (RFC 7591 §2).');
  const meta = body as Record<string, unknown>;
  const uris = meta.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0) return refuse(ctx, 'invalid_redirect_uri', 'redirect_uris must list at least one redirect URI for the authorization code grant.');
  const bad = uris.map(redirectProblem).find(Boolean);
  if (bad) return refuse(ctx, 'invalid_redirect_uri', bad);
  const method = (meta.token_endpoint_auth_method ?? 'client_secret_basic') as string;
  if (!['none', 'client_secret_basic', 'client_secret_post'].includes(method)) return refuse(ctx, 'invalid_client_metadata', `token_endpoint_auth_method "${method}" is not offered for registration; use none, client_secret_basic or client_secret_post.`);
  const grants = (Array.isArray(meta.grant_types) ? meta.grant_types : ['authorization_code']) as unknown[];
  const allowed: string[] = [GRANT_TYPES.authorizationCode, GRANT_TYPES.refreshToken];
  const unknown = grants.find((g) => typeof g !== 'string' || !allowed.includes(g));
  if (unknown !== undefined) return refuse(ctx, 'invalid_client_metadata', `grant_types may hold authorization_code and refresh_token here, not ${JSON.stringify(unknown)}.`);
  const name = typeof meta.client_name === 'string' && meta.client_name.trim() ? meta.client_name.trim().slice(0, 100) : 'Dynamically registered client';
  const id = randomId('dyn_', 12);
  const secret = method === 'none' ? undefined : randomId('dsec_', 24);
  registerDynamicClient({
    id,
    name,
    authMethod: method as ClientAuthMethod,
    ...(secret ? { secret } : {}),
    redirectUris: uris as string[],
    grantTypes: grants as GrantType[],
    idTokenAlg: 'RS256',
    note: 'Registered dynamically (RFC 7591).',
  });
  sendJson(ctx.res, 201, {
    client_id: id,
    ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
    client_id_issued_at: Math.floor(Date.now() / 1000),
    client_name: name,
    redirect_uris: uris,
    grant_types: grants,
    response_types: ['code'],
    token_endpoint_auth_method: method,
  }, { 'Cache-Control': 'no-store' });
}

export const registrationRoutes: SandboxRoute[] = [{ method: 'POST', pattern: '/oauth/register', handle: register }];
