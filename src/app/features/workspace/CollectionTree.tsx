import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { findItem, type Collection } from '../../../core';
import { useWorkbench, useWorkbenchApi } from '../../base/state/StoreProvider';
import { collectionNameTaken } from './workspaceSlice';
import { dropTarget, isLargeTree, searchTreeRows, treeRowKey, treeRows, type DropPlace, type TreeRow } from './collectionTreeRows';
import { CollectionTreeRow } from './CollectionTreeRow';
import type { TreeRowAction } from './TreeRowMenu';
import { openRunner } from './runnerSlot';

export interface CollectionTreeProps {
  /** Search text; when not blank the tree shows matches only. */
  search: string;
  onEditVariables(collectionId: string): void;
  onExport(collectionId: string): void;
  /** A collection just created that should be named now (its name field opens, as a new folder's does). */
  renameRequest?: string | null;
  /** Called once the name field for `renameRequest` is open. */
  onRenameStarted?(): void;
}

interface Dragging {
  collectionId: string;
  itemId: string;
  parentId: string | null;
  index: number;
}

function childCount(collections: readonly Collection[], row: TreeRow): number {
  const collection = collections.find((c) => c.id === row.collectionId);
  if (!collection) return 0;
  if (row.kind === 'collection') return collection.items.length;
  const item = row.item && findItem(collection.items, row.item.id)?.item;
  return item?.kind === 'folder' ? item.items.length : 0;
}

/** Row height the virtualiser assumes before it has measured a row (a search result with its path is taller). */
const ROW_ESTIMATE = 28;

/**
 * Collections as a tree: click or Enter opens a request, arrows move and fold, F2
 * renames, Delete deletes (with Undo), Alt+arrows reorder (Alt+←/→ out of and into
 * folders), Shift+F10, the context-menu key or a right-click opens a row's actions; rows
 * can be dragged before, after or into others. Virtualised: only the rows in view (and the
 * focused, renamed or menu row) are in the page, so 100,000 requests cost what 40 do.
 */
