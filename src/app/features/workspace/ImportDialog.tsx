import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { collectionRequests, type CoreError } from '../../../core';
import { useWorkbench, useWorkbenchApi } from '../../base/state/StoreProvider';
import { IMPORT_FORMAT_LABELS, importFiles, importText, importUrl, type ImportOutcome } from './importSources';
import { cancelImportsInWorker, hasFreshIds } from './importWorkerClient';
import { CollectionWriteProgress } from './CollectionWriteProgress';
import { ImportVaultDrafts } from './ImportVaultDrafts';
import { addImportedEnvironments } from './importEnvironments';

export interface ImportDialogProps {
  open: boolean;
  onClose(): void;
}

type Report =
  | { ok: true; outcome: ImportOutcome; name: string; count: number; into: boolean; wanted: string; collectionId: string }
  | { ok: false; error: CoreError; source: string };

/** How the report names what was imported: several pasted cURL commands are not "a cURL command". */
function formatLabel(outcome: ImportOutcome, count: number): string {
  if (outcome.format === 'curl' && count > 1) return 'cURL commands';
  // The version the importer read (a v2.0 collection is named v2.0, not the label's v2.1).
  return outcome.result.format ?? IMPORT_FORMAT_LABELS[outcome.format];
}

function positionText(error: CoreError): string {
  if (error.position && !error.message.includes(`line ${error.position.line}`)) return ` (line ${error.position.line}, column ${error.position.column})`;
  return '';
}

/**
 * Imports a pasted text, a file, or a URL (fetched through the relay): cURL, Postman
 * v2.1, Insomnia (its sub-environments added as environments), HAR 1.2, `.http`, OpenAPI 3 / Swagger 2.0, WSDL. Several files, a folder or a .zip
 * (picked or dropped) are read as one description whose files refer to each other. A
 * successful import adds a new collection and lists everything it could not bring, with
 * the reason, and the vault entries it suggests; a failed one changes nothing and says
 * exactly what is wrong and where.
 */
