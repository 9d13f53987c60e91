import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { MethodBadge } from '../../base/components/MethodBadge';
import { menuKeyDown } from '../../base/components/menuKeys';
import { useWorkbench } from '../../base/state/StoreProvider';
import type { TabMenuAt } from './TabContextMenu';
import { TabContextMenu } from './lazyParts';
import { useTopLayer } from '../../base/components/useTopLayer';
import { distinctTabLabels, tabLabel, type DistinctLabel } from '../../base/state/tabLabel';

export { tabLabel } from '../../base/state/tabLabel';

/** The label without its leading method, which the coloured badge shows. */
function labelAfterMethod(label: string, method: string): string {
  const verb = (method.trim() || 'GET').toUpperCase();
  return label.startsWith(`${verb} `) ? label.slice(verb.length + 1) : label;
}

/** The label the strip and the All tabs menu show: method left to the badge, a namesake's suffix quiet after it. */
function TabName({ name, method }: { name: DistinctLabel; method: string }) {
  return (
    <>
      <span className="request-tab-label">{labelAfterMethod(name.label, method)}</span>
      {name.suffix ? <span className="request-tab-suffix"> · {name.suffix}</span> : null}
    </>
  );
}

/** Scrolls the strip itself (never the page or a pane around it) so the tab is wholly inside it. */
function revealTab(list: HTMLElement, tab: HTMLElement): void {
  const strip = list.getBoundingClientRect();
  const box = (tab.closest('.request-tab') ?? tab).getBoundingClientRect();
  if (box.left < strip.left) list.scrollLeft -= strip.left - box.left;
  else if (box.right > strip.right) list.scrollLeft += Math.min(box.right - strip.right, box.left - strip.left);
}

/**
 * The open requests as tabs: arrows move between them, Delete closes one, "+" (Ctrl/Cmd+T)
 * opens a new one. The strip scrolls; the "All tabs" menu lists every tab, so none hides.
 */
