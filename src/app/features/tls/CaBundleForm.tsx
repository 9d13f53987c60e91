/** One CA bundle in the Certificates dialog: name, hosts or every host, PEM certificates. */
import { useId } from 'react';
import { caBundleProblems, type CaBundleSetting } from '../../base/relay/tlsSettings';
import { HOSTS_HELP } from './ClientCertificateForm';
import { LineField, PemField } from './TlsFields';

export function CaBundleForm({ entry, index, showErrors, onChange, onRemove }: { entry: CaBundleSetting; index: number; showErrors: boolean; onChange: (entry: CaBundleSetting) => void; onRemove: () => void }) {
  const problems = caBundleProblems(entry);
  const set = (patch: Partial<CaBundleSetting>) => onChange({ ...entry, ...patch });
  const allId = useId();
  const name = entry.label.trim() || `CA bundle ${index + 1}`;
  return (
    <fieldset className="tls-entry" aria-label={`CA bundle: ${name}`}>
      <legend>{name}</legend>
      <div className="tls-entry-grid">
        <LineField label="Name" value={entry.label} onChange={(label) => set({ label })} error={problems.label} showError={showErrors} placeholder="e.g. Company root CA" />
        <div className="tls-field">
          <label htmlFor={allId} className="tls-check">
            <input id={allId} type="checkbox" checked={entry.allHosts} onChange={(e) => set({ allHosts: e.target.checked })} /> Trust for every host
          </label>
          {entry.allHosts ? null : <LineField label="Hosts" value={entry.hosts} onChange={(hosts) => set({ hosts })} error={problems.hosts} showError={showErrors} placeholder="*.corp.example" help={HOSTS_HELP} />}
        </div>
      </div>
      <PemField label="CA certificates (PEM)" fileLabel="CA file" value={entry.pem} onChange={(pem) => set({ pem })} error={problems.pem} showError={showErrors} help="Trusted in addition to the usual roots, never instead of them. Certificates are public: kept as they are." />
      <div className="tls-entry-actions">
        <button type="button" className="small-button danger-outline" onClick={onRemove}>
          Remove {name}
        </button>
      </div>
    </fieldset>
  );
}
