import type { GrantStep } from '../../core/oauth';

const STEP_NAMES: Record<GrantStep['step'], string> = {
  discovery: 'Discovery',
  authorize: 'Sign-in',
  callback: 'Redirect back',
  device: 'Device code',
  poll: 'Polling',
  token: 'Token request',
  'id-token': 'ID token',
  warning: 'Warning',
};

const OUTCOMES: Record<GrantStep['outcome'], string> = { ok: 'done', waiting: 'waiting', error: 'failed' };

/** Each step of a grant as it happened, newest last; the texts hold no secret (the runner removed them). */
export function VaultGrantSteps({ steps }: { steps: readonly GrantStep[] }) {
  if (steps.length === 0) return null;
  return (
    <ol className="vault-grant-steps" aria-label="Grant steps">
      {steps.map((s, i) => (
        <li key={`${s.at}-${i}`} className={`vault-grant-step vault-grant-${s.outcome}`}>
          <span className="vault-grant-step-head">
            <strong>{STEP_NAMES[s.step]}</strong> <span className="muted">{OUTCOMES[s.outcome]} · {new Date(s.at).toLocaleTimeString()}</span>
          </span>
          <span>{s.summary}</span>
          {s.detail && s.step !== 'authorize' && <code className="vault-grant-detail">{s.detail}</code>}
        </li>
      ))}
    </ol>
  );
}
