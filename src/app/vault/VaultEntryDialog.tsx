import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useVault } from './useVault';
import { VaultEntryForm } from './VaultEntryForm';
import { VaultExchangeLog } from './VaultExchangeLog';
import { VaultTokenView } from './VaultTokenView';

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
      <div role="tabpanel" id={`vault-tabpanel-${tab}`} aria-labelledby={`vault-tab-${tab}`} className="vault-tabpanel">
        {tab === 'token' && <VaultTokenView record={record} onEditSettings={() => setTab('settings')} />}
        {tab === 'settings' && <VaultEntryForm record={record} />}
        {tab === 'log' && <VaultExchangeLog log={record.log} />}
      </div>
    </dialog>
  );
}
