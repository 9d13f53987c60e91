/**
 * The context menu of a request tab (right-click, or the Menu key / Shift+F10 on a focused
 * tab): duplicate, save, close, close the others. Arrows move, Enter runs, Esc closes and
 * gives focus back to the tab.
 */
import { useEffect, useRef } from 'react';
import { menuKeyDown } from '../../base/components/menuKeys';
import { useWorkbench } from '../../base/state/StoreProvider';
import { useTopLayer } from '../../base/components/useTopLayer';

export interface TabMenuAt {
  tabId: string;
  x: number;
  y: number;
}

export function TabContextMenu({ at, onClose }: { at: TabMenuAt; onClose(returnFocus: boolean): void }) {
  const tabs = useWorkbench((s) => s.tabs);
  const duplicateTab = useWorkbench((s) => s.duplicateTab);
  const closeTab = useWorkbench((s) => s.closeTab);
  const closeOtherTabs = useWorkbench((s) => s.closeOtherTabs);
  const activateTab = useWorkbench((s) => s.activateTab);
  const save = useWorkbench((s) => s.saveCurrentRequest);
  const menu = useRef<HTMLDivElement>(null);
  // Above both panes, kept inside the window whatever the click position.
  useTopLayer(menu, true, { x: at.x, y: at.y }, { gap: 0 });

  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) onClose(false);
    };
    document.addEventListener('pointerdown', onPointer, true);
    return () => document.removeEventListener('pointerdown', onPointer, true);
  }, [onClose]);

  const items: { label: string; shortcut?: string; disabled?: boolean; run(): void }[] = [
    { label: 'Duplicate tab', run: () => duplicateTab(at.tabId) },
    {
      label: 'Save',
      shortcut: 'Ctrl+S',
      run: () => {
        activateTab(at.tabId);
        save();
      },
    },
    { label: 'Close tab', shortcut: 'Delete', run: () => closeTab(at.tabId) },
    { label: 'Close other tabs', disabled: tabs.length < 2, run: () => closeOtherTabs(at.tabId) },
  ];

  return (
    <div role="menu" aria-label="Tab actions" className="menu-list context-menu" ref={menu} onKeyDown={(event) => menuKeyDown(event, onClose)}>
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          aria-disabled={item.disabled ? 'true' : undefined}
          onClick={() => {
            if (item.disabled) return;
            onClose(false);
            item.run();
          }}
        >
          <span className="menu-item-label">{item.label}</span>
          {item.shortcut ? <span className="tree-menu-shortcut">{item.shortcut}</span> : null}
        </button>
      ))}
    </div>
  );
}
