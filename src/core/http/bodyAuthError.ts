/**
 * The body's own word on an authentication failure: many APIs name what went wrong in an
 * error code of their own (AWS: `SignatureDoesNotMatch` in `Error.Code`, `__type` or the
 * `x-amzn-ErrorType` header; OAuth: `invalid_token`, `invalid_client`). AWS answers every
 * signing failure with 403, so the status alone would say "authorization failed" where the
 * server says the signature — authentication — is wrong. The codes are data: one row each,
 * whether it is authentication (who you are) or authorization (what you may do), and what to check.
 */
import { headerValue, type WireResponse } from '../types';

/** What an error code says failed, and what to check. */
export interface AuthErrorMeaning {
  /** `authentication`: the server could not establish who you are; `authorization`: it did, and refuses. */
  kind: 'authentication' | 'authorization';
  /** What to check, as a sentence. */
  check: string;
}

/** An authentication error the response states about itself. */
export interface BodyAuthError extends AuthErrorMeaning {
  /** The code as the server wrote it, e.g. `SignatureDoesNotMatch`. */
  code: string;
  /** Where it was read: `Error.Code`, `__type`, `x-amzn-ErrorType`, `<Code>`, `error`. */
  where: string;
}

const SIGNATURE = 'Check the secret access key, then compare the canonical request and the string to sign (Headers tab, Signing steps) with what the server computed: a header, query or path signed differently changes the signature.';

/** Error codes of the response's own, by exact code (AWS codes are case-sensitive; OAuth's are lower case). */
export const AUTH_ERROR_CODES: Readonly<Record<string, AuthErrorMeaning>> = {
  SignatureDoesNotMatch: { kind: 'authentication', check: SIGNATURE },
  InvalidSignatureException: { kind: 'authentication', check: SIGNATURE },
  IncompleteSignature: { kind: 'authentication', check: 'The Authorization lacks a part of the signature (Credential, SignedHeaders or Signature), or a signed header was not sent: sign again with every field set.' },
  AuthorizationHeaderMalformed: { kind: 'authentication', check: 'The Authorization header does not follow the signature\u2019s format, or its credential scope (date, region, service) is wrong: check the region and service.' },
  InvalidAccessKeyId: { kind: 'authentication', check: 'The server knows no such access key ID: check the access key ID (and that it belongs to this account and partition).' },
  InvalidClientTokenId: { kind: 'authentication', check: 'The server knows no such access key ID or security token: check the access key ID and the session token.' },
  UnrecognizedClientException: { kind: 'authentication', check: 'The server knows no such access key ID or security token: check the access key ID and the session token.' },
  ExpiredToken: { kind: 'authentication', check: 'The session token has expired: get new temporary credentials.' },
  ExpiredTokenException: { kind: 'authentication', check: 'The session token has expired: get new temporary credentials.' },
  RequestExpired: { kind: 'authentication', check: 'The signed request is too old: sign it again at send time, and check the computer\u2019s clock.' },
  RequestTimeTooSkewed: { kind: 'authentication', check: 'The signing time (X-Amz-Date) is too far from the server\u2019s clock: check the computer\u2019s clock.' },
  MissingAuthenticationToken: { kind: 'authentication', check: 'The request carried no signature the server could read, or the path does not exist there: check the URL and that the request is signed.' },
  AuthFailure: { kind: 'authentication', check: 'The credentials could not be validated: check the access key ID and secret.' },
  invalid_token: { kind: 'authentication', check: 'The token is expired, revoked or malformed: get a new one (RFC 6750 §3.1).' },
  invalid_client: { kind: 'authentication', check: 'The client could not be authenticated: check the client ID and secret, and how they are sent (RFC 6749 §5.2).' },
  AccessDenied: { kind: 'authorization', check: 'The identity is known and lacks the permission: use an identity whose policy allows this action on this resource.' },
  AccessDeniedException: { kind: 'authorization', check: 'The identity is known and lacks the permission: use an identity whose policy allows this action on this resource.' },
  UnauthorizedOperation: { kind: 'authorization', check: 'The identity is known and lacks the permission for this operation.' },
  insufficient_scope: { kind: 'authorization', check: 'The token is valid but lacks the scope this resource needs: ask for a token with it (RFC 6750 §3.1).' },
};

/** Bodies longer than this are not parsed for an error code (an error document is small). */
const MAX_ERROR_BODY = 64 * 1024;

/** `com.amazon.coral.service#InvalidSignatureException` and `SignatureDoesNotMatch:http://…` name the code at one end. */
function bareCode(raw: string): string {
  return raw.trim().replace(/^.*#/, '').replace(/:.*$/, '');
}

function jsonCodes(text: string): [string, string][] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  const record = value as Record<string, unknown>;
  const found: [string, string][] = [];
  const error = record['Error'];
  if (error !== null && typeof error === 'object' && typeof (error as Record<string, unknown>)['Code'] === 'string') found.push([(error as Record<string, string>)['Code']!, 'Error.Code']);
  for (const key of ['__type', 'code', 'Code', 'error', 'errorCode']) if (typeof record[key] === 'string') found.push([record[key] as string, key]);
  return found;
}

function xmlCodes(text: string): [string, string][] {
  const match = /<(?:\w+:)?Code>\s*([^<\s]+)\s*<\/(?:\w+:)?Code>/.exec(text);
  return match ? [[match[1]!, '<Code>']] : [];
}

/**
 * The authentication or authorization error `response` names about itself, read from the
 * `x-amzn-ErrorType` header or the body's error code (JSON `Error.Code`, `__type`, `code`,
 * `error`; XML `<Code>`); undefined when it names none this table knows.
 */
export function bodyAuthError(response: WireResponse): BodyAuthError | undefined {
  if (response === null || typeof response !== 'object' || !Array.isArray(response.headers)) throw new TypeError('bodyAuthError expects a WireResponse with a headers array');
  const candidates: [string, string][] = [];
  const typeHeader = headerValue(response.headers, 'x-amzn-ErrorType');
  if (typeHeader !== undefined) candidates.push([typeHeader, 'x-amzn-ErrorType']);
  const text = response.bodyText;
  if (text !== undefined && text.length <= MAX_ERROR_BODY) {
    const trimmed = text.trimStart();
    candidates.push(...(trimmed.startsWith('{') ? jsonCodes(trimmed) : trimmed.startsWith('<') ? xmlCodes(trimmed) : []));
  }
  for (const [raw, where] of candidates) {
    const code = bareCode(raw);
    if (Object.hasOwn(AUTH_ERROR_CODES, code)) return { code, where, ...AUTH_ERROR_CODES[code]! };
  }
  return undefined;
}
