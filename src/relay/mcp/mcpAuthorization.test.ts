import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthTestClient, pkcePair } from '../../sandbox/oauth/oauthTestClient';
import { startSandboxHarness, type SandboxHarness } from '../../testing/sandboxHarness';
import { discoverMcpAuthorization } from './discover';
import { McpSession } from './mcpSession';
import { startSdkServer } from '../../testing/mcpTestServers';

describe('MCP authorization against the sandbox (the SDK server behind the sandbox OAuth server)', () => {
  let sandbox: SandboxHarness;
  beforeAll(async () => {
    sandbox = await startSandboxHarness();
  });
  afterAll(() => sandbox.close());

  it('walks 401 → resource metadata → AS metadata → registration → code + PKCE with resource → tools/call', async () => {
    const url = `${sandbox.origin}/sandbox/mcp`;
    const anon = await new McpSession({ url, transport: 'streamable-http', headers: [] }).connect();
    expect(!anon.ok && anon.failure.challenges?.[0]).toBe(`Bearer resource_metadata="${sandbox.origin}/.well-known/oauth-protected-resource/sandbox/mcp", scope="orders:read"`);

    const redirectUri = 'http://127.0.0.1:5173/oauth/callback';
    const found = await discoverMcpAuthorization({ url, headers: [], redirectUri });
    expect(found.error).toBeUndefined();
    expect(found.steps.map((s) => [s.step, s.status])).toEqual([['challenge', 'done'], ['resource-metadata', 'done'], ['server-metadata', 'done'], ['registration', 'done']]);
    const plan = found.plan!;
    expect(plan).toMatchObject({ resource: url, issuer: `${sandbox.origin}/sandbox/oauth`, scope: 'orders:read', client: { authMethod: 'none' } });

    const oauth = new OAuthTestClient(sandbox.origin);
    const { verifier, challenge } = pkcePair();
    const redirect = await oauth.authorizeThrough({ response_type: 'code', client_id: plan.client!.clientId, redirect_uri: redirectUri, scope: plan.scope, state: 's', code_challenge: challenge, code_challenge_method: 'S256', resource: plan.resource });
    const token = await oauth.token({ grant_type: 'authorization_code', code: redirect.searchParams.get('code')!, redirect_uri: redirectUri, client_id: plan.client!.clientId, code_verifier: verifier, resource: plan.resource });
    expect(token.status).toBe(200);

    const session = new McpSession({ url, transport: 'streamable-http', headers: [{ name: 'Authorization', value: `Bearer ${token.json.access_token}` }] });
    expect((await session.connect()).ok).toBe(true);
    const call = await session.request('tools/call', { name: 'divide', arguments: { a: 9, b: 3 } });
    expect(call.ok && call.result.content).toEqual([{ type: 'text', text: '3' }]);
    await session.close();
  });
});

describe('MCP authorization failures, each explained', () => {
  it('a 401 without resource metadata (and none at the well-known URLs)', async () => {
    const server = await startSdkServer({ token: 'x', resourceMetadata: false });
    try {
      const found = await discoverMcpAuthorization({ url: server.url, headers: [], redirectUri: 'http://127.0.0.1:1/oauth/callback' });
      expect(found.steps[0]).toMatchObject({ step: 'challenge', status: 'done', httpStatus: 401 });
      expect(found.steps[0]!.detail).toContain('no resource_metadata parameter');
      expect(found.steps.at(-1)).toMatchObject({ step: 'resource-metadata', status: 'failed' });
      expect(found.error).toMatch(/No protected resource metadata was found \(.*oauth-protected-resource\/mcp: 404.*\)\. The 401 named no resource_metadata/);
    } finally {
      await server.close();
    }
  });

  it('a registration endpoint that refuses', async () => {
    let origin = '';
    const server = http.createServer((req, res) => {
      req.resume();
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.url === '/mcp') return send(401, {}, { 'WWW-Authenticate': `Bearer resource_metadata="${origin}/prm"` });
      if (req.url === '/prm') return send(200, { resource: `${origin}/mcp`, authorization_servers: [`${origin}/as`] });
      if (req.url === '/.well-known/oauth-authorization-server/as') return send(200, { issuer: `${origin}/as`, authorization_endpoint: `${origin}/as/a`, token_endpoint: `${origin}/as/t`, registration_endpoint: `${origin}/as/register`, code_challenge_methods_supported: ['S256'] });
      if (req.url === '/as/register') return send(400, { error: 'invalid_redirect_uri', error_description: 'loopback redirect URIs are not accepted' });
      send(404, {});
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const found = await discoverMcpAuthorization({ url: `${origin}/mcp`, headers: [], redirectUri: 'http://127.0.0.1:1/oauth/callback' });
      expect(found.steps.map((s) => s.status)).toEqual(['done', 'done', 'done', 'failed']);
      expect(found.error).toBe('The authorization server refused to register a client: invalid_redirect_uri — loopback redirect URIs are not accepted (it refuses the loopback redirect URI). Register one by hand with that server and enter its client id instead.');
      // With a client id entered, no registration is tried.
      const entered = await discoverMcpAuthorization({ url: `${origin}/mcp`, headers: [], redirectUri: 'http://127.0.0.1:1/oauth/callback', clientId: 'hand-made' });
      expect(entered.plan?.client).toEqual({ clientId: 'hand-made', authMethod: 'none' });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
