/**
 * The schema entry of the active tab's endpoint, and its GraphQLSchema for the editor:
 * built after the explorer shows (the next idle moment), so a large schema never delays it.
 */
import { useEffect, useState } from 'react';
import type { GraphQLSchema } from 'graphql';
import { useStore } from 'zustand';
import { useWorkbench } from '../../base/state/StoreProvider';
import { graphQlTools, schemaKeyOf, type SchemaEntry } from './graphQlStore';
import { schemaOfEntry } from './schemaCache';

export function useGraphQlSchema() {
  const url = useWorkbench((s) => s.draft.url);
  const key = schemaKeyOf(url);
  const entry: SchemaEntry | undefined = useStore(graphQlTools, (s) => s.schemas[key]);
  const [schema, setSchema] = useState<{ entry: SchemaEntry; schema: GraphQLSchema | undefined }>();
  useEffect(() => {
    if (entry?.status !== 'ready') return;
    const timer = setTimeout(() => setSchema({ entry, schema: schemaOfEntry(entry) }), 0);
    return () => clearTimeout(timer);
  }, [entry]);
  return { key, url, entry, schema: schema && schema.entry === entry ? schema.schema : undefined };
}
