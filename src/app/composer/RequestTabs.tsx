import { useRef, type KeyboardEvent } from 'react';
import type { RequestDraft } from '../../core';
import { useWorkbench } from '../store/StoreProvider';

/** The label of a tab: its name, or method and the last path segments of its URL. */
export function tabLabel(draft: RequestDraft): string {
  if (draft.name.trim()) return draft.name.trim();
  const path = draft.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').replace(/[?#].*$/, '');
  const tail = path.split('/').filter(Boolean).slice(-2).join('/');
  return `${draft.method || '?'} ${tail ? `/${tail}` : draft.url || 'new request'}`;
}

/** The open requests as tabs: arrows move between them, Delete closes one, "+" opens a new one. */
export function RequestTabs() {
  const tabs = useWorkbench((s) => s.tabs);
  const activeTabId = useWorkbench((s) => s.activeTabId);
  const activateTab = useWorkbench((s) => s.activateTab);
  const closeTab = useWorkbench((s) => s.closeTab);
  const newTab = useWorkbench((s) => s.newTab);
  const list = useRef<HTMLDivElement>(null);

  const focusTab = (id: string) => requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-tab-id="${id}"]`)?.focus());
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.id === activeTabId);
    let next: number | undefined;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else if (event.key === 'Delete') {
      event.preventDefault();
      const after = tabs[index + 1] ?? tabs[index - 1];
      closeTab(activeTabId);
      if (after) focusTab(after.id);
      return;
    }
    if (next === undefined) return;
    event.preventDefault();
    activateTab(tabs[next]!.id);
    focusTab(tabs[next]!.id);
  };

  return (
    <div className="request-tabs">
      <div role="tablist" aria-label="Open requests" className="request-tablist" ref={list} onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => {
          const label = tabLabel(tab.draft);
          const selected = tab.id === activeTabId;
          return (
            <div key={tab.id} className={`request-tab${selected ? ' request-tab-active' : ''}`}>
              <button
                type="button"
                role="tab"
                data-tab-id={tab.id}
                aria-selected={selected}
                aria-controls="composer-panel"
                tabIndex={selected ? 0 : -1}
                aria-keyshortcuts="Delete"
                title={`${tab.draft.url} — Delete closes this tab`}
                onClick={() => activateTab(tab.id)}
              >
                <span className="request-tab-label">{label}</span>
                {tab.dirty ? (
                  <span className="request-tab-dirty" title="Unsaved changes">
                    <span aria-hidden="true">●</span>
                    <span className="visually-hidden"> (unsaved)</span>
                  </span>
                ) : null}
              </button>
              <button type="button" className="request-tab-close" aria-label={`Close tab ${i + 1} (${label})`} tabIndex={-1} onClick={() => closeTab(tab.id)}>
                ×
              </button>
            </div>
          );
        })}
      </div>
      <button type="button" className="request-tab-new" aria-label="New request" title="New request" onClick={() => newTab()}>
        +
      </button>
    </div>
  );
}
