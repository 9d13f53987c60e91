import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTopLayer } from '../../base/components/useTopLayer';

/** One action of a row's menu. */
export interface TreeRowAction {
  label: string;
  run(): void;
  danger?: boolean;
  shortcut?: string;
}

export interface TreeRowMenuProps {
  /** Names the row in the button's label: "Actions for <name>". */
  name: string;
  actions: TreeRowAction[];
  /** Opens the menu from outside (Shift+F10, the context-menu key or a right-click on the row). */
  open: boolean;
  /** Where a right-click opened it: the menu is placed at the pointer instead of under its button. */
  at?: { x: number; y: number } | undefined;
  onOpenChange(open: boolean): void;
  /** Where focus goes when the menu closes without an action that moves it. */
  onClose(): void;
}

/**
 * A row's actions as a menu button: arrows move between items, Enter runs one, Escape
 * closes and gives focus back to the row. The button itself is out of the tab order —
 * the row opens the menu with Shift+F10 or the context-menu key.
 */
export function TreeRowMenu({ name, actions, open, at, onOpenChange, onClose }: TreeRowMenuProps) {
  const [active, setActive] = useState(0);
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Above both panes and the sidebar's scrolling, inside the window.
  useTopLayer(menu, open, at ?? { element: button }, { align: at ? 'start' : 'end' });
  const change = useRef(onOpenChange);
  change.current = onOpenChange;

  // Runs when the menu opens, not on every render of the tree while it is open (focus would jump back).
  useEffect(() => {
    if (!open) return;
    setActive(0);
    requestAnimationFrame(() => menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus());
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) change.current(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const focusItem = (index: number) => {
    const items = menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
    if (!items || items.length === 0) return;
    const next = (index + items.length) % items.length;
    setActive(next);
    items[next]!.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    event.stopPropagation();
    if (event.key === 'ArrowDown') focusItem(active + 1);
    else if (event.key === 'ArrowUp') focusItem(active - 1);
    else if (event.key === 'Home') focusItem(0);
    else if (event.key === 'End') focusItem(actions.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') {
      onOpenChange(false);
      onClose();
    } else return;
    event.preventDefault();
  };

  return (
    <span className="tree-menu">
      <button
        ref={button}
        type="button"
        className="icon-button tree-menu-button"
        tabIndex={-1}
        aria-label={`Actions for ${name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={(event) => {
          event.stopPropagation();
          onOpenChange(!open);
        }}
      >
        ⋯
      </button>
      {open ? (
        <div ref={menu} role="menu" aria-label={`Actions for ${name}`} className="tree-menu-list" onKeyDown={onKeyDown} onClick={(e) => e.stopPropagation()}>
          {actions.map((action, i) => (
            <button
              key={action.label}
              type="button"
              role="menuitem"
              tabIndex={i === active ? 0 : -1}
              className={action.danger ? 'tree-menu-danger' : undefined}
              aria-keyshortcuts={action.shortcut}
              onClick={() => {
                onOpenChange(false);
                action.run();
              }}
            >
              {action.label}
              {action.shortcut ? (
                <span className="tree-menu-shortcut" aria-hidden="true">
                  {action.shortcut.replace('ArrowUp', '↑').replace('ArrowDown', '↓')}
                </span>
              ) : null}
            </button>
          ))}
        </div>
      ) : null}
    </span>
  );
}
