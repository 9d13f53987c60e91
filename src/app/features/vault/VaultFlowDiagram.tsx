import { vaultFlowPositionFor, vaultFlowSteps, type VaultEntryStatus, type VaultGrantType } from '../../../core';

/**
 * The spec's three-party flow (§5 rule 3) as an ordered list, with the entry's place in it:
 * steps reached are filled, the current one is marked `aria-current="step"`.
 */
export function VaultFlowDiagram({ status, ownGrant = false, signInAgain = false, grant }: { status: VaultEntryStatus; ownGrant?: boolean; signInAgain?: boolean; grant?: VaultGrantType }) {
  // The words follow how the entry gets its tokens: client credentials have no person and no refresh token.
  const position = vaultFlowPositionFor(status, { grant });
  // An entry whose grant the vault runs itself is not waiting for a pasted token.
  const next = signInAgain
    ? 'The access token expired and the grant gave no refresh token, so the vault cannot renew it: sign in again with "Get new tokens" below.'
    : ownGrant && status === 'no-tokens' && grant !== 'client_credentials'
      ? '"Get tokens" below: the person signs in at the provider, and the vault keeps what it gives.'
      : position.next;
  return (
    <figure className="vault-flow" aria-labelledby="vault-flow-caption">
      <ol className="vault-flow-steps">
        {vaultFlowSteps({ grant }).map((step) => {
          // A grant that gave no refresh token never held one.
          const reached = position.reached.includes(step.step) && !(signInAgain && step.step === 'refresh-token-held');
          const current = position.current === step.step;
          const accessState = step.step === 'access-token' && current ? (position.accessValid === true ? 'valid' : position.accessValid === false ? 'expired' : 'pending') : undefined;
          return (
            <li
              key={step.step}
              className={`vault-flow-step${reached ? ' reached' : ''}${current ? ' current' : ''}${accessState ? ` access-${accessState}` : ''}`}
              aria-current={current ? 'step' : undefined}
              data-step={step.step}
            >
              <span className="vault-flow-party">{step.party}</span>
              <strong>
                {signInAgain && step.step === 'refresh-token-held' ? 'Refresh token: none given' : step.label}
                {accessState === 'valid' && ': valid'}
                {accessState === 'expired' && (signInAgain ? ': expired, sign in again' : ': expired')}
                {accessState === 'pending' && ': being fetched'}
              </strong>
              <span className="vault-flow-explain">{step.explanation}</span>
              {!reached && <span className="visually-hidden">(not reached)</span>}
            </li>
          );
        })}
      </ol>
      <figcaption id="vault-flow-caption">
        <strong>Where this entry stands:</strong> {next}
      </figcaption>
    </figure>
  );
}
