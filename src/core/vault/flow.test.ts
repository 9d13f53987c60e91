import { describe, expect, it } from 'vitest';
import { VAULT_STATUS_LABELS, type VaultEntryStatus } from './entryState';
import { VAULT_FLOW_STEPS, vaultFlowPosition } from './flow';

describe('vaultFlowPosition', () => {
  it.each<[VaultEntryStatus, string | undefined, boolean | undefined]>([
    ['needs-refresh-token', undefined, undefined],
    ['no-tokens', undefined, undefined],
    ['refresh-token-held', 'refresh-token-held', undefined],
    ['failed', 'refresh-token-held', undefined],
    ['refreshing', 'access-token', undefined],
    ['valid', 'access-token', true],
    ['expiring', 'access-token', true],
    ['expired', 'access-token', false],
    ['revoked', 'revoked', undefined],
  ])('%s stands at %s (access valid: %s)', (status, current, accessValid) => {
    const position = vaultFlowPosition(status);
    expect(position.current).toBe(current);
    expect(position.accessValid).toBe(accessValid);
    if (current) expect(position.reached.at(-1)).toBe(current);
    expect(position.next.length).toBeGreaterThan(10);
  });

  it('reaches steps in flow order', () => {
    const order = VAULT_FLOW_STEPS.map((s) => s.step);
    for (const status of Object.keys(VAULT_STATUS_LABELS) as VaultEntryStatus[]) {
      const reached = vaultFlowPosition(status).reached;
      expect(reached).toEqual(order.slice(0, reached.length));
    }
  });
});
