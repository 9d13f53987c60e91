/**
 * A GraphQL schema from introspection (`buildClientSchema`) or SDL (`buildSchema`), and the
 * schema explorer's model of it: plain data (types, fields, arguments, descriptions,
 * deprecations, the root types) a worker builds and posts to the page, with a search.
 * Bad input is a clear error: introspection JSON that is not an introspection result, SDL
 * that does not parse (line and column).
 */
import {
  buildClientSchema,
  buildSchema,
  getIntrospectionQuery,
  GraphQLError,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isUnionType,
  printSchema,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';
import { fail, ok, type Result } from '../../types';

/** The standard introspection query (descriptions, deprecations, directives). */
export function introspectionQuery(): string {
  return getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true });
}

export type ExplorerTypeKind = 'object' | 'interface' | 'union' | 'enum' | 'input' | 'scalar';

export interface ExplorerArg {
  name: string;
  type: string;
  description?: string;
  defaultValue?: string;
}

export interface ExplorerField {
  name: string;
  /** The type as written in SDL: `[Book!]!`. */
  type: string;
  /** The named type under the list and non-null wrappers: `Book`. */
  typeName: string;
  description?: string;
  args: ExplorerArg[];
  deprecated?: string;
}

export interface ExplorerType {
  name: string;
  kind: ExplorerTypeKind;
  description?: string;
  fields: ExplorerField[];
  /** An enum's values; a union's or interface's possible types. */
  members: string[];
}

export interface ExplorerModel {
  roots: { query?: string; mutation?: string; subscription?: string };
  /** Every named type except the introspection types (`__Schema`…), roots first, then by name. */
  types: ExplorerType[];
}

function unwrap(type: { toString(): string; ofType?: unknown }): string {
  let t: { ofType?: unknown; name?: string } = type as never;
  while (t.ofType) t = t.ofType as typeof t;
  return t.name ?? String(type);
}

function fieldOf(field: GraphQLField<unknown, unknown> | GraphQLInputField): ExplorerField {
  const args = 'args' in field ? field.args.map(argOf) : [];
  return {
    name: field.name,
    type: String(field.type),
    typeName: unwrap(field.type),
    ...(field.description ? { description: field.description } : {}),
    args,
    ...(field.deprecationReason ? { deprecated: field.deprecationReason } : {}),
  };
}

function argOf(arg: GraphQLArgument): ExplorerArg {
  return {
    name: arg.name,
    type: String(arg.type),
    ...(arg.description ? { description: arg.description } : {}),
    ...(arg.defaultValue !== undefined ? { defaultValue: JSON.stringify(arg.defaultValue) } : {}),
  };
}

/** The explorer's model of `schema`. */
export function explorerModel(schema: GraphQLSchema): ExplorerModel {
  const roots = { query: schema.getQueryType()?.name, mutation: schema.getMutationType()?.name, subscription: schema.getSubscriptionType()?.name };
  const rootNames = [roots.query, roots.mutation, roots.subscription].filter((n): n is string => n !== undefined);
  const types: ExplorerType[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    const description = type.description ? { description: type.description } : {};
    if (isObjectType(type) || isInterfaceType(type)) {
      const members = isInterfaceType(type) ? schema.getPossibleTypes(type).map((t) => t.name) : type.getInterfaces().map((t) => t.name);
      types.push({ name: type.name, kind: isObjectType(type) ? 'object' : 'interface', ...description, fields: Object.values(type.getFields()).map(fieldOf), members });
    } else if (isInputObjectType(type)) {
      types.push({ name: type.name, kind: 'input', ...description, fields: Object.values(type.getFields()).map(fieldOf), members: [] });
    } else if (isUnionType(type)) {
      types.push({ name: type.name, kind: 'union', ...description, fields: [], members: type.getTypes().map((t) => t.name) });
    } else if (isEnumType(type)) {
      types.push({ name: type.name, kind: 'enum', ...description, fields: [], members: type.getValues().map((v) => v.name) });
    } else if (isScalarType(type)) {
      types.push({ name: type.name, kind: 'scalar', ...description, fields: [], members: [] });
    }
  }
  types.sort((a, b) => {
    const ra = rootNames.indexOf(a.name);
    const rb = rootNames.indexOf(b.name);
    if (ra >= 0 || rb >= 0) return (ra < 0 ? 99 : ra) - (rb < 0 ? 99 : rb);
    return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  });
  return { roots: Object.fromEntries(Object.entries(roots).filter(([, v]) => v !== undefined)) as ExplorerModel['roots'], types };
}

