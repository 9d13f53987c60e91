/**
 * Reading the token endpoint's answer. The spec leaves the response fields unnamed (§4
 * gaps), so the values are read through the entry's JSON pointers (RFC 6749 §5.1's names by
 * default); errors follow RFC 6749 §5.2 and are put in plain words, because "invalid_grant"
 * alone tells a person nothing about what to do next.
 */
import { parseJson } from '../encoding/json';
import { fail, headerValue, ok, type CoreError, type HeaderField, type Result } from '../types';
import type { VaultResponseMapping } from './entry';
import { resolveJsonPointer } from './jsonPointer';

/** What a successful exchange gave the client. */
export interface VaultTokenGrant {
  accessToken: string;
  /** `token_type` as sent (RFC 6749 §7.1), usually "Bearer". */
  tokenType?: string;
  /** Lifetime in seconds from the moment of issue (`expires_in`). */
  expiresInSeconds?: number;
  /** A new refresh token, when the server rotates them; it replaces the old one. */
  refreshToken?: string;
  /** The scope granted, when the server says (it may be narrower than asked). */
  scope?: string;
  /** Oddities that did not stop the exchange (an unreadable `expires_in`, …). */
  notes: string[];
}

/** Why an exchange failed, with the RFC 6749 code when the server sent one. */
export interface TokenEndpointError extends CoreError {
  kind: 'token-endpoint-error' | 'token-endpoint-status' | 'token-response-invalid';
  /** HTTP status of the answer. */
  status: number;
  /** RFC 6749 §5.2 `error`, e.g. "invalid_grant". */
  code?: string;
  /** `error_description` as sent. */
  description?: string;
  /**
   * True when the refresh token itself is no longer any good (`invalid_grant`): the entry
   * needs a new one from a new grant, and retrying cannot help.
   */
  grantRevoked: boolean;
}

/** The answer as the vault sees it (a subset of `WireResponse`). */
export interface TokenEndpointAnswer {
  status: number;
  headers: readonly HeaderField[];
  bodyText: string;
  /** Whether the server asked for a client certificate in the TLS handshake, and whether one was sent (from the relay). */
  clientCertificate?: { requested: boolean; sent: boolean };
}

/** What each RFC 6749 §5.2 error code means for the person holding the entry. */
export const TOKEN_ERROR_CODES: Readonly<Record<string, string>> = {
  invalid_request:
    'the token request is malformed: a parameter is missing, repeated or not supported (RFC 6749 §5.2). Check the body format and extra fields of the entry.',
  invalid_client:
    'the token endpoint did not accept the client: the client_id or client_secret is wrong, or the client may not authenticate this way (RFC 6749 §5.2). Check the entry\'s client credentials and body format.',
  invalid_grant:
    'the refresh token is invalid, expired, revoked, or was already used and rotated away (RFC 6749 §5.2). The grant is gone: grant access again and give the entry the new refresh token.',
  unauthorized_client: 'this client is not allowed to use the refresh_token grant (RFC 6749 §5.2).',
  unsupported_grant_type: 'the token endpoint does not support grant_type "refresh_token" (RFC 6749 §5.2).',
  invalid_scope:
    'the requested scope is unknown, malformed, or wider than what the person granted (RFC 6749 §5.2). Narrow or remove the scope field of the entry.',
};

/** Said first when the client was refused after its TLS handshake asked for a certificate that was not sent. */
const CERTIFICATE_NOT_SENT =
  'the server asked for a client certificate in the TLS handshake and none was sent: no client certificate in the Certificates settings covers this host (mutual TLS, RFC 8705). Add one for this host, or check its host pattern. ';

