/**
 * The front channel of the authorization server: `GET /oauth/authorize` (response_type
 * code) checks the request, then the user signs in (`POST /oauth/login`) and approves or
 * denies (`POST /oauth/consent`). The same login and consent pages finish a device
 * authorization. A bad client or redirect URI is shown on the page and never redirected
 * to (RFC 6749 §4.1.2.1); every other error goes back to the client with `state` and `iss`
 * (RFC 9207). Plain HTML forms, no script, every value escaped.
 */
import { parseForm } from '../../core';
import { readFormBody } from '../auth/consentPages';
import { sandboxNow } from '../clock';
import { escapeHtml, renderPage, sendHtml } from '../htmlPage';
import type { SandboxContext, SandboxRoute } from '../router';
import { GRANT_TYPES, OAUTH_USER, oauthClient, redirectUriRegistered, type OAuthClient } from './clients';
import { withEndpoints, type OAuthEndpoints } from './issuer';
import { checkScope } from './scopes';
import { CODE_SECONDS, INTERACTION_SECONDS, oauthState, randomId, USED_CODE_MEMORY_SECONDS, type AuthorizationRequest, type Interaction } from './oauthState';

const SCOPE_TEXT: Readonly<Record<string, string>> = {
  openid: 'Sign you in and know who you are (an ID token)',
  profile: 'Your name and username',
  email: 'Your email address',
  offline_access: 'Keep access while you are away (a refresh token)',
  'orders:read': 'Read your orders',
  'orders:write': 'Create and change your orders',
};

/** A PKCE S256 challenge: base64url of a SHA-256, 43 characters (RFC 7636 §4.2). */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

function errorPage(ctx: SandboxContext, title: string, explanation: string): void {
  ctx.req.resume();
  sendHtml(ctx.res, 400, renderPage(title, `<p role="alert">${escapeHtml(explanation)}</p><p class="muted">Because the client or its redirect URI cannot be trusted, the server shows this here instead of redirecting (RFC 6749 §4.1.2.1).</p>`));
}

/** Sends the browser back to the client with `params`, `state` and `iss` added to the redirect URI. */
function redirectToClient(ctx: SandboxContext, endpoints: OAuthEndpoints, request: Pick<AuthorizationRequest, 'redirectUri' | 'state'>, params: Record<string, string>): void {
  const target = new URL(request.redirectUri);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  if (request.state !== undefined) target.searchParams.set('state', request.state);
  target.searchParams.set('iss', endpoints.issuer);
  ctx.res.writeHead(303, { Location: target.href, 'Cache-Control': 'no-store', 'Content-Length': 0, 'Referrer-Policy': 'no-referrer' });
  ctx.res.end();
}

/** Checks the authorization request after client and redirect URI are trusted: an error code and why, or the request. */
function readAuthorizationRequest(query: Map<string, string>, repeated: string[], client: OAuthClient, redirectUri: string): AuthorizationRequest | { error: string; description: string } {
  if (repeated.length > 0) return { error: 'invalid_request', description: `The parameter "${repeated[0]}" is repeated; RFC 6749 §3.1 allows each once.` };
  const responseType = query.get('response_type');
  if (!responseType) return { error: 'invalid_request', description: 'response_type is missing; this server supports "code".' };
  if (responseType !== 'code') return { error: 'unsupported_response_type', description: `response_type "${responseType}" is not supported; use "code".` };
  if (!client.grantTypes.includes(GRANT_TYPES.authorizationCode)) {
    return { error: 'unauthorized_client', description: `The client "${client.id}" is not allowed the authorization code grant (its grants: ${client.grantTypes.join(', ')}).` };
  }
  const scope = checkScope(query.get('scope'), { user: true, fallback: ['openid'] });
  if ('error' in scope) return { error: scope.error.error, description: scope.error.description };
  const challenge = query.get('code_challenge');
  const method = query.get('code_challenge_method');
  if (challenge === undefined) {
    if (method !== undefined) return { error: 'invalid_request', description: 'code_challenge_method was sent without code_challenge.' };
    if (client.authMethod === 'none') return { error: 'invalid_request', description: `code_challenge is required: "${client.id}" is a public client and must use PKCE (RFC 7636) with S256.` };
  } else {
    if (method !== 'S256') {
      return { error: 'invalid_request', description: `code_challenge_method must be "S256"${method === undefined ? ' (omitted, it means "plain")' : `, not "${method}"`}; this server does not accept plain.` };
    }
    if (!S256_CHALLENGE.test(challenge)) return { error: 'invalid_request', description: 'code_challenge must be the 43-character base64url SHA-256 of the code_verifier (RFC 7636 §4.2).' };
  }
  if (query.get('prompt') === 'none') return { error: 'login_required', description: 'prompt=none was asked, but this server keeps no login session: the user must sign in.' };
  const optional = (name: string) => (query.has(name) ? { [name]: query.get(name)! } : {});
  return { clientId: client.id, redirectUri, scope: scope.scope, ...optional('state'), ...optional('nonce'), ...(challenge ? { codeChallenge: challenge } : {}) };
}

