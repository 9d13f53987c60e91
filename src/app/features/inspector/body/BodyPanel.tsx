/**
 * The body of the response in the views that suit it — Pretty, Raw, Preview, Hex — with
 * the notes on how it was decoded, search, a JSONPath/XPath filter, copy and save. The
 * views read the worker's documents, so they show the body while it is still arriving.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { streamKindOf, type BodyKind, type RelayHead, type StreamKind, type WireRequest } from '../../../../core';
import { activeExchange, activeView, type Exchange } from '../exchangeSlice';
import { useWorkbench } from '../../../base/state/StoreProvider';
import { ScrollMemory } from './ScrollMemory';
import type { WorkbenchState } from '../../../shell/store/workbenchState';
import { useFormatSnapshot } from '../hooks/useFormatSnapshot';
import { useFrameThrottled } from '../hooks/useFrameThrottled';
import { panelId, TabList, tabId, type TabItem } from '../TabList';
import { formatSize } from '../../../base/components/units';
import { BodyActions } from './BodyActions';
import { BodyNotes } from './BodyNotes';
import { BodyNotKeptNote } from './BodyNotKeptNote';
import type { BodyNotKept } from '../bodyBudget';
import { DocumentView } from './DocumentView';
import { FilterBar } from './FilterBar';
import { HexView } from './HexView';
import { PreviewView } from './PreviewView';
import { StreamView } from '../stream/StreamView';
import { SearchBar } from './SearchBar';
import type { SearchTarget } from './searchTarget';

type ViewId = 'events' | 'pretty' | 'raw' | 'preview' | 'hex';

const LABELS: Record<ViewId, string> = { events: 'Events', pretty: 'Pretty', raw: 'Raw', preview: 'Preview', hex: 'Hex' };

/** The body's views; a streamed body (events, JSON lines, chunked text) is read as a live list first. */
function viewsFor(kind: BodyKind | undefined, stream: StreamKind | undefined): ViewId[] {
  const views = documentViewsFor(kind);
  if (!stream || kind === 'empty') return views;
  // One JSON value per line is no one document: Pretty would stop at the second line.
  return ['events', ...(stream === 'ndjson' || stream === 'json-seq' ? views.filter((v) => v !== 'pretty') : views)];
}

function documentViewsFor(kind: BodyKind | undefined): ViewId[] {
  switch (kind) {
    case 'json':
    case 'xml':
      return ['pretty', 'raw', 'hex'];
    case 'html':
      return ['pretty', 'raw', 'preview', 'hex'];
    case 'text':
      return ['raw', 'hex'];
    case 'image':
    case 'pdf':
      return ['preview', 'hex'];
    case 'binary':
      return ['hex'];
    default:
      return [];
  }
}

const receivedOf = (s: WorkbenchState) => activeExchange(s).received;

export interface BodyPanelProps {
  chunks: Uint8Array[];
  phase: Exchange['phase'];
  request: WireRequest | undefined;
  head: RelayHead | undefined;
  /** Set when the page holds only part of the body, or none of it (see ../bodyBudget.ts). */
  notKept?: BodyNotKept | undefined;
}

