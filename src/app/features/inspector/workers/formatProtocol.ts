/**
 * Messages between the page and the format worker. The page streams a body in
 * (`begin`, `chunks`, `end`) and asks for pages of lines, searches, texts and filters; the
 * worker answers requests by id and reports progress of each document as it indexes.
 */
import type { BodyKind, DiffHunk } from '../../../../core';
import type { BodyConclusion, DocumentProgress, LineView, PageLine, SearchHits } from '../format/bodyDocument';

/** The documents a worker holds: the response body, and the current filter result. */
export type DocName = 'body' | 'filter';

/** Requests that expect a reply. */
export type WorkerRequest =
  | { type: 'page'; doc: DocName; view: LineView; from: number; count: number }
  | { type: 'search'; doc: DocName; view: LineView; query: string; caseSensitive: boolean }
  | { type: 'text'; doc: DocName; view: LineView; maxChars: number }
  | { type: 'blob'; doc: DocName; view: LineView }
  | { type: 'jsonpath'; query: string }
  | { type: 'setFilter'; text: string; kind: BodyKind }
  | { type: 'diff'; before: string; after: string; kind: BodyKind };

/** What each request type replies with. */
export interface WorkerReplies {
  page: PageLine[];
  search: SearchHits;
  text: string;
  blob: Blob;
  jsonpath: { count: number; truncated: boolean };
  setFilter: true;
  diff: { hunks: DiffHunk[]; identical: boolean };
}

/** Page → worker. */
export type ToWorker =
  /**
   * A new body. `park`: keep the current (complete) body under this key; `resume`: take the
   * body parked under this key back instead of starting an empty one (the page then sends no
   * chunks); `forget`: parked bodies to drop. The page decides what is parked (formatClient.ts).
   */
  | { type: 'begin'; session: number; contentType?: string; park?: number; resume?: number; forget?: number[] }
  | { type: 'chunks'; session: number; chunks: Uint8Array[] }
  | { type: 'end'; session: number }
  | { type: 'open'; session: number; doc: DocName; view: LineView }
  | { type: 'clearFilter'; session: number }
  | { type: 'request'; session: number; id: number; request: WorkerRequest };

/** Worker → page. */
export type FromWorker =
  | { type: 'progress'; session: number; doc: DocName; progress: DocumentProgress }
  | { type: 'conclusion'; session: number; conclusion: BodyConclusion }
  | { type: 'reply'; session: number; id: number; ok: true; value: unknown }
  | { type: 'reply'; session: number; id: number; ok: false; error: string };

/** Results of a filter are cut off here; the count says how many matched. */
export const FILTER_RESULT_LIMIT = 100_000;
