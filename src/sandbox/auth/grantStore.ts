/**
 * The grants of the three-party flow (spec §5 rule 3): a user grants a client access, the
 * client holds a refresh token, exchanges it for short-lived access tokens, and the user
 * may revoke the grant at any time. Refresh tokens rotate on every use; presenting one
 * that was already rotated is taken as theft and revokes the whole grant (RFC 6819
 * §5.2.2.3, OAuth 2.0 Security BCP §4.14). Bounded: the oldest grants are forgotten.
 */
import { randomBytes } from 'node:crypto';

/** One grant of access by the demo user to a client. */
export interface Grant {
  id: string;
  clientId: string;
  scope: string[];
  createdAt: number;
  /** When the current refresh token was issued. */
  rotatedAt: number;
  /** How many times the refresh token was exchanged. */
  exchanges: number;
  revokedAt?: number;
  revokedReason?: string;
}

/** The outcome of presenting a refresh token. */
export type RefreshOutcome =
  | { kind: 'rotated'; grant: Grant; refreshToken: string }
  | { kind: 'unknown' }
  | { kind: 'wrong-client'; grant: Grant }
  | { kind: 'revoked'; grant: Grant }
  | { kind: 'reused'; grant: Grant };

/** Most grants kept; creating one more forgets the oldest. */
export const MAX_GRANTS = 500;
/** Retired refresh tokens remembered per grant, for reuse detection. */
export const MAX_RETIRED_PER_GRANT = 20;

interface GrantRecord {
  grant: Grant;
  current: string;
  retired: string[];
}

function newRefreshToken(): string {
  return `rt_${randomBytes(24).toString('base64url')}`;
}

/** In-memory grants with rotation and reuse detection. */
export class GrantStore {
  private readonly records = new Map<string, GrantRecord>();
  /** refresh token → grant id, for current and retired tokens. */
  private readonly byToken = new Map<string, string>();

  /** Records a new grant and returns it with its first refresh token. */
  create(clientId: string, scope: string[], now: number): { grant: Grant; refreshToken: string } {
    while (this.records.size >= MAX_GRANTS) {
      const oldest = this.records.keys().next().value as string;
      this.forget(oldest);
    }
    const grant: Grant = { id: `g_${randomBytes(9).toString('base64url')}`, clientId, scope: [...scope], createdAt: now, rotatedAt: now, exchanges: 0 };
    const refreshToken = newRefreshToken();
    this.records.set(grant.id, { grant, current: refreshToken, retired: [] });
    this.byToken.set(refreshToken, grant.id);
    return { grant: { ...grant }, refreshToken };
  }

  /**
   * Exchanges `refreshToken` presented by `clientId`: the current token is retired and a
   * new one issued; a retired one revokes the grant.
   */
  rotate(refreshToken: string, clientId: string, now: number): RefreshOutcome {
    const record = this.recordOf(refreshToken);
    if (!record) return { kind: 'unknown' };
    const { grant } = record;
    if (grant.clientId !== clientId) return { kind: 'wrong-client', grant: { ...grant } };
    if (grant.revokedAt !== undefined) return { kind: 'revoked', grant: { ...grant } };
    if (record.current !== refreshToken) {
      this.revoke(grant.id, 'A rotated refresh token was presented again, so the grant was revoked (possible token theft).', now);
      return { kind: 'reused', grant: { ...grant } };
    }
    record.retired.push(refreshToken);
    if (record.retired.length > MAX_RETIRED_PER_GRANT) this.byToken.delete(record.retired.shift()!);
    record.current = newRefreshToken();
    this.byToken.set(record.current, grant.id);
    grant.rotatedAt = now;
    grant.exchanges++;
    return { kind: 'rotated', grant: { ...grant }, refreshToken: record.current };
  }

  /** The grant a refresh token (current or retired) belongs to. */
  grantOfToken(refreshToken: string): Grant | undefined {
    const record = this.recordOf(refreshToken);
    return record ? { ...record.grant } : undefined;
  }

  /** True when `refreshToken` is the grant's current token (not rotated away) and the grant is not revoked. */
  isCurrent(refreshToken: string): boolean {
    const record = this.recordOf(refreshToken);
    return record !== undefined && record.current === refreshToken && record.grant.revokedAt === undefined;
  }

  /** The grant with `id`. */
  get(id: string): Grant | undefined {
    const record = this.records.get(id);
    return record ? { ...record.grant } : undefined;
  }

  /** Revokes a grant; its refresh tokens stop working. False when there is no such grant. */
  revoke(id: string, reason: string, now: number): boolean {
    const record = this.records.get(id);
    if (!record) return false;
    if (record.grant.revokedAt === undefined) {
      record.grant.revokedAt = now;
      record.grant.revokedReason = reason;
    }
    return true;
  }

  /** Every grant, newest first. */
  list(): Grant[] {
    return [...this.records.values()].map((r) => ({ ...r.grant })).reverse();
  }

  /** Forgets every grant. */
  clear(): void {
    this.records.clear();
    this.byToken.clear();
  }

  private recordOf(refreshToken: string): GrantRecord | undefined {
    const id = this.byToken.get(refreshToken);
    return id === undefined ? undefined : this.records.get(id);
  }

  private forget(id: string): void {
    const record = this.records.get(id);
    if (!record) return;
    this.byToken.delete(record.current);
    for (const t of record.retired) this.byToken.delete(t);
    this.records.delete(id);
  }
}

/** The sandbox's grants. */
export const sandboxGrants = new GrantStore();
