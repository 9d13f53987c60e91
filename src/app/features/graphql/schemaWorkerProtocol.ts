/**
 * Messages between the page and the GraphQL schema worker: the page hands it an
 * introspection answer (as text) or SDL; the worker reads it into the explorer's model
 * (introspection: straight from the parsed answer; SDL: built and checked with
 * `buildSchema`) and answers with it, or with a clear error. The page keeps the text and
 * builds the editor's schema from it when the editor needs one.
 */
import type { ExplorerModel } from '../../../core/protocols/graphql/schemaModel';

export type SchemaSourceKind = 'introspection' | 'sdl';

export interface SchemaWorkerRequest {
  id: number;
  kind: SchemaSourceKind;
  text: string;
}

export type SchemaWorkerAnswer =
  /** `sdl`: the SDL the page builds the editor's schema from (an SDL source's own text is not sent back). */
  | { id: number; ok: true; model: ExplorerModel; typeCount: number; ms: number }
  | { id: number; ok: false; message: string };
