/**
 * Findings as a list: severity, title, the message tied to the request, where the rule is
 * defined (linked when it is an RFC), and the finding's action as a control.
 */
import { authSchemeForChallenge, explainActionLabel, rfcReferenceUrl, type Finding } from '../../../../core';
import { useComposerActions } from './findingActions';
import { RetryCountdown } from './RetryCountdown';

const SEVERITY_WORDS: Record<Finding['severity'], string> = { error: 'Problem', warning: 'Warning', info: 'Note', success: 'Success' };

/** A reference, linked when it names an RFC section. */
export function Reference({ reference }: { reference: string }) {
  if (!/^RFC \d+/.test(reference)) return <span className="reference">{reference}</span>;
  return (
    <a className="reference" href={rfcReferenceUrl(reference)} target="_blank" rel="noreferrer noopener">
      {reference}
    </a>
  );
}

function FindingAction({ finding }: { finding: Finding }) {
  const { focusAuth, loadDraft, showSidebarSection } = useComposerActions();
  const action = finding.action;
  if (!action) return null;
  if (action.kind === 'retry-after') return <RetryCountdown {...(action.at ? { at: action.at } : {})} seconds={action.seconds} />;
  // The words come from core, where the one-story check reads them too.
  const label = explainActionLabel(action);
  if (action.kind === 'open-auth' && focusAuth) {
    const scheme = authSchemeForChallenge(action.scheme);
    // Digest's form shows the realm the server asked for; other schemes' forms have no realm.
    const realm = scheme === 'digest' && action.realm !== undefined ? action.realm : undefined;
    return (
      <button type="button" className="finding-action" onClick={() => focusAuth(scheme, realm !== undefined ? { realm } : undefined)}>
        {label}
      </button>
    );
  }
  if (action.kind === 'review-auth' && focusAuth) {
    // The scheme the request already has: the Auth tab opens on it, nothing changes.
    return (
      <button type="button" className="finding-action" onClick={() => focusAuth(action.scheme)}>
        {label}
      </button>
    );
  }
  if (action.kind === 'open-cookies' && showSidebarSection) {
    return (
      <button type="button" className="finding-action" onClick={() => showSidebarSection('cookies')}>
        {label}
      </button>
    );
  }
  if (action.kind === 'follow' && loadDraft) {
    return (
      <button type="button" className="finding-action" onClick={() => loadDraft({ method: 'GET', url: action.location }, { newTab: true })}>
        {label}
      </button>
    );
  }
  return null;
}

export function FindingList({ findings, compact = false }: { findings: readonly Finding[]; compact?: boolean }) {
  return (
    <ul className={`findings${compact ? ' findings-compact' : ''}`}>
      {findings.map((finding, i) => (
        <li key={`${finding.id}-${i}`} className={`finding finding-${finding.severity}`} data-finding={finding.id}>
          <p className="finding-title">
            <span className="finding-severity">{SEVERITY_WORDS[finding.severity]}:</span> {finding.title}
          </p>
          <p className="finding-message">
            {finding.message} {finding.reference ? <Reference reference={finding.reference} /> : null}
          </p>
          <FindingAction finding={finding} />
        </li>
      ))}
    </ul>
  );
}
