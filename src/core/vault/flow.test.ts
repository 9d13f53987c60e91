import { describe, expect, it } from 'vitest';
import { VAULT_STATUS_LABELS, type VaultEntryStatus } from './entryState';
import { VAULT_FLOW_STEPS, vaultFlowPosition, vaultFlowPositionFor, vaultFlowSteps } from './flow';

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

describe('the flow in the words of the entry\'s grant', () => {
  const statuses = Object.keys(VAULT_STATUS_LABELS) as VaultEntryStatus[];

  it('never speaks of a person or a refresh token to exchange for a client-credentials entry', () => {
    const steps = vaultFlowSteps({ grant: 'client_credentials' });
    expect(steps.map((s) => s.step)).toEqual(VAULT_FLOW_STEPS.map((s) => s.step));
    expect(steps.map((s) => s.party)).not.toContain('The person');
    for (const status of statuses.filter((s) => s !== 'needs-refresh-token')) {
      const next = vaultFlowPositionFor(status, { grant: 'client_credentials' }).next;
      expect(next, status).not.toMatch(/exchang\w* the refresh token|give the vault the new refresh token|sign in/i);
    }
    expect(vaultFlowPositionFor('valid', { grant: 'client_credentials' }).next).toContain('client credentials');
  });

  it('sends a revoked device-flow entry back through the device flow, not to a pasted refresh token', () => {
    const next = vaultFlowPositionFor('revoked', { grant: 'device_code' }).next;
    expect(next).toContain('device flow');
    expect(next).not.toContain('give the vault the new refresh token');
    expect(vaultFlowPositionFor('revoked', { grant: 'authorization_code' }).next).toContain('Get tokens');
    // A pasted-token entry keeps the original words.
    expect(vaultFlowPositionFor('revoked').next).toBe(vaultFlowPosition('revoked').next);
  });
});
