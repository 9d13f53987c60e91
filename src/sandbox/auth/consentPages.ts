/**
 * The user's side of the three-party flow (spec §5 rule 3): a consent page where the demo
 * user grants a client access and is shown the refresh token, a page listing grants with
 * revoke buttons, and `POST /auth/grants`, the consent page's programmatic equivalent for
 * tests and scripts. Plain HTML forms, no script; every interpolated value is escaped.
 */
import { parseForm, parseJson } from '../../core';
import { sandboxNow } from '../clock';
import { escapeHtml, renderPage, sendHtml } from '../htmlPage';
import { isJsonEssence, readBody, requestContentType, sendTooLarge, sendUnsupportedType } from '../requestBody';
import { sendJson, sendMethodNotAllowed, sendProblem, type SandboxContext, type SandboxRoute } from '../router';
import { DEMO_CLIENTS, demoClient, SANDBOX_SCOPES, type DemoClient } from './demoCredentials';
import { sandboxGrants, type Grant } from './grantStore';

const FORM_LIMIT = 8 * 1024;

function clientOptions(): string {
  return DEMO_CLIENTS.map((c) => `<li><a href="/sandbox/auth/consent?client_id=${encodeURIComponent(c.id)}">${escapeHtml(c.name)}</a> <code>${escapeHtml(c.id)}</code></li>`).join('\n');
}

function unknownClientPage(ctx: SandboxContext, id: string): void {
  const body = `<p>There is no client <code>${escapeHtml(id)}</code>. The registered clients are:</p><ul>${clientOptions()}</ul>`;
  sendHtml(ctx.res, 400, renderPage('Unknown client', body));
}

/** Scopes named in `text` that the sandbox knows, or all of them when none are named. */
function knownScopes(requested: string[]): string[] {
  const known = requested.filter((s) => (SANDBOX_SCOPES as readonly string[]).includes(s));
  return requested.length === 0 ? [...SANDBOX_SCOPES] : known;
}

function consentForm(ctx: SandboxContext): void {
  const query = parseForm(ctx.url.search.slice(1));
  const id = query.find((p) => p.name === 'client_id')?.value;
  if (id === undefined) {
    const body = `<p>Which application do you want to grant access to your orders?</p><ul>${clientOptions()}</ul>`;
    return sendHtml(ctx.res, 200, renderPage('Grant access', body));
  }
  const client = demoClient(id);
  if (!client) return unknownClientPage(ctx, id);
  const asked = knownScopes((query.find((p) => p.name === 'scope')?.value ?? '').split(' ').filter(Boolean));
  const boxes = SANDBOX_SCOPES.map(
    (s) => `<label><input type="checkbox" name="scope" value="${escapeHtml(s)}"${asked.includes(s) ? ' checked' : ''}> <code>${escapeHtml(s)}</code></label><br>`,
  ).join('\n');
  const body = `<p><strong>${escapeHtml(client.name)}</strong> (client <code>${escapeHtml(client.id)}</code>) asks to act on your behalf, as user <code>aladdin</code>.</p>
<p class="muted">Its access tokens are for <code>${escapeHtml(client.audience)}</code> and live ${client.accessTokenSeconds} s; it keeps a refresh token to get new ones until you revoke the grant.</p>
<form method="post" action="/sandbox/auth/consent">
<input type="hidden" name="client_id" value="${escapeHtml(client.id)}">
<fieldset><legend>Allow it to</legend>
${boxes}
</fieldset>
<p><button type="submit" name="decision" value="grant">Grant access</button> <button type="submit" name="decision" value="deny">Deny</button></p>
</form>`;
  sendHtml(ctx.res, 200, renderPage(`Grant access to ${client.name}?`, body));
}

