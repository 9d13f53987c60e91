/** The workspace's dialogs, loaded when first opened (each its own chunk, see `base/lazy/lazyPart.tsx`). */
import { lazyPart } from '../../base/lazy/lazyPart';

/** Workspace: import from cURL, HAR, Postman, OpenAPI, WSDL (with the importers). */
export const ImportDialog = lazyPart({
  name: 'The import dialog',
  load: () => import('./ImportDialog'),
  pick: (m) => m.ImportDialog,
  loadWhen: (props) => props.open,
});

/** Workspace: export a collection as Postman or .http. */
export const ExportDialog = lazyPart({
  name: 'The export dialog',
  load: () => import('./ExportDialog'),
  pick: (m) => m.ExportDialog,
  loadWhen: (props) => props.collectionId !== null,
});

/** Composer: code for the request in other languages (httpsnippet-lite). */
export const SnippetDialog = lazyPart({
  name: 'The code snippet dialog',
  load: () => import('./SnippetDialog'),
  pick: (m) => m.SnippetDialog,
  loadWhen: (props) => props.wire !== null || props.problem !== undefined,
});

/** Workspace: where to save a request, loaded the first time a save needs asking. */
export const SaveRequestDialog = lazyPart({
  name: 'The save dialog',
  load: () => import('./SaveRequestDialog'),
  pick: (m) => m.SaveRequestDialog,
  loadWhen: (p: { wanted: boolean }) => p.wanted,
});
