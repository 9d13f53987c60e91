/**
 * What the authorization server remembers between requests, all in memory and bounded
 * like the grant store: interactions (a login and consent in progress), authorization
 * codes, device authorizations, client assertion ids already used, and who each grant
 * belongs to. Expired entries are dropped as new ones arrive; past the limit the oldest go.
 */
import { randomBytes } from 'node:crypto';
import { onSandboxReset } from '../reset';

/** A map whose entries expire (sandbox clock) and whose size is capped. */
export class ExpiringMap<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(private readonly limit: number) {}

  /** Stores `value` under `key` until `expiresAt` (ms). */
  set(key: string, value: V, expiresAt: number, now: number): void {
    for (const [k, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(k);
    while (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt });
  }

  /** The value under `key`, expired or not (callers tell expired apart to explain it). */
  get(key: string): { value: V; expiresAt: number } | undefined {
    return this.entries.get(key);
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  values(): V[] {
    return [...this.entries.values()].map((e) => e.value);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** A random identifier with a readable prefix. */
export function randomId(prefix: string, bytes = 24): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

/** An authorization request from the authorize endpoint, once validated. */
export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  scope: string[];
  state?: string;
  nonce?: string;
  codeChallenge?: string;
}

/** A login and consent in progress: for the authorize endpoint or for a device code. */
export interface Interaction {
  id: string;
  clientId: string;
  scope: string[];
  /** Set once the user signed in. */
  user?: string;
  authTime?: number;
  /** Where it ends: a redirect with a code, or a device authorization approved or denied. */
  purpose: { kind: 'code'; request: AuthorizationRequest } | { kind: 'device'; deviceCode: string };
}

/** An authorization code and what it stands for. */
export interface AuthorizationCode {
  request: AuthorizationRequest;
  user: string;
  authTime: number;
  issuedAt: number;
  usedAt?: number;
  /** The grant and access tokens issued for it, revoked when the code is presented again. */
  grantId?: string;
  accessTokens: { jti: string; exp: number }[];
}

/** A device authorization (RFC 8628) and its state. */
export interface DeviceAuthorization {
  deviceCode: string;
  userCode: string;
  clientId: string;
  scope: string[];
  issuedAt: number;
  expiresAt: number;
  /** Current polling interval in seconds; `slow_down` adds 5. */
  interval: number;
  lastPolledAt?: number;
  status: 'pending' | 'approved' | 'denied' | 'consumed';
  user?: string;
  authTime?: number;
}

/** Who a grant belongs to, so a refresh can issue a new ID token. */
export interface GrantOwner {
  user: string;
  authTime: number;
}

/** Lifetimes, in seconds. */
export const INTERACTION_SECONDS = 600;
export const CODE_SECONDS = 60;
/** How long a used code is remembered, to detect a second use. */
export const USED_CODE_MEMORY_SECONDS = 600;
export const DEVICE_CODE_SECONDS = 600;
export const DEVICE_INTERVAL_SECONDS = 5;

/** The server's state. */
export const oauthState = {
  interactions: new ExpiringMap<Interaction>(500),
  codes: new ExpiringMap<AuthorizationCode>(1000),
  devices: new ExpiringMap<DeviceAuthorization>(500),
  /** user code → device code. */
  userCodes: new ExpiringMap<string>(500),
  /** `client_id jti` of client assertions already accepted (RFC 7523 §3 item 7). */
  assertionIds: new ExpiringMap<true>(2000),
  grantOwners: new ExpiringMap<GrantOwner>(500),
};

onSandboxReset(() => {
  for (const store of Object.values(oauthState)) store.clear();
});
