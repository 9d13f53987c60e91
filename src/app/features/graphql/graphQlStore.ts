/**
 * The GraphQL tools' own state, outside the workbench store: each endpoint's schema (keyed
 * by the request's URL as typed, so every tab on one endpoint shares it): the explorer's
 * index and the worker that holds the schema, and a pending jump into the query editor (a click on an error's location).
 */
import { createStore } from 'zustand';
import type { ExplorerIndex } from '../../../core/protocols/graphql/schemaModel';
import type { SchemaHandle } from './schemaWorkerClient';

export interface SchemaEntry {
  status: 'loading' | 'ready' | 'failed';
  source: 'introspection' | 'sdl';
  /** A file's name, for an SDL file. */
  from?: string;
  /** The explorer's index (roots, names and kinds); the rest is asked of the worker. */
  index?: ExplorerIndex;
  /** The worker holding the schema: types, search, the editor's completion, lint, hover and checks. */
  handle?: SchemaHandle;
  message?: string;
  typeCount?: number;
  /** Time to build in the worker. */
  ms?: number;
}

export interface GraphQlToolsState {
  schemas: Record<string, SchemaEntry>;
  /** A position to put the query editor's cursor at (1-based), taken by the editor when it shows. */
  jump?: { line: number; column: number; seq: number };
  /** Text to insert at the query editor's cursor (from the explorer). */
  insert?: { text: string; seq: number };
  explorerOpen: boolean;
  setSchema(key: string, entry: SchemaEntry): void;
  jumpTo(line: number, column: number): void;
  insertText(text: string): void;
  setExplorerOpen(open: boolean): void;
  /** The editor took the jump or insert: forget it. */
  taken(what: 'jump' | 'insert'): void;
}

let seq = 0;

export const graphQlTools = createStore<GraphQlToolsState>()((set) => ({
  schemas: {},
  explorerOpen: false,
  setSchema: (key, entry) =>
    set((s) => {
      // The schema it replaces is dropped with its worker.
      const before = s.schemas[key]?.handle;
      if (before && before !== entry.handle) before.stop();
      return { schemas: { ...s.schemas, [key]: entry } };
    }),
  jumpTo: (line, column) => set({ jump: { line, column, seq: ++seq } }),
  insertText: (text) => set({ insert: { text, seq: ++seq } }),
  setExplorerOpen: (explorerOpen) => set({ explorerOpen }),
  taken: (what) => set(what === 'jump' ? { jump: undefined } : { insert: undefined }),
}));

/** The key a request's schema is kept under: its URL as typed, without the query string. */
export function schemaKeyOf(url: string): string {
  return url.trim().split('?')[0] ?? '';
}
