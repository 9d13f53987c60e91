/**
 * MCP authorization discovery over HTTP, each step recorded: the 401 and its challenge,
 * the protected resource metadata (RFC 9728), the authorization server's metadata (RFC
 * 8414, then OIDC), dynamic client registration (RFC 7591) unless a client id is given.
 * Ends with what a vault entry needs to run authorization code + PKCE with `resource`
 * (RFC 8707), or with the step that failed and why.
 */
import {
  authorizationServerMetadataUrls, canonicalResource, readAuthorizationServerMetadata, readBearerChallenge, readRegistrationResponse, readResourceMetadata,
  registrationRequest, resourceMetadataUrls, type AuthPlan, type AuthStep, type McpAuthServer, type ProtectedResourceMetadata,
} from '../../core/protocols/mcp/authDiscovery';
import type { HeaderField } from '../../core/types';

export interface DiscoverInput {
  url: string;
  /** The draft's headers minus Authorization (the probe is unauthenticated). */
  headers: readonly HeaderField[];
  /** The vault's loopback redirect URI to register. */
  redirectUri: string;
  /** A client id the person entered: no registration. */
  clientId?: string;
  fetch?: typeof fetch;
}

export interface DiscoverResult {
  steps: AuthStep[];
  plan?: AuthPlan;
  /** The step that failed, in words. */
  error?: string;
}

async function getJson(f: typeof fetch, url: string): Promise<{ status: number; json?: unknown; text: string }> {
  const res = await f(url, { headers: { Accept: 'application/json' } });
  const text = await res.text();
  try {
    return { status: res.status, json: JSON.parse(text) as unknown, text };
  } catch {
    return { status: res.status, text };
  }
}

