/**
 * Where an entry stands in the spec's three-party flow (§5 rule 3), for the diagram:
 * access granted → refresh token held → access token valid or expired → revoked.
 */
import type { VaultEntryStatus } from './entryState';
import type { VaultGrantType } from './entry';

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

/**
 * How an entry gets its tokens, when that changes the flow's words: a client-credentials
 * entry has no person and no refresh token (it renews by running its grant again); an entry
 * whose grant the vault runs itself (authorization code, device code…) is granted again with
 * "Get tokens", not by pasting a refresh token.
 */
export interface VaultFlowGrant {
  /** The grant the vault runs; `manual` (or absent) when the person pastes a refresh token. */
  grant?: VaultGrantType;
}

/** The flow's steps in the words of `grant`. */
export function vaultFlowSteps(grant: VaultFlowGrant = {}): typeof VAULT_FLOW_STEPS {
  if (grant.grant !== 'client_credentials') return VAULT_FLOW_STEPS;
  return [
    { step: 'granted', label: 'Client authenticated', party: 'The client (this vault)', explanation: 'The vault authenticates as the client itself at the token endpoint (client credentials, RFC 6749 §4.4): no person, no consent page.' },
    { step: 'refresh-token-held', label: 'No refresh token needed', party: 'The client (this vault)', explanation: 'A client-credentials grant gives no refresh token (RFC 6749 §4.4.3): the vault simply asks again when the access token runs out.' },
    { step: 'access-token', label: 'Access token', party: 'The resource server', explanation: 'The short-lived access token goes with each request; the resource server checks it until it expires.' },
    { step: 'revoked', label: 'Revoked', party: 'The authorization server', explanation: 'The token may be revoked at the authorization server; the vault then asks for a new one with the same client credentials.' },
  ];
}

/** Places an entry of `status`, renewed as `grant` says, in the flow. */
export function vaultFlowPositionFor(status: VaultEntryStatus, grant: VaultFlowGrant = {}): VaultFlowPosition {
  const position = vaultFlowPosition(status);
  const kind = grant.grant ?? 'manual';
  if (kind === 'client_credentials') {
    const next: Partial<Record<VaultEntryStatus, string>> = {
      'no-tokens': '"Get tokens": the vault authenticates as the client and keeps the access token it is given.',
      'refresh-token-held': 'The vault asks the token endpoint for an access token when a request needs one, or on "Get tokens".',
      failed: 'The last token request failed; "Get tokens" asks again with the same client credentials once the cause is fixed.',
      refreshing: 'The vault is asking the token endpoint for an access token with the client credentials.',
      valid: 'Requests carry the access token; shortly before it expires the vault asks for a new one with the same client credentials (there is no refresh token in this grant).',
      expiring: 'The access token expires soon; the vault asks for a new one with the client credentials now.',
      expired: 'The access token has expired; the next request asks the token endpoint for a new one with the client credentials.',
      revoked: 'The token was revoked; "Get tokens" asks for a new one with the same client credentials; no person is involved.',
    };
    return { ...position, next: next[status] ?? position.next };
  }
  if (kind !== 'manual' && status === 'revoked') {
    const how = kind === 'device_code' ? 'run the device flow again with "Get tokens" (a new code for the person to approve)' : 'sign in again with "Get tokens"';
    return { ...position, next: `The grant is gone and its refresh token with it: ${how}.` };
  }
  return position;
}