function grantedPage(client: DemoClient, grant: Grant, refreshToken: string): string {
  const exchange = JSON.stringify({ client_id: client.id, client_secret: client.secret, refresh_token: refreshToken, grant_type: 'refresh_token' }, null, 2);
  return renderPage(
    'Access granted',
    `<p>You granted <strong>${escapeHtml(client.name)}</strong> the scope <code>${escapeHtml(grant.scope.join(' ') || '(none)')}</code>.</p>
<p>The client's refresh token (long-lived; it changes on every exchange):</p>
<p><code class="token" id="refresh-token">${escapeHtml(refreshToken)}</code></p>
<p>The client exchanges it for an access token with <code>POST /sandbox/auth/v1/token</code>, <code>Content-Type: application/json</code>:</p>
<pre>${escapeHtml(exchange)}</pre>
<p>You can revoke this grant at any time on <a href="/sandbox/auth/grants">your grants</a>.</p>`,
  );
}

/** Reads a form body (415 for another type, 413 over the limit, both answered here). */
export async function readFormBody(ctx: SandboxContext): Promise<{ name: string; value: string }[] | undefined> {
  const type = requestContentType(ctx.req);
  if (type.kind !== 'media' || type.media.essence !== 'application/x-www-form-urlencoded') {
    sendUnsupportedType(ctx.res, type, ['application/x-www-form-urlencoded']);
    return undefined;
  }
  const body = await readBody(ctx.req, FORM_LIMIT);
  if (!body.ok) {
    sendTooLarge(ctx.res, body);
    return undefined;
  }
  return parseForm(body.bytes.toString('utf8'));
}

async function consentDecision(ctx: SandboxContext): Promise<void> {
  const form = await readFormBody(ctx);
  if (!form) return;
  const id = form.find((p) => p.name === 'client_id')?.value ?? '';
  const client = demoClient(id);
  if (!client) return unknownClientPage(ctx, id);
  const decision = form.find((p) => p.name === 'decision')?.value;
  if (decision !== 'grant') {
    const body = `<p>You denied <strong>${escapeHtml(client.name)}</strong> access. No refresh token was issued.</p><p><a href="/sandbox/auth/consent">Back</a></p>`;
    return sendHtml(ctx.res, 200, renderPage('Access denied', body));
  }
  const scope = form.filter((p) => p.name === 'scope').map((p) => p.value).filter((s) => (SANDBOX_SCOPES as readonly string[]).includes(s));
  const { grant, refreshToken } = sandboxGrants.create(client.id, [...new Set(scope)], sandboxNow());
  sendHtml(ctx.res, 200, grantedPage(client, grant, refreshToken));
}

function grantRow(g: Grant): string {
  const client = demoClient(g.clientId);
  const status = g.revokedAt === undefined ? 'active' : `revoked ${new Date(g.revokedAt).toISOString()} — ${g.revokedReason ?? ''}`;
  const action =
    g.revokedAt === undefined
      ? `<form method="post" action="/sandbox/auth/grants/${encodeURIComponent(g.id)}/revoke"><button type="submit" aria-label="Revoke grant ${escapeHtml(g.id)}">Revoke</button></form>`
      : '';
  return `<tr><td><code>${escapeHtml(g.id)}</code></td><td>${escapeHtml(client?.name ?? g.clientId)}</td><td><code>${escapeHtml(g.scope.join(' '))}</code></td><td>${escapeHtml(new Date(g.createdAt).toISOString())}</td><td>${g.exchanges}</td><td>${escapeHtml(status)}</td><td>${action}</td></tr>`;
}

function grantsPage(ctx: SandboxContext): void {
  const grants = sandboxGrants.list();
  const table = grants.length
    ? `<table><thead><tr><th>Grant</th><th>Client</th><th>Scope</th><th>Granted</th><th>Exchanges</th><th>Status</th><th></th></tr></thead><tbody>${grants.map(grantRow).join('\n')}</tbody></table>`
    : '<p>You have not granted any application access. <a href="/sandbox/auth/consent">Grant one</a>.</p>';
  sendHtml(ctx.res, 200, renderPage('Your grants', `<p>Applications you allowed to act as <code>aladdin</code>. Revoking a grant stops its refresh token at once; access tokens already issued live until they expire.</p>${table}`));
}

