/**
 * The collection runner (issue 18, item 4): what to run (a collection or one of its
 * folders), how many iterations or a CSV/JSON data file (picked or dropped; a malformed
 * file is refused with its line and column and nothing runs), the delay between requests
 * and "stop on first failure"; Run and Cancel, the progress while it runs, then the results.
 * Every request goes through the page's own send path (see `workbenchSteps.ts`).
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type DragEvent } from 'react';
import { parseDataFile, type DataRow } from '../../../core/run/dataFile';
import { runnableRequests } from '../../../core/run/runPlan';
import type { Folder, CollectionItem } from '../../../core';
import type { ScriptValue } from '../../../scripting/types';
import { useWorkbench, useWorkbenchApi } from '../../base/state/StoreProvider';
import { RunResults } from './RunResults';
import { cancelRun, closeRunner, openRunner, runnerStore, targetItems, type RunnerState } from './runnerStore';
import { startRun } from './runnerRun';
import './runner.css';

function useRunner<T>(select: (s: RunnerState) => T): T {
  return useSyncExternalStore(runnerStore.subscribe, () => select(runnerStore.getState()));
}

/** A picked or dropped data file: its rows, or the error that refuses it. */
type DataChoice = { name: string; rows: DataRow[]; typed?: Record<string, ScriptValue>[] } | { name: string; error: string } | null;

/** A JSON data file's rows with their types (numbers, arrays) for scripts, when they line up with the text rows. */
function typedJsonRows(text: string, count: number): Record<string, ScriptValue>[] | undefined {
  try {
    const parsed = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
    const rows = Array.isArray(parsed) ? parsed : [parsed];
    return rows.length === count && rows.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r)) ? (rows as Record<string, ScriptValue>[]) : undefined;
  } catch {
    return undefined;
  }
}

function foldersOf(items: readonly CollectionItem[], path: string[] = []): { id: string; label: string }[] {
  return items.flatMap((item) => (item.kind === 'folder' ? [{ id: item.id, label: [...path, item.name].join(' / ') }, ...foldersOf((item as Folder).items, [...path, item.name])] : []));
}

/** What the dialog needs from the shell. */
export interface RunnerDialogProps {
  /** Aborts the request being sent (useSend's cancel). */
  cancelSend(): void;
}

