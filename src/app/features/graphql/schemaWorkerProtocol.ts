/**
 * Messages between the page and the GraphQL schema worker, which keeps the schema for as long
 * as the endpoint's schema is loaded. The page hands it an introspection answer (as text) or
 * SDL and gets back a compact index (roots, each type's name and kind): the explorer shows
 * that at once. Everything else is asked when needed and answered from the worker's copy: a
 * type's detail, a search, and the editor's completion, lint marks, hover, and the problems
 * list (validation against the schema) — so the page never builds a GraphQLSchema.
 */
import type { GraphQlProblem } from '../../../core/protocols/graphql/check';
import type { ExplorerHit, ExplorerIndex, ExplorerType } from '../../../core/protocols/graphql/schemaModel';

export type SchemaSourceKind = 'introspection' | 'sdl';

/** A 0-based line and character, as the GraphQL language service counts. */
export interface EditorPosition {
  line: number;
  character: number;
}

export interface CompletionEntry {
  label: string;
  detail?: string;
  documentation?: string;
  deprecated?: string;
}

export interface LintMark {
  /** 0-based start and end (end exclusive). */
  start: EditorPosition;
  end: EditorPosition;
  severity: 'error' | 'warning' | 'info';
  message: string;
}

export type SchemaQuestion =
  | { kind: 'type'; name: string }
  | { kind: 'search'; term: string; limit: number }
  | { kind: 'complete'; doc: string; at: EditorPosition }
  | { kind: 'lint'; doc: string }
  | { kind: 'hover'; doc: string; at: EditorPosition }
  | { kind: 'check'; query: string; variables: string; operationName: string };

export interface SchemaReplies {
  type: ExplorerType | undefined;
  search: ExplorerHit[];
  complete: CompletionEntry[];
  lint: LintMark[];
  hover: string;
  check: GraphQlProblem[];
}

/** `text`: the schema's text, or its UTF-8 bytes (transferred, not copied: a large answer is decoded in the worker). */
export type SchemaWorkerRequest = { id: number; kind: 'load'; source: SchemaSourceKind; text: string | ArrayBuffer } | ({ id: number } & SchemaQuestion);

export type SchemaWorkerAnswer =
  | { id: number; ok: true; kind: 'load'; index: ExplorerIndex; typeCount: number; ms: number }
  | { id: number; ok: true; kind: 'reply'; value: unknown }
  | { id: number; ok: false; message: string };
