import { useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { exportInsomnia, exportPostman, formatHttpFile, scriptSecretWarnings } from '../../../core';
import { useWorkbench } from '../../base/state/StoreProvider';
import { copyText, downloadText, fileNameOf } from './textTransfer';
import { listVaultEntries, subscribeVault, vaultSchemeWords } from '../vault/vaultAccess';

export interface ExportDialogProps {
  collectionId: string | null;
  onClose(): void;
}

type ExportFormat = 'postman' | 'http' | 'insomnia';

/** Each format's file name ending and media type. */
const FILE_OF: Readonly<Record<ExportFormat, [string, string]>> = { postman: ['postman_collection.json', 'application/json'], http: ['http', 'text/plain'], insomnia: ['insomnia.json', 'application/json'] };

/**
 * Exports a collection as Postman Collection v2.1, an Insomnia export or a `.http` file, secrets replaced
 * by `{{variables}}` unless the person ticks the box.
 */
export function ExportDialog({ collectionId, onClose }: ExportDialogProps) {
  const collection = useWorkbench((s) => s.collections.find((c) => c.id === collectionId));
  const dialog = useRef<HTMLDialogElement>(null);
  const [format, setFormat] = useState<ExportFormat>('postman');
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [status, setStatus] = useState('');

  // A layout effect: the form's values are in place in the same task the dialog opens, before a keystroke can land in a field that is about to be refilled.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (collectionId && !element.open) {
      setStatus('');
      element.showModal();
    } else if (!collectionId && element.open) element.close();
  }, [collectionId]);

  const vaultEntries = useSyncExternalStore(subscribeVault, listVaultEntries);
  const { text, formatWarnings } = useMemo(() => {
    if (!collection) return { text: '', formatWarnings: [] as string[] };
    // Vault auth is written as the header a send would produce: the entry's scheme word, `{{accessToken}}`.
    const options = { includeSecrets, vaultSchemes: vaultSchemeWords(vaultEntries) };
    if (format === 'insomnia') {
      const exported = exportInsomnia(collection, options);
      return { text: exported.text, formatWarnings: exported.warnings };
    }
    return { text: format === 'postman' ? exportPostman(collection, options) : formatHttpFile(collection, options), formatWarnings: [] as string[] };
  }, [collection, format, includeSecrets, vaultEntries]);
  // Scripts holding a recognised credential are named here: redacted to {{variables}}, or written as they are when secrets are included.
  const scriptWarnings = useMemo(() => (collection ? scriptSecretWarnings(collection, format, includeSecrets) : []), [collection, format, includeSecrets]);

  return (
    <dialog ref={dialog} className="workspace-dialog" aria-labelledby="export-dialog-title" onClose={onClose}>
      <h2 id="export-dialog-title">Export {collection?.name ?? ''}</h2>
      <fieldset className="workspace-choices">
        <legend>Format</legend>
        <label>
          <input type="radio" name="export-format" checked={format === 'postman'} onChange={() => setFormat('postman')} /> Postman Collection v2.1 (.json)
        </label>
        <label>
          <input type="radio" name="export-format" checked={format === 'http'} onChange={() => setFormat('http')} /> .http file (JetBrains, VS Code REST Client)
        </label>
        <label>
          <input type="radio" name="export-format" checked={format === 'insomnia'} onChange={() => setFormat('insomnia')} /> Insomnia (export format 4, .json)
        </label>
      </fieldset>
      <label className="workspace-check">
        <input type="checkbox" checked={includeSecrets} onChange={(e) => setIncludeSecrets(e.target.checked)} /> Include secrets (otherwise they become {'{{variables}}'})
      </label>
      {formatWarnings.length > 0 && (
        <ul className="muted small" aria-label="Not carried by this format">
          {formatWarnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      {scriptWarnings.length > 0 && (
        <ul className="muted small" aria-label="Secrets in scripts">
          {scriptWarnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      <label className="workspace-field">
        Preview
        <textarea readOnly rows={12} value={text} spellCheck={false} className="export-preview" />
      </label>
      <p className="muted small" role="status">
        {status}
      </p>
      <div className="dialog-actions">
        <button
          type="button"
          onClick={async () => setStatus((await copyText(text)) ? 'Copied to the clipboard.' : 'The browser refused the clipboard; select the preview and copy it.')}
        >
          Copy
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => {
            if (!collection) return;
            downloadText(fileNameOf(collection.name, FILE_OF[format][0]), text, FILE_OF[format][1]);
            setStatus('Downloaded.');
          }}
        >
          Download
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
