/**
 * The front-channel half of the authorization code grant (RFC 6749 §4.1): the URL the
 * person's browser is sent to, each parameter explained, and the redirect that comes back
 * with a code or an error. The `state` check is the client's CSRF defence (RFC 6749 §10.12).
 */
import { fail, ok, type Result } from '../types';
import { explainOAuthError } from './oauthErrors';

export interface AuthorizationRequestInput {
  authorizationEndpoint: string;
  clientId: string;
  redirectUri: string;
  scope?: string;
  state: string;
  codeChallenge?: string;
  codeChallengeMethod?: 'S256' | 'plain';
  /** OpenID Connect: binds the ID token to this request. */
  nonce?: string;
  /** RFC 8707 resource indicators. */
  resources?: string[];
  /** Auth0-style audience and any other parameter the provider asks for. */
  extra?: { name: string; value: string }[];
}

export interface ExplainedParameter {
  name: string;
  value: string;
  /** A secret-ish value (state, nonce) is shown masked where the URL is logged. */
  explanation: string;
}

const EXPLANATIONS: Record<string, string> = {
  response_type: '"code": the provider answers with a one-time authorization code, exchanged for tokens at the token endpoint (RFC 6749 §4.1.1).',
  client_id: 'Which registered client asks for access (RFC 6749 §2.2).',
  redirect_uri: 'Where the provider sends the browser back; it must match one registered for the client exactly. Wirebench listens on loopback (RFC 8252 §7.3).',
  scope: 'What access is asked for, space-separated (RFC 6749 §3.3). "openid" asks for an ID token as well.',
  state: 'A random value Wirebench checks when the browser comes back, so a forged redirect cannot plant another code (RFC 6749 §10.12).',
  code_challenge: 'The PKCE challenge derived from a secret verifier only Wirebench holds; the code is useless without the verifier (RFC 7636 §4.2).',
  code_challenge_method: 'How the challenge was derived: S256 (SHA-256) unless the server offers nothing else (RFC 7636 §4.3).',
  nonce: 'A random value the ID token must carry back, binding it to this sign-in (OpenID Connect Core §3.1.2.1).',
  resource: 'The API the token is meant for (RFC 8707 resource indicator).',
  audience: 'The API the token is meant for, in the form some providers (e.g. Auth0) use instead of "resource".',
};

/**
 * The authorization URL, parameters in a stable order after any the endpoint URL already
 * carries, each explained. Fails, naming the field, on an endpoint that is not an absolute
 * http(s) URL or a missing client id or redirect URI.
 */
export function buildAuthorizationUrl(input: AuthorizationRequestInput): Result<{ url: string; parameters: ExplainedParameter[] }> {
  let url: URL;
  try {
    url = new URL(input.authorizationEndpoint);
  } catch {
    return fail({ kind: 'oauth-authorize-url', field: 'authorizationEndpoint', message: `"${input.authorizationEndpoint}" is not an absolute URL; enter the provider's authorization endpoint.` });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return fail({ kind: 'oauth-authorize-url', field: 'authorizationEndpoint', message: `The authorization endpoint must be http or https, not ${url.protocol}` });
  }
  if (url.hash) return fail({ kind: 'oauth-authorize-url', field: 'authorizationEndpoint', message: 'The authorization endpoint may not have a fragment (RFC 6749 §3.1).' });
  if (input.clientId === '') return fail({ kind: 'oauth-client-id-empty', field: 'clientId', message: 'Enter the client_id the provider gave this client.' });
  if (input.redirectUri === '') return fail({ kind: 'oauth-redirect-empty', field: 'redirectUri', message: 'A redirect URI is needed for the code to come back.' });
  const pairs: [string, string][] = [
    ['response_type', 'code'],
    ['client_id', input.clientId],
    ['redirect_uri', input.redirectUri],
  ];
  if (input.scope?.trim()) pairs.push(['scope', input.scope.trim().split(/\s+/).join(' ')]);
  pairs.push(['state', input.state]);
  if (input.codeChallenge) pairs.push(['code_challenge', input.codeChallenge], ['code_challenge_method', input.codeChallengeMethod ?? 'S256']);
  if (input.nonce) pairs.push(['nonce', input.nonce]);
  for (const resource of input.resources ?? []) if (resource.trim()) pairs.push(['resource', resource.trim()]);
  const reserved = new Set(pairs.map(([name]) => name));
  for (const extra of input.extra ?? []) {
    if (extra.name.trim() === '') continue;
    if (reserved.has(extra.name)) {
      return fail({ kind: 'oauth-extra-reserved', field: 'extra', message: `The extra parameter "${extra.name}" is written by Wirebench itself and cannot be overridden.` });
    }
    pairs.push([extra.name, extra.value]);
  }
  for (const [name, value] of pairs) url.searchParams.append(name, value);
  return ok({
    url: url.href,
    parameters: pairs.map(([name, value]) => ({ name, value, explanation: EXPLANATIONS[name] ?? 'An extra parameter this provider asks for.' })),
  });
}

