import type { GrantRunView } from './vaultGrantRuns';

/**
 * The sign-in page the person was sent to: where it opened (a popup, a tab, or a link
 * when both were blocked) and each parameter of the authorization request explained.
 */
export function VaultGrantAuthorization({ authorization, waiting }: { authorization: NonNullable<GrantRunView['authorization']>; waiting: boolean }) {
  const where =
    authorization.opened === 'popup' ? 'in a popup window' : authorization.opened === 'tab' ? 'in a new tab (popups are blocked)' : 'nowhere: this browser blocked the window';
  return (
    <div className="vault-grant-authorization">
      {waiting && (
        <p className="vault-small">
          The provider's sign-in page opened {where}. Sign in and approve there; Wirebench receives the answer on its callback.{' '}
          {authorization.opened !== 'popup' && (
            <a href={authorization.url} target="_blank" rel="noreferrer">
              Open the sign-in page
            </a>
          )}
        </p>
      )}
      <details>
        <summary>Authorization request: {authorization.parameters.length} parameters</summary>
        <table className="header-list vault-grant-params" aria-label="Authorization request parameters">
          <tbody>
            {authorization.parameters.map((p) => (
              <tr key={p.name}>
                <th scope="row">{p.name}</th>
                <td>
                  <code>{p.value}</code>
                  <span className="muted vault-small vault-block">{p.explanation}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
