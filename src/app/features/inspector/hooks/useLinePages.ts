/**
 * Pages of display lines fetched from the format worker for one view of one document,
 * cached by page and refetched when streaming made them stale (a page that was short, or
 * held the last line while more bytes came). Rows not fetched yet render as placeholders.
 */
import { useCallback, useRef, useState } from 'react';
import type { DocumentProgress, LineView, PageLine, ViewProgress } from '../format/bodyDocument';
import { formatClient } from '../formatClient';
import type { DocName } from '../workers/formatProtocol';

const PAGE = 256;
const KEEP_PAGES = 64;

interface CachedPage {
  lines: PageLine[];
  /** Line count and indexed bytes of the view when the page was fetched. */
  totalAtFetch: number;
  indexedAtFetch: number;
  used: number;
}

export interface LinePages {
  /** Line `i`, or undefined while its page is on its way. */
  line(i: number): PageLine | undefined;
  /** Fetches what rows `from`..`to` need. */
  ensure(from: number, to: number): void;
  /** Changes whenever a page arrives. */
  version: number;
}

function isStale(page: CachedPage, index: number, view: ViewProgress): boolean {
  const start = index * PAGE;
  const short = page.lines.length < PAGE && view.lines > start + page.lines.length;
  const heldLast = start + page.lines.length >= page.totalAtFetch && view.indexedBytes > page.indexedAtFetch;
  return short || heldLast;
}

export function useLinePages(doc: DocName, view: LineView, progress: DocumentProgress | undefined): LinePages {
  const cache = useRef(new Map<number, CachedPage>());
  const inFlight = useRef(new Set<number>());
  const identity = `${progress?.id ?? 0}:${view}`;
  const lastIdentity = useRef(identity);
  const [version, setVersion] = useState(0);
  const viewProgress = view === 'pretty' ? progress?.pretty : progress?.raw;
  const viewRef = useRef(viewProgress);
  viewRef.current = viewProgress;
  const use = useRef(0);

  if (lastIdentity.current !== identity) {
    lastIdentity.current = identity;
    cache.current = new Map();
    inFlight.current = new Set();
  }

  const ensure = useCallback(
    (from: number, to: number) => {
      const current = viewRef.current;
      if (!current) return;
      const pages = cache.current;
      const wanted = identity;
      for (let index = Math.floor(from / PAGE); index * PAGE < Math.min(to, current.lines); index++) {
        const cached = pages.get(index);
        if (cached) cached.used = ++use.current;
        if ((cached && !isStale(cached, index, current)) || inFlight.current.has(index)) continue;
        inFlight.current.add(index);
        const totalAtFetch = current.lines;
        const indexedAtFetch = current.indexedBytes;
        formatClient()
          .request({ type: 'page', doc, view, from: index * PAGE, count: PAGE })
          .then(
            (lines) => {
              if (lastIdentity.current !== wanted) return;
              inFlight.current.delete(index);
              pages.set(index, { lines, totalAtFetch, indexedAtFetch, used: ++use.current });
              if (pages.size > KEEP_PAGES) {
                const oldest = [...pages.entries()].sort((a, b) => a[1].used - b[1].used)[0];
                if (oldest) pages.delete(oldest[0]);
              }
              setVersion((v) => v + 1);
            },
            () => inFlight.current.delete(index),
          );
      }
    },
    [doc, view, identity],
  );

  const line = useCallback((i: number) => cache.current.get(Math.floor(i / PAGE))?.lines[i % PAGE], []);


  return { line, ensure, version };
}
