/**
 * For the authorization server's tests: a deliberately small client written from the RFCs,
 * independent of `src/core/oauth`, that drives the pages with fetch as a browser would
 * (authorize → login form → consent form → redirect) and calls the back-channel endpoints.
 */
import { createHash, randomBytes } from 'node:crypto';
import { OAUTH_USER } from './clients';

/** `application/x-www-form-urlencoded` of `fields`. */
export function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/** A PKCE pair (RFC 7636 §4.1–4.2): a random verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** What a test reads from a JSON answer. */
export interface JsonAnswer {
  status: number;
  headers: Headers;
  json: any;
}

/** The test's view of a running sandbox. */
export class OAuthTestClient {
  readonly issuer: string;
  readonly callback = 'http://127.0.0.1:5173/oauth/callback';

  constructor(readonly origin: string) {
    this.issuer = `${origin}/sandbox/oauth`;
  }

  /** POSTs a form (or JSON when `json` is set) to an endpoint under the issuer. */
  async post(path: string, fields: Record<string, string>, init: { headers?: Record<string, string>; json?: boolean } = {}): Promise<JsonAnswer> {
    const res = await fetch(`${this.issuer}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': init.json ? 'application/json' : 'application/x-www-form-urlencoded', ...init.headers },
      body: init.json ? JSON.stringify(fields) : formBody(fields),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
  }

  /** The token endpoint. */
  token(fields: Record<string, string>, init?: { headers?: Record<string, string>; json?: boolean }): Promise<JsonAnswer> {
    return this.post('/token', fields, init);
  }

  /** GET /authorize with `params`, without following redirects. */
  authorize(params: Record<string, string>): Promise<Response> {
    return fetch(`${this.issuer}/authorize?${formBody(params)}`, { redirect: 'manual' });
  }

  /** Posts a form to a page and returns the answer unfollowed. */
  postPage(path: string, fields: Record<string, string>): Promise<Response> {
    return fetch(`${this.origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: formBody(fields), redirect: 'manual' });
  }

  /** Signs in on a login page (the HTML of which is given) as the demo user; returns the consent page. */
  async signIn(loginHtml: string, password: string = OAUTH_USER.password): Promise<Response> {
    const interaction = /name="interaction" value="([^"]+)"/.exec(loginHtml)?.[1];
    if (!interaction) throw new Error(`No login form in: ${loginHtml.slice(0, 300)}`);
    return this.postPage('/sandbox/oauth/login', { interaction, username: OAUTH_USER.username, password });
  }

  /** Approves or denies on a consent page; returns the answer unfollowed. */
  async decide(consentHtml: string, decision: 'approve' | 'deny'): Promise<Response> {
    const interaction = /name="interaction" value="([^"]+)"/.exec(consentHtml)?.[1];
    if (!interaction) throw new Error(`No consent form in: ${consentHtml.slice(0, 300)}`);
    return this.postPage('/sandbox/oauth/consent', { interaction, decision });
  }

  /**
   * The whole front channel: authorize, sign in, decide. Returns the redirect URL the
   * browser was sent to (with `code` or `error`).
   */
  async authorizeThrough(params: Record<string, string>, decision: 'approve' | 'deny' = 'approve'): Promise<URL> {
    const login = await this.authorize(params);
    if (login.status !== 200) throw new Error(`authorize answered ${login.status} ${login.headers.get('location') ?? (await login.text()).slice(0, 300)}`);
    const consent = await this.signIn(await login.text());
    const done = await this.decide(await consent.text(), decision);
    const location = done.headers.get('location');
    if (done.status !== 303 || !location) throw new Error(`consent answered ${done.status}`);
    return new URL(location);
  }

  /** An authorization code for the public client with PKCE, and the verifier. */
  async publicCode(extra: Record<string, string> = {}): Promise<{ code: string; verifier: string; redirect: URL }> {
    const { verifier, challenge } = pkcePair();
    const redirect = await this.authorizeThrough({
      response_type: 'code',
      client_id: 'wb-public',
      redirect_uri: this.callback,
      scope: 'openid profile orders:read',
      state: 'st-1',
      nonce: 'n-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...extra,
    });
    return { code: redirect.searchParams.get('code') ?? '', verifier, redirect };
  }

  /** Exchanges a public client's code. */
  exchangePublic(code: string, verifier: string): Promise<JsonAnswer> {
    return this.token({ grant_type: 'authorization_code', code, redirect_uri: this.callback, client_id: 'wb-public', code_verifier: verifier });
  }
}
