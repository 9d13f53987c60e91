import type { StateCreator } from 'zustand';
import { emptyDraft, type HeaderRow, type RequestDraft } from '../../core';
import type { WorkbenchState } from './workbenchStore';

let rowCounter = 0;
/** A new id for a table row (unique within this page). */
export function newRowId(): string {
  rowCounter += 1;
  return `row-${Date.now().toString(36)}-${rowCounter}`;
}

export interface DraftSlice {
  draft: RequestDraft;
  setMethod(method: string): void;
  setUrl(url: string): void;
  setBody(body: string): void;
  addHeader(row?: Partial<HeaderRow>): void;
  updateHeader(id: string, patch: Partial<Omit<HeaderRow, 'id'>>): void;
  removeHeader(id: string): void;
}

export const createDraftSlice =
  (initialUrl: string): StateCreator<WorkbenchState, [], [], DraftSlice> =>
  (set) => ({
    draft: emptyDraft(initialUrl),
    setMethod: (method) => set((s) => ({ draft: { ...s.draft, method } })),
    setUrl: (url) => set((s) => ({ draft: { ...s.draft, url } })),
    setBody: (body) => set((s) => ({ draft: { ...s.draft, body } })),
    addHeader: (row) =>
      set((s) => ({
        draft: { ...s.draft, headers: [...s.draft.headers, { id: newRowId(), enabled: true, name: '', value: '', ...row }] },
      })),
    updateHeader: (id, patch) =>
      set((s) => ({ draft: { ...s.draft, headers: s.draft.headers.map((h) => (h.id === id ? { ...h, ...patch } : h)) } })),
    removeHeader: (id) => set((s) => ({ draft: { ...s.draft, headers: s.draft.headers.filter((h) => h.id !== id) } })),
  });
