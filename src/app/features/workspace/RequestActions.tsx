import { useEffect, useState } from 'react';
import { buildWireRequest, type WireRequest } from '../../../core';
import { activeEnvironmentValues } from '../environments/environmentsSlice';
import { useWorkbench, useWorkbenchApi } from '../../base/state/StoreProvider';
import { SnippetDialog, SaveRequestDialog } from './lazyParts';
import { copyText } from './textTransfer';

/**
 * The cURL writer (with its shell quoting and form-field syntax) loads with the first Copy
 * as cURL, not with the first screen (issue 14).
 */
const loadCurlExport = () => import('../../../core/formats/curlExport');

/**
 * The composer's workspace actions: Save (Ctrl+S; asks where the first time), Copy as
 * cURL (secrets as `{{variables}}`), and Code for the request in other languages. Also
 * shows what a pasted cURL command did.
 */
export function RequestActions() {
  const store = useWorkbenchApi();
  const notice = useWorkbench((s) => s.requestNotice);
  const savePending = useWorkbench((s) => s.pendingSave !== null);
  const setNotice = useWorkbench((s) => s.setRequestNotice);
  const linked = useWorkbench((s) => s.tabLinks[s.activeTabId] !== undefined);
  const dirty = useWorkbench((s) => s.tabs.find((t) => t.id === s.activeTabId)?.dirty ?? false);
  const [snippet, setSnippet] = useState<{ wire: WireRequest | null; problem?: string; vaultPending?: boolean } | null>(null);

  useEffect(() => {
    if (!notice || notice.tone === 'error') return;
    const timer = setTimeout(() => setNotice(null), 8000);
    return () => clearTimeout(timer);
  }, [notice, setNotice]);

  const build = () => {
    const state = store.getState();
    return buildWireRequest(state.draft, activeEnvironmentValues(state));
  };

  const copyCurl = async () => {
    const built = build();
    if (!built.ok) {
      setNotice({ tone: 'error', message: `No cURL yet: ${built.error.message}` });
      return;
    }
    const { options } = store.getState().draft;
    let toCurl: Awaited<ReturnType<typeof loadCurlExport>>['toCurl'];
    try {
      ({ toCurl } = await loadCurlExport());
    } catch (err) {
      setNotice({ tone: 'error', message: `The cURL writer could not be loaded (${(err as Error).message}); try again.` });
      return;
    }
    const command = toCurl(built.value.wire, { multiline: true, followRedirects: options.followRedirects, insecureTls: options.insecureTls });
    const copied = await copyText(command);
    setNotice(copied ? { tone: 'info', message: 'Copied the cURL command (secrets as {{variables}}).' } : { tone: 'error', message: `The browser refused the clipboard. The command: ${command}` });
  };

  const openCode = () => {
    const built = build();
    setSnippet(built.ok ? { wire: built.value.wire, vaultPending: built.value.vaultPending } : { wire: null, problem: built.error.message });
  };

  return (
    <div className="request-actions" role="group" aria-label="Save and export">
      <button type="button" onClick={() => store.getState().saveCurrentRequest()} aria-keyshortcuts="Control+S Meta+S" title={linked ? 'Save to its collection (Ctrl+S)' : 'Save into a collection (Ctrl+S)'}>
        {linked && !dirty ? 'Saved' : 'Save'}
      </button>
      <button type="button" onClick={() => void copyCurl()}>
        Copy as cURL
      </button>
      <button type="button" onClick={openCode}>
        Code…
      </button>
      {notice ? (
        <p className={`request-notice ${notice.tone === 'error' ? 'field-error' : 'muted'}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
          {notice.message}
          <button type="button" className="icon-button" aria-label="Dismiss message" onClick={() => setNotice(null)}>
            ×
          </button>
        </p>
      ) : null}
      <SaveRequestDialog wanted={savePending} />
      <SnippetDialog wire={snippet?.wire ?? null} problem={snippet?.problem} vaultPending={snippet?.vaultPending} onClose={() => setSnippet(null)} />
    </div>
  );
}