function endpointError(status: number, code: string, description: string | undefined, certificate?: TokenEndpointAnswer['clientCertificate']): TokenEndpointError {
  const known = Object.hasOwn(TOKEN_ERROR_CODES, code) ? TOKEN_ERROR_CODES[code] : `"${code}" is not one of the RFC 6749 §5.2 codes.`;
  // A client refused while the handshake asked for a certificate that did not come: that is the likelier cause, so it comes first.
  const meaning = code === 'invalid_client' && certificate?.requested && !certificate.sent ? `${CERTIFICATE_NOT_SENT}Otherwise ${known}` : known;
  const said = description ? ` The server says: "${description}".` : '';
  return {
    kind: 'token-endpoint-error',
    status,
    code,
    ...(description !== undefined ? { description } : {}),
    grantRevoked: code === 'invalid_grant',
    message: `The token endpoint refused the exchange with ${code} (${status}): ${meaning}${said}`,
  };
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 160)}…` : flat;
}

function readErrorBody(value: unknown): { code: string; description?: string } | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.error !== 'string') return undefined;
  return {
    code: record.error,
    ...(typeof record.error_description === 'string' ? { description: record.error_description } : {}),
  };
}

function readString(document: unknown, pointer: string, name: string, notes: string[]): string | undefined {
  const found = resolveJsonPointer(document, pointer);
  if (!found.ok) return undefined;
  if (typeof found.value === 'string') return found.value;
  notes.push(`${name} at "${pointer}" is ${JSON.stringify(found.value)}, not a string; it was ignored.`);
  return undefined;
}

/**
 * Maps the token endpoint's answer through `mapping`. A 2xx JSON body with a string
 * access token succeeds; `expires_in` may be a number or a numeric string. An RFC 6749
 * error body (on any status) fails with its code explained; anything else fails saying
 * what arrived. Never throws.
 */
export function mapTokenResponse(answer: TokenEndpointAnswer, mapping: VaultResponseMapping): Result<VaultTokenGrant, TokenEndpointError> {
  const { status, bodyText } = answer;
  const parsed = bodyText.trim() === '' ? undefined : parseJson(bodyText);
  const errorBody = parsed?.ok ? readErrorBody(parsed.value) : undefined;
  if (errorBody) return fail(endpointError(status, errorBody.code, errorBody.description, answer.clientCertificate));
  if (status < 200 || status > 299) {
    const type = headerValue(answer.headers, 'content-type');
    return fail({
      kind: 'token-endpoint-status',
      status,
      grantRevoked: false,
      message: `The token endpoint answered ${status} without an RFC 6749 error body${type ? ` (${type})` : ''}${bodyText.trim() ? `: ${excerpt(bodyText)}` : '.'}`,
    });
  }
  if (!parsed) {
    return fail({ kind: 'token-response-invalid', status, grantRevoked: false, message: `The token endpoint answered ${status} with an empty body; a JSON object with the access token was expected.` });
  }
  if (!parsed.ok) {
    return fail({
      kind: 'token-response-invalid',
      status,
      grantRevoked: false,
      ...(parsed.error.position ? { position: parsed.error.position } : {}),
      message: `The token endpoint's answer is not JSON: ${parsed.error.message} (line ${parsed.error.position?.line ?? 1}, column ${parsed.error.position?.column ?? 1}).`,
    });
  }
  const document = parsed.value;
  const access = resolveJsonPointer(document, mapping.accessToken);
  if (!access.ok || typeof access.value !== 'string' || access.value === '') {
    const why = !access.ok ? access.error.message : `it is ${JSON.stringify(access.value)}`;
    return fail({
      kind: 'token-response-invalid',
      status,
      grantRevoked: false,
      field: 'mapping.accessToken',
      message: `No access token at "${mapping.accessToken}" in the token endpoint's answer: ${why} Adjust the entry's response mapping.`,
    });
  }
  const notes: string[] = [];
  const grant: VaultTokenGrant = { accessToken: access.value, notes };
  const tokenType = readString(document, mapping.tokenType, 'token_type', notes);
  if (tokenType !== undefined) grant.tokenType = tokenType;
  const refreshToken = readString(document, mapping.refreshToken, 'refresh_token', notes);
  if (refreshToken !== undefined && refreshToken !== '') grant.refreshToken = refreshToken;
  const scope = readString(document, '/scope', 'scope', notes);
  if (scope !== undefined) grant.scope = scope;
  const expires = resolveJsonPointer(document, mapping.expiresIn);
  if (expires.ok) {
    const seconds = typeof expires.value === 'string' && /^\d+(\.\d+)?$/.test(expires.value.trim()) ? Number(expires.value) : expires.value;
    if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0) grant.expiresInSeconds = seconds;
    else notes.push(`expires_in at "${mapping.expiresIn}" is ${JSON.stringify(expires.value)}, not a number of seconds; the expiry is unknown.`);
  }
  return ok(grant);
}
