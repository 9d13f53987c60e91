/**
 * Hosts whose certificates are not verified. Turning verification off takes a second,
 * explicit step naming the host; each exception is listed with the INSECURE marker, and
 * every exchange sent under one is marked insecure in the inspector, as with the request's
 * own "Skip TLS certificate verification".
 */
import { useEffect, useId, useRef, useState } from 'react';
import { hostPatternsProblem, newTlsEntryId, splitHostPatterns, type VerificationException } from '../../base/relay/tlsSettings';

export function VerificationExceptions({ entries, onChange }: { entries: VerificationException[]; onChange: (entries: VerificationException[]) => void }) {
  const inputId = useId();
  const [pattern, setPattern] = useState('');
  const [problem, setProblem] = useState('');
  const [asking, setAsking] = useState<string>();
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirmButton.current?.focus();
  }, [asking]);
  const ask = () => {
    const patterns = splitHostPatterns(pattern);
    const wrong = patterns.length === 1 ? hostPatternsProblem(pattern) : 'Name one host pattern at a time.';
    setProblem(wrong ?? '');
    if (!wrong) setAsking(patterns[0]);
  };
  const confirm = () => {
    if (!asking) return;
    if (!entries.some((e) => e.pattern === asking)) onChange([...entries, { id: newTlsEntryId(), pattern: asking }]);
    setAsking(undefined);
    setPattern('');
  };
  return (
    <div className="tls-verification">
      {entries.length ? (
        <ul className="tls-insecure-list" aria-label="Hosts whose certificates are not verified">
          {entries.map((entry) => (
            <li key={entry.id}>
              <span className="insecure-marker">Insecure</span> <code>{entry.pattern}</code>
              <button type="button" className="small-button" onClick={() => onChange(entries.filter((e) => e.id !== entry.id))}>
                Verify {entry.pattern} again
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="small muted">Every host's certificate is verified (unless a request itself skips verification).</p>
      )}
      <div className="tls-field">
        <label htmlFor={inputId}>Host to stop verifying</label>
        <div className="tls-inline">
          <input id={inputId} value={pattern} placeholder="test.internal:8443" autoComplete="off" spellCheck={false} aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${inputId}-error` : undefined} onChange={(e) => setPattern(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), ask())} />
          <button type="button" className="small-button" onClick={ask}>
            Turn verification off…
          </button>
        </div>
        {problem ? (
          <span id={`${inputId}-error`} className="field-error">
            {problem}
          </span>
        ) : null}
      </div>
      {asking ? (
        <div className="tls-confirm" role="group" aria-label="Confirm turning verification off">
          <p className="warn-note">
            Certificates of <code>{asking}</code> will not be checked: anyone on the way can read and change these requests, tokens included. Only for a test server you trust.
          </p>
          <button ref={confirmButton} type="button" className="danger-outline" onClick={confirm}>
            Do not verify {asking}
          </button>{' '}
          <button type="button" onClick={() => setAsking(undefined)}>
            Keep verifying
          </button>
        </div>
      ) : null}
    </div>
  );
}