function loginPage(interaction: Interaction, failure?: string): string {
  const client = oauthClient(interaction.clientId)!;
  const alert = failure ? `<p role="alert"><strong>${escapeHtml(failure)}</strong></p>` : '';
  return renderPage(
    'Sign in',
    `<p>Sign in to continue to <strong>${escapeHtml(client.name)}</strong>.</p>${alert}
<form method="post" action="/sandbox/oauth/login">
<input type="hidden" name="interaction" value="${escapeHtml(interaction.id)}">
<p><label>Username <input name="username" autocomplete="username" required></label></p>
<p><label>Password <input name="password" type="password" autocomplete="current-password" required></label></p>
<p><button type="submit">Sign in</button></p>
</form>
<p class="muted">Demo user: <code>${escapeHtml(OAUTH_USER.username)}</code>, password <code>${escapeHtml(OAUTH_USER.password)}</code>.</p>`,
  );
}

function consentPage(interaction: Interaction): string {
  const client = oauthClient(interaction.clientId)!;
  const scopes = interaction.scope.map((s) => `<li><code>${escapeHtml(s)}</code> — ${escapeHtml(SCOPE_TEXT[s] ?? s)}</li>`).join('');
  const where = interaction.purpose.kind === 'code' ? `<p class="muted">You will be sent back to <code>${escapeHtml(interaction.purpose.request.redirectUri)}</code>.</p>` : '';
  return renderPage(
    `Allow ${client.name}?`,
    `<p>Signed in as <code>${escapeHtml(interaction.user ?? '')}</code>. <strong>${escapeHtml(client.name)}</strong> (client <code>${escapeHtml(client.id)}</code>) asks to:</p>
<ul>${scopes || '<li>(no scope)</li>'}</ul>${where}
<form method="post" action="/sandbox/oauth/consent">
<input type="hidden" name="interaction" value="${escapeHtml(interaction.id)}">
<p><button type="submit" name="decision" value="approve">Approve</button> <button type="submit" name="decision" value="deny">Deny</button></p>
</form>`,
  );
}

/** Starts the sign-in of an interaction: stores it and shows the login page. */
export function startInteraction(ctx: SandboxContext, clientId: string, scope: string[], purpose: Interaction['purpose']): void {
  const now = sandboxNow();
  const interaction: Interaction = { id: randomId('ia_', 18), clientId, scope, purpose };
  oauthState.interactions.set(interaction.id, interaction, now + INTERACTION_SECONDS * 1000, now);
  sendHtml(ctx.res, 200, loginPage(interaction));
}

function authorize(ctx: SandboxContext, endpoints: OAuthEndpoints): void {
  const pairs = parseForm(ctx.url.search.slice(1));
  const query = new Map<string, string>();
  const repeated: string[] = [];
  for (const { name, value } of pairs) {
    if (query.has(name)) repeated.push(name);
    query.set(name, value);
  }
  const clientId = query.get('client_id');
  if (!clientId) return errorPage(ctx, 'No client', 'client_id is missing from the authorization request.');
  const client = oauthClient(clientId);
  if (!client) return errorPage(ctx, 'Unknown client', `The client "${clientId}" is not registered with the sandbox authorization server.`);
  const redirectUri = query.get('redirect_uri');
  if (!redirectUri) return errorPage(ctx, 'No redirect URI', `redirect_uri is missing; "${client.id}" must name one of its registered redirect URIs.`);
  if (repeated.includes('client_id') || repeated.includes('redirect_uri')) return errorPage(ctx, 'Ambiguous request', 'client_id or redirect_uri is repeated; each may appear once (RFC 6749 §3.1).');
  if (!redirectUriRegistered(client, redirectUri)) {
    const registered = client.redirectUris.length ? client.redirectUris.join(', ') + ' (loopback ones on any port)' : 'none';
    return errorPage(ctx, 'Redirect URI not registered', `redirect_uri "${redirectUri}" does not exactly match a redirect URI registered for "${client.id}": ${registered}.`);
  }
  ctx.req.resume();
  const read = readAuthorizationRequest(query, repeated, client, redirectUri);
  if ('error' in read) return redirectToClient(ctx, endpoints, { redirectUri, state: query.get('state') }, { error: read.error, error_description: read.description });
  startInteraction(ctx, client.id, read.scope, { kind: 'code', request: read });
}

