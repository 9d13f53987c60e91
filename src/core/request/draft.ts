/**
 * A request as the person composes it (`RequestDraft`) and the function that turns it into
 * exactly what goes out (`WireRequest`). Later the draft grows auth, body kinds and
 * variables; the shape of the conversion stays the same.
 */
import type { HeaderField, WireRequest } from '../types';

/** One row of the headers table. Disabled rows are kept but not sent. */
export interface HeaderRow {
  id: string;
  enabled: boolean;
  name: string;
  value: string;
}

/** The request being composed. */
export interface RequestDraft {
  method: string;
  url: string;
  headers: HeaderRow[];
  /** Raw body text; empty means no body. */
  body: string;
}

/** A new empty draft aimed at `url`. */
export function emptyDraft(url = ''): RequestDraft {
  return { method: 'GET', url, headers: [], body: '' };
}

/** Turns a draft into the wire request: enabled headers in table order, duplicates kept. */
export function draftToWire(draft: RequestDraft): WireRequest {
  const headers: HeaderField[] = draft.headers
    .filter((h) => h.enabled && h.name.trim() !== '')
    .map((h) => ({ name: h.name.trim(), value: h.value }));
  const wire: WireRequest = { method: draft.method.trim(), url: draft.url.trim(), headers };
  if (draft.body !== '') wire.body = [draft.body];
  return wire;
}
