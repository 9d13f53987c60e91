/**
 * The storage worker: every IndexedDB read and write of the workspace, off the page's
 * thread (issue 32 item 5). Reading a 100,000-request collection (a structured clone of
 * seconds), validating it and writing it happen here; the page receives and sends small
 * messages (storageWorkerProtocol.ts). Secrets are blanked on the page before anything is
 * sent here: this worker only stores what it is given.
 */
/// <reference lib="webworker" />
import { createStorageHandler } from './storageWorkerHandler';
import type { StorageRequest, StorageResponse } from './storageWorkerProtocol';
import { indexedDbWorkspaceStorage } from './workspaceStorage';

declare const self: DedicatedWorkerGlobalScope;

const handle = createStorageHandler(indexedDbWorkspaceStorage(), (response: StorageResponse) => self.postMessage(response));
// Messages are handled in the order they come; each write's transactions are queued in the handler.
self.onmessage = (event: MessageEvent<StorageRequest>) => void handle(event.data);
