/**
 * MCP authorization discovery as pure steps (MCP 2025-06-18 "Authorization"): a 401's
 * `WWW-Authenticate: Bearer resource_metadata="…"` names the protected resource metadata
 * (RFC 9728; without it, the well-known URL built from the server's URL is tried); that
 * document names the authorization servers; their RFC 8414 metadata names the endpoints
 * and, when dynamic registration is allowed, the registration endpoint (RFC 7591); the
 * token is asked for the MCP server as `resource` (RFC 8707). Each step reads what came
 * back and says plainly why it cannot go on.
 */
import { authParam, findChallenge, parseChallengeList } from '../../auth/challenges';
import { discoveryCandidates, readDiscoveryDocument, type AuthorizationServerMetadata } from '../../oauth/discovery';
import { fail, ok, type Result } from '../../types';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * The canonical URI of the MCP server as RFC 8707's `resource` (MCP: scheme and host lower
 * case, no fragment; the path kept, no trailing slash unless it is the root).
 */
export function canonicalResource(serverUrl: string): Result<string> {
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    return fail({ kind: 'mcp-auth-url', message: `"${serverUrl}" is not an absolute URL, so it cannot name the resource a token is for.` });
  }
  url.hash = '';
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/+$/, '');
  return ok(`${url.protocol}//${url.host}${path}${url.search}`);
}

export interface ChallengeReading {
  /** `resource_metadata` from the challenge, when present. */
  resourceMetadata?: string;
  /** `scope` from the challenge, when present (what to ask for). */
  scope?: string;
  /** RFC 6750 `error` when present (`invalid_token`: the token was refused, not missing). */
  error?: string;
  /** What was found, in words. */
  explanation: string;
}

/** Reads the 401's `WWW-Authenticate` values for the Bearer challenge and its `resource_metadata`. */
export function readBearerChallenge(values: readonly string[]): Result<ChallengeReading> {
  if (values.length === 0) {
    return ok({ explanation: 'The 401 has no WWW-Authenticate header. The MCP specification requires one with resource_metadata; the well-known protected resource metadata URL is tried instead.' });
  }
  const parsed = parseChallengeList(values);
  if (!parsed.ok) return fail({ kind: 'mcp-auth-challenge', message: `The WWW-Authenticate header cannot be read: ${parsed.error.message}` });
  const bearer = findChallenge(parsed.value, 'Bearer');
  if (!bearer) return fail({ kind: 'mcp-auth-challenge', message: `The 401 asks for ${parsed.value.map((c) => c.scheme).join(', ')}, not Bearer; MCP authorization uses OAuth Bearer tokens, so this server's authorization is not the MCP kind.` });
  const resourceMetadata = authParam(bearer, 'resource_metadata');
  const scope = authParam(bearer, 'scope');
  const error = authParam(bearer, 'error');
  const explanation = resourceMetadata
    ? `The server asks for a Bearer token and says where to learn how to get one: resource_metadata=${resourceMetadata} (RFC 9728 §5.1).`
    : 'The server asks for a Bearer token but its challenge has no resource_metadata parameter (RFC 9728 §5.1), which MCP servers must send; the well-known protected resource metadata URL is tried instead.';
  return ok({ ...(resourceMetadata ? { resourceMetadata } : {}), ...(scope ? { scope } : {}), ...(error ? { error } : {}), explanation });
}

/**
 * Where to fetch the protected resource metadata: the challenge's URL when given, else RFC
 * 9728 §3.1's well-known URL (inserted before the server's path), then the root one.
 */
