/**
 * The `.http` side of the conformance test: what httpyac (the third-party implementation
 * of both the JetBrains and the VS Code REST Client syntaxes) parses from each request of
 * a file. Only its parser runs (`HttpFileStore.parse`, with its Node file provider): no
 * variable is resolved and nothing is sent. Two rules httpyac applies only when sending
 * are applied here as its source states them (its `replaceVariable` hooks "host" and
 * "basicAuth"): a path-only URL takes `http(s)://` and the Host header, and
 * `Authorization: Basic user password` (or `user:password`) is base64-encoded. So are its
 * GraphQL request hooks (`GqlAction`, `graphqlProtocolReplacer`): a `query`/`mutation`
 * document becomes the JSON body it sends, and GRAPHQL a POST.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BodyView, RequestView } from './postmanDraft';

const require = createRequire(import.meta.url);

interface HttpyacRequest {
  protocol?: string;
  method?: string;
  url: string;
  headers?: Record<string, unknown>;
  body?: unknown;
}
interface HttpyacSymbol {
  name: string;
  kind?: string;
  description?: string;
  startLine: number;
  children?: HttpyacSymbol[];
}
interface HttpyacRegion {
  request?: HttpyacRequest;
  symbol: HttpyacSymbol;
  hooks: { onRequest: { items?: unknown[] } };
  isGlobal(): boolean;
}
/** What httpyac's `GqlAction` holds: the query (a function when read from a file at sending), its operation name, the file's fragments. */
interface GqlData {
  query?: unknown;
  operationName?: string;
  fragments: Record<string, unknown>;
}
const httpyac = require('httpyac') as {
  cli: { initFileProvider(): void };
  store: { HttpFileStore: new () => { parse(file: string, text: string, options: { workingDir: string }): Promise<{ httpRegions: HttpyacRegion[] }> } };
};
httpyac.cli.initFileProvider();

/** A request of the file as httpyac reads it, or the protocol that puts it out of scope. */
export type HttpOracleItem = { line: number; name: string } & ({ scope: 'http'; view: RequestView; graphQl: boolean } | { scope: 'other'; protocol: string });

function headerList(headers: Record<string, unknown> | undefined): [string, string][] {
  // httpyac keeps headers in an object: a repeated name becomes one key with a list, at the first one's place.
  return Object.entries(headers ?? {}).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => [name, String(v)] as [string, string]));
}

function basic(value: string): string {
  const match = /^\s*basic\s+(\S*)\s+(\S.*)$/iu.exec(value) ?? /^\s*basic\s+(.*):(.*)$/iu.exec(value);
  return match?.[1] ? `Basic ${Buffer.from(`${match[1]}:${match[2]}`).toString('base64')}` : value;
}

function urlOf(request: HttpyacRequest, headers: [string, string][]): string {
  const host = headers.find(([name]) => name.toLowerCase() === 'host')?.[1];
  if (!request.url.startsWith('/') || host === undefined) return request.url;
  const port = host.split(':')[1];
  return `${port === '443' || port === '8443' ? 'https' : 'http'}://${host}${request.url}`;
}

/** The body as text; a body read from a file (`< path`) is a function until sending. */
function bodyOf(body: unknown): BodyView {
  if (body === undefined || body === null || body === '') return { mode: 'none' };
  if (typeof body === 'string') return { mode: 'raw', text: body };
  // One file and nothing but line breaks around it.
  if (Array.isArray(body) && body.filter((p) => typeof p === 'function').length === 1 && body.every((p) => typeof p === 'function' || (typeof p === 'string' && p.trim() === ''))) return { mode: 'file' };
  if (Array.isArray(body)) return { mode: 'raw', text: body.map((part) => (typeof part === 'string' ? part : '<file>')).join('\n') };
  return { mode: 'raw', text: String(body) };
}

/** The GraphQL data httpyac's parser attached to the region (its `gql` request hook), if any. */
function gqlDataOf(region: HttpyacRegion): GqlData | undefined {
  const action = region.hooks.onRequest.items?.find((item): item is { gqlData: GqlData } => typeof item === 'object' && item !== null && (item as { id?: unknown }).id === 'gql' && 'gqlData' in item);
  return action?.gqlData;
}

/** The file of the region's `gql Name < file` query: its first `gql` symbol after the request line. */
function gqlFileOf(region: HttpyacRegion): string {
  const children = region.symbol.children ?? [];
  const requestLine = children.findIndex((c) => c.kind === 'requestLine');
  const gql = children.slice(requestLine + 1).find((c) => c.kind === 'gql');
  return gql?.children?.find((c) => c.name === 'filename')?.description ?? '';
}

