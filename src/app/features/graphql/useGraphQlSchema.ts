/**
 * The schema entry of the active tab's endpoint, and the worker that holds its schema (the
 * editor's completion, lint and hover, and the problems list ask it; the page never builds a
 * GraphQLSchema).
 */
import { useStore } from 'zustand';
import { useWorkbench } from '../../base/state/StoreProvider';
import { graphQlTools, schemaKeyOf, type SchemaEntry } from './graphQlStore';

export function useGraphQlSchema() {
  const url = useWorkbench((s) => s.draft.url);
  const key = schemaKeyOf(url);
  const entry: SchemaEntry | undefined = useStore(graphQlTools, (s) => s.schemas[key]);
  return { key, url, entry, schema: entry?.status === 'ready' ? entry.handle : undefined };
}
