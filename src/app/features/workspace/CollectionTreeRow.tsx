/**
 * One row of the collections tree (`CollectionTree.tsx` owns state and keys): a treeitem
 * with its twisty, method, name or rename field, and its actions menu. Positioned by the
 * tree's virtualiser, so only the rows on screen (and the focused one) are in the page.
 */
import type { CSSProperties, DragEvent, KeyboardEvent, MouseEvent } from 'react';
import { MethodBadge } from '../../base/components/MethodBadge';
import type { DropPlace, TreeRow } from './collectionTreeRows';
import { TreeRowMenu, type TreeRowAction } from './TreeRowMenu';

export interface CollectionTreeRowProps {
  row: TreeRow;
  /** Index in the visible rows, for the virtualiser's measuring. */
  index: number;
  style: CSSProperties;
  measure(element: HTMLElement | null): void;
  focused: boolean;
  active: boolean;
  selectedCollection: boolean;
  searching: boolean;
  dropHint: DropPlace | undefined;
  draggable: boolean;
  renaming: boolean;
  renameError: string | null;
  menu: { open: boolean; actions: TreeRowAction[]; at?: { x: number; y: number } | undefined };
  onMenuChange(open: boolean): void;
  onMenuClose(): void;
  onFocus(): void;
  onActivate(): void;
  onKeyDown(event: KeyboardEvent<HTMLDivElement>): void;
  onContextMenu(event: MouseEvent<HTMLDivElement>): void;
  onDragStart(event: DragEvent<HTMLDivElement>): void;
  onDragOver(event: DragEvent<HTMLDivElement>): void;
  onDragLeave(): void;
  onDrop(event: DragEvent<HTMLDivElement>): void;
  onDragEnd(): void;
  onRenameFocus(): void;
  onRenameKey(event: KeyboardEvent<HTMLInputElement>): void;
  onRenameBlur(value: string): void;
}

export function CollectionTreeRow(props: CollectionTreeRowProps) {
  const { row, focused, active, searching, renaming, renameError, menu } = props;
  const method = row.kind === 'request' && row.item?.kind === 'request' ? row.item.draft.method : '';
  const soap = row.item?.kind === 'request' && row.item.requestType === 'soap';
  const hint = props.dropHint ? ` tree-drop-${props.dropHint}` : '';
  return (
    <div
      ref={props.measure}
      data-index={props.index}
      data-key={row.key}
      role="treeitem"
      aria-level={row.level}
      aria-setsize={row.siblings}
      aria-posinset={row.index + 1}
      aria-expanded={row.kind === 'request' || searching ? undefined : row.expanded}
      aria-selected={focused}
      aria-current={active ? 'true' : undefined}
      aria-keyshortcuts="Enter F2 Delete Alt+ArrowUp Alt+ArrowDown Shift+F10"
      tabIndex={focused ? 0 : -1}
      className={`tree-row tree-row-${row.kind}${active ? ' tree-row-active' : ''}${props.selectedCollection ? ' tree-row-selected' : ''}${hint}`}
      style={{ ...props.style, paddingLeft: `${0.25 + (row.level - 1) * 0.85}rem` }}
      draggable={props.draggable}
      onFocus={props.onFocus}
      onClick={props.onActivate}
      onKeyDown={props.onKeyDown}
      onContextMenu={props.onContextMenu}
      onDragStart={props.onDragStart}
      onDragOver={props.onDragOver}
      onDragLeave={props.onDragLeave}
      onDrop={props.onDrop}
      onDragEnd={props.onDragEnd}
    >
      <span className="tree-twisty" aria-hidden="true">
        {row.kind === 'request' ? '' : searching ? '' : row.expanded ? '▾' : '▸'}
      </span>
      {row.kind === 'request' ? <MethodBadge method={method} /> : null}
      {renaming ? (
        <>
          <input
            className="tree-rename"
            aria-label={`New name for ${row.name}`}
            aria-invalid={renameError ? true : undefined}
            aria-describedby={renameError ? 'tree-rename-error' : undefined}
            defaultValue={row.name}
            autoFocus
            onClick={(e) => e.stopPropagation()}
            onFocus={(e) => {
              props.onRenameFocus();
              e.currentTarget.select();
            }}
            onKeyDown={(e) => {
              e.stopPropagation();
              props.onRenameKey(e);
            }}
            onBlur={(e) => props.onRenameBlur(e.currentTarget.value)}
          />
          {renameError ? (
            <span id="tree-rename-error" role="alert" className="field-error tree-rename-error">
              {renameError}
            </span>
          ) : null}
        </>
      ) : (
        <span className="tree-name" title={row.folderPath ? [...row.folderPath, row.name].join(' / ') : row.name}>
          <span className="tree-label">{row.name}</span>
          {row.folderPath ? <span className="tree-path">{row.folderPath.join(' / ')}</span> : null}
        </span>
      )}
      {soap ? <span className="badge tree-soap">SOAP</span> : null}
      <TreeRowMenu name={row.name} actions={menu.actions} open={menu.open} at={menu.at} onOpenChange={props.onMenuChange} onClose={props.onMenuClose} />
    </div>
  );
}
