import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { pageGrantRuns } from './pageGrantRuns';
import { useVault } from './useVault';
import { blockingProblems, useVaultEntryDraft } from './vaultEntryDraft';
import { VaultEntryForm } from './VaultEntryForm';
import { VaultExchangeLog } from './VaultExchangeLog';
import { VaultTokenView, type GrantStarter } from './VaultTokenView';
import type { VaultEntryRecord } from './vaultPayload';

const TABS = [
  { id: 'token', label: 'Token' },
  { id: 'settings', label: 'Settings' },
  { id: 'log', label: 'Exchange log' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** One entry in a modal dialog: its token and flow, its settings, its exchange log. */
export function VaultEntryDialog({ entryId, onClose }: { entryId: string; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const record = useVault((s) => s.entries.find((e) => e.config.id === entryId));
  const hasRefreshToken = record?.state.phase !== 'empty';
  const [tab, setTab] = useState<TabId>(hasRefreshToken ? 'token' : 'settings');

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  useEffect(() => {
    if (!record) onClose();
  }, [record, onClose]);
  if (!record) return null;

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(TABS.findIndex((t) => t.id === tab) + step + TABS.length) % TABS.length]!;
    setTab(next.id);
    document.getElementById(`vault-tab-${next.id}`)?.focus();
  };

  return (
    <dialog ref={dialog} className="vault-dialog" aria-labelledby="vault-dialog-title" onClose={onClose}>
      <header className="vault-dialog-head">
        <h2 id="vault-dialog-title">Vault entry: {record.config.name}</h2>
        <button type="button" onClick={() => dialog.current?.close()} aria-label="Close the entry">
          Close
        </button>
      </header>
      <div role="tablist" aria-label="Entry sections" className="vault-tabs" onKeyDown={onTabKey}>
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`vault-tab-${t.id}`}
            role="tab"
            type="button"
            aria-selected={t.id === tab}
            aria-controls={`vault-tabpanel-${t.id}`}
            tabIndex={t.id === tab ? 0 : -1}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <VaultEntrySections record={record} tab={tab} onTab={setTab} />
    </dialog>
  );
}

/**
 * The open tab's content. The settings draft lives here, not in the form, so switching
 * tabs keeps unsaved edits, and "Get tokens" saves them first — checked as the form checks
 * them — the way Postman and Insomnia run a grant with what the form shows.
 */
function VaultEntrySections({ record, tab, onTab }: { record: VaultEntryRecord; tab: TabId; onTab(tab: TabId): void }) {
  const draft = useVaultEntryDraft(record);
  const [startProblem, setStartProblem] = useState<string | undefined>();
  const id = record.config.id;
  const unsaved = draft.saved === 'unsaved';

  const start = async () => {
    setStartProblem(undefined);
    if (unsaved) {
      const blocking = blockingProblems(draft.problems);
      if (blocking.length) {
        setStartProblem(`Not started: the unsaved settings have ${blocking.length === 1 ? 'a problem' : `${blocking.length} problems`}: ${blocking.map((p) => p.message).join(' ')} Fix ${blocking.length === 1 ? 'it' : 'them'} under Settings.`);
        return;
      }
      draft.save();
    }
    const runs = pageGrantRuns();
    const started = await runs.start(id);
    if (!started.ok && !runs.store.getState().runs[id]) setStartProblem(started.error.message);
  };
  const starter: GrantStarter = { unsaved, problem: startProblem, start: () => void start() };

  return (
    <div role="tabpanel" id={`vault-tabpanel-${tab}`} aria-labelledby={`vault-tab-${tab}`} className="vault-tabpanel">
      {tab === 'token' && <VaultTokenView record={record} onEditSettings={() => onTab('settings')} starter={starter} />}
      {tab === 'settings' && (
        <VaultEntryForm
          record={record}
          draft={draft}
          onSaveAndGetTokens={() => {
            onTab('token');
            void start();
          }}
        />
      )}
      {tab === 'log' && <VaultExchangeLog log={record.log} />}
    </div>
  );
}
