/**
 * `POST /sandbox/reset`: puts every piece of sandbox state back to its seed — orders,
 * uploads, grants, the rate limiter and the WS-Security nonce cache — so a lesson or a test
 * starts from a known state.
 */
import { clearRevokedAccessTokens } from './auth/accessTokens';
import { sandboxGrants } from './auth/grantStore';
import { resetRateLimiter } from './errors';
import { sandboxOrders } from './orderStore';
import { sendJson, type SandboxRoute } from './router';
import { resetUploads } from './uploads';

const resetters: (() => void)[] = [() => sandboxOrders.reset(), resetUploads, () => sandboxGrants.clear(), clearRevokedAccessTokens, resetRateLimiter];

/** Registers more state to restore on reset (the SOAP service's nonce cache). */
export function onSandboxReset(reset: () => void): void {
  resetters.push(reset);
}

/** Restores all sandbox state. */
export function resetSandbox(): void {
  for (const reset of resetters) reset();
}

/** The reset router. */
export const resetRoutes: SandboxRoute[] = [
  {
    method: 'POST',
    pattern: '/reset',
    handle: (ctx) => {
      ctx.req.resume();
      resetSandbox();
      sendJson(ctx.res, 200, { reset: true, restored: ['orders', 'uploads', 'grants', 'rate limiter', 'SOAP nonces'] });
    },
  },
];
