/**
 * httpyac's GraphQL syntax in `.http` files (its `gqlHttpRegionParser` and `GqlAction`):
 * a request whose body opens with a `query …` or `mutation …` document, or with
 * `gql Name < file` (the document read from a file), is sent as the JSON
 * `{"query", "operationName"?, "variables"?}`: the document runs to the first blank line,
 * and the JSON after it, when there is any, is the variables. `fragment Name on Type { … }`
 * (or `gql Name < file`) outside a request defines a fragment, appended to every query of
 * the file that spreads it (`...Name`). The request keeps its method and headers as written.
 * JetBrains' `GRAPHQL` method and REST Client's `X-REQUEST-TYPE: GraphQL` are read in
 * `httpFile.ts`; httpyac detects neither `subscription` nor a bare `{ … }` document, and
 * ignores the Content-Type, so neither does this.
 */
import type { Line } from './httpFileLines';

/** A fragment's text, or the file httpyac reads it from when sending. */
export type GraphQlFragment = { text: string } | { file: string };

/** The file's fragments by name, in the order they are defined. */
export type GraphQlFragments = Map<string, GraphQlFragment>;

/** A GraphQL document read at `lines[i]`: its name (the operation's or fragment's), its text or file, and the line after it. */
export interface GraphQlRead {
  name?: string;
  source: GraphQlFragment;
  next: number;
}

// As httpyac's patterns, with a word boundary after the keyword (httpyac would also take `queryString=1` for a query).
const FILE_DOCUMENT = /^\s*gql(?:\s+([^\s(]+))?\s+<\s+(\S.*?)\s*$/;
const OPERATION = /^\s*(?:query|mutation)\b(?:\s+([^\s(]+))?/;
const FRAGMENT = /^\s*fragment\s+([^\s(]+)\s+on\s+/;
// A GraphQL Name: httpyac would take `{` of `query {` as the operation's name, which no server accepts.
const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** The text the query holds when httpyac reads it from a file Wirebench cannot read: a GraphQL comment naming the file. */
export function graphQlFilePlaceholder(path: string): string {
  return `# The query is in the file "${path}": paste it here.`;
}

/** The file a query placeholder names, or undefined when the query itself is given. */
export function graphQlPlaceholderFile(query: string): string | undefined {
  return /^# The query is in the file "(.*)": paste it here\.$/.exec(query)?.[1];
}

/** The operation name httpyac sends: the last word of the name that is not a directive (`@…`), when it is a GraphQL Name. */
function operationName(name: string | undefined): string | undefined {
  const last = name?.trim().split(' ').filter((word) => word !== '' && !word.startsWith('@')).pop();
  return last !== undefined && NAME.test(last) ? last : undefined;
}

/** The GraphQL document starting at `lines[i]` (a `query`/`mutation`/`fragment` up to the first blank line, or `gql Name < file`), or undefined. */
export function graphQlAt(lines: readonly Line[], i: number): GraphQlRead | undefined {
  const text = lines[i]!.text;
  const file = FILE_DOCUMENT.exec(text);
  if (file) return { name: file[1] ?? file[2]!, source: { file: file[2]! }, next: i + 1 };
  const named = OPERATION.exec(text) ?? FRAGMENT.exec(text);
  if (!named) return undefined;
  let end = i + 1;
  while (end < lines.length && lines[end]!.text.trim() !== '') end++;
  return { name: named[1], source: { text: lines.slice(i, end).map((l) => l.text).join('\n') }, next: Math.min(end + 1, lines.length) };
}

/** The parts of the request httpyac sends for `read`: the query (fragments appended), its operation name, the variables as written. */
export interface GraphQlRequestParts {
  query: string;
  operationName?: string;
  variables: string;
}

/**
 * What httpyac sends for `read` (the request's document) with `variables` (the body lines
 * after it): fragments the query spreads appended, as httpyac appends them. `warn` hears
 * what the person must do by hand: a query or fragment kept in a file.
 */
export function graphQlRequestParts(read: GraphQlRead, variables: string, fragments: GraphQlFragments, warn: (message: string) => void): GraphQlRequestParts {
  let query: string;
  if ('file' in read.source) {
    query = graphQlFilePlaceholder(read.source.file);
    warn(`the GraphQL query is read from the file "${read.source.file}" when httpyac sends it: paste that file's query into "query".`);
  } else {
    query = read.source.text;
    for (const [name, fragment] of fragments) {
      if (!query.includes(`...${name}`)) continue;
      if ('text' in fragment) query = `${query}\n${fragment.text}`;
      else warn(`the GraphQL fragment ${name} is read from the file "${fragment.file}" when httpyac sends it: append that file's text to "query".`);
    }
  }
  const name = operationName(read.name);
  return { query, ...(name !== undefined ? { operationName: name } : {}), variables: variables.trim() };
}

/**
 * The JSON body httpyac sends for `read` (see `graphQlRequestParts`). Variables are spliced
 * in as written, so `{{placeholders}}` in them survive until sending.
 */
export function graphQlRequestBody(read: GraphQlRead, variables: string, fragments: GraphQlFragments, warn: (message: string) => void): string {
  return graphQlJsonText(graphQlRequestParts(read, variables, fragments, warn));
}

/** The JSON text `{"query", "operationName"?, "variables"?}` of `parts`, variables spliced as written. */
export function graphQlJsonText(parts: GraphQlRequestParts): string {
  const fields = [`  "query": ${JSON.stringify(parts.query)}`];
  if (parts.operationName) fields.push(`  "operationName": ${JSON.stringify(parts.operationName)}`);
  if (parts.variables.trim() !== '') fields.push(`  "variables": ${parts.variables.trim()}`);
  return `{\n${fields.join(',\n')}\n}`;
}
