/**
 * The keys that sign ID tokens: one RS256 and one ES256 key, made at first use, published
 * as a JWKS. Rotating (`POST /oauth/rotate-keys`) makes new keys and keeps the old ones
 * published for a while, so ID tokens signed just before still verify (OIDC Core §10.1.1).
 * Bounded: only the last few retired keys are kept.
 */
import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import { sandboxNow } from '../clock';

/** ID token algorithms the server signs with. */
export const ID_TOKEN_ALGS = ['RS256', 'ES256'] as const;
export type IdTokenAlg = (typeof ID_TOKEN_ALGS)[number];

/** How long a retired key stays in the JWKS after a rotation. */
export const RETIRED_KEY_SECONDS = 600;
/** Most retired keys kept published. */
export const MAX_RETIRED_KEYS = 4;

interface SigningKey {
  kid: string;
  alg: IdTokenAlg;
  privateKey: CryptoKey;
  publicJwk: JWK;
  createdAt: number;
  retiredAt?: number;
}

async function makeKey(alg: IdTokenAlg, now: number): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const kid = `${alg.toLowerCase()}-${new Date(now).toISOString().slice(0, 10)}-${randomBytes(4).toString('hex')}`;
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  return { kid, alg, privateKey: privateKey as CryptoKey, publicJwk, createdAt: now };
}

/** The current and recently retired signing keys. */
class SigningKeySet {
  private current: Promise<SigningKey[]> | undefined;
  private retired: SigningKey[] = [];

  private keys(): Promise<SigningKey[]> {
    this.current ??= Promise.all(ID_TOKEN_ALGS.map((alg) => makeKey(alg, sandboxNow())));
    return this.current;
  }

  /** The current key for `alg`. */
  async signingKey(alg: IdTokenAlg): Promise<SigningKey> {
    return (await this.keys()).find((k) => k.alg === alg)!;
  }

  /** The JWKS: current keys first, then retired ones still inside their grace period. */
  async jwks(): Promise<{ keys: JWK[] }> {
    const now = sandboxNow();
    this.retired = this.retired.filter((k) => now - (k.retiredAt ?? now) < RETIRED_KEY_SECONDS * 1000);
    return { keys: [...(await this.keys()), ...this.retired].map((k) => k.publicJwk) };
  }

  /** Makes new current keys; the old ones stay published for {@link RETIRED_KEY_SECONDS}. */
  async rotate(): Promise<{ current: string[]; retired: { kid: string; publishedUntil: string }[] }> {
    const now = sandboxNow();
    const old = await this.keys();
    this.current = Promise.all(ID_TOKEN_ALGS.map((alg) => makeKey(alg, now)));
    for (const key of old) key.retiredAt = now;
    this.retired = [...old, ...this.retired].slice(0, MAX_RETIRED_KEYS);
    return {
      current: (await this.current).map((k) => k.kid),
      retired: this.retired.map((k) => ({ kid: k.kid, publishedUntil: new Date(k.retiredAt! + RETIRED_KEY_SECONDS * 1000).toISOString() })),
    };
  }
}

/** The sandbox authorization server's signing keys. */
export const sandboxSigningKeys = new SigningKeySet();

/**
 * `at_hash` (OIDC Core §3.1.3.6): the left half of the SHA-256 of the access token's
 * ASCII, base64url. SHA-256 fits both RS256 and ES256.
 */
export function accessTokenHash(accessToken: string): string {
  const digest = createHash('sha256').update(accessToken, 'ascii').digest();
  return digest.subarray(0, digest.length / 2).toString('base64url');
}

/** What goes into an ID token besides the standard times. */
export interface IdTokenContent {
  issuer: string;
  subject: string;
  audience: string;
  authTime: number;
  nonce?: string;
  accessToken?: string;
  lifetimeSeconds: number;
  claims?: JWTPayload;
}

/** Signs an ID token with the current key of `alg`. */
export async function signIdToken(alg: IdTokenAlg, content: IdTokenContent): Promise<string> {
  const key = await sandboxSigningKeys.signingKey(alg);
  const now = Math.floor(sandboxNow() / 1000);
  const payload: JWTPayload = { ...content.claims, auth_time: Math.floor(content.authTime / 1000) };
  if (content.nonce !== undefined) payload.nonce = content.nonce;
  if (content.accessToken !== undefined) payload.at_hash = accessTokenHash(content.accessToken);
  return new SignJWT(payload)
    .setProtectedHeader({ alg, kid: key.kid, typ: 'JWT' })
    .setIssuer(content.issuer)
    .setSubject(content.subject)
    .setAudience(content.audience)
    .setIssuedAt(now)
    .setExpirationTime(now + content.lifetimeSeconds)
    .sign(key.privateKey);
}
