/** One client certificate in the Certificates dialog: name, hosts, and PEM pair or PKCS#12 + passphrase. */
import { useId } from 'react';
import { clientCertificateProblems, type ClientCertificateSetting } from '../../base/relay/tlsSettings';
import { BinaryFileField, LineField, PemField } from './TlsFields';

export const HOSTS_HELP = 'One per line or comma-separated: api.example.com, *.example.com (any subdomain), 127.0.0.1:8443 (that port only). The same patterns as the vault’s allowed hosts.';

export function ClientCertificateForm({ entry, index, showErrors, onChange, onRemove }: { entry: ClientCertificateSetting; index: number; showErrors: boolean; onChange: (entry: ClientCertificateSetting) => void; onRemove: () => void }) {
  const problems = clientCertificateProblems(entry);
  const set = (patch: Partial<ClientCertificateSetting>) => onChange({ ...entry, ...patch });
  const formatName = useId();
  const name = entry.label.trim() || `Client certificate ${index + 1}`;
  return (
    <fieldset className="tls-entry" aria-label={`Client certificate: ${name}`}>
      <legend>{name}</legend>
      <div className="tls-entry-grid">
        <LineField label="Name" value={entry.label} onChange={(label) => set({ label })} error={problems.label} showError={showErrors} placeholder="e.g. Staging client" />
        <LineField label="Hosts" value={entry.hosts} onChange={(hosts) => set({ hosts })} error={problems.hosts} showError={showErrors} placeholder="api.example.com, *.example.com" help={HOSTS_HELP} />
      </div>
      <div role="radiogroup" aria-label="Certificate format" className="tls-format">
        <label className="small">
          <input type="radio" name={formatName} checked={entry.format === 'pem'} onChange={() => set({ format: 'pem' })} /> PEM certificate and key
        </label>
        <label className="small">
          <input type="radio" name={formatName} checked={entry.format === 'pkcs12'} onChange={() => set({ format: 'pkcs12' })} /> PKCS#12 file (.p12, .pfx)
        </label>
      </div>
      {entry.format === 'pem' ? (
        <div className="tls-entry-grid">
          <PemField label="Certificate (PEM)" fileLabel="Certificate file" value={entry.certPem} onChange={(certPem) => set({ certPem })} error={problems.certPem} showError={showErrors} help="The certificate, then any intermediates." />
          <PemField label="Private key (PEM)" fileLabel="Key file" secret value={entry.keyPem} onChange={(keyPem) => set({ keyPem })} error={problems.keyPem} showError={showErrors} help="A secret: kept sealed in the vault when it is open with a passphrase, otherwise in this tab's memory only." />
        </div>
      ) : (
        <BinaryFileField label="PKCS#12 file" accept=".p12,.pfx,application/x-pkcs12" fileName={entry.pfxFileName} onPick={(pfxFileName, pfxBase64) => set({ pfxFileName, pfxBase64 })} error={problems.pfx} showError={showErrors} help="A secret, kept like the key." />
      )}
      <LineField
        label={entry.format === 'pem' ? 'Key passphrase (if the key is encrypted)' : 'PKCS#12 passphrase'}
        type="password"
        value={entry.passphrase.startsWith('{{secret:') ? '' : entry.passphrase}
        placeholder={entry.passphrase.startsWith('{{secret:') ? 'Locked: unlock the vault, or type it again' : undefined}
        onChange={(passphrase) => set({ passphrase })}
        showError={false}
        help="A secret, never stored in plaintext. A wrong one is reported on send, before anything reaches the server."
      />
      <div className="tls-entry-actions">
        <button type="button" className="small-button danger-outline" onClick={onRemove}>
          Remove {name}
        </button>
      </div>
    </fieldset>
  );
}
