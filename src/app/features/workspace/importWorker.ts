/**
 * The import worker: runs core's `importAny` (cURL, Postman, HAR, `.http`, OpenAPI), or a
 * multi-file description (zips expanded), off the page's thread, so a description that takes long to read — however it was built — never
 * freezes the page. The page's client gives it a time budget and ends it past that.
 */
/// <reference lib="webworker" />
import { draftRowId, fail, importAny, workspaceItemId, type CollectionItem, type ImportAnyOutcome, type Result } from '../../../core';
import { itemChunks } from './collectionChunks';
import { importFileSet } from './importFiles';
import type { ImportWorkerRequest, ImportWorkerResponse } from './importWorkerProtocol';

declare const self: DedicatedWorkerGlobalScope;

/**
 * The collection with new ids throughout, made here rather than on the page's thread: the
 * store gives an imported collection fresh ids (importing a file twice gives two copies),
 * and for 100,000 requests that was seconds of the page's time (issue 32 item 5).
 */
function withFreshIds(result: Result<ImportAnyOutcome>): Result<ImportAnyOutcome> {
  if (!result.ok || !('result' in result.value)) return result;
  // The importer's objects are this import's own (nothing else holds them), so ids are set in place, as core's cloneWithNewIds would on a copy.
  const renew = (items: CollectionItem[]) => {
    for (const item of items) {
      if (item.kind === 'folder') {
        item.id = workspaceItemId('fld');
        renew(item.items);
      } else {
        item.id = workspaceItemId('req');
        item.draft.id = draftRowId('draft');
      }
    }
  };
  renew(result.value.result.collection.items);
  return result;
}

self.onmessage = (event: MessageEvent<ImportWorkerRequest>) => {
  const request = event.data;
  const { id } = request;
  let answer: ImportWorkerResponse;
  try {
    const result = withFreshIds('files' in request ? importFileSet(request.files) : importAny(request.text, request.fileName));
    if (result.ok && 'result' in result.value) {
      // The items go first in small messages, so the page takes them in short tasks, not one long clone.
      const { collection } = result.value.result;
      for (const chunk of itemChunks(collection.items)) self.postMessage({ id, chunk } satisfies ImportWorkerResponse);
      answer = { id, result: { ...result, value: { ...result.value, result: { ...result.value.result, collection: { ...collection, items: [] } } } }, freshIds: true, chunked: true };
    } else answer = { id, result };
  } catch (error) {
    // Importers return typed failures; anything thrown is a defect, still told as a value.
    answer = { id, result: fail({ kind: 'import-failed', message: `The import stopped with an error: ${error instanceof Error ? error.message : String(error)}` }) };
  }
  self.postMessage(answer);
};