async function revokeFromPage(ctx: SandboxContext): Promise<void> {
  ctx.req.resume();
  const id = ctx.params.id ?? '';
  if (!sandboxGrants.revoke(id, 'Revoked by the user on the grants page.', sandboxNow())) {
    return sendHtml(ctx.res, 404, renderPage('No such grant', `<p>There is no grant <code>${escapeHtml(id)}</code>.</p><p><a href="/sandbox/auth/grants">Your grants</a></p>`));
  }
  // 303: the browser follows with a GET, so reloading the list does not resubmit the form.
  ctx.res.writeHead(303, { Location: '/sandbox/auth/grants', 'Content-Length': 0 });
  ctx.res.end();
}

/** `POST /auth/grants {client_id, scope?}`: what the consent page does, for automated tests. */
async function createGrant(ctx: SandboxContext): Promise<void> {
  const type = requestContentType(ctx.req);
  if (type.kind !== 'media' || !isJsonEssence(type.media.essence)) return sendUnsupportedType(ctx.res, type, ['application/json']);
  const body = await readBody(ctx.req, FORM_LIMIT);
  if (!body.ok) return sendTooLarge(ctx.res, body);
  const parsed = parseJson(body.bytes.toString('utf8'));
  if (!parsed.ok) return sendProblem(ctx.res, 400, { title: 'Malformed JSON', detail: parsed.error.message, position: parsed.error.position });
  const value = parsed.value as { client_id?: unknown; scope?: unknown } | null;
  if (typeof value !== 'object' || value === null || typeof value.client_id !== 'string') {
    return sendProblem(ctx.res, 422, { title: 'client_id is required', detail: 'Send {"client_id": "demo-client"} and optionally "scope": "orders:read".' });
  }
  const client = demoClient(value.client_id);
  if (!client) return sendProblem(ctx.res, 422, { title: 'Unknown client', detail: `No client "${value.client_id}"; registered: ${DEMO_CLIENTS.map((c) => c.id).join(', ')}.` });
  const requested = typeof value.scope === 'string' ? value.scope.split(' ').filter(Boolean) : [];
  const unknown = requested.filter((s) => !(SANDBOX_SCOPES as readonly string[]).includes(s));
  if (unknown.length) return sendProblem(ctx.res, 422, { title: 'Unknown scope', detail: `Unknown scope ${unknown.join(', ')}; known: ${SANDBOX_SCOPES.join(', ')}.` });
  const { grant, refreshToken } = sandboxGrants.create(client.id, knownScopes(requested), sandboxNow());
  sendJson(ctx.res, 201, { grant_id: grant.id, client_id: client.id, refresh_token: refreshToken, scope: grant.scope.join(' ') }, { 'Cache-Control': 'no-store' });
}

function deleteGrant(ctx: SandboxContext): void {
  const id = ctx.params.id ?? '';
  if (!sandboxGrants.revoke(id, 'Revoked through DELETE /auth/grants/{id}.', sandboxNow())) {
    return sendProblem(ctx.res, 404, { title: 'No such grant', detail: `There is no grant ${id}.` });
  }
  ctx.res.writeHead(204);
  ctx.res.end();
}

/** The consent router. */
export const consentRoutes: SandboxRoute[] = [
  { method: 'GET', pattern: '/auth/consent', handle: consentForm },
  { method: 'POST', pattern: '/auth/consent', handle: consentDecision },
  { method: '*', pattern: '/auth/consent', handle: (ctx) => sendMethodNotAllowed(ctx, ['GET', 'HEAD', 'POST']) },
  { method: 'GET', pattern: '/auth/grants', handle: grantsPage },
  { method: 'POST', pattern: '/auth/grants', handle: createGrant },
  { method: '*', pattern: '/auth/grants', handle: (ctx) => sendMethodNotAllowed(ctx, ['GET', 'HEAD', 'POST']) },
  { method: 'POST', pattern: '/auth/grants/:id/revoke', handle: revokeFromPage },
  { method: 'DELETE', pattern: '/auth/grants/:id', handle: deleteGrant },
];