export function RequestTabs() {
  const tabs = useWorkbench((s) => s.tabs);
  const activeTabId = useWorkbench((s) => s.activeTabId);
  const activateTab = useWorkbench((s) => s.activateTab);
  const closeTab = useWorkbench((s) => s.closeTab);
  const newTab = useWorkbench((s) => s.newTab);
  const pinTab = useWorkbench((s) => s.pinTab);
  const list = useRef<HTMLDivElement>(null);
  const [menuAt, setMenuAt] = useState<TabMenuAt | null>(null);
  const closeMenu = useCallback((returnFocus: boolean) => {
    setMenuAt((at) => {
      if (at && returnFocus) requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-tab-id="${at.tabId}"]`)?.focus());
      return null;
    });
  }, []);

  const names = useMemo(() => distinctTabLabels(tabs.map((t) => t.draft)), [tabs]);
  const activeName = names[tabs.findIndex((t) => t.id === activeTabId)];
  // The active tab is always wholly inside the strip, however many are open and however its name grows.
  useLayoutEffect(() => {
    const strip = list.current;
    const tab = strip?.querySelector<HTMLElement>(`[data-tab-id="${activeTabId}"]`);
    if (!strip || !tab) return;
    // Not measured here: reading the layout in a commit lays out the whole page in the commit's task
    // (75 ms of the first screen's). A ResizeObserver reports once the frame's own layout is done, and
    // its first report comes for every observed box, so the tab is revealed in that frame, before paint.
    if (typeof ResizeObserver === 'undefined') return revealTab(strip, tab);
    const observer = new ResizeObserver(() => revealTab(strip, tab));
    observer.observe(strip);
    return () => observer.disconnect();
  }, [activeTabId, tabs.length, activeName?.label, activeName?.suffix]);

  const focusTab = (id: string) => requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-tab-id="${id}"]`)?.focus());
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.id === activeTabId);
    let next: number | undefined;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      event.preventDefault();
      const target = (event.target as HTMLElement).closest<HTMLElement>('[data-tab-id]');
      const box = (target ?? (event.target as HTMLElement)).getBoundingClientRect();
      setMenuAt({ tabId: target?.dataset.tabId ?? activeTabId, x: box.left, y: box.bottom + 2 });
      return;
    } else if (event.key === 'Delete') {
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
          const name = names[i]!;
          const label = name.suffix ? `${name.label} · ${name.suffix}` : name.label;
          const selected = tab.id === activeTabId;
          return (
            <div
              key={tab.id}
              className={`request-tab${selected ? ' request-tab-active' : ''}${tab.preview ? ' request-tab-preview' : ''}`}
              onContextMenu={(event) => {
                event.preventDefault();
                setMenuAt({ tabId: tab.id, x: event.clientX, y: event.clientY });
              }}
            >
              <button
                type="button"
                role="tab"
                data-tab-id={tab.id}
                aria-selected={selected}
                aria-controls="composer-panel"
                tabIndex={selected ? 0 : -1}
                aria-keyshortcuts="Delete Shift+F10"
                aria-haspopup="menu"
                title={`${tab.draft.method} ${tab.draft.url} — Delete closes this tab; right-click or Shift+F10 for more`}
                onClick={() => activateTab(tab.id)}
                onDoubleClick={() => pinTab(tab.id)}
              >
                <MethodBadge method={tab.draft.method} />
                <span className="visually-hidden"> </span>
                <TabName name={name} method={tab.draft.method} />
                {/* A preview tab (italic title) is replaced by the next preview; double-click, "Open" or an edit keeps it. */}
                {tab.preview ? <span className="visually-hidden"> (preview)</span> : null}
                {tab.dirty ? (
                  <span className="request-tab-dirty" title="Unsaved changes">
                    <span aria-hidden="true">●</span>
                    <span className="visually-hidden"> (unsaved)</span>
                  </span>
                ) : null}
              </button>
              {/* For the pointer only: out of the tab list's accessibility tree (a tab list holds tabs); Delete on a tab and the palette close it by keyboard. */}
              <button type="button" className="request-tab-close" aria-hidden="true" title={`Close tab ${i + 1} (${label})`} tabIndex={-1} onClick={() => closeTab(tab.id)}>
                ×
              </button>
            </div>
          );
        })}
      </div>
      {menuAt ? <TabContextMenu at={menuAt} onClose={closeMenu} /> : null}
      <AllTabsMenu names={names} />
      <button type="button" className="request-tab-new" aria-label="New request" title="New request (Ctrl+T)" aria-keyshortcuts="Control+T Meta+T" onClick={() => newTab()}>
        +
      </button>
    </div>
  );
}

/** Every open tab in a menu: the way to a tab scrolled out of the strip. */
function AllTabsMenu({ names }: { names: DistinctLabel[] }) {
  const tabs = useWorkbench((s) => s.tabs);
  const activeTabId = useWorkbench((s) => s.activeTabId);
  const activateTab = useWorkbench((s) => s.activateTab);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  useTopLayer(menu, open, { element: button }, { align: 'end' });

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[aria-checked="true"], [role="menuitemradio"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (returnFocus = true) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  return (
    <div className="tabs-menu">
      <button ref={button} type="button" className="request-tab-all" aria-haspopup="menu" aria-expanded={open} aria-label={`All tabs (${tabs.length})`} title="All open tabs" onClick={() => setOpen((o) => !o)}>
        ▾ <span className="tabs-count">{tabs.length}</span>
      </button>
      {open ? (
        <div role="menu" aria-label="Open tabs" className="menu-list tabs-menu-list" ref={menu} onKeyDown={(event) => menuKeyDown(event, close)}>
          {tabs.map((tab, i) => (
            <button
              key={tab.id}
              type="button"
              role="menuitemradio"
              aria-checked={tab.id === activeTabId}
              tabIndex={-1}
              onClick={() => {
                activateTab(tab.id);
                close();
              }}
            >
              <MethodBadge method={tab.draft.method} />{' '}
              <span className="menu-item-label">
                <TabName name={names[i] ?? { label: tabLabel(tab.draft) }} method={tab.draft.method} />
              </span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
