/**
 * Certificates: client certificates and CA bundles by host pattern, and hosts whose
 * certificates are not verified (issue 17, item 4). Secrets (keys, PKCS#12 files,
 * passphrases) go to the secret keeper on save, never to storage in plaintext.
 */
import './tls.css';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CaBundleForm } from './CaBundleForm';
import { ClientCertificateForm } from './ClientCertificateForm';
import { caBundleProblems, clientCertificateProblems, newTlsEntryId, type CaBundleSetting, type ClientCertificateSetting, type TlsSettings } from '../../base/relay/tlsSettings';
import { saveTlsSettings, tlsSettings } from '../../base/relay/tlsSettingsStore';
import { VerificationExceptions } from './VerificationExceptions';

const blankCertificate = (): ClientCertificateSetting => ({ id: newTlsEntryId(), label: '', hosts: '', format: 'pem', certPem: '', keyPem: '', pfxBase64: '', pfxFileName: '', passphrase: '' });
const blankBundle = (): CaBundleSetting => ({ id: newTlsEntryId(), label: '', hosts: '', allHosts: false, pem: '' });

function replaceAt<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((current, i) => (i === index ? item : current));
}

export function CertificatesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState<TlsSettings>(tlsSettings);
  const [attempts, setAttempts] = useState(0);
  // A layout effect: the form's values are in place in the same task the dialog opens, before a keystroke can land in a field that is about to be refilled.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setDraft(tlsSettings());
      setAttempts(0);
      element.showModal();
    } else if (!open && element.open) element.close();
  }, [open]);
  // After a refused save, the first field with a problem takes the focus.
  useEffect(() => {
    if (attempts > 0) dialog.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);
  const invalid = draft.clientCertificates.some((c) => Object.keys(clientCertificateProblems(c)).length > 0) || draft.caBundles.some((b) => Object.keys(caBundleProblems(b)).length > 0);
  const save = () => {
    if (invalid) {
      setAttempts((n) => n + 1);
      return;
    }
    saveTlsSettings(draft);
    onClose();
  };
  const showErrors = attempts > 0;
  return (
    <dialog ref={dialog} className="certificates-dialog" aria-labelledby="certificates-dialog-title" onClose={onClose}>
      <h2 id="certificates-dialog-title">Certificates</h2>
      <p className="small muted">Used by the relay for every call to a covered host: sends from the composer and the vault's token calls alike. Keys, PKCS#12 files and passphrases are secrets: sealed in the vault when it is open with a passphrase, in this tab's memory otherwise; never stored in plaintext, put in history or exported.</p>

      <section aria-labelledby="tls-client-title">
        <h3 id="tls-client-title">Client certificates</h3>
        <p className="small muted">Presented when a server covered by the hosts asks for one (mutual TLS). The first certificate whose hosts cover the request is used.</p>
        {draft.clientCertificates.map((entry, i) => (
          <ClientCertificateForm
            key={entry.id}
            entry={entry}
            index={i}
            showErrors={showErrors}
            onChange={(next) => setDraft((d) => ({ ...d, clientCertificates: replaceAt(d.clientCertificates, i, next) }))}
            onRemove={() => setDraft((d) => ({ ...d, clientCertificates: d.clientCertificates.filter((c) => c.id !== entry.id) }))}
          />
        ))}
        <button type="button" className="small-button" onClick={() => {
            setAttempts(0);
            setDraft((d) => ({ ...d, clientCertificates: [...d.clientCertificates, blankCertificate()] }));
          }}>
          Add client certificate
        </button>
      </section>

      <section aria-labelledby="tls-ca-title">
        <h3 id="tls-ca-title">CA bundles</h3>
        <p className="small muted">For servers whose certificates come from a private or company CA.</p>
        {draft.caBundles.map((entry, i) => (
          <CaBundleForm
            key={entry.id}
            entry={entry}
            index={i}
            showErrors={showErrors}
            onChange={(next) => setDraft((d) => ({ ...d, caBundles: replaceAt(d.caBundles, i, next) }))}
            onRemove={() => setDraft((d) => ({ ...d, caBundles: d.caBundles.filter((b) => b.id !== entry.id) }))}
          />
        ))}
        <button type="button" className="small-button" onClick={() => {
            setAttempts(0);
            setDraft((d) => ({ ...d, caBundles: [...d.caBundles, blankBundle()] }));
          }}>
          Add CA bundle
        </button>
      </section>

      <section aria-labelledby="tls-verify-title">
        <h3 id="tls-verify-title">Certificate verification</h3>
        <VerificationExceptions entries={draft.verificationOff} onChange={(verificationOff) => setDraft((d) => ({ ...d, verificationOff }))} />
      </section>

      {showErrors && invalid ? (
        <p className="field-error" role="alert">
          Not saved: correct the fields marked above.
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="primary" onClick={save}>
          Save certificates
        </button>
      </div>
    </dialog>
  );
}
