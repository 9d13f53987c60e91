/**
 * The workbench's own client rules (src/core/oauth) against this server: each side is
 * tested alone against the RFCs elsewhere; this checks the two agree on the wire.
 */
import { describe, expect, it } from 'vitest';
import { authenticateClient } from '../../core/oauth/clientAuth';
import { OAUTH_CLIENTS, WB_JWT_PRIVATE_JWK, type OAuthClient } from './clients';
import { useOAuthSandbox } from '../../testing/oauthSandbox';

const t = useOAuthSandbox();

function coreClient(client: OAuthClient) {
  return {
    clientId: client.id,
    authMethod: client.authMethod,
    ...(client.secret !== undefined ? { clientSecret: client.secret } : {}),
    ...(client.authMethod === 'private_key_jwt' ? { privateKey: JSON.stringify(WB_JWT_PRIVATE_JWK), signingAlg: 'ES256', keyId: 'wb-jwt-1' } : {}),
  };
}

describe('src/core/oauth client authentication against the sandbox server', () => {
  for (const client of OAUTH_CLIENTS.filter((c) => c.grantTypes.includes('client_credentials'))) {
    it(`${client.id} (${client.authMethod}) gets a client credentials token`, async () => {
      const auth = await authenticateClient(coreClient(client), `${t.as.issuer}/token`);
      if (!auth.ok) throw new Error(auth.error.message);
      const fields = Object.fromEntries([['grant_type', 'client_credentials'], ...auth.value.fields.map((f) => [f.name, f.value])]);
      const headers = Object.fromEntries(auth.value.headers.map((h) => [h.name, h.value]));
      const answer = await t.as.token(fields, { headers });
      expect(answer.json.error_description ?? '').toBe('');
      expect(answer.status).toBe(200);
    });
  }
});