export function ImportDialog({ open, onClose }: ImportDialogProps) {
  const store = useWorkbenchApi();
  const dialog = useRef<HTMLDialogElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<Report | null>(null);
  const collections = useWorkbench((s) => s.collections);
  /** '' for a new collection named after the source, else the collection to import into. */
  const [into, setInto] = useState('');
  const target = collections.some((c) => c.id === into) ? into : '';

  // A layout effect: the form's values are in place in the same task the dialog opens, before a keystroke can land in a field that is about to be refilled.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setReport(null);
      element.showModal();
    } else if (!open && element.open) element.close();
  }, [open]);

  const finish = (outcome: Awaited<ReturnType<typeof importText>>, source: string) => {
    if (!outcome.ok) {
      setReport({ ok: false, error: outcome.error, source });
      return;
    }
    const { collection } = outcome.value.result;
    const id = store.getState().addImportedCollection(collection, target || undefined, { idsAreFresh: hasFreshIds(collection) });
    const name = store.getState().collections.find((c) => c.id === id)?.name ?? collection.name;
    if (outcome.value.result.environments?.length) addImportedEnvironments(store, outcome.value.result.environments, name);
    setReport({ ok: true, outcome: outcome.value, name, count: collectionRequests(collection.items).length, into: target !== '', wanted: collection.name, collectionId: id });
  };

  const run = async (work: () => Promise<Awaited<ReturnType<typeof importText>>>, source: string) => {
    setBusy(true);
    setReport(null);
    try {
      finish(await work(), source);
    } catch (err) {
      finish({ ok: false, error: { kind: 'import-failed', message: (err as Error).message } }, source);
    } finally {
      setBusy(false);
    }
  };

  const onFiles = (list: FileList | null | undefined) => {
    const files = [...(list ?? [])];
    if (files.length === 0) return;
    const source = files.length === 1 ? files[0]!.name : `${files.length} files`;
    void run(() => importFiles(files), source);
    for (const input of [fileInput.current, folderInput.current]) if (input) input.value = '';
  };

  // Folder pickers are a non-standard attribute React does not type.
  useEffect(() => {
    folderInput.current?.setAttribute('webkitdirectory', '');
  }, []);

  return (
    <dialog
      ref={dialog}
      className="workspace-dialog import-dialog"
      aria-labelledby="import-dialog-title"
      onClose={onClose}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) e.preventDefault();
      }}
      onDrop={(e) => {
        if (e.dataTransfer.files.length === 0) return;
        e.preventDefault();
        if (!busy) onFiles(e.dataTransfer.files);
      }}
    >
      <h2 id="import-dialog-title">Import</h2>
      <p className="muted small">
        cURL commands, Postman Collection v2.1, Insomnia exports (v4 JSON, v5 YAML), HAR 1.2, .http files, OpenAPI 3 and Swagger 2.0 (JSON or YAML) and WSDL. A description split over several files: choose or drop them together, its folder, or a .zip. An import adds;
        nothing you have is changed.
      </p>
      <label className="workspace-field">
        Import into
        <select value={target} onChange={(e) => setInto(e.target.value)}>
          <option value="">A new collection, named after the source</option>
          {collections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label className="workspace-field">
        Paste
        <textarea value={text} rows={7} spellCheck={false} placeholder="curl https://api.example.com/users -H 'Accept: application/json'" onChange={(e) => setText(e.target.value)} />
      </label>
      <div className="dialog-actions import-actions">
        <label className="file-button">
          Choose a file…
          <input ref={fileInput} type="file" multiple className="visually-hidden" accept=".json,.har,.http,.rest,.yaml,.yml,.wsdl,.xml,.txt,.sh,.zip" onChange={(e) => onFiles(e.target.files)} />
        </label>
        <label className="file-button">
          Choose a folder…
          <input ref={folderInput} type="file" className="visually-hidden" onChange={(e) => onFiles(e.target.files)} />
        </label>
        <button type="button" className="primary" disabled={busy || text.trim() === ''} onClick={() => void run(() => importText(text), 'the pasted text')}>
          Import pasted text
        </button>
      </div>
      <form
        className="import-url"
        onSubmit={(e) => {
          e.preventDefault();
          if (url.trim()) void run(() => importUrl(url.trim()), url.trim());
        }}
      >
        <label className="workspace-field">
          Or from a URL (WSDL, OpenAPI, Postman…)
          <input type="url" value={url} placeholder="https://example.com/service?wsdl" onChange={(e) => setUrl(e.target.value)} />
        </label>
        <button type="submit" disabled={busy || url.trim() === ''}>
          Fetch and import
        </button>
      </form>
      <div className="import-report" aria-live="polite">
        {busy ? (
          <p className="muted">
            Importing…{' '}
            <button type="button" className="small-button" onClick={cancelImportsInWorker}>
              Cancel import
            </button>
          </p>
        ) : null}
        {report && !report.ok ? (
          <div role="alert" className="error-card import-error">
            <h3>Nothing was imported from {report.source}</h3>
            <p>
              {report.error.message}
              {positionText(report.error)}
            </p>
            {report.error.field ? <p className="muted small">At: {report.error.field}</p> : null}
          </div>
        ) : null}
        {report && report.ok ? (
          <div role="status" className="import-success">
            {report.into ? (
              <p>
                Imported {report.count} {report.count === 1 ? 'request' : 'requests'} ({formatLabel(report.outcome, report.count)}) into <strong>{report.name}</strong>.
              </p>
            ) : (
              <p>
                Imported <strong>{report.name}</strong> ({formatLabel(report.outcome, report.count)}): {report.count} {report.count === 1 ? 'request' : 'requests'}.
                {report.name !== report.wanted ? ` A collection named "${report.wanted}" already exists, so this one is "${report.name}".` : ''}
              </p>
            )}
            <CollectionWriteProgress collectionId={report.collectionId} />
            {report.outcome.result.skipped.length > 0 ? (
              <>
                <h3>Not imported ({report.outcome.result.skipped.length})</h3>
                <ul className="import-skipped">
                  {report.outcome.result.skipped.map((skip, i) => (
                    <li key={i}>
                      <strong>{skip.item}</strong>: {skip.reason}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {report.outcome.result.notes?.length ? (
              <ul className="import-notes">
                {report.outcome.result.notes.map((note, i) => (
                  <li key={i}>{note}</li>
                ))}
              </ul>
            ) : null}
            {report.outcome.result.warnings.length > 0 ? (
              <>
                <h3>Changed on the way ({report.outcome.result.warnings.length})</h3>
                <ul className="import-warnings">
                  {report.outcome.result.warnings.map((warning, i) => (
                    <li key={i}>{warning}</li>
                  ))}
                </ul>
              </>
            ) : null}
            {report.outcome.result.vaultDrafts?.length ? <ImportVaultDrafts drafts={report.outcome.result.vaultDrafts} /> : null}
          </div>
        ) : null}
      </div>
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
