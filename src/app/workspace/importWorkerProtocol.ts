/**
 * Messages between the page and the import worker: the page sends a text (and the file
 * name it came with, which helps tell the format) or several files of one description,
 * the worker answers with what core's
 * `importAny` made of it. Both sides are plain data, cloned by `postMessage`.
 */
import type { ImportAnyOutcome, Result } from '../../core';
import type { ImportFileData } from './importFiles';

/** Page → worker: import this text, or these files as one description (zips expanded there). */
export type ImportWorkerRequest = { id: number; text: string; fileName: string } | { id: number; files: ImportFileData[] };

/** Worker → page: the import's outcome, success or typed failure. */
export interface ImportWorkerResponse {
  id: number;
  result: Result<ImportAnyOutcome>;
}
