/**
 * Where an entry stands in the spec's three-party flow (§5 rule 3), for the diagram:
 * access granted → refresh token held → access token valid or expired → revoked.
 */
import type { VaultEntryStatus } from './entryState';

/** The steps of the flow, in order. */
export type VaultFlowStep = 'granted' | 'refresh-token-held' | 'access-token' | 'revoked';

/** The steps with the words the diagram shows and the party that acts at each. */
export const VAULT_FLOW_STEPS: readonly { step: VaultFlowStep; label: string; party: string; explanation: string }[] = [
  {
    step: 'granted',
    label: 'Access granted',
    party: 'The person',
    explanation: 'The person grants the client application access on the identity provider\'s consent page.',
  },
  {
    step: 'refresh-token-held',
    label: 'Refresh token held',
    party: 'The client (this vault)',
    explanation: 'The client keeps the long-lived refresh token and exchanges it at the token endpoint (spec §4.1).',
  },
  {
    step: 'access-token',
    label: 'Access token',
    party: 'The resource server',
    explanation: 'The short-lived access token goes with each request; the resource server checks it until it expires.',
  },
  {
    step: 'revoked',
    label: 'Revoked',
    party: 'The person',
    explanation: 'The person may revoke the grant at any time; then the refresh token stops working.',
  },
];

/** The entry's place in the flow. */
export interface VaultFlowPosition {
  /** The step the entry is at; undefined before access is granted. */
  current?: VaultFlowStep;
  /** Steps passed through, the current one included. */
  reached: VaultFlowStep[];
  /** At the access-token step: whether the token is still good. */
  accessValid?: boolean;
  /** One sentence about what happens next. */
  next: string;
}

/** Places an entry of `status` in the flow. */
export function vaultFlowPosition(status: VaultEntryStatus): VaultFlowPosition {
  switch (status) {
    case 'needs-refresh-token':
      return { reached: [], next: 'Grant access on the consent page, then give the vault the refresh token it shows.' };
    case 'no-tokens':
      return { reached: [], next: '"Get tokens": the vault runs the grant and keeps what the provider gives.' };
    case 'refresh-token-held':
      return { current: 'refresh-token-held', reached: ['granted', 'refresh-token-held'], next: 'The vault exchanges the refresh token for an access token when a request needs one, or on "Refresh now".' };
    case 'failed':
      return { current: 'refresh-token-held', reached: ['granted', 'refresh-token-held'], next: 'The last exchange failed; the refresh token is still held, so "Refresh now" can try again.' };
    case 'refreshing':
      return { current: 'access-token', reached: ['granted', 'refresh-token-held', 'access-token'], next: 'The vault is exchanging the refresh token at the token endpoint.' };
    case 'valid':
    case 'expiring':
      return {
        current: 'access-token',
        reached: ['granted', 'refresh-token-held', 'access-token'],
        accessValid: true,
        next: status === 'valid' ? 'Requests carry the access token; the vault refreshes it shortly before it expires.' : 'The access token expires soon; the vault refreshes it now.',
      };
    case 'expired':
      return { current: 'access-token', reached: ['granted', 'refresh-token-held', 'access-token'], accessValid: false, next: 'The access token has expired; the next request exchanges the refresh token for a new one.' };
    case 'revoked':
      return { current: 'revoked', reached: ['granted', 'refresh-token-held', 'access-token', 'revoked'], next: 'The grant is gone: grant access again and give the vault the new refresh token.' };
  }
}
