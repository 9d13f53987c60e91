/** A failed exchange explained: what the relay saw, what it means, what to try. */
import { explainRelayFailure, type RelayError } from '../../../core';
import { CertificateTrust } from './CertificateTrust';

export function RelayErrorCard({ error, url }: { error: RelayError; url?: string }) {
  const explained = explainRelayFailure(error);
  return (
    <div className="error-card" role="alert" data-testid="relay-error" data-kind={error.kind}>
      <h2>
        {explained.title} <code>{error.kind}</code>
      </h2>
      <p>{error.message}</p>
      <p>{explained.explanation}</p>
      <p>
        <strong>What to try:</strong> {explained.nextStep}
      </p>
      {error.detail ? <p className="muted">{error.detail}</p> : null}
      {error.kind === 'tls' && error.peerFingerprint256 && url ? <CertificateTrust url={url} fingerprint={error.peerFingerprint256} /> : null}
      {error.partial ? <p className="muted">The body below is what arrived before the failure.</p> : null}
    </div>
  );
}