export function resourceMetadataUrls(serverUrl: string, fromChallenge?: string): Result<string[]> {
  let url: URL;
  try {
    url = new URL(serverUrl);
  } catch {
    return fail({ kind: 'mcp-auth-url', message: `"${serverUrl}" is not an absolute URL.` });
  }
  if (fromChallenge) {
    try {
      return ok([new URL(fromChallenge).href]);
    } catch {
      return fail({ kind: 'mcp-auth-challenge', message: `resource_metadata "${fromChallenge}" is not an absolute URL.` });
    }
  }
  const path = url.pathname.replace(/\/+$/, '');
  const urls = [`${url.origin}/.well-known/oauth-protected-resource${path}`];
  if (path) urls.push(`${url.origin}/.well-known/oauth-protected-resource`);
  return ok(urls);
}

export interface ProtectedResourceMetadata {
  resource: string;
  authorizationServers: string[];
  scopesSupported?: string[];
  notes: string[];
}

/**
 * Reads RFC 9728 metadata fetched for `serverUrl`: a JSON object whose `resource` names this
 * server (§3.3: else it was not used) and which lists at least one authorization server.
 */
export function readResourceMetadata(json: unknown, serverUrl: string): Result<ProtectedResourceMetadata> {
  if (!isObject(json)) return fail({ kind: 'mcp-auth-prm', message: 'The protected resource metadata is not a JSON object.' });
  if (typeof json.resource !== 'string') return fail({ kind: 'mcp-auth-prm', message: 'The protected resource metadata has no "resource" (RFC 9728 §2 requires it), so it cannot be checked against the server; it was not used.' });
  const canonical = canonicalResource(serverUrl);
  if (!canonical.ok) return canonical;
  const theirs = canonicalResource(json.resource);
  const notes: string[] = [];
  if (!theirs.ok || theirs.value !== canonical.value) {
    // RFC 9728 §3.3: the resource must be the URL the metadata was fetched for. Origin-level metadata covering a path is common; said, not refused.
    const sameOrigin = theirs.ok && new URL(theirs.value).origin === new URL(canonical.value).origin && canonical.value.startsWith(theirs.value);
    if (!sameOrigin) return fail({ kind: 'mcp-auth-prm', message: `The protected resource metadata is for "${json.resource}", not for this server (${canonical.value}); RFC 9728 §3.3 says to refuse it, or one server could send your token to another's authorization.` });
    notes.push(`The metadata names ${json.resource}, a prefix of this server's URL; accepted as covering it.`);
  }
  const servers = Array.isArray(json.authorization_servers) ? json.authorization_servers.filter((s): s is string => typeof s === 'string') : [];
  if (servers.length === 0) return fail({ kind: 'mcp-auth-prm', message: 'The protected resource metadata lists no "authorization_servers", so there is no server to ask for a token.' });
  const scopes = Array.isArray(json.scopes_supported) ? json.scopes_supported.filter((s): s is string => typeof s === 'string') : undefined;
  if (servers.length > 1) notes.push(`It names ${servers.length} authorization servers; the first, ${servers[0]}, is used.`);
  return ok({ resource: json.resource, authorizationServers: servers, ...(scopes ? { scopesSupported: scopes } : {}), notes });
}

/** The RFC 8414 and OIDC well-known URLs of an issuer, RFC 8414's first (as MCP asks). */
export function authorizationServerMetadataUrls(issuer: string): Result<{ url: string; source: AuthorizationServerMetadata['source'] }[]> {
  const check = discoveryCandidates(issuer);
  if (!check.ok) return fail({ kind: 'mcp-auth-as', message: check.error.message });
  return ok([...check.value.candidates].reverse());
}

export interface McpAuthServer extends AuthorizationServerMetadata {
  registrationEndpoint?: string;
}

