/** A failed exchange explained: what the relay saw, what it means, what to try. */
import { explainRelayError, type RelayError } from '../../../core';

export function RelayErrorCard({ error }: { error: RelayError }) {
  const explained = explainRelayError(error.kind);
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
      {error.partial ? <p className="muted">The body below is what arrived before the failure.</p> : null}
    </div>
  );
}
