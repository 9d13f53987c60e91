/**
 * Messages between the page and the import worker: the page sends a text (and the file
 * name it came with, which helps tell the format), the worker answers with what core's
 * `importAny` made of it. Both sides are plain data, cloned by `postMessage`.
 */
import type { ImportAnyOutcome, Result } from '../../core';

/** Page → worker: import this text. */
export interface ImportWorkerRequest {
  id: number;
  text: string;
  fileName: string;
}

/** Worker → page: the import's outcome, success or typed failure. */
export interface ImportWorkerResponse {
  id: number;
  result: Result<ImportAnyOutcome>;
}
