import { useVirtualizer } from '@tanstack/react-virtual';
import { MethodBadge } from '../../base/components/MethodBadge';
import { useDeferredValue, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useWorkbench } from '../../base/state/StoreProvider';
import { historyHar } from './historyExport';
import { downloadText } from './textTransfer';
import { useWorkspaceSession } from './useWorkspaceSession';
import { searchHistoryRows, type HistoryRow } from './workspaceRecords';

const ROW_HEIGHT = 42;

function timeOf(at: string, today: string): string {
  const date = new Date(at);
  return at.slice(0, 10) === today ? date.toLocaleTimeString() : date.toLocaleDateString();
}

function pathOf(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '') || url;
}

function statusClass(row: HistoryRow): string {
  if (row.errorKind) return 'status-server-error';
  const s = row.status ?? 0;
  return s >= 500 ? 'status-server-error' : s >= 400 ? 'status-client-error' : s >= 300 ? 'status-redirection' : 'status-success';
}

/**
 * Every sent request, newest first, in a virtualised list that stays fast at 10,000
 * entries. Arrows, Page keys, Home and End move; Enter opens the entry in a new tab;
 * Ctrl+Enter sends it again (asking first for POST and PATCH); Space, Ctrl-click and
 * Shift-click select entries to export as HAR or delete.
 */
