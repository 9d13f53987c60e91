/**
 * The import worker: runs core's `importAny` (cURL, Postman, HAR, `.http`, OpenAPI), or a
 * multi-file description (zips expanded), off the page's thread, so a description that takes long to read — however it was built — never
 * freezes the page. The page's client gives it a time budget and ends it past that.
 */
/// <reference lib="webworker" />
import { fail, importAny } from '../../core';
import { importFileSet } from './importFiles';
import type { ImportWorkerRequest, ImportWorkerResponse } from './importWorkerProtocol';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<ImportWorkerRequest>) => {
  const request = event.data;
  const { id } = request;
  let answer: ImportWorkerResponse;
  try {
    answer = { id, result: 'files' in request ? importFileSet(request.files) : importAny(request.text, request.fileName) };
  } catch (error) {
    // Importers return typed failures; anything thrown is a defect, still told as a value.
    answer = { id, result: fail({ kind: 'import-failed', message: `The import stopped with an error: ${error instanceof Error ? error.message : String(error)}` }) };
  }
  self.postMessage(answer);
};
