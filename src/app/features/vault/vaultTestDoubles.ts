/**
 * Test doubles of the vault's outside world, shared by the session and cross-tab tests: a
 * token endpoint that rotates refresh tokens and revokes on reuse, and a clock with timers
 * the test moves by hand. Not used by the app.
 */
import { ok, type CoreError, type Result, type TokenEndpointAnswer, type WireRequest } from '../../../core';
import type { TokenTransport } from './vaultExchange';

/**
 * A token endpoint in memory that behaves like the sandbox's: it rotates refresh tokens
 * on every exchange and answers invalid_grant for unknown, revoked or reused ones.
 */
export function tokenServer(options: { lifeSeconds?: number; gate?: Promise<void> } = {}) {
  let counter = 0;
  let current = 'rt-0';
  let revoked = false;
  const requests: WireRequest[] = [];
  /** The refresh tokens presented, in order. */
  const presented: string[] = [];
  const answer = (status: number, body: unknown): Result<TokenEndpointAnswer, CoreError> =>
    ok({ status, headers: [{ name: 'Content-Type', value: 'application/json' }], bodyText: JSON.stringify(body) });
  const transport: TokenTransport = async (wire) => {
    requests.push(wire);
    const body = JSON.parse(String(wire.body?.[0])) as Record<string, string>;
    presented.push(body.refresh_token ?? '');
    await options.gate;
    if (body.client_secret !== 'demo-secret') return answer(401, { error: 'invalid_client' });
    if (revoked || body.refresh_token !== current) {
      if (!revoked && body.refresh_token?.startsWith('rt-')) revoked = true;
      return answer(400, { error: 'invalid_grant', error_description: `refresh token ${body.refresh_token} is not current` });
    }
    counter++;
    current = `rt-${counter}`;
    return answer(200, { access_token: `at-${counter}`, token_type: 'Bearer', expires_in: options.lifeSeconds ?? 60, refresh_token: current, scope: 'orders:read' });
  };
  return {
    transport,
    requests,
    presented,
    get current() {
      return current;
    },
    /** Whether the grant is gone (revoked by hand, or because a rotated token came back). */
    get revoked() {
      return revoked;
    },
    revoke() {
      revoked = true;
    },
  };
}

/** A clock and timers the test moves by hand. */
export function manualTime(start = 1_700_000_000_000) {
  let now = start;
  let next = 1;
  const pending = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    timers: {
      set(callback: () => void, ms: number) {
        const handle = next++;
        pending.set(handle, { at: now + ms, callback });
        return handle;
      },
      clear(handle: unknown) {
        pending.delete(handle as number);
      },
    },
    /** Moves the clock, firing due timers in order. */
    advance(ms: number) {
      const target = now + ms;
      for (;;) {
        const due = [...pending.entries()].filter(([, t]) => t.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = target;
    },
    pendingCount: () => pending.size,
  };
}

/** An entry for the endpoint above (the right client secret), refreshed only on request. */
export const ordersEntry = {
  name: 'Orders',
  tokenUrl: 'https://auth.example.com/v1/token',
  clientId: 'demo-client',
  clientSecret: 'demo-secret',
  allowedHosts: ['api.example.com'],
  autoRefresh: false,
};
