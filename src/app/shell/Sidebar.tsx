import { PaneBoundary } from '../base/components/PaneBoundary';
import type { KeyboardEvent } from 'react';
import { useWorkbench } from '../base/state/StoreProvider';
// Each panel's code loads when it is first shown (see lazyParts.tsx).
import { CookiesSection } from './CookiesSection';
import { LessonsPanel, VaultPanel, WorkspacePanel } from './lazyParts';
import { useAfterFirstScreen } from '../base/lazy/afterFirstScreen';
import { PartLoading } from '../base/lazy/PartLoading';

const PANELS = [
  { id: 'lessons', label: 'Lessons', render: () => <LessonsPanel /> },
  { id: 'workspace', label: 'Workspace', render: () => <WorkspacePanel /> },
  { id: 'vault', label: 'Vault', render: () => <VaultPanel /> },
  { id: 'cookies', label: 'Cookies', render: () => <CookiesSection /> },
] as const;

type PanelId = (typeof PANELS)[number]['id'];

/** The left sidebar (collapsible with Ctrl+B, resizable): lessons, saved work and history, the token vault, the cookie jar — one at a time, as tabs. */
export function Sidebar() {
  // In the store, so the palette and the empty response pane can open a section.
  const active = useWorkbench((s) => s.sidebarSection);
  const showSection = useWorkbench((s) => s.showSidebarSection);
  const setActive = (id: PanelId) => showSection(id);
  // The shown panel's code and content (the lessons, by default) come once the request line is usable.
  const settled = useAfterFirstScreen();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = PANELS.findIndex((p) => p.id === active);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = PANELS[(index + step + PANELS.length) % PANELS.length]!;
    setActive(next.id);
    document.getElementById(`sidebar-tab-${next.id}`)?.focus();
  };
  const panel = PANELS.find((p) => p.id === active)!;
  return (
    <nav className="sidebar" id="sidebar" aria-label="Sidebar">
      <div role="tablist" aria-label="Sidebar sections" className="sidebar-tabs" onKeyDown={onKeyDown}>
        {PANELS.map((p) => (
          <button
            key={p.id}
            id={`sidebar-tab-${p.id}`}
            role="tab"
            type="button"
            aria-selected={p.id === active}
            aria-controls={`sidebar-panel-${p.id}`}
            tabIndex={p.id === active ? 0 : -1}
            onClick={() => setActive(p.id)}
          >
            {p.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`sidebar-panel-${panel.id}`} aria-labelledby={`sidebar-tab-${panel.id}`} className="sidebar-panel">
        <PaneBoundary key={panel.id} name={`The ${panel.label} panel`}>
          {settled ? panel.render() : <PartLoading what={`the ${panel.label.toLowerCase()}`} minHeight="12rem" />}
        </PaneBoundary>
      </div>
    </nav>
  );
}