interface TypeRef {
  kind: string;
  name?: string | null;
  ofType?: TypeRef | null;
}

function refText(ref: TypeRef): string {
  if (ref.kind === 'NON_NULL' && ref.ofType) return `${refText(ref.ofType)}!`;
  if (ref.kind === 'LIST' && ref.ofType) return `[${refText(ref.ofType)}]`;
  return ref.name ?? '?';
}

function refName(ref: TypeRef): string {
  return ref.ofType ? refName(ref.ofType) : (ref.name ?? '?');
}

const KINDS: Readonly<Record<string, ExplorerTypeKind>> = { OBJECT: 'object', INTERFACE: 'interface', UNION: 'union', ENUM: 'enum', INPUT_OBJECT: 'input', SCALAR: 'scalar' };

interface IntrospectedInput {
  name: string;
  description?: string | null;
  type: TypeRef;
  defaultValue?: string | null;
  isDeprecated?: boolean;
  deprecationReason?: string | null;
}
interface IntrospectedField extends IntrospectedInput {
  args?: IntrospectedInput[];
}
interface IntrospectedType {
  kind: string;
  name: string;
  description?: string | null;
  fields?: IntrospectedField[] | null;
  inputFields?: IntrospectedInput[] | null;
  interfaces?: TypeRef[] | null;
  possibleTypes?: TypeRef[] | null;
  enumValues?: { name: string }[] | null;
}

function introspectedField(field: IntrospectedField): ExplorerField {
  return {
    name: field.name,
    type: refText(field.type),
    typeName: refName(field.type),
    ...(field.description ? { description: field.description } : {}),
    args: (field.args ?? []).map((a) => ({ name: a.name, type: refText(a.type), ...(a.description ? { description: a.description } : {}), ...(a.defaultValue != null ? { defaultValue: a.defaultValue } : {}) })),
    ...(field.isDeprecated ? { deprecated: field.deprecationReason || 'deprecated' } : {}),
  };
}

/** The explorer's first screen: the roots and every type's name and kind, in the explorer's order; a type's detail is asked for when opened. */
export interface ExplorerIndex {
  roots: ExplorerModel['roots'];
  names: string[];
  kinds: ExplorerTypeKind[];
}

/** A parsed introspection result, read only as far as the index: the raw types stay as parsed, for a type's detail on demand. */
export interface IntrospectionIndex {
  index: ExplorerIndex;
  /** The raw types by name (introspection types left out). */
  raw: Map<string, unknown>;
}

/** One introspected type as the explorer shows it. */
export function explorerTypeOfIntrospected(value: unknown): ExplorerType | undefined {
  const raw = value as IntrospectedType;
  const kind = KINDS[raw.kind];
  if (!kind) return undefined;
  const fields = kind === 'input' ? (raw.inputFields ?? []).map((f) => introspectedField(f)) : (raw.fields ?? []).map(introspectedField);
  const members = kind === 'enum' ? (raw.enumValues ?? []).map((v) => v.name) : kind === 'object' ? (raw.interfaces ?? []).map(refName) : (raw.possibleTypes ?? []).map(refName);
  return { name: raw.name, kind, ...(raw.description ? { description: raw.description } : {}), fields, members };
}

/**
 * The explorer's index read straight from an introspection result (`{"data": {"__schema"}}`
 * or `{"__schema"}`), without building a schema or any type's detail: a large schema's
 * explorer is ready in little more than the time to parse it.
 */
