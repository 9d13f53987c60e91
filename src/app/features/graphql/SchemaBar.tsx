/**
 * Where the schema comes from: "Fetch schema" (introspection through the relay) or "Load
 * SDL file…", what was loaded (types, time to build) or why it failed, and the explorer toggle.
 */
import { useRef } from 'react';
import { useStore } from 'zustand';
import { useWorkbench, useWorkbenchApi } from '../../base/state/StoreProvider';
import { graphQlTools } from './graphQlStore';
import { introspectActive, loadSdl } from './introspect';
import { useGraphQlSchema } from './useGraphQlSchema';

export function SchemaBar() {
  const store = useWorkbenchApi();
  const url = useWorkbench((s) => s.draft.url);
  const { entry } = useGraphQlSchema();
  const explorerOpen = useStore(graphQlTools, (s) => s.explorerOpen);
  const setExplorerOpen = useStore(graphQlTools, (s) => s.setExplorerOpen);
  const file = useRef<HTMLInputElement>(null);
  const loading = entry?.status === 'loading';
  const onFile = async (picked: File | undefined) => {
    if (!picked) return;
    await loadSdl(url, picked.name, await picked.text());
    if (file.current) file.current.value = '';
  };
  return (
    <div className="graphql-schema-bar">
      <button type="button" className="small-button" disabled={loading || url.trim() === ''} onClick={() => void introspectActive(store)} data-testid="graphql-fetch-schema">
        Fetch schema
      </button>
      <button type="button" className="small-button" disabled={loading} onClick={() => file.current?.click()}>
        Load SDL file…
      </button>
      <input ref={file} type="file" accept=".graphql,.graphqls,.gql,.sdl,text/plain" className="visually-hidden" aria-label="SDL file" tabIndex={-1} onChange={(e) => void onFile(e.target.files?.[0])} />
      <button type="button" className="small-button" aria-pressed={explorerOpen} disabled={entry?.status !== 'ready'} onClick={() => setExplorerOpen(!explorerOpen)} data-testid="graphql-explorer-toggle">
        {explorerOpen ? 'Hide explorer' : 'Schema explorer'}
      </button>
      <span role="status" className={entry?.status === 'failed' ? 'field-error' : 'muted small'} data-testid="graphql-schema-status">
        {!entry
          ? 'No schema yet: fetch it by introspection or load an SDL file for completion and checks.'
          : entry.status === 'loading'
            ? 'Loading the schema…'
            : entry.status === 'failed'
              ? entry.message
              : `Schema ${entry.source === 'sdl' ? `from ${entry.from ?? 'SDL'}` : 'by introspection'}: ${entry.typeCount} types (built in ${entry.ms} ms).`}
      </span>
    </div>
  );
}
