/**
 * The authorization server's short docs on the `/sandbox` page: the issuer, the demo user,
 * every client with its secret or (for the demo) its private key, and how the grants go.
 */
import { escapeHtml } from '../htmlPage';
import { OAUTH_CLIENTS, OAUTH_USER, WB_JWT_PRIVATE_JWK, type OAuthClient } from './clients';

function clientRow(client: OAuthClient): string {
  const credential = client.secret !== undefined ? `secret <code>${escapeHtml(client.secret)}</code>` : client.authMethod === 'private_key_jwt' ? 'the private key below' : 'no secret';
  const redirects = client.redirectUris.length ? client.redirectUris.map((u) => `<code>${escapeHtml(u)}</code>`).join('<br>') : '—';
  return `<tr><td><code>${escapeHtml(client.id)}</code></td><td><code>${escapeHtml(client.authMethod)}</code>, ${credential}</td><td>${client.grantTypes.map((g) => `<code>${escapeHtml(g)}</code>`).join(' ')}</td><td>${redirects}</td><td>${escapeHtml(client.note)}</td></tr>`;
}

/** The docs section, HTML. */
export function authorizationServerDocs(): string {
  return `<h2 id="authorization-server">Authorization server (OAuth 2.0, OpenID Connect)</h2>
<p>Issuer <code>&lt;origin&gt;/sandbox/oauth</code>, named after the loopback origin you use (e.g. <code>http://127.0.0.1:4780/sandbox/oauth</code>). Discovery at <code>/sandbox/oauth/.well-known/openid-configuration</code> and, by RFC 8414 path insertion, <code>/.well-known/oauth-authorization-server/sandbox/oauth</code>.</p>
<p>Demo user on the login page: <code>${escapeHtml(OAUTH_USER.username)}</code> / <code>${escapeHtml(OAUTH_USER.password)}</code>. Authorization codes live 60 s and work once; a second use revokes what the first gave. PKCE is <code>S256</code> only and required for public clients. Redirect URIs match exactly, except that a loopback one may use any port (RFC 8252 §7.3). The token endpoint takes RFC 6749's form or the spec's JSON body. Access tokens (300 s) work at <code>/sandbox/api/bearer</code>; refresh tokens rotate and are listed on <a href="/sandbox/auth/grants">your grants</a>. ID tokens are RS256 (ES256 for <code>wb-jwt</code>); <code>POST /sandbox/oauth/rotate-keys</code> rotates the signing keys and keeps the old ones published for 10 minutes.</p>
<table><thead><tr><th>Client</th><th>Authentication</th><th>Grants</th><th>Redirect URIs</th><th>Notes</th></tr></thead><tbody>
${OAUTH_CLIENTS.map(clientRow).join('\n')}
</tbody></table>
<p>The private key of <code>wb-jwt</code> (ES256). It is published because this is a demo; a real client never shows its key. Sign a client assertion with <code>iss</code> = <code>sub</code> = <code>wb-jwt</code>, <code>aud</code> = the token endpoint URL or the issuer, a unique <code>jti</code> and an <code>exp</code> at most 5 minutes ahead:</p>
<pre>${escapeHtml(JSON.stringify(WB_JWT_PRIVATE_JWK, null, 2))}</pre>`;
}