export function explorerIndexFromIntrospection(value: unknown): Result<IntrospectionIndex> {
  const root = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const data = (typeof root.data === 'object' && root.data !== null ? root.data : root) as Record<string, unknown>;
  const schema = data.__schema as { queryType?: { name: string } | null; mutationType?: { name: string } | null; subscriptionType?: { name: string } | null; types?: unknown } | undefined;
  if (typeof schema !== 'object' || schema === null || !Array.isArray(schema.types)) {
    const errors = Array.isArray(root.errors) ? root.errors.map((e: { message?: unknown }) => String(e?.message ?? e)).join('; ') : '';
    return fail({ kind: 'graphql-introspection', message: errors ? `The server refused introspection: ${errors}. Load the schema from an SDL file instead.` : 'The answer is not an introspection result (no data.__schema): is the URL a GraphQL endpoint with introspection on?' });
  }
  const roots = { query: schema.queryType?.name, mutation: schema.mutationType?.name, subscription: schema.subscriptionType?.name };
  const rootNames = [roots.query, roots.mutation, roots.subscription].filter((n): n is string => typeof n === 'string');
  const entries: { name: string; kind: ExplorerTypeKind }[] = [];
  const raw = new Map<string, unknown>();
  for (const type of schema.types as IntrospectedType[]) {
    if (typeof type !== 'object' || type === null || typeof type.name !== 'string') return fail({ kind: 'graphql-introspection', message: 'The introspection result has a type without a name: it cannot be read as a schema.' });
    const kind = KINDS[type.kind];
    if (!kind || type.name.startsWith('__')) continue;
    entries.push({ name: type.name, kind });
    raw.set(type.name, type);
  }
  const order = new Map(rootNames.map((n, i) => [n, i]));
  entries.sort((a, b) => (order.get(a.name) ?? 99) - (order.get(b.name) ?? 99) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const index: ExplorerIndex = { roots: Object.fromEntries(Object.entries(roots).filter(([, v]) => typeof v === 'string')) as ExplorerModel['roots'], names: entries.map((e) => e.name), kinds: entries.map((e) => e.kind) };
  return ok({ index, raw });
}

/** The explorer's whole model read from an introspection result (every type's detail; for search). Arguments' default values stay as the server wrote them (GraphQL literals). */
export function explorerModelFromIntrospection(value: unknown): Result<ExplorerModel> {
  const read = explorerIndexFromIntrospection(value);
  if (!read.ok) return read;
  const types = read.value.index.names.map((name) => explorerTypeOfIntrospected(read.value.raw.get(name))!);
  return ok({ roots: read.value.index.roots, types });
}

/** The index of a model (an SDL schema's). */
export function explorerIndexOf(model: ExplorerModel): ExplorerIndex {
  return { roots: model.roots, names: model.types.map((t) => t.name), kinds: model.types.map((t) => t.kind) };
}

/** One search hit: a type, or a field of one. */
export interface ExplorerHit {
  type: string;
  field?: string;
}

/** Types and fields whose name (or description) holds `term`, case-insensitive; names first; at most `limit`. */
export function searchExplorer(model: ExplorerModel, term: string, limit = 200): ExplorerHit[] {
  const needle = term.trim().toLowerCase();
  if (needle === '') return [];
  const byName: ExplorerHit[] = [];
  const byText: ExplorerHit[] = [];
  for (const type of model.types) {
    if (type.name.toLowerCase().includes(needle)) byName.push({ type: type.name });
    else if (type.description?.toLowerCase().includes(needle)) byText.push({ type: type.name });
    for (const field of type.fields) {
      if (field.name.toLowerCase().includes(needle)) byName.push({ type: type.name, field: field.name });
      else if (field.description?.toLowerCase().includes(needle)) byText.push({ type: type.name, field: field.name });
    }
    if (byName.length >= limit) break;
  }
  return [...byName, ...byText].slice(0, limit);
}

/** A schema from an introspection result: `{"data": {"__schema": …}}` (the response) or `{"__schema": …}`. */
export function schemaFromIntrospection(value: unknown): Result<GraphQLSchema> {
  const root = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const data = (typeof root.data === 'object' && root.data !== null ? root.data : root) as Record<string, unknown>;
  if (typeof data.__schema !== 'object' || data.__schema === null) {
    const errors = Array.isArray(root.errors) ? root.errors.map((e: { message?: unknown }) => String(e?.message ?? e)).join('; ') : '';
    return fail({ kind: 'graphql-introspection', message: errors ? `The server refused introspection: ${errors}. Load the schema from an SDL file instead.` : 'The answer is not an introspection result (no data.__schema): is the URL a GraphQL endpoint with introspection on?' });
  }
  try {
    return ok(buildClientSchema(data as unknown as IntrospectionQuery));
  } catch (error) {
    return fail({ kind: 'graphql-introspection', message: `The introspection result cannot be read as a schema: ${error instanceof Error ? error.message : String(error)}` });
  }
}

/** A schema from SDL text; a syntax or definition error says where. */
export function schemaFromSdl(text: string): Result<GraphQLSchema> {
  try {
    return ok(buildSchema(text));
  } catch (error) {
    const at = error instanceof GraphQLError ? error.locations?.[0] : undefined;
    const message = error instanceof Error ? error.message : String(error);
    return fail({ kind: 'graphql-sdl', message: `The SDL does not build a schema${at ? ` (line ${at.line}, column ${at.column})` : ''}: ${message.replace(/^Syntax Error: /, '')}`, ...(at ? { position: { offset: 0, line: at.line, column: at.column } } : {}) });
  }
}

/** The schema as SDL, for the page to rebuild quickly (`buildSchema` with assumeValid) for completion. */
export function schemaSdl(schema: GraphQLSchema): string {
  return printSchema(schema);
}
