import { HelpPopover } from '../../base/components/HelpPopover';
import { useMemo, useState, type FormEvent } from 'react';
import { substituteVariables, type CollectionItem, type Result } from '../../../core';
import { useEnvironmentValues } from '../environments/useEnvironmentValues';
import { useWorkbench } from '../../base/state/StoreProvider';
import type { SoapTabState } from './soapSlice';
import { wsdlAddressFor } from './wsdlAddress';
import { describeWsdlProgress } from './wsdlProgress';
import { wsdlWorkerClient } from './wsdlWorkerClient';
import type { WsdlLoaded, WsdlLoadProgress } from './wsdlWorkerProtocol';
import { WsdlWarnings } from './WsdlWarnings';

export interface WsdlSourceProps {
  soap: SoapTabState;
  result: Result<WsdlLoaded> | undefined;
  loading: boolean;
  progress: WsdlLoadProgress | undefined;
  reload(): void;
}

/**
 * The WSDL address (an endpoint gets `?WSDL` appended), Load, the progress of fetching and
 * parsing in the worker, why a load failed, the warnings of one that worked, and importing
 * the whole description as a collection.
 */
export function WsdlSource({ soap, result, loading, progress, reload }: WsdlSourceProps) {
  const updateSoapTab = useWorkbench((s) => s.updateSoapTab);
  const addImportedCollection = useWorkbench((s) => s.addImportedCollection);
  const env = useEnvironmentValues();
  const [problem, setProblem] = useState<string | null>(null);
  const [importNote, setImportNote] = useState<{ tone: 'info' | 'error'; message: string } | null>(null);
  const target = useMemo(() => wsdlAddressFor(substituteVariables(soap.wsdlInput, env).text), [soap.wsdlInput, env]);
  const loaded = result?.ok ? result.value : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!('url' in target)) {
      setProblem(target.message);
      return;
    }
    setProblem(null);
    setImportNote(null);
    if (target.url === soap.wsdlUrl) reload();
    else updateSoapTab((s) => ({ ...s, wsdlUrl: target.url }));
  };

  const importCollection = async () => {
    if (!loaded) return;
    setImportNote({ tone: 'info', message: 'Making a request for every operation…' });
    const made = await wsdlWorkerClient().collection(loaded.key, soap.wsdlUrl);
    if (!made.ok) {
      if (made.error.kind === 'wsdl-not-loaded') reload();
      setImportNote({ tone: 'error', message: made.error.message });
      return;
    }
    const { collection, skipped } = made.value;
    addImportedCollection(collection);
    const count = countRequests(collection.items);
    setImportNote({
      tone: 'info',
      message: `Added the collection “${collection.name}” with ${count} request${count === 1 ? '' : 's'}${skipped.length ? `; ${skipped.length} skipped (${skipped.map((s) => s.item).join(', ')})` : ''}. It is in the Workspace tab of the sidebar.`,
    });
  };

  return (
    <div className="soap-source">
      <form className="soap-source-form" onSubmit={onSubmit} aria-label="WSDL">
        <label htmlFor="soap-wsdl-url">WSDL URL</label>
        <input
          id="soap-wsdl-url"
          value={soap.wsdlInput}
          spellCheck={false}
          autoComplete="off"
          placeholder="https://host/service?WSDL — or the endpoint; ?WSDL is added"
          aria-describedby="soap-wsdl-help"
          aria-invalid={problem !== null}
          onChange={(e) => {
            setProblem(null);
            updateSoapTab((s) => ({ ...s, wsdlInput: e.target.value }));
          }}
        />
        <button type="submit" className="primary small-button" disabled={loading}>
          {loading ? 'Loading…' : soap.wsdlUrl && 'url' in target && target.url === soap.wsdlUrl ? 'Reload WSDL' : 'Load WSDL'}
        </button>
      </form>
      <HelpPopover topic="loading a WSDL" id="soap-wsdl-help">
        {'url' in target ? `Fetches ${target.url} through the relay; parsing runs in a background worker.` : 'Fetched through the relay; parsing runs in a background worker.'}
      </HelpPopover>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      {soap.wsdlUrl && (loading || progress) ? (
        <p className="soap-progress" role="status" data-testid="wsdl-progress">
          {progress ? describeWsdlProgress(progress) : 'Starting…'}
          {loaded && !loading ? ` ${loaded.summary.services.length} service${loaded.summary.services.length === 1 ? '' : 's'}, ${loaded.summary.operationCount} SOAP operations.` : ''}
        </p>
      ) : null}
      {result && !result.ok && !loading ? (
        <p className="field-error" role="alert" data-testid="wsdl-error">
          The WSDL could not be loaded: {result.error.message}
        </p>
      ) : null}
      {loaded ? <WsdlWarnings warnings={loaded.summary.warnings} /> : null}
      {loaded ? (
        <div className="soap-import">
          <button type="button" className="small-button" onClick={() => void importCollection()}>
            Import WSDL as a collection
          </button>
          {importNote ? (
            <span className={importNote.tone === 'error' ? 'field-error' : 'ok-note'} role="status">
              {importNote.message}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function countRequests(items: CollectionItem[]): number {
  let count = 0;
  for (const item of items) count += item.kind === 'folder' ? countRequests(item.items) : 1;
  return count;
}
