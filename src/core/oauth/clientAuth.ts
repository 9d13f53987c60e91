/**
 * How a client proves who it is at the token, revocation and introspection endpoints:
 * RFC 6749 §2.3.1 (`client_secret_basic`, `client_secret_post`), a public client
 * (`none`, RFC 7636's PKCE standing in for the secret) and RFC 7523's `private_key_jwt`.
 */
import { SignJWT, importJWK, importPKCS8, type JWK } from 'jose';
import { encodeBase64, utf8Encode } from '../encoding/base64';
import { encodeForm, type FormPair } from '../encoding/form';
import { fail, ok, type HeaderField, type Result } from '../types';
import { newOpaqueValue } from './pkce';

export type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post' | 'none' | 'private_key_jwt';

export const CLIENT_AUTH_METHODS: readonly ClientAuthMethod[] = ['client_secret_basic', 'client_secret_post', 'none', 'private_key_jwt'];

/** What the client holds; the secret and the private key are vault secrets. */
export interface OAuthClient {
  clientId: string;
  clientSecret?: string;
  authMethod: ClientAuthMethod;
  /** For `private_key_jwt`: a PKCS #8 PEM or a private JWK as JSON text. */
  privateKey?: string;
  /** The JWS algorithm of the assertion, e.g. RS256 or ES256. */
  signingAlg?: string;
  /** The key id to put in the assertion's header, when the server needs it to pick the key. */
  keyId?: string;
}

export const JWT_BEARER_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/**
 * The Basic credentials of RFC 6749 §2.3.1: client id and secret are each
 * application/x-www-form-urlencoded first (a space becomes "+", ":" becomes "%3A"), then
 * joined by ":" and base64-encoded. Sending them raw breaks ids or secrets with ":" or "%".
 */
export function clientSecretBasic(clientId: string, clientSecret: string): string {
  const joined = `${encodeForm([{ name: clientId, value: '' }]).slice(0, -1)}:${encodeForm([{ name: clientSecret, value: '' }]).slice(0, -1)}`;
  return `Basic ${encodeBase64(utf8Encode(joined))}`;
}

/** Headers and body fields that authenticate `client` at `endpoint`. */
export interface ClientAuthentication {
  headers: HeaderField[];
  fields: FormPair[];
}

/**
 * The authentication for one request to `endpoint`. Fails, naming the field, when the
 * method needs something the client lacks; a `private_key_jwt` assertion is signed afresh
 * (unique `jti`, two-minute lifetime, audience the endpoint) for every request.
 */
export async function authenticateClient(client: OAuthClient, endpoint: string, now = Date.now()): Promise<Result<ClientAuthentication>> {
  if (client.clientId === '') return fail({ kind: 'oauth-client-id-empty', field: 'clientId', message: 'Enter the client_id the provider gave this client.' });
  const secret = client.clientSecret ?? '';
  switch (client.authMethod) {
    case 'client_secret_basic':
    case 'client_secret_post':
      if (secret === '') {
        return fail({
          kind: 'oauth-client-secret-empty',
          field: 'clientSecret',
          message: `${client.authMethod} needs the client secret; a public client uses "none" with PKCE instead.`,
        });
      }
      return ok(
        client.authMethod === 'client_secret_basic'
          ? { headers: [{ name: 'Authorization', value: clientSecretBasic(client.clientId, secret) }], fields: [] }
          : { headers: [], fields: [{ name: 'client_id', value: client.clientId }, { name: 'client_secret', value: secret }] },
      );
    case 'none':
      return ok({ headers: [], fields: [{ name: 'client_id', value: client.clientId }] });
    case 'private_key_jwt': {
      const assertion = await signClientAssertion(client, endpoint, now);
      if (!assertion.ok) return assertion;
      return ok({
        headers: [],
        fields: [
          { name: 'client_id', value: client.clientId },
          { name: 'client_assertion_type', value: JWT_BEARER_ASSERTION_TYPE },
          { name: 'client_assertion', value: assertion.value },
        ],
      });
    }
  }
}

async function signClientAssertion(client: OAuthClient, audience: string, now: number): Promise<Result<string>> {
  const text = (client.privateKey ?? '').trim();
  const alg = client.signingAlg || 'RS256';
  if (text === '') {
    return fail({ kind: 'oauth-private-key-empty', field: 'privateKey', message: 'private_key_jwt needs the client\'s private key (PKCS #8 PEM or a private JWK).' });
  }
  let key: CryptoKey | Uint8Array;
  try {
    if (text.startsWith('{')) {
      const jwk = JSON.parse(text) as JWK;
      if (!jwk.d) return fail({ kind: 'oauth-private-key-public', field: 'privateKey', message: 'This JWK is a public key (it has no "d"); the assertion must be signed with the private key.' });
      key = (await importJWK(jwk, jwk.alg ?? alg)) as CryptoKey | Uint8Array;
    } else if (text.includes('-----BEGIN PRIVATE KEY-----')) {
      key = await importPKCS8(text, alg);
    } else {
      return fail({
        kind: 'oauth-private-key-format',
        field: 'privateKey',
        message: text.includes('BEGIN RSA PRIVATE KEY') || text.includes('BEGIN EC PRIVATE KEY')
          ? 'This is a PKCS #1 / SEC 1 key; convert it to PKCS #8 ("openssl pkcs8 -topk8 -nocrypt") or paste it as a JWK.'
          : 'The private key must be a PKCS #8 PEM ("-----BEGIN PRIVATE KEY-----") or a JWK in JSON.',
      });
    }
  } catch (error) {
    return fail({ kind: 'oauth-private-key-invalid', field: 'privateKey', message: `The private key cannot be used with ${alg}: ${(error as Error).message}` });
  }
  const seconds = Math.floor(now / 1000);
  const jwt = new SignJWT({})
    .setProtectedHeader({ alg, typ: 'JWT', ...(client.keyId ? { kid: client.keyId } : {}) })
    .setIssuer(client.clientId)
    .setSubject(client.clientId)
    .setAudience(audience)
    .setJti(newOpaqueValue())
    .setIssuedAt(seconds)
    .setExpirationTime(seconds + 120);
  return ok(await jwt.sign(key));
}