export async function discoverMcpAuthorization(input: DiscoverInput): Promise<DiscoverResult> {
  const f = input.fetch ?? fetch;
  const steps: AuthStep[] = [];
  const failed = (step: AuthStep): DiscoverResult => (steps.push(step), { steps, error: step.detail });
  const resource = canonicalResource(input.url);
  if (!resource.ok) return failed({ step: 'challenge', title: 'The server URL', status: 'failed', detail: resource.error.message });

  // 1. The 401 and its challenge.
  let challenges: string[] = [];
  let status = 0;
  try {
    const h = new Headers();
    for (const field of input.headers) if (field.name.trim() && field.name.toLowerCase() !== 'authorization') h.append(field.name, field.value);
    h.set('Content-Type', 'application/json');
    h.set('Accept', 'application/json, text/event-stream');
    const res = await f(input.url, { method: 'POST', headers: h, body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'wirebench', version: '1' } } }) });
    status = res.status;
    const value = res.headers.get('www-authenticate');
    if (value) challenges = [value];
    await res.body?.cancel().catch(() => undefined);
  } catch (err) {
    return failed({ step: 'challenge', title: 'Ask without a token', status: 'failed', request: `POST ${input.url}`, detail: `The server could not be reached: ${(err as Error).message}.` });
  }
  if (status !== 401) {
    steps.push({ step: 'challenge', title: 'Ask without a token', status: 'done', request: `POST ${input.url}`, httpStatus: status, detail: `The server answered ${status} without a token: it does not ask for authorization${status >= 200 && status < 300 ? ', so Connect works as it is' : ''}. Looking for its metadata anyway.` });
  }
  const reading = readBearerChallenge(challenges);
  if (!reading.ok) return failed({ step: 'challenge', title: 'Read the 401 challenge', status: 'failed', request: `POST ${input.url}`, httpStatus: status, detail: reading.error.message });
  if (status === 401) steps.push({ step: 'challenge', title: 'Read the 401 challenge', status: 'done', request: `POST ${input.url}`, httpStatus: 401, detail: `${challenges.length ? `WWW-Authenticate: ${challenges.join(', ')}\n` : ''}${reading.value.explanation}` });

  // 2. Protected resource metadata.
  const prmUrls = resourceMetadataUrls(input.url, reading.value.resourceMetadata);
  if (!prmUrls.ok) return failed({ step: 'resource-metadata', title: 'Protected resource metadata', status: 'failed', detail: prmUrls.error.message });
  let prm: ProtectedResourceMetadata | undefined;
  const tried: string[] = [];
  for (const url of prmUrls.value) {
    let got;
    try {
      got = await getJson(f, url);
    } catch (err) {
      tried.push(`${url}: ${(err as Error).message}`);
      continue;
    }
    if (got.status !== 200 || got.json === undefined) {
      tried.push(`${url}: ${got.status}${got.json === undefined && got.status === 200 ? ' (not JSON)' : ''}`);
      continue;
    }
    const read = readResourceMetadata(got.json, input.url);
    if (!read.ok) return failed({ step: 'resource-metadata', title: 'Protected resource metadata (RFC 9728)', status: 'failed', request: `GET ${url}`, httpStatus: 200, detail: read.error.message });
    prm = read.value;
    steps.push({ step: 'resource-metadata', title: 'Protected resource metadata (RFC 9728)', status: 'done', request: `GET ${url}`, httpStatus: 200, detail: [`resource: ${prm.resource}`, `authorization_servers: ${prm.authorizationServers.join(', ')}`, ...(prm.scopesSupported ? [`scopes_supported: ${prm.scopesSupported.join(' ')}`] : []), ...prm.notes].join('\n') });
    break;
  }
  if (!prm) {
    return failed({
      step: 'resource-metadata', title: 'Protected resource metadata (RFC 9728)', status: 'failed',
      detail: `No protected resource metadata was found (${tried.join('; ')}). ${reading.value.resourceMetadata ? 'The URL the challenge named did not answer with it.' : 'The 401 named no resource_metadata and the well-known URLs have none.'} Without it there is no way to learn which authorization server to ask; the server's documentation must say, and a vault entry can be set up by hand.`,
    });
  }

  // 3. Authorization server metadata.
  const issuer = prm.authorizationServers[0]!;
  const asUrls = authorizationServerMetadataUrls(issuer);
  if (!asUrls.ok) return failed({ step: 'server-metadata', title: 'Authorization server metadata (RFC 8414)', status: 'failed', detail: asUrls.error.message });
  let as: McpAuthServer | undefined;
  const asTried: string[] = [];
  for (const candidate of asUrls.value) {
    let got;
    try {
      got = await getJson(f, candidate.url);
    } catch (err) {
      asTried.push(`${candidate.url}: ${(err as Error).message}`);
      continue;
    }
    if (got.status !== 200 || got.json === undefined) {
      asTried.push(`${candidate.url}: ${got.status}`);
      continue;
    }
    const read = readAuthorizationServerMetadata(got.json, issuer, candidate.source);
    if (!read.ok) return failed({ step: 'server-metadata', title: 'Authorization server metadata (RFC 8414)', status: 'failed', request: `GET ${candidate.url}`, httpStatus: 200, detail: read.error.message });
    as = read.value;
    steps.push({
      step: 'server-metadata', title: 'Authorization server metadata (RFC 8414)', status: 'done', request: `GET ${candidate.url}`, httpStatus: 200,
      detail: [`issuer: ${as.issuer}`, `authorization_endpoint: ${as.authorizationEndpoint}`, `token_endpoint: ${as.tokenEndpoint}`, `registration_endpoint: ${as.registrationEndpoint ?? '(none: dynamic registration is not offered)'}`, `code_challenge_methods_supported: ${as.codeChallengeMethodsSupported?.join(' ') ?? '(not said)'}`, ...as.notes].join('\n'),
    });
    break;
  }
  if (!as) return failed({ step: 'server-metadata', title: 'Authorization server metadata (RFC 8414)', status: 'failed', detail: `The authorization server ${issuer} publishes no metadata (${asTried.join('; ')}).` });

  // 4. The client: entered, or registered dynamically.
  const scope = reading.value.scope ?? prm.scopesSupported?.filter((s) => s !== 'offline_access').join(' ') ?? '';
  const plan: AuthPlan = {
    resource: resource.value, issuer: as.issuer, authorizationEndpoint: as.authorizationEndpoint!, tokenEndpoint: as.tokenEndpoint!,
    ...(as.revocationEndpoint ? { revocationEndpoint: as.revocationEndpoint } : {}),
    scope, pkceMethods: as.codeChallengeMethodsSupported ?? ['S256'], issParameterSupported: as.authorizationResponseIssParameterSupported,
  };
  if (input.clientId?.trim()) {
    steps.push({ step: 'client', title: 'The client', status: 'done', detail: `Using the client id you entered, ${input.clientId.trim()}; no registration.` });
    return { steps, plan: { ...plan, client: { clientId: input.clientId.trim(), authMethod: 'none' } } };
  }
  if (!as.registrationEndpoint) {
    return failed({ step: 'registration', title: 'Dynamic client registration (RFC 7591)', status: 'failed', detail: `The authorization server offers no registration_endpoint, so a client cannot be registered here. Register one with ${as.issuer} by hand (redirect URI ${input.redirectUri}) and enter its client id.` });
  }
  const body = registrationRequest(input.redirectUri);
  let reg: Response;
  try {
    reg = await f(as.registrationEndpoint, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) });
  } catch (err) {
    return failed({ step: 'registration', title: 'Dynamic client registration (RFC 7591)', status: 'failed', request: `POST ${as.registrationEndpoint}`, detail: `The registration endpoint could not be reached: ${(err as Error).message}.` });
  }
  const text = await reg.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const client = readRegistrationResponse(reg.status, json);
  if (!client.ok) return failed({ step: 'registration', title: 'Dynamic client registration (RFC 7591)', status: 'failed', request: `POST ${as.registrationEndpoint}`, httpStatus: reg.status, detail: client.error.message });
  steps.push({ step: 'registration', title: 'Dynamic client registration (RFC 7591)', status: 'done', request: `POST ${as.registrationEndpoint}\n${JSON.stringify(body)}`, httpStatus: reg.status, detail: `Registered client ${client.value.clientId} (${client.value.authMethod === 'none' ? 'public: no secret, PKCE' : `confidential, ${client.value.authMethod}; its secret goes into the vault`}).` });
  return { steps, plan: { ...plan, client: client.value } };
}
