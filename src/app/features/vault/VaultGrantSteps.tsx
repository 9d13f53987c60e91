import type { VaultLoggedStep } from '../../../core';

const STEP_NAMES: Record<string, string> = {
  discovery: 'Discovery',
  authorize: 'Sign-in',
  callback: 'Redirect back',
  device: 'Device code',
  poll: 'Polling',
  token: 'Token request',
  'id-token': 'ID token',
  warning: 'Warning',
};

const OUTCOMES: Record<VaultLoggedStep['outcome'], string> = { ok: 'done', waiting: 'waiting', error: 'failed' };

/** A warning is something to know, not a step that was "done": it shows its time only. */
const stateOf = (s: VaultLoggedStep) => (s.step === 'warning' ? '' : `${OUTCOMES[s.outcome]} · `);

/**
 * Each step of a grant as it happened, newest last, live in a run or kept in the exchange
 * log, each saying how it ended (steps are settled by core's `settleGrantSteps` before they
 * get here); the texts hold no secret (the runner removed them, the log scrubbed them again).
 * The sign-in step's detail (every parameter explained) is shown as its own table in a run.
 */
export function VaultGrantSteps({ steps, label = 'Grant steps', authorizeDetail = false }: { steps: readonly VaultLoggedStep[]; label?: string; authorizeDetail?: boolean }) {
  if (steps.length === 0) return null;
  return (
    <ol className="vault-grant-steps" aria-label={label}>
      {steps.map((s, i) => (
        <li key={`${s.at}-${i}`} className={`vault-grant-step vault-grant-${s.step === 'warning' ? 'warning' : s.outcome}`}>
          <span className="vault-grant-step-head">
            <strong>{STEP_NAMES[s.step] ?? s.step}</strong> <span className="muted">{stateOf(s)}{new Date(s.at).toLocaleTimeString()}</span>
          </span>
          <span>{s.summary}</span>
          {s.detail && (authorizeDetail || s.step !== 'authorize') && <code className="vault-grant-detail">{s.detail}</code>}
        </li>
      ))}
    </ol>
  );
}
