/**
 * The back-channel requests of each grant, exactly as they go out: the token request of
 * RFC 6749 §4.1.3 (authorization code, with the PKCE verifier), §4.4 (client credentials),
 * §4.3 (resource owner password), §6 (refresh) and RFC 8628 §3.4 (device code); the device
 * authorization request (RFC 8628 §3.1); revocation (RFC 7009) and introspection (RFC 7662).
 * All are form-encoded POSTs, authenticated as the client's method says.
 */
import { encodeForm, type FormPair } from '../encoding/form';
import { fail, ok, type Result, type WireRequest } from '../types';
import { authenticateClient, type OAuthClient } from './clientAuth';
import { GRANT_TYPE_URIS } from './discovery';

export type Grant =
  | { kind: 'authorization_code'; code: string; redirectUri: string; codeVerifier?: string }
  | { kind: 'client_credentials' }
  | { kind: 'password'; username: string; password: string }
  | { kind: 'device_code'; deviceCode: string }
  | { kind: 'refresh_token'; refreshToken: string };

/** Scope, RFC 8707 resources, an audience and any extra fields, shared by every request of an entry. */
export interface TokenRequestOptions {
  scope?: string;
  resources?: string[];
  audience?: string;
  extra?: FormPair[];
}

/**
 * RFC 9700 §2.4: the resource owner password grant "MUST NOT be used". Wirebench still
 * sends it for old servers, with this warning beside the grant.
 */
export const PASSWORD_GRANT_WARNING =
  'The resource owner password grant is removed by the OAuth 2.0 Security Best Current Practice (RFC 9700 §2.4): the client sees the person\'s password and no second factor can take part. Use it only for a legacy server you control.';

function grantFields(grant: Grant): Result<FormPair[]> {
  const need = (value: string, field: string, what: string): Result<void> =>
    value === '' ? fail({ kind: 'oauth-grant-incomplete', field, message: `The ${grant.kind} grant needs ${what}.` }) : ok(undefined);
  const fields: FormPair[] = [{ name: 'grant_type', value: GRANT_TYPE_URIS[grant.kind] }];
  switch (grant.kind) {
    case 'authorization_code': {
      const checked = need(grant.code, 'code', 'the code from the redirect');
      if (!checked.ok) return checked;
      fields.push({ name: 'code', value: grant.code }, { name: 'redirect_uri', value: grant.redirectUri });
      if (grant.codeVerifier) fields.push({ name: 'code_verifier', value: grant.codeVerifier });
      return ok(fields);
    }
    case 'password': {
      const checked = need(grant.username, 'username', 'a username');
      if (!checked.ok) return checked;
      fields.push({ name: 'username', value: grant.username }, { name: 'password', value: grant.password });
      return ok(fields);
    }
    case 'device_code': {
      const checked = need(grant.deviceCode, 'deviceCode', 'the device code from the device authorization response');
      if (!checked.ok) return checked;
      fields.push({ name: 'device_code', value: grant.deviceCode });
      return ok(fields);
    }
    case 'refresh_token': {
      const checked = need(grant.refreshToken, 'refreshToken', 'a refresh token');
      if (!checked.ok) return checked;
      fields.push({ name: 'refresh_token', value: grant.refreshToken });
      return ok(fields);
    }
    case 'client_credentials':
      return ok(fields);
  }
}

function optionFields(options: TokenRequestOptions, withScope: boolean): FormPair[] {
  const fields: FormPair[] = [];
  if (withScope && options.scope?.trim()) fields.push({ name: 'scope', value: options.scope.trim().split(/\s+/).join(' ') });
  for (const resource of options.resources ?? []) if (resource.trim()) fields.push({ name: 'resource', value: resource.trim() });
  if (options.audience?.trim()) fields.push({ name: 'audience', value: options.audience.trim() });
  return [...fields, ...(options.extra ?? []).filter((f) => f.name.trim() !== '')];
}

async function formPost(endpoint: string, client: OAuthClient, fields: FormPair[]): Promise<Result<WireRequest>> {
  if (endpoint === '') return fail({ kind: 'oauth-endpoint-empty', field: 'endpoint', message: 'This request needs its endpoint URL; discover it from the issuer or enter it.' });
  const auth = await authenticateClient(client, endpoint);
  if (!auth.ok) return auth;
  const headers = [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }, { name: 'Accept', value: 'application/json' }, ...auth.value.headers];
  const clash = fields.find((f) => auth.value.fields.some((a) => a.name === f.name));
  if (clash) return fail({ kind: 'oauth-extra-reserved', field: 'extra', message: `The field "${clash.name}" is written by the client authentication and cannot be given again.` });
  const body = [...fields, ...auth.value.fields];
  return ok({ method: 'POST', url: endpoint, headers, body: [encodeForm(body)] });
}

/**
 * Grants whose token request carries no scope: the authorization code's scope went with the
 * authorization request (RFC 6749 §4.1.3), the device code's with the device authorization
 * request (RFC 8628 §3.4 defines no scope on the token request).
 */
const SCOPE_ASKED_BEFORE: readonly Grant['kind'][] = ['authorization_code', 'device_code'];

/** The token request for `grant`; scope only where the grant asks for it at the token endpoint. */
export async function buildGrantTokenRequest(tokenEndpoint: string, client: OAuthClient, grant: Grant, options: TokenRequestOptions = {}): Promise<Result<WireRequest>> {
  const fields = grantFields(grant);
  if (!fields.ok) return fields;
  const reserved = new Set(fields.value.map((f) => f.name));
  const clash = (options.extra ?? []).find((f) => reserved.has(f.name) || ['client_id', 'client_secret', 'client_assertion', 'client_assertion_type'].includes(f.name));
  if (clash) return fail({ kind: 'oauth-extra-reserved', field: 'extra', message: `The extra field "${clash.name}" is written by Wirebench itself and cannot be overridden.` });
  return formPost(tokenEndpoint, client, [...fields.value, ...optionFields(options, !SCOPE_ASKED_BEFORE.includes(grant.kind))]);
}

/** RFC 8628 §3.1: asks for a device code and a user code. */
export function buildDeviceAuthorizationRequest(endpoint: string, client: OAuthClient, options: TokenRequestOptions = {}): Promise<Result<WireRequest>> {
  return formPost(endpoint, client, optionFields(options, true));
}

/** RFC 7009 §2.1: revokes `token`, with the hint of which kind it is. */
export function buildRevocationRequest(endpoint: string, client: OAuthClient, token: string, hint: 'access_token' | 'refresh_token'): Promise<Result<WireRequest>> {
  return formPost(endpoint, client, [{ name: 'token', value: token }, { name: 'token_type_hint', value: hint }]);
}

/** RFC 7662 §2.1: asks whether `token` is active and what it allows. */
export function buildIntrospectionRequest(endpoint: string, client: OAuthClient, token: string, hint: 'access_token' | 'refresh_token' = 'access_token'): Promise<Result<WireRequest>> {
  return formPost(endpoint, client, [{ name: 'token', value: token }, { name: 'token_type_hint', value: hint }]);
}
