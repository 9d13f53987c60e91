/**
 * Messages between the page and the import worker: the page sends a text (and the file
 * name it came with, which helps tell the format) or several files of one description,
 * the worker answers with what core's
 * `importAny` made of it. Both sides are plain data, cloned by `postMessage`.
 */
import type { ImportAnyOutcome, Result } from '../../../core';
import type { ItemNode } from './collectionChunks';
import type { ImportFileData } from './importFiles';

/** Page → worker: import this text, or these files as one description (zips expanded there). */
export type ImportWorkerRequest = { id: number; text: string; fileName: string } | { id: number; files: ImportFileData[] };

/**
 * Worker → page: the collection's items in chunks (`chunk`, in tree order, collectionChunks.ts),
 * then the import's outcome, success or typed failure; with `chunked`, its collection's
 * items are the chunks sent before it.
 */
export type ImportWorkerResponse =
  | { id: number; chunk: ItemNode[] }
  | {
      id: number;
      result: Result<ImportAnyOutcome>;
      /** The collection's items already carry new ids (made in the worker): the store need not copy them again. */
      freshIds?: boolean;
      chunked?: boolean;
    };