export function BodyPanel({ chunks, phase, request, head, notKept }: BodyPanelProps) {
  const snapshot = useFormatSnapshot();
  const received = useFrameThrottled(receivedOf);
  const own = snapshot.owner === chunks;
  const progress = own ? snapshot.body : undefined;
  const meta = progress?.meta;
  const stream = head ? streamKindOf(head.headers) : undefined;
  const views = viewsFor(meta?.kind, stream);
  // The view and filter belong to the tab's response: switching tabs and back finds them as left.
  const remembered = useWorkbench(activeView);
  const setView = useWorkbench((s) => s.setInspectorView);
  const chosen = remembered.bodyView as ViewId | undefined;
  const setChosen = (bodyView: ViewId) => setView({ bodyView });
  const [filter, setFilterSummary] = useState<string | undefined>();
  const setFilter = useCallback(
    (summary: string | undefined, expression?: string) => {
      setFilterSummary(summary);
      setView({ filter: summary === undefined ? undefined : expression });
    },
    [setView],
  );
  const [target, setTarget] = useState<SearchTarget | null>(null);
  const onSearchTarget = useCallback((t: SearchTarget | null) => setTarget(() => t), []);

  // A new body in this tab (sent again) starts unfiltered.
  const firstChunks = useRef(chunks);
  useEffect(() => {
    if (firstChunks.current === chunks) return;
    firstChunks.current = chunks;
    setFilter(undefined);
  }, [chunks, setFilter]);
  const bodyView = useRef<HTMLDivElement>(null);

  const active: ViewId | undefined = chosen && views.includes(chosen) ? chosen : views[0];
  const filtering = filter !== undefined && active === 'pretty';
  const filterable = meta && (meta.kind === 'json' || meta.kind === 'xml' || meta.kind === 'html');
  const items: TabItem<ViewId>[] = views.map((id) => ({ id, label: id === 'events' && stream !== 'event-stream' ? 'Lines' : LABELS[id] }));
  const shown = filtering ? snapshot.filter : progress;
  const lineView = active === 'pretty' || active === 'raw' ? active : undefined;

  if (!progress || !meta) {
    return <p className="muted body-waiting">{phase === 'sending' ? (received ? `Receiving… ${formatSize(received)}` : 'Waiting for the body…') : 'Reading the body…'}</p>;
  }
  if (meta.kind === 'empty') return notKept ? <BodyNotKeptNote notKept={notKept} /> : <p className="muted" data-testid="response-body">No body.</p>;

  return (
    <div className="body-panel">
      <div className="body-toolbar">
        <TabList<ViewId> idPrefix="body-view" label="Body view" items={items} active={active!} onChange={setChosen} className="tabs-small" />
        <BodyActions chunks={chunks} phase={phase} received={received} url={request?.url} headers={head?.headers ?? []} meta={meta} copySource={lineView ? { doc: filtering ? 'filter' : 'body', view: lineView } : undefined} />
      </div>
      {lineView ? (
        <div className="body-tools">
          {filterable && active === 'pretty' ? <FilterBar kind={meta.kind} textBytes={progress.textBytes} active={filter !== undefined} onFilter={setFilter} remembered={remembered.filter} ready={progress.ended && phase !== 'sending'} /> : null}
          <SearchBar target={target} revision={`${shown?.id}:${(lineView === 'pretty' ? shown?.pretty : shown?.raw)?.complete}`} />
        </div>
      ) : null}
      {notKept ? <BodyNotKeptNote notKept={notKept} /> : null}
      <BodyNotes progress={progress} lineDelimited={stream === 'ndjson' || stream === 'json-seq'} />
      {filtering ? (
        <p className="filter-summary" role="status">
          Showing {filter}.
        </p>
      ) : null}
      <div role="tabpanel" id={panelId('body-view', active!)} aria-labelledby={tabId('body-view', active!)} className="body-view" ref={bodyView}>
        <ScrollMemory container={bodyView} viewKey={filtering ? 'filter' : (active ?? 'none')} />
        {lineView && shown ? (
          <DocumentView doc={filtering ? 'filter' : 'body'} view={lineView} progress={shown} label={`Response body, ${LABELS[lineView]}${filtering ? ' (filtered)' : ''}`} onSearchTarget={onSearchTarget} />
        ) : null}
        {active === 'events' ? <StreamView /> : null}
        {active === 'preview' ? <PreviewView kind={meta.kind} sniff={meta.sniff} chunks={chunks} documentId={progress.id} textBytes={progress.textBytes} /> : null}
        {active === 'hex' ? <HexView chunks={chunks} received={notKept ? Math.min(received, notKept.keptBytes) : received} /> : null}
      </div>
    </div>
  );
}