/** The runner dialog; open while the runner store has a target. */
export function RunnerDialog({ cancelSend }: RunnerDialogProps & { open?: boolean }) {
  const store = useWorkbenchApi();
  const dialog = useRef<HTMLDialogElement>(null);
  const target = useRunner((s) => s.target);
  const running = useRunner((s) => s.running);
  const progress = useRunner((s) => s.progress);
  const collections = useWorkbench((s) => s.collections);
  const environmentName = useWorkbench((s) => s.environments.find((e) => e.id === s.activeEnvironmentId)?.name);
  const [iterations, setIterations] = useState('1');
  const [delay, setDelay] = useState('0');
  const [bail, setBail] = useState(false);
  const [data, setData] = useState<DataChoice>(null);
  const [problem, setProblem] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (target && !element.open) element.showModal();
    else if (!target && element.open) element.close();
  }, [target]);

  const collection = target ? collections.find((c) => c.id === target.collectionId) : undefined;
  const found = target ? targetItems(collections, target) : undefined;
  const requests = useMemo(() => (found ? runnableRequests(found.items) : []), [found]);
  const folders = useMemo(() => (collection ? foldersOf(collection.items) : []), [collection]);

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    const parsed = parseDataFile(file.name, text);
    if (!parsed.ok) setData({ name: file.name, error: parsed.error.message });
    else {
      const typed = !file.name.toLowerCase().endsWith('.csv') && /^\uFEFF?\s*[[{]/.test(text) ? typedJsonRows(text, parsed.value.length) : undefined;
      setData({ name: file.name, rows: parsed.value, ...(typed ? { typed } : {}) });
    }
    setProblem('');
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    if (!running) void readFile(event.dataTransfer.files[0]);
  };

  const run = () => {
    if (!target) return;
    if (data && 'error' in data) {
      setProblem(`Nothing was run: ${data.name} could not be read. ${data.error}`);
      return;
    }
    const count = Number(iterations);
    const delayMs = Number(delay);
    if (!data && (!Number.isInteger(count) || count < 1 || count > 10_000)) {
      setProblem('Iterations must be a whole number from 1 to 10,000.');
      return;
    }
    if (!Number.isFinite(delayMs) || delayMs < 0 || delayMs > 600_000) {
      setProblem('The delay must be between 0 and 600,000 ms.');
      return;
    }
    if (requests.length === 0) {
      setProblem('There is no saved request to run here.');
      return;
    }
    setProblem('');
    void startRun(store, target, { ...(data ? { dataRows: data.rows } : { iterations: count }), delayMs, bail }, cancelSend, data?.typed);
  };

  const dataRows = data && 'rows' in data ? data.rows : undefined;
  return (
    <dialog ref={dialog} className="runner-dialog" aria-labelledby="runner-title" onClose={closeRunner} onDragOver={(e) => e.preventDefault()} onDrop={onDrop}>
      <div className="runner-head">
        <h2 id="runner-title">Run {found?.title ?? 'a collection'}</h2>
        <button type="button" className="icon-button" aria-label="Close the runner" onClick={closeRunner}>
          ✕
        </button>
      </div>
      <fieldset className="runner-setup" disabled={running}>
        <legend className="visually-hidden">Run settings</legend>
        <label className="runner-field runner-what">
          Collection or folder
          <select
            value={target?.folderId ?? ''}
            onChange={(e) => target && openRunner({ collectionId: target.collectionId, ...(e.target.value ? { folderId: e.target.value } : {}) })}
          >
            <option value="">Whole collection</option>
            {folders.map((f) => (
              <option key={f.id} value={f.id}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <label className="runner-field runner-number">
          Iterations
          <input type="number" min={1} max={10000} value={dataRows ? String(dataRows.length) : iterations} disabled={!!data} onChange={(e) => setIterations(e.target.value)} aria-describedby={data ? 'runner-iterations-note' : undefined} />
        </label>
        <label className="runner-field runner-number">
          Delay (ms)
          <input type="number" min={0} step={100} value={delay} onChange={(e) => setDelay(e.target.value)} />
        </label>
        <div className="runner-field runner-data">
          <span id="runner-data-label">Data file (CSV or JSON)</span>
          <div className="runner-data-row">
            <button type="button" onClick={() => fileInput.current?.click()} aria-describedby="runner-data-label">
              {data ? 'Replace…' : 'Choose file…'}
            </button>
            <input ref={fileInput} type="file" accept=".csv,.json,text/csv,application/json" hidden aria-label="Data file" onChange={(e) => void readFile(e.target.files?.[0]).then(() => (e.target.value = ''))} />
            {data ? (
              <>
                <span className="runner-data-name" title={data.name}>
                  {data.name}
                </span>
                <button type="button" className="link-button" onClick={() => setData(null)} aria-label={`Remove the data file ${data.name}`}>
                  Remove
                </button>
              </>
            ) : (
              <span className="muted small">or drop one here</span>
            )}
          </div>
        </div>
      </fieldset>
      {data && 'error' in data && !problem ? (
        <p className="runner-error" role="alert">
          {data.name} cannot be used: {data.error}
        </p>
      ) : null}
      {problem ? (
        <p className="runner-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="runner-actions">
        <p className="runner-progress" role="status" aria-live="polite">
          {running ? (
            progress ? `Iteration ${progress.iteration} of ${progress.iterations} · request ${progress.request}: ${progress.name}` : 'Starting…'
          ) : (
            <span className="muted">
              <span id="runner-iterations-note">{dataRows ? `One iteration per data row (${dataRows.length}) · ` : ''}</span>
              {requests.length} request{requests.length === 1 ? '' : 's'} in order · Environment: <strong>{environmentName ?? 'none'}</strong>
            </span>
          )}
        </p>
        <label className="runner-check">
          <input type="checkbox" checked={bail} disabled={running} onChange={(e) => setBail(e.target.checked)} /> Stop on first failure
        </label>
        {running ? (
          <button type="button" onClick={cancelRun}>
            Cancel run
          </button>
        ) : (
          <button type="button" className="primary" onClick={run} disabled={!found}>
            Run
          </button>
        )}
      </div>
      <RunResults onOpened={closeRunner} />
    </dialog>
  );
}
