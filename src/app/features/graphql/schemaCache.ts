/**
 * The page's GraphQLSchema for the editor's completion and checks, built from the text the
 * schema came from (an introspection answer with `buildClientSchema`, SDL with
 * `buildSchema`; assumed valid: the worker already read it), one at a time, remembered.
 * Built when the editor asks, after the explorer is ready.
 */
import { buildClientSchema, buildSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import type { SchemaEntry } from './graphQlStore';

let last: { text: string; schema: GraphQLSchema | undefined } | undefined;

export function schemaOfEntry(entry: SchemaEntry | undefined): GraphQLSchema | undefined {
  const text = entry?.status === 'ready' ? entry.text : undefined;
  if (!text) return undefined;
  if (last?.text === text) return last.schema;
  let schema: GraphQLSchema | undefined;
  try {
    if (entry!.source === 'sdl') schema = buildSchema(text, { assumeValid: true, assumeValidSDL: true });
    else {
      const value = JSON.parse(text) as { data?: IntrospectionQuery } & Partial<IntrospectionQuery>;
      schema = buildClientSchema((value.data ?? value) as IntrospectionQuery, { assumeValid: true });
    }
  } catch {
    schema = undefined;
  }
  last = { text, schema };
  return schema;
}
