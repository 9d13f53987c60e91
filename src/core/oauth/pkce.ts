/**
 * Proof Key for Code Exchange (RFC 7636): the verifier a client keeps, the challenge it
 * sends with the authorization request, and which method to use with a given server.
 */
import { encodeBase64Url, utf8Encode } from '../encoding/base64';

export type PkceMethod = 'S256' | 'plain';

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/** Random bytes from the platform's CSPRNG (Web Crypto in the page, worker and Node). */
export function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** A fresh verifier: 32 random bytes as base64url, 43 characters (RFC 7636 §4.1). */
export function newCodeVerifier(random: (length: number) => Uint8Array = randomBytes): string {
  return encodeBase64Url(random(32));
}

/** A random `state` or `nonce` value: 16 bytes of the CSPRNG as base64url. */
export function newOpaqueValue(random: (length: number) => Uint8Array = randomBytes): string {
  return encodeBase64Url(random(16));
}

/** Why `verifier` is not an RFC 7636 §4.1 verifier, or undefined when it is one. */
export function codeVerifierProblem(verifier: string): string | undefined {
  if (VERIFIER.test(verifier)) return undefined;
  if (verifier.length < 43 || verifier.length > 128) {
    return `A PKCE code verifier has 43 to 128 characters (RFC 7636 §4.1); this one has ${verifier.length}.`;
  }
  const bad = [...verifier].find((c) => !/[A-Za-z0-9\-._~]/.test(c));
  return `A PKCE code verifier uses only letters, digits and - . _ ~ (RFC 7636 §4.1); "${bad}" is not allowed.`;
}

/** The challenge for `verifier`: BASE64URL(SHA-256(ASCII(verifier))) for S256, the verifier itself for plain. */
export async function codeChallenge(verifier: string, method: PkceMethod): Promise<string> {
  if (method === 'plain') return verifier;
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(utf8Encode(verifier)));
  return encodeBase64Url(new Uint8Array(digest));
}

/** The method to use, and a warning when it must be `plain`. */
export interface PkceChoice {
  method: PkceMethod;
  warning?: string;
}

/**
 * S256 unless the server advertises only `plain` (RFC 7636 §4.2: a client capable of S256
 * must use it). A server that advertises nothing still gets S256: servers that ignore PKCE
 * ignore the parameters, and servers that support it must support S256 (RFC 9700 §2.1.1).
 */
export function choosePkceMethod(supported: readonly string[] | undefined): PkceChoice {
  if (!supported || supported.length === 0 || supported.includes('S256')) return { method: 'S256' };
  if (supported.includes('plain')) {
    return {
      method: 'plain',
      warning:
        'This server offers only the "plain" PKCE method: the challenge equals the verifier, so anyone who sees the authorization request can redeem an intercepted code (RFC 7636 §7.2). Ask its operator to enable S256.',
    };
  }
  return {
    method: 'S256',
    warning: `This server advertises PKCE methods Wirebench does not know (${supported.join(', ')}); S256 is sent and may be refused.`,
  };
}