/**
 * The JSON body httpyac's `GqlAction` sends: the query with the fragments it spreads
 * appended (`\n`, httpyac's EOL on Linux), the operation name, and the body (the JSON after
 * the query) parsed as variables. A query or fragment read from a file, which the corpus
 * does not hold, stands as `{ file }` (a fragment as `<fragment file>` text).
 */
function gqlBody(region: HttpyacRegion, data: GqlData, body: unknown): BodyView {
  let query: unknown;
  if (typeof data.query === 'string') {
    let text = data.query;
    for (const [name, fragment] of Object.entries(data.fragments)) {
      if (text.includes(`...${name}`)) text = `${text}\n${typeof fragment === 'string' ? fragment : '<fragment file>'}`;
    }
    query = text;
  } else query = { file: gqlFileOf(region) };
  const value: Record<string, unknown> = { query };
  if (data.operationName) value.operationName = data.operationName;
  if (typeof body === 'string') {
    try {
      value.variables = JSON.parse(body);
    } catch {
      value.variables = body;
    }
  }
  return { mode: 'json', value };
}

/** Every request region of a `.http` file, in order, as httpyac's parser reads it. */
export async function httpOracleItems(file: string): Promise<HttpOracleItem[]> {
  const store = new httpyac.store.HttpFileStore();
  const parsed = await store.parse(file, readFileSync(file, 'utf8'), { workingDir: file.slice(0, file.lastIndexOf('/')) });
  const out: HttpOracleItem[] = [];
  for (const region of parsed.httpRegions) {
    const request = region.request;
    if (region.isGlobal() || !request) continue;
    const line = region.symbol.startLine + 1;
    if (request.protocol !== 'HTTP') {
      out.push({ line, name: region.symbol.name, scope: 'other', protocol: `${request.protocol ?? 'unknown'} request` });
      continue;
    }
    // httpyac's Kafka plugin is not part of httpyac itself, so its core reads `KAFKA host:port` as a GET of that text.
    if (/^KAFKA\s/.test(request.url)) {
      out.push({ line, name: region.symbol.name, scope: 'other', protocol: 'KAFKA request' });
      continue;
    }
    // A saved response (`HTTP/1.1 200 OK` and its headers), which httpyac reads as a GET of that text.
    if (/^HTTP\/\d(\.\d)?\s+\d{3}\b/.test(request.url)) {
      out.push({ line, name: region.symbol.name, scope: 'other', protocol: 'saved response, not a request' });
      continue;
    }
    // httpyac's graphqlProtocolReplacer: a GRAPHQL request is a POST with Content-Type application/json unless one is given.
    const typed = request.method !== 'GRAPHQL' || Object.keys(request.headers ?? {}).some((name) => name.toLowerCase() === 'content-type');
    const headers = [...headerList(request.headers), ...(typed ? [] : [['Content-Type', 'application/json'] as [string, string]])].map(([name, value]) => [name, name.toLowerCase() === 'authorization' ? basic(value) : value] as [string, string]);
    // httpyac keeps spaces after the target; a URL parser drops them (WHATWG URL strips leading and trailing spaces).
    const url = urlOf({ ...request, url: request.url.trim() }, headers);
    // A first word outside httpyac's method list becomes part of a GET's target ("INVALIDMETHOD /test"): a target that is
    // neither an absolute URL, nor a path, nor a variable cannot be sent, so the tools send nothing and there is nothing
    // to agree with.
    if (!/^([a-z][a-z0-9+.-]*:\/\/|\/|\{\{|\[\[|\*$)/i.test(url) && /\s/.test(url)) {
      out.push({ line, name: region.symbol.name, scope: 'other', protocol: 'no request the tools can send (a word before the target)' });
      continue;
    }
    const gql = gqlDataOf(region);
    const graphQl = request.method === 'GRAPHQL' && gql?.query === undefined;
    out.push({
      line,
      name: region.symbol.name,
      scope: 'http',
      graphQl,
      view: {
        method: request.method === 'GRAPHQL' ? 'POST' : (request.method ?? 'GET'),
        url,
        pathVariables: [],
        headers: url === request.url.trim() ? headers : headers.filter(([name]) => name.toLowerCase() !== 'host'),
        body: gql?.query !== undefined ? gqlBody(region, gql, request.body) : bodyOf(request.body),
      },
    });
  }
  return out;
}