export function CollectionTree({ search, onEditVariables, onExport, renameRequest, onRenameStarted }: CollectionTreeProps) {
  const store = useWorkbenchApi();
  const collections = useWorkbench((s) => s.collections);
  const tabLinks = useWorkbench((s) => s.tabLinks);
  const activeTabId = useWorkbench((s) => s.activeTabId);
  const selectedCollectionId = useWorkbench((s) => s.selectedCollectionId);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  /** Why the name typed cannot be taken (another collection has it); the field stays open. */
  const [renameError, setRenameError] = useState<string | null>(null);
  /** The row whose menu is open, and the pointer position when a right-click opened it. */
  const [menu, setMenu] = useState<{ key: string; at?: { x: number; y: number } } | null>(null);
  const menuKey = menu?.key ?? null;
  const setMenuKey = (key: string | null) => setMenu(key === null ? null : { key });
  const [dropHint, setDropHint] = useState<{ key: string; place: DropPlace } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const dragging = useRef<Dragging | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const wantFocus = useRef(false);
  /** Set by Escape and Enter, so the blur that follows neither renames nor renames twice. */
  const renameDone = useRef(false);

  const searching = search.trim() !== '';
  const rows = useMemo(() => (searching ? searchTreeRows(collections, search) : treeRows(collections, collapsed)), [collections, collapsed, search, searching]);
  const activeLink = tabLinks[activeTabId];
  const activeKey = activeLink ? treeRowKey(activeLink.collectionId, activeLink.requestId) : null;
  const current = rows.find((r) => r.key === focusedKey) ?? rows.find((r) => r.key === activeKey) ?? rows[0];
  const currentIndex = current ? rows.indexOf(current) : -1;
  // Rows that must stay in the page wherever the list is scrolled: the one with focus (the tree's tab stop), the one being renamed, the one whose menu is open.
  const pinned = useMemo(() => {
    const keys = new Set([current?.key, renaming, menuKey].filter((k): k is string => typeof k === 'string'));
    return rows.flatMap((r, i) => (keys.has(r.key) ? [i] : []));
  }, [rows, current?.key, renaming, menuKey]);
  const rangeExtractor = useCallback((range: Range) => [...new Set([...defaultRangeExtractor(range), ...pinned])].sort((a, b) => a - b), [pinned]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => list.current,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 12,
    getItemKey: (index) => rows[index]?.key ?? index,
    rangeExtractor,
  });

  useEffect(() => {
    if (!wantFocus.current || !current) return;
    const key = current.key;
    const element = list.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`);
    if (!element) return;
    wantFocus.current = false;
    virtualizer.scrollToIndex(currentIndex, { align: 'auto' });
    element.focus({ preventScroll: true });
    if (document.activeElement === element) return;
    // The focus did not take (the row was replaced by the scroll's re-render, say): tried again for a few
    // frames, the row found again by its key, unless the person has gone elsewhere meanwhile.
    let frames = 0;
    const retry = () => {
      const again = list.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`);
      const elsewhere = document.activeElement !== document.body && !list.current?.contains(document.activeElement);
      if (!again || elsewhere || document.activeElement === again) return;
      again.focus({ preventScroll: true });
      if (document.activeElement !== again && ++frames < 10) requestAnimationFrame(retry);
    };
    requestAnimationFrame(retry);
  });

  useEffect(() => {
    if (!renameRequest || !rows.some((r) => r.key === renameRequest)) return;
    setRenaming(renameRequest);
    setRenameError(null);
    setFocusedKey(renameRequest);
    onRenameStarted?.();
  }, [renameRequest, rows, onRenameStarted]);

  const focusRow = (key: string) => {
    wantFocus.current = true;
    setFocusedKey(key);
  };

  const toggle = (row: TreeRow, open?: boolean) => {
    // The set holds the rows toggled away from where they start: open, but a large collection's folders closed (collectionTreeRows.ts).
    const collection = row.kind === 'collection' ? undefined : collections.find((c) => c.id === row.collectionId);
    const startsClosed = collection !== undefined && isLargeTree(collection);
    setCollapsed((previous) => {
      const next = new Set(previous);
      const shouldOpen = open ?? (row.expanded === undefined ? next.has(row.key) !== startsClosed : !row.expanded);
      if (shouldOpen === startsClosed) next.add(row.key);
      else next.delete(row.key);
      return next;
    });
  };

  const activate = (row: TreeRow) => {
    const state = store.getState();
    if (row.kind === 'request') state.openSavedRequest(row.collectionId, row.item!.id);
    else {
      if (row.kind === 'collection') state.selectCollection(row.collectionId);
      if (!searching) toggle(row);
    }
  };

  const remove = (row: TreeRow) => {
    const state = store.getState();
    const at = rows.indexOf(row);
    const neighbour = rows[at + 1]?.level === row.level ? rows[at + 1] : rows[at - 1];
    if (row.kind === 'collection') state.removeCollection(row.collectionId);
    else state.removeWorkspaceItem(row.collectionId, row.item!.id);
    if (neighbour) focusRow(neighbour.key);
  };

  const move = (row: TreeRow, direction: 'up' | 'down' | 'out' | 'in') => {
    if (row.kind === 'collection' || searching) return;
    const state = store.getState();
    const collection = state.collections.find((c) => c.id === row.collectionId);
    if (!collection) return;
    const id = row.item!.id;
    const parentId = row.parentId ?? null;
    try {
      if (direction === 'up' && row.index > 0) state.moveWorkspaceItem(row.collectionId, id, parentId, row.index - 1);
      else if (direction === 'down' && row.index < row.siblings - 1) state.moveWorkspaceItem(row.collectionId, id, parentId, row.index + 1);
      else if (direction === 'out' && parentId !== null) {
        const parent = findItem(collection.items, parentId)!;
        state.moveWorkspaceItem(row.collectionId, id, parent.parentId, parent.index + 1);
      } else if (direction === 'in') {
        const siblings = parentId === null ? collection.items : (findItem(collection.items, parentId)!.item as { items: Collection['items'] }).items;
        const previous = siblings[row.index - 1];
        if (!previous || previous.kind !== 'folder') return;
        state.moveWorkspaceItem(row.collectionId, id, previous.id, previous.items.length);
        toggle({ ...row, key: treeRowKey(row.collectionId, previous.id) }, true);
      } else return;
    } catch {
      return;
    }
    setAnnouncement(`Moved ${row.name}`);
    focusRow(row.key);
  };

  const actionsFor = (row: TreeRow): TreeRowAction[] => {
    const state = store.getState();
    const actions: TreeRowAction[] = [];
    if (row.kind === 'request') actions.push({ label: 'Open', shortcut: 'Enter', run: () => activate(row) });
    if (row.kind !== 'request') {
      // The collection runner (issue 18): this collection or folder, in order.
      actions.push({ label: 'Run…', run: () => openRunner({ collectionId: row.collectionId, ...(row.kind === 'folder' ? { folderId: row.item!.id } : {}) }) });
      actions.push({
        label: 'New folder',
        run: () => {
          const id = state.addFolder(row.collectionId, row.kind === 'folder' ? row.item!.id : null, 'New folder');
          toggle(row, true);
          const key = treeRowKey(row.collectionId, id);
          setRenaming(key);
          setFocusedKey(key);
        },
      });
    }
    actions.push({ label: 'Rename', shortcut: 'F2', run: () => startRename(row.key) });
    actions.push({
      label: 'Duplicate',
      run: () => {
        const id = row.kind === 'collection' ? state.duplicateCollection(row.collectionId) : state.duplicateWorkspaceItem(row.collectionId, row.item!.id);
        focusRow(row.kind === 'collection' ? id : treeRowKey(row.collectionId, id));
      },
    });
    if (row.kind === 'collection') {
      actions.push({ label: 'Variables…', run: () => onEditVariables(row.collectionId) });
      actions.push({ label: 'Export…', run: () => onExport(row.collectionId) });
    } else if (!searching) {
      actions.push({ label: 'Move up', shortcut: 'Alt+ArrowUp', run: () => move(row, 'up') });
      actions.push({ label: 'Move down', shortcut: 'Alt+ArrowDown', run: () => move(row, 'down') });
    }
    actions.push({ label: 'Delete', shortcut: 'Delete', danger: true, run: () => remove(row) });
    return actions;
  };

  const startRename = (key: string) => {
    setRenameError(null);
    setRenaming(key);
  };

  const commitRename = (row: TreeRow, name: string) => {
    const state = store.getState();
    const trimmed = name.trim();
    if (row.kind === 'collection' && trimmed !== row.name && collectionNameTaken(state.collections, trimmed, row.collectionId)) {
      setRenameError(`A collection named "${trimmed}" already exists: choose another name, or Esc to keep "${row.name}".`);
      return;
    }
    renameDone.current = true;
    setRenaming(null);
    setRenameError(null);
    if (name.trim() && name.trim() !== row.name) {
      if (row.kind === 'collection') state.renameCollection(row.collectionId, name);
      else state.renameWorkspaceItem(row.collectionId, row.item!.id, name);
    }
    focusRow(row.key);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, row: TreeRow) => {
    if (renaming) return;
    const at = rows.indexOf(row);
    const go = (index: number) => rows[index] && focusRow(rows[index]!.key);
    if (event.altKey && ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].includes(event.key)) {
      event.preventDefault();
      move(row, event.key === 'ArrowUp' ? 'up' : event.key === 'ArrowDown' ? 'down' : event.key === 'ArrowLeft' ? 'out' : 'in');
      return;
    }
    switch (event.key) {
      case 'ArrowDown':
        go(at + 1);
        break;
      case 'ArrowUp':
        go(at - 1);
        break;
      case 'Home':
        go(0);
        break;
      case 'End':
        go(rows.length - 1);
        break;
      case 'ArrowRight':
        if (row.expanded === false && !searching) toggle(row, true);
        else if (row.expanded && rows[at + 1]?.level === row.level + 1) go(at + 1);
        break;
      case 'ArrowLeft':
        if (row.expanded && !searching) toggle(row, false);
        else {
          const parent = rows.slice(0, at).reverse().find((r) => r.level === row.level - 1);
          if (parent) focusRow(parent.key);
        }
        break;
      case 'Enter':
        activate(row);
        break;
      case 'F2':
        startRename(row.key);
        break;
      case 'Delete':
        remove(row);
        break;
      case 'ContextMenu':
        setMenuKey(row.key);
        break;
      case 'F10':
        if (!event.shiftKey) return;
        setMenuKey(row.key);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const placeOf = (event: DragEvent<HTMLElement>, row: TreeRow): DropPlace => {
    if (row.kind === 'collection') return 'inside';
    const box = event.currentTarget.getBoundingClientRect();
    const y = (event.clientY - box.top) / Math.max(1, box.height);
    if (row.kind === 'folder') return y < 0.25 ? 'before' : y > 0.75 ? 'after' : 'inside';
    return y < 0.5 ? 'before' : 'after';
  };

  const onDrop = (event: DragEvent<HTMLElement>, row: TreeRow) => {
    event.preventDefault();
    setDropHint(null);
    const moving = dragging.current;
    dragging.current = null;
    if (!moving || row.key === treeRowKey(moving.collectionId, moving.itemId)) return;
    const target = dropTarget(row, placeOf(event, row), moving, childCount(collections, row));
    try {
      store.getState().moveWorkspaceItem(moving.collectionId, moving.itemId, target.folderId, target.index, target.collectionId);
      setAnnouncement('Moved');
      focusRow(treeRowKey(target.collectionId, moving.itemId));
    } catch {
      // A folder dropped into itself: nothing moves.
    }
  };

  if (rows.length === 0) {
    return <p className="muted workspace-empty">{searching ? 'Nothing matches.' : 'No collections yet. Create one, import a file, or press Ctrl+S in a request to save it.'}</p>;
  }

  return (
    <>
      <div ref={list} role="tree" aria-label={searching ? 'Search results' : 'Collections'} className="collection-tree">
        <div role="presentation" className="collection-tree-rows" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index]!;
            const open = menuKey === row.key;
            return (
              <CollectionTreeRow
                key={row.key}
                row={row}
                index={item.index}
                style={{ transform: `translateY(${item.start}px)` }}
                measure={virtualizer.measureElement}
                focused={row.key === current?.key}
                active={row.key === activeKey}
                selectedCollection={row.kind === 'collection' && row.collectionId === selectedCollectionId}
                searching={searching}
                dropHint={dropHint?.key === row.key ? dropHint.place : undefined}
                draggable={row.kind !== 'collection' && !searching && renaming !== row.key}
                renaming={renaming === row.key}
                renameError={renameError}
                menu={{ open, actions: open ? actionsFor(row) : [], at: open ? menu?.at : undefined }}
                onMenuChange={(next) => setMenuKey(next ? row.key : null)}
                onMenuClose={() => focusRow(row.key)}
                onFocus={() => setFocusedKey(row.key)}
                onActivate={() => activate(row)}
                onKeyDown={(e) => onKeyDown(e, row)}
                onContextMenu={(event) => {
                  // The row's own menu instead of the browser's, where the pointer is.
                  event.preventDefault();
                  setFocusedKey(row.key);
                  setMenu({ key: row.key, at: { x: event.clientX, y: event.clientY } });
                }}
                onDragStart={(event) => {
                  dragging.current = { collectionId: row.collectionId, itemId: row.item!.id, parentId: row.parentId ?? null, index: row.index };
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', row.name);
                }}
                onDragOver={(event) => {
                  if (!dragging.current) return;
                  event.preventDefault();
                  const place = placeOf(event, row);
                  if (dropHint?.key !== row.key || dropHint.place !== place) setDropHint({ key: row.key, place });
                }}
                onDragLeave={() => setDropHint((h) => (h?.key === row.key ? null : h))}
                onDrop={(event) => onDrop(event, row)}
                onDragEnd={() => {
                  dragging.current = null;
                  setDropHint(null);
                }}
                onRenameFocus={() => (renameDone.current = false)}
                onRenameKey={(e) => {
                  if (e.key === 'Enter') commitRename(row, e.currentTarget.value);
                  else if (e.key === 'Escape') {
                    renameDone.current = true;
                    setRenaming(null);
                    setRenameError(null);
                    focusRow(row.key);
                  }
                }}
                onRenameBlur={(value) => !renameDone.current && commitRename(row, value)}
              />
            );
          })}
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}