/** Reads the AS metadata (issuer must match exactly; S256 PKCE must be offered, as MCP requires). */
export function readAuthorizationServerMetadata(json: unknown, issuer: string, source: AuthorizationServerMetadata['source']): Result<McpAuthServer> {
  const read = readDiscoveryDocument(json, issuer, source);
  if (!read.ok) return fail({ kind: 'mcp-auth-as', message: read.error.message });
  const meta: McpAuthServer = { ...read.value };
  if (!meta.authorizationEndpoint || !meta.tokenEndpoint) return fail({ kind: 'mcp-auth-as', message: 'The authorization server metadata lacks authorization_endpoint or token_endpoint, which the authorization code grant needs.' });
  if (meta.codeChallengeMethodsSupported && !meta.codeChallengeMethodsSupported.includes('S256')) {
    return fail({ kind: 'mcp-auth-as', message: `The authorization server offers PKCE methods ${meta.codeChallengeMethodsSupported.join(', ')} but not S256, which MCP clients must use.` });
  }
  const reg = (json as Record<string, unknown>).registration_endpoint;
  if (typeof reg === 'string') {
    try {
      const u = new URL(reg);
      if (u.protocol === 'https:' || isLoopback(u.hostname)) meta.registrationEndpoint = reg;
      else meta.notes.push(`registration_endpoint ${reg} is plain http off loopback; not used.`);
    } catch {
      meta.notes.push(`registration_endpoint "${reg}" is not an absolute URL; not used.`);
    }
  }
  return ok(meta);
}

/** RFC 7591 §2 client metadata for a public client with PKCE and the loopback redirect URI. */
export function registrationRequest(redirectUri: string, clientName = 'Wirebench'): Record<string, unknown> {
  return {
    client_name: clientName,
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}

export interface RegisteredClient {
  clientId: string;
  /** Only when the server made a confidential client. A secret: into the vault, never shown. */
  clientSecret?: string;
  authMethod: 'none' | 'client_secret_basic' | 'client_secret_post';
}

/** Reads the registration answer: 201 with a client_id (RFC 7591 §3.2.1), or the refusal explained (§3.2.2). */
export function readRegistrationResponse(status: number, json: unknown): Result<RegisteredClient> {
  if (status >= 400 || status < 200) {
    const error = isObject(json) && typeof json.error === 'string' ? json.error : undefined;
    const description = isObject(json) && typeof json.error_description === 'string' ? ` — ${json.error_description}` : '';
    const words: Record<string, string> = {
      invalid_redirect_uri: 'it refuses the loopback redirect URI',
      invalid_client_metadata: 'it refuses something in the client metadata sent',
      invalid_software_statement: 'it wants a valid software statement',
      unapproved_software_statement: 'it does not approve the software statement',
    };
    const why = error ? `${error}${description} (${words[error] ?? 'an error RFC 7591 does not define'})` : `status ${status}${description}`;
    return fail({ kind: 'mcp-auth-registration', message: `The authorization server refused to register a client: ${why}. Register one by hand with that server and enter its client id instead.` });
  }
  if (!isObject(json) || typeof json.client_id !== 'string' || json.client_id === '') return fail({ kind: 'mcp-auth-registration', message: 'The registration answer has no client_id (RFC 7591 §3.2.1), so there is no client to sign in with.' });
  const method = json.token_endpoint_auth_method;
  const authMethod = method === 'client_secret_basic' || method === 'client_secret_post' ? method : typeof json.client_secret === 'string' ? 'client_secret_basic' : 'none';
  return ok({ clientId: json.client_id, ...(typeof json.client_secret === 'string' ? { clientSecret: json.client_secret } : {}), authMethod });
}

/** One step of the discovery chain, as the composer shows it. */
export interface AuthStep {
  step: 'challenge' | 'resource-metadata' | 'server-metadata' | 'registration' | 'client';
  title: string;
  status: 'done' | 'failed' | 'skipped';
  /** The request made, when one was: "GET https://…". */
  request?: string;
  /** The HTTP status of its answer. */
  httpStatus?: number;
  detail: string;
}

/** Where the chain ended: what the vault entry needs to run authorization code + PKCE. */
export interface AuthPlan {
  resource: string;
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  revocationEndpoint?: string;
  scope: string;
  client?: RegisteredClient;
  pkceMethods: string[];
  issParameterSupported: boolean;
}
