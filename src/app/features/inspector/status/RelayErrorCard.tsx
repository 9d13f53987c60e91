/** A failed exchange explained: what the relay saw, what it means, what to try. */
import { explainRelayFailure, type RelayError } from '../../../../core';
import { CertificateTrust } from './CertificateTrust';
import { useWorkbench } from '../../../base/state/StoreProvider';

export function RelayErrorCard({ error, url }: { error: RelayError; url?: string }) {
  // The advice depends on what the request asked of the connection (h2c or not), as sent from this tab.
  const protocol = useWorkbench((s) => s.draft.options.protocol);
  const scheme = url ? /^(https?:)/i.exec(url)?.[1]?.toLowerCase() : undefined;
  const explained = explainRelayFailure(error, { protocol, ...(scheme ? { scheme } : {}) });
  const trust = error.kind === 'tls' && error.peerFingerprint256 && url ? error.peerFingerprint256 : undefined;
  // The trust step below shows the fingerprint with its check; the detail would only repeat it.
  const detail = error.detail && !(trust && error.detail.includes(trust)) ? error.detail : undefined;
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
      {detail ? <p className="muted">{detail}</p> : null}
      {trust && url ? <CertificateTrust url={url} fingerprint={trust} /> : null}
      {error.partial ? <p className="muted">The body below is what arrived before the failure.</p> : null}
    </div>
  );
}