/** What came back to the redirect URI. */
export type CallbackOutcome = { code: string; issuer?: string };

/** What the redirect is checked against. */
export interface CallbackExpectations {
  /** The `state` sent with the authorization request. */
  state: string;
  /** The issuer the request went to; an `iss` in the redirect must equal it. */
  issuer?: string;
  /**
   * The server advertised `authorization_response_iss_parameter_supported` (RFC 9207 §3),
   * so a redirect without `iss` is refused (§2.4). When it did not, `iss` is optional and
   * refused only when it names another issuer.
   */
  requireIss?: boolean;
}

/**
 * Reads the redirect (its full URL, or the query or fragment alone) against the `state`
 * that was sent. A mismatched or missing `state` is refused before the code is looked
 * at; an `iss` parameter (RFC 9207) must name the issuer the request went to, and must be
 * there when the server said it always sends one — either stops a mix-up attack, where
 * another server's redirect brings its code here; an `error` is explained (RFC 6749
 * §4.1.2.1) once it is known to come from the right server.
 */
export function readAuthorizationCallback(redirect: string, expected: CallbackExpectations): Result<CallbackOutcome> {
  const text = redirect.trim();
  let params: URLSearchParams;
  try {
    const parsed = /^[a-z][a-z0-9+.-]*:/i.test(text) ? new URL(text) : undefined;
    const raw = parsed ? (parsed.search.length > 1 ? parsed.search : parsed.hash) : text;
    params = new URLSearchParams(raw.replace(/^[?#]/, ''));
  } catch {
    return fail({ kind: 'oauth-callback-url', field: 'callback', message: 'Paste the whole address the provider redirected to (it starts with the redirect URI).' });
  }
  const state = params.get('state');
  if (state === null) {
    return fail({
      kind: 'oauth-state-missing',
      field: 'state',
      message: params.has('code') || params.has('error')
        ? 'The redirect has no "state", so Wirebench cannot tell that it answers its own request (RFC 6749 §10.12); it was refused.'
        : 'This address has neither a code nor an error: it is not the redirect from the provider.',
    });
  }
  if (state !== expected.state) {
    return fail({
      kind: 'oauth-state-mismatch',
      field: 'state',
      message: 'The "state" in the redirect is not the one Wirebench sent. It may answer an older attempt or be forged (cross-site request forgery, RFC 6749 §10.12); it was refused and nothing was stored. Start the grant again.',
    });
  }
  const iss = params.get('iss');
  if (iss === null && expected.requireIss) {
    return fail({
      kind: 'oauth-issuer-missing',
      field: 'iss',
      message: `The redirect has no "iss", but ${expected.issuer ? `"${expected.issuer}"` : 'the server'} says it always sends one (authorization_response_iss_parameter_supported). RFC 9207 §2.4 requires refusing such a response: it may come from another server (a mix-up attack). It was refused and nothing was stored.`,
    });
  }
  if (iss !== null && expected.issuer !== undefined && iss !== expected.issuer) {
    return fail({
      kind: 'oauth-issuer-mismatch',
      field: 'iss',
      message: `The redirect says it comes from "${iss}", but the request went to "${expected.issuer}" (RFC 9207 §2.4: a mix-up attack brings another server's code here); it was refused and nothing was stored.`,
    });
  }
  const error = params.get('error');
  if (error !== null) {
    return fail({ kind: 'oauth-authorize-error', field: 'error', message: explainOAuthError(error, params.get('error_description') ?? undefined, params.get('error_uri') ?? undefined) });
  }
  const code = params.get('code');
  if (!code) return fail({ kind: 'oauth-code-missing', field: 'code', message: 'The redirect carries the right state but no code; the provider did not complete the grant.' });
  return ok({ code, ...(iss !== null ? { issuer: iss } : {}) });
}
