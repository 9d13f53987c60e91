import { decodeJwt, explainAudience } from '../../../core';
import { VaultClaimsTable } from './VaultClaimsTable';

/**
 * What the access token says about itself, when it is a JWT: its claims decoded (not
 * verified) and its audience explained against the entry's client_id (spec §5 rule 4).
 * The token itself is never shown.
 */
export function VaultJwtClaims({ token, clientId, now, skewSeconds }: { token: string; clientId: string; now: number; skewSeconds: number }) {
  const decoded = decodeJwt(token, new Date(now), { clockSkewSeconds: skewSeconds });
  if (!decoded.ok) {
    return <p className="muted">The access token is not a JWT ({decoded.error.message}), so it says nothing about itself; it is opaque to the client.</p>;
  }
  const { claims, header, problems } = decoded.value;
  const audience = explainAudience(claims, clientId || undefined);
  return (
    <div className="vault-claims">
      <h3>Claims of the access token</h3>
      <p className="muted vault-small">
        Decoded, not verified: header <code>alg</code> {String(header.alg)}
        {header.typ ? <>, <code>typ</code> {String(header.typ)}</> : null}.
      </p>
      <VaultClaimsTable claims={claims} label="Access token claims" />
      {problems.length > 0 && (
        <ul className="vault-problem vault-small">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <h3>Audience and client</h3>
      <ul className="vault-findings" aria-label="Audience explained">
        {audience.findings.map((f) => (
          <li key={f.code} className={`vault-finding-${f.severity}`}>
            {f.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