export function HistoryList() {
  const session = useWorkspaceSession();
  const rows = useWorkbench((s) => s.historyRows);
  const historyLimit = useWorkbench((s) => s.historyLimit);
  const setHistoryLimit = useWorkbench((s) => s.setHistoryLimit);
  const verbatim = useWorkbench((s) => s.keepResponseBodiesVerbatim);
  const setVerbatim = useWorkbench((s) => s.setKeepResponseBodiesVerbatim);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const filtered = useMemo(() => searchHistoryRows(rows, deferredQuery), [rows, deferredQuery]);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [anchor, setAnchor] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const scroller = useRef<HTMLDivElement>(null);
  const today = new Date().toISOString().slice(0, 10);

  const virtualizer = useVirtualizer({
    count: filtered.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    getItemKey: (index) => filtered[index]!.id,
  });

  const activeIndex = Math.max(0, filtered.findIndex((r) => r.id === activeId));
  const active = filtered[activeIndex];
  const chosen = selected.size > 0 ? filtered.filter((r) => selected.has(r.id)).map((r) => r.id) : active ? [active.id] : [];

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(filtered.length - 1, index));
    const row = filtered[next];
    if (!row) return;
    setActiveId(row.id);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const reopen = async (resend: boolean) => {
    if (!active) return;
    const result = await session.reopenHistory(active.id, { resend });
    setStatus(result.ok ? (resend ? 'Opened in a new tab and sent again (POST and PATCH ask first).' : 'Opened in a new tab.') : result.error.message);
  };

  const exportSelected = async () => {
    if (chosen.length === 0) return;
    setStatus('Preparing HAR…');
    const har = await historyHar(session, chosen, { verbatimBodies: verbatim });
    downloadText('wirebench-history.har', har.text);
    setStatus(`Exported ${har.count} ${har.count === 1 ? 'entry' : 'entries'} as HAR.${har.problems.length ? ` Not exported: ${har.problems.join('; ')}` : ''}`);
  };

  const deleteSelected = async () => {
    if (chosen.length === 0) return;
    const index = activeIndex;
    await session.deleteHistory(chosen);
    setSelected(new Set());
    setStatus(`Deleted ${chosen.length} ${chosen.length === 1 ? 'entry' : 'entries'}.`);
    setActiveId(null);
    moveTo(Math.min(index, filtered.length - chosen.length - 1));
  };

  const select = (index: number, event: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }) => {
    const row = filtered[index];
    if (!row) return;
    setActiveId(row.id);
    if (event.shiftKey && anchor !== null) {
      const [from, to] = anchor < index ? [anchor, index] : [index, anchor];
      setSelected(new Set(filtered.slice(from, to + 1).map((r) => r.id)));
    } else if (event.ctrlKey || event.metaKey) {
      setSelected((previous) => {
        const next = new Set(previous);
        if (next.has(row.id)) next.delete(row.id);
        else next.add(row.id);
        return next;
      });
      setAnchor(index);
    } else {
      setSelected(new Set());
      setAnchor(index);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? ROW_HEIGHT * 10) / ROW_HEIGHT) - 1);
    switch (event.key) {
      case 'ArrowDown':
        moveTo(activeIndex + 1);
        break;
      case 'ArrowUp':
        moveTo(activeIndex - 1);
        break;
      case 'PageDown':
        moveTo(activeIndex + page);
        break;
      case 'PageUp':
        moveTo(activeIndex - page);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(filtered.length - 1);
        break;
      case 'Enter':
        void reopen(event.ctrlKey || event.metaKey);
        break;
      case ' ':
        if (active) select(activeIndex, { shiftKey: false, ctrlKey: true, metaKey: false });
        break;
      case 'Delete':
        void deleteSelected();
        break;
      case 'a':
        if (!(event.ctrlKey || event.metaKey)) return;
        setSelected(new Set(filtered.map((r) => r.id)));
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div className="history">
      <input
        type="search"
        className="workspace-search"
        aria-label="Search history"
        placeholder="Search history (method, URL, status)"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActiveId(null);
          virtualizer.scrollToOffset(0);
        }}
      />
      <div className="workspace-toolbar" role="toolbar" aria-label="History actions">
        <button type="button" disabled={!active} onClick={() => void reopen(false)} title="Open in a new tab (Enter)">
          Open
        </button>
        <button type="button" disabled={!active} onClick={() => void reopen(true)} title="Send again (Ctrl+Enter); POST and PATCH ask first">
          Re-send
        </button>
        <button type="button" disabled={chosen.length === 0} onClick={() => void exportSelected()} title="Export the selected entries as HAR 1.2">
          Export HAR
        </button>
        <button type="button" disabled={chosen.length === 0} onClick={() => void deleteSelected()} title="Delete the selected entries (Delete)">
          Delete
        </button>
      </div>
      <p className="muted small history-count" aria-live="polite">
        {filtered.length === rows.length ? `${rows.length.toLocaleString()} ${rows.length === 1 ? 'entry' : 'entries'}` : `${filtered.length.toLocaleString()} of ${rows.length.toLocaleString()} entries`}
        {selected.size > 0 ? `, ${selected.size.toLocaleString()} selected` : ''}
      </p>
      {filtered.length === 0 ? (
        <p className="muted workspace-empty">{rows.length === 0 ? 'Nothing sent yet. Every request you send appears here.' : 'Nothing matches.'}</p>
      ) : (
        <div
          ref={scroller}
          className="history-scroll"
          role="listbox"
          aria-label="History"
          aria-multiselectable="true"
          aria-activedescendant={active ? `history-row-${active.id}` : undefined}
          aria-keyshortcuts="Enter Control+Enter Space Delete Control+A"
          tabIndex={0}
          onKeyDown={onKeyDown}
        >
          <div role="presentation" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = filtered[item.index]!;
              const isActive = row.id === active?.id;
              return (
                <div
                  key={item.key}
                  id={`history-row-${row.id}`}
                  role="option"
                  aria-selected={selected.has(row.id)}
                  aria-setsize={filtered.length}
                  aria-posinset={item.index + 1}
                  className={`history-row${isActive ? ' history-row-active' : ''}${selected.has(row.id) ? ' history-row-selected' : ''}`}
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                  title={`${row.method} ${row.url}`}
                  onClick={(event: MouseEvent) => select(item.index, event)}
                  onDoubleClick={() => void reopen(false)}
                >
                  <span className="history-line">
                    <MethodBadge method={row.method} />
                    <span className={`history-status ${statusClass(row)}`}>{row.errorKind ?? row.status ?? '—'}</span>
                    <span className="history-time">{timeOf(row.at, today)}</span>
                  </span>
                  <span className="history-url">{pathOf(row.url)}</span>
                </div>
              );
            })}
          </div>
        </div>
      )}
      <p className="muted small" role="status">
        {status}
      </p>
      <label className="history-limit small">
        Keep at most
        <input
          key={historyLimit}
          type="number"
          min={1}
          step={100}
          defaultValue={historyLimit}
          onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
          onBlur={(e) => {
            // Applied when the field is left, so typing "5000" never trims history to 5 on the way.
            const next = Number(e.currentTarget.value);
            if (Number.isInteger(next) && next >= 1 && next !== historyLimit) setHistoryLimit(next);
            else e.currentTarget.value = String(historyLimit);
          }}
        />
        entries
      </label>
      <label className="small history-verbatim" title="Off: tokens in stored response bodies (access_token, refresh_token, id_token, echoed credentials) are masked in history and in HAR exports.">
        <input type="checkbox" checked={verbatim} onChange={(e) => setVerbatim(e.currentTarget.checked)} />
        Keep response bodies verbatim (live tokens will be stored in this browser and in HAR exports)
      </label>
    </div>
  );
}