/** The interaction a form names, or a page saying it is gone. */
function interactionOf(ctx: SandboxContext, form: { name: string; value: string }[]): Interaction | undefined {
  const id = form.find((p) => p.name === 'interaction')?.value ?? '';
  const entry = oauthState.interactions.get(id);
  if (entry && entry.expiresAt > sandboxNow()) return entry.value;
  sendHtml(ctx.res, 400, renderPage('Sign-in expired', `<p role="alert">This sign-in is unknown or older than ${INTERACTION_SECONDS / 60} minutes. Start again from the application.</p>`));
  return undefined;
}

async function login(ctx: SandboxContext): Promise<void> {
  const form = await readFormBody(ctx);
  if (!form) return;
  const interaction = interactionOf(ctx, form);
  if (!interaction) return;
  const username = form.find((p) => p.name === 'username')?.value ?? '';
  const password = form.find((p) => p.name === 'password')?.value ?? '';
  if (username !== OAUTH_USER.username || password !== OAUTH_USER.password) {
    return sendHtml(ctx.res, 401, loginPage(interaction, username === OAUTH_USER.username ? 'The password is wrong.' : `There is no user "${username}".`));
  }
  interaction.user = username;
  interaction.authTime = sandboxNow();
  sendHtml(ctx.res, 200, consentPage(interaction));
}

async function consent(ctx: SandboxContext, endpoints: OAuthEndpoints): Promise<void> {
  const form = await readFormBody(ctx);
  if (!form) return;
  const interaction = interactionOf(ctx, form);
  if (!interaction) return;
  if (interaction.user === undefined) return sendHtml(ctx.res, 401, loginPage(interaction, 'Sign in before approving.'));
  const decision = form.find((p) => p.name === 'decision')?.value;
  if (decision !== 'approve' && decision !== 'deny') return sendHtml(ctx.res, 400, renderPage('No decision', '<p role="alert">The form must say decision=approve or decision=deny.</p>'));
  oauthState.interactions.delete(interaction.id);
  const now = sandboxNow();
  const { purpose } = interaction;
  if (purpose.kind === 'device') {
    const device = oauthState.devices.get(purpose.deviceCode);
    if (!device || device.expiresAt <= now || device.value.status !== 'pending') {
      return sendHtml(ctx.res, 400, renderPage('Code expired', '<p role="alert">This device code expired or was already used. Start again on the device.</p>'));
    }
    Object.assign(device.value, { status: decision === 'approve' ? 'approved' : 'denied', user: interaction.user, authTime: interaction.authTime });
    const said = decision === 'approve' ? 'You approved the device. You can return to it now.' : 'You denied the device access.';
    return sendHtml(ctx.res, 200, renderPage(decision === 'approve' ? 'Device approved' : 'Device denied', `<p>${escapeHtml(said)}</p>`));
  }
  if (decision === 'deny') return redirectToClient(ctx, endpoints, purpose.request, { error: 'access_denied', error_description: 'The user denied the request.' });
  const code = randomId('ac_', 24);
  oauthState.codes.set(code, { request: purpose.request, user: interaction.user, authTime: interaction.authTime!, issuedAt: now, accessTokens: [] }, now + (CODE_SECONDS + USED_CODE_MEMORY_SECONDS) * 1000, now);
  redirectToClient(ctx, endpoints, purpose.request, { code });
}

/** The authorize, login and consent routes. */
export const authorizeRoutes: SandboxRoute[] = [
  { method: 'GET', pattern: '/oauth/authorize', handle: withEndpoints(authorize) },
  { method: 'POST', pattern: '/oauth/login', handle: login },
  { method: 'POST', pattern: '/oauth/consent', handle: withEndpoints(consent) },
];
