/**
 * A view of a worker document of any size: the lines the worker has indexed so far, in a
 * virtualised list that fetches pages as they scroll into view. Search runs in the worker
 * over the bytes and comes back as line numbers to jump between.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DocumentProgress, LineView } from '../format/bodyDocument';
import { formatClient } from '../formatClient';
import { useLinePages } from '../hooks/useLinePages';
import type { DocName } from '../workers/formatProtocol';
import { highlight } from './highlight';
import { SEARCH_LIMIT, type SearchTarget } from './searchTarget';
import { VirtualRows } from '../../../base/components/VirtualRows';

export interface LineViewerProps {
  doc: DocName;
  view: LineView;
  progress: DocumentProgress;
  label: string;
  testId?: string;
  onSearchTarget?(target: SearchTarget | null): void;
}

export function LineViewer({ doc, view, progress, label, testId, onSearchTarget }: LineViewerProps) {
  const pages = useLinePages(doc, view, progress);
  const viewProgress = view === 'pretty' ? progress.pretty : progress.raw;
  const lines = viewProgress?.lines ?? 0;
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState<number | undefined>();
  const [scrollTo, setScrollTo] = useState<{ row: number; nonce: number } | undefined>();
  const hits = useRef<number[]>([]);

  useEffect(() => {
    formatClient().open(doc, view);
  }, [doc, view, progress.id]);

  const target = useMemo<SearchTarget>(
    () => ({
      search: async (text) => {
        setQuery(text);
        setCurrent(undefined);
        if (!text) {
          hits.current = [];
          return { count: 0, truncated: false, partial: false };
        }
        const found = await formatClient().request({ type: 'search', doc, view, query: text, caseSensitive: false });
        hits.current = found.lines.slice(0, SEARCH_LIMIT);
        const total = formatClient().getSnapshot()[doc]?.textBytes ?? 0;
        return { count: hits.current.length, truncated: found.truncated, partial: found.searchedBytes < total || !viewProgress?.complete };
      },
      show: (index) => {
        const row = hits.current[index];
        if (row === undefined) return;
        setCurrent(row);
        setScrollTo((s) => ({ row, nonce: (s?.nonce ?? 0) + 1 }));
      },
    }),
    // The target is rebuilt when the document changes; progress is read when a search runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [doc, view, progress.id, viewProgress?.complete],
  );

  useEffect(() => {
    onSearchTarget?.(target);
    return () => onSearchTarget?.(null);
  }, [target, onSearchTarget]);

  const renderRow = useCallback(
    (i: number) => {
      const line = pages.line(i);
      if (!line) return <span className="vline-pending" aria-hidden="true">…</span>;
      return (
        <>
          <span className="vline-no" aria-hidden="true">
            {line.lineNumber || ''}
          </span>
          <span className={`vline-text${i === current ? ' vline-current' : ''}`} style={{ paddingLeft: `${line.depth * 2}ch` }} data-body-line="">
            {highlight(line.text, query)}
          </span>
        </>
      );
    },
    // `pages.version` changes when a page arrives, which is when rows can render anew.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [pages.version, query, current],
  );

  return (
    <div className="line-viewer" data-testid={testId} data-formatted={viewProgress?.complete ? 'complete' : 'partial'} data-lines={lines}>
      <VirtualRows
        count={lines}
        renderRow={renderRow}
        onRange={pages.ensure}
        version={`${pages.version}:${lines}:${viewProgress?.indexedBytes ?? 0}`}
        scrollTo={scrollTo}
        label={label}
      />
    </div>
  );
}
