/**
 * `.http` / `.rest` files, the request format of JetBrains IDEs' HTTP Client
 * (github.com/JetBrains/http-request-in-editor-spec) and VS Code's REST Client: requests
 * separated by `###` lines (the rest of the line names the request), `# @name` and other
 * `# @` directives, `@name = value` file variables, pre-request scripts (`< {% … %}`), a
 * request line whose target may go on over indented lines, headers, a blank line, the body
 * (inline or `< file`), response handlers (`> {% … %}`, `> file.js`) and response
 * references (`<> file`). Comments (`#`, `//`) may stand on any line. Scripts are kept on
 * the saved request for a future runner; GraphQL becomes a JSON POST; WebSocket, gRPC,
 * SSE and MQTT requests are reported, never imported as plain HTTP.
 */
import { contentTypeParams, findVariables } from '../encoding';
import { draftRowId, type DraftInput } from '../request';
import type { Result } from '../types';
import { ok } from '../types';
import type { RequestScript, SavedRequest, Variable } from '../workspace';
import { graphQlAt, graphQlJsonText, graphQlRequestParts, type GraphQlFragments } from './httpFileGraphQl';
import { blocksOf, formLinesJoined, HEADER_LINE, httpyacScriptAt, isKnownMethod, NOT_BODY, NOT_HTTP_METHODS, uppercaseKnownMethod, type Block, type Line, type ScriptRead } from './httpFileLines';
import { FILE_BODY, fileRefOf, multipartPartsOf } from './httpFileMultipart';
import { draftBodyForText, emptyCollection, requestNameOf, savedRequestOf, type ImportResult } from './importResult';

// JetBrains also writes `HTTP/2 (Prior Knowledge)` for HTTP/2 without the TLS handshake; the relay picks the version itself.
const REQUEST_LINE = /^([A-Z][A-Z0-9_-]*)\s+(\S.*?)(?:\s+HTTP\/\d(?:\.\d)?(?:\s+\(Prior Knowledge\))?)?\s*$/;
const URL_ONLY = /^(https?:\/\/|\{\{)\S*$/i;
const HTTP_VERSION_TAIL = /\s+HTTP\/\d(?:\.\d)?(?:\s+\(Prior Knowledge\))?\s*$/;
// `@name = value`, and httpyac's `@name value`, `@name := value` (lazy) and `@global.name = value`.
const VARIABLE_LINE = /^@(?:global\.)?([A-Za-z_$][\w$.-]*)(?:\s*:?=\s*(.*?)|\s+(\S.*?))\s*$/;
const DIRECTIVE = /^(?:#|\/\/)\s*@([\w-]+)(?:\s*=?\s*(.*?))?\s*$/;
const COMMENT = /^(#|\/\/)/;
const RESPONSE_REF = /^<>\s/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/** Requests on the schemes of protocols that are not HTTP exchanges Wirebench can send (their methods: NOT_HTTP_METHODS). */
const NOT_HTTP_SCHEMES: Record<string, string> = { ws: 'WebSocket', wss: 'WebSocket', grpc: 'gRPC', grpcs: 'gRPC', mqtt: 'MQTT', mqtts: 'MQTT' };

/** `Authorization: Basic user password` (or `user:password`) is the clients' shorthand for Basic auth. */
function basicShorthand(value: string): { username: string; password: string } | undefined {
  const match = /^Basic\s+(\S+)\s+(\S.*)$/i.exec(value.trim()) ?? /^Basic\s+([^:\s]+):(\S*)$/i.exec(value.trim());
  return match ? { username: match[1]!, password: match[2]! } : undefined;
}

/** JetBrains' `# @timeout 5`: seconds unless a unit (`ms`, `s`, `m`) follows. */
function timeoutMs(value: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m)?$/i.exec(value.trim());
  if (!match) return undefined;
  const unit = (match[2] ?? 's').toLowerCase();
  return Math.round(Number(match[1]) * (unit === 'ms' ? 1 : unit === 'm' ? 60_000 : 1000));
}

/**
 * Reads a script starting at `lines[i]` when it opens with `marker` (`<` before the request,
 * `>` after it): inline between `{%` and `%}`, possibly over many lines, or a file path.
 */
function scriptAt(lines: Line[], i: number, marker: '<' | '>'): ScriptRead | undefined {
  const text = lines[i]!.text.trim();
  if (!text.startsWith(marker) || text.startsWith('<>')) return undefined;
  const rest = text.slice(1).trim();
  const phase = marker === '<' ? 'pre-request' : 'post-response';
  if (rest.startsWith('{%')) {
    const parts: string[] = [];
    for (let j = i, first = rest.slice(2); j < lines.length; j++, first = lines[j]?.text ?? '') {
      const end = first.indexOf('%}');
      if (end >= 0) {
        parts.push(first.slice(0, end));
        return { script: { phase, dialect: 'jetbrains', text: parts.join('\n').trim() }, next: j + 1 };
      }
      parts.push(first);
    }
    return { unclosed: lines[i]!.line };
  }
  // `< ./body.json` after the request line is a body, never a script; before it, a script file.
  if (/^\s/.test(text.slice(1)) && rest !== '') return { script: { phase, dialect: 'jetbrains', file: rest }, next: i + 1 };
  return undefined;
}

type ParsedBlock =
  | { kind: 'request'; request: SavedRequest; warnings: string[] }
  | { kind: 'skip'; name: string; reason: string };

/** What the blocks of one file share: its variables (also by name) and GraphQL fragments, and the file-wide warnings. */
interface FileState {
  variables: Variable[];
  byName: Map<string, Variable>;
  fragments: GraphQlFragments;
  warnings: string[];
}

function parseBlock(block: Block, file: FileState): ParsedBlock | undefined {
  const { variables, byName, warnings } = file;
  const lines = block.lines;
  let i = 0;
  let name: string | undefined;
  const options: NonNullable<DraftInput['options']> = { followRedirects: true };
  const description: string[] = [];
  const local: string[] = [];
  const scripts: RequestScript[] = [];
  const ignored: string[] = [];
  for (; i < lines.length; i++) {
    const line = lines[i]!.text.trim();
    if (line === '') continue;
    const directive = DIRECTIVE.exec(line);
    if (directive) {
      const [, key, value = ''] = directive;
      if (key === 'name' && value) name = value;
      else if (key === 'no-redirect') options.followRedirects = false;
      else if (key === 'timeout' && timeoutMs(value) !== undefined) options.timeoutMs = timeoutMs(value);
      else ignored.push(`@${key} (line ${lines[i]!.line})`);
      continue;
    }
    if (COMMENT.test(line)) {
      description.push(line.replace(/^(#|\/\/)\s?/, ''));
      continue;
    }
    // httpyac's block comment: `/*` alone on a line up to `*/` alone on a line.
    if (line === '/*') {
      const end = lines.findIndex((l, j) => j > i && l.text.trim() === '*/');
      if (end > i) {
        description.push(...lines.slice(i + 1, end).map((l) => l.text.trim()));
        i = end;
        continue;
      }
    }
    // httpyac's GraphQL fragment (or a document) before the request line: kept for the queries that spread it.
    const fragment = graphQlAt(lines, i);
    if (fragment) {
      if (fragment.name !== undefined) file.fragments.set(fragment.name, fragment.source);
      i = fragment.next - 1;
      continue;
    }
    const variable = VARIABLE_LINE.exec(line);
    if (variable) {
      const value = variable[2] ?? variable[3]!;
      // By name in a map: a file defining thousands of variables must not be read in quadratic time.
      const existing = byName.get(variable[1]!);
      if (!existing) {
        const added = { name: variable[1]!, value };
        variables.push(added);
        byName.set(added.name, added);
      } else if (existing.value !== value) warnings.push(`Line ${lines[i]!.line}: variable "${variable[1]}" is defined again with another value; the first value was kept.`);
      continue;
    }
    // JetBrains' `import ./other.http` and `run #name` lines (2024.1 on) lead to other requests; none of them is this block's request.
    const command = /^(import|run)\s+(\S.*)$/.exec(line);
    if (command) {
      warnings.push(
        command[1] === 'import'
          ? `Line ${lines[i]!.line}: "import ${command[2]}" is not followed; import that file as well.`
          : `Line ${lines[i]!.line}: "run ${command[2]}" is not imported; Wirebench does not run requests in sequence yet.`,
      );
      continue;
    }
    const script = scriptAt(lines, i, '<') ?? httpyacScriptAt(lines, i, 'pre-request');
    if (script && 'unclosed' in script) return { kind: 'skip', name: name ?? (block.title || `Request at line ${script.unclosed}`), reason: `line ${script.unclosed}: the pre-request script "< {%" is never closed with "%}"` };
    if (script) {
      scripts.push(script.script);
      i = script.next - 1;
      continue;
    }
    break;
  }
  if (i >= lines.length) {
    // A script with nothing after it is a file's shared script, or a request cut off: say so rather than lose it silently.
    if (scripts.length > 0) return { kind: 'skip', name: name ?? (block.title || 'Script'), reason: `the script before line ${(lines[lines.length - 1]?.line ?? 0) + 1} has no request after it` };
    return undefined;
  }
  const requestLine = lines[i]!;
  const first = uppercaseKnownMethod(requestLine.text.trim());
  const match = REQUEST_LINE.exec(first);
  let method = 'GET';
  let url: string;
  if (match && !URL_ONLY.test(first) && (isKnownMethod(match[1]!) || match[1]! in NOT_HTTP_METHODS)) {
    method = match[1]!;
    url = match[2]!;
  } else if (match && !URL_ONLY.test(first)) {
    // VS Code REST Client and httpyac take a first word outside their method lists as part of a GET's target, and the
    // JetBrains grammar lists its methods: none of them can send this request at all (a target with a space). Wirebench
    // keeps the word as the method (an RFC 9110 token), so a custom method written by Wirebench's own export comes back.
    method = match[1]!;
    url = match[2]!;
    local.push(`Line ${requestLine.line}: "${match[1]}" is not a method JetBrains, VS Code REST Client or httpyac know; they would send a GET to the whole line, which is no URL. Wirebench keeps ${match[1]} as the method.`);
  } else if (/^\S+$/.test(first)) {
    url = first;
  } else {
    return { kind: 'skip', name: name ?? (block.title || `Request at line ${requestLine.line}`), reason: `line ${requestLine.line} ("${first.slice(0, 60)}") is not a request line (METHOD URL)` };
  }
  i++;
  // The target goes on over indented lines (JetBrains) and lines starting with ? or & (both clients); each is trimmed.
  while (i < lines.length && lines[i]!.text.trim() !== '' && (/^\s/.test(lines[i]!.text) || /^[?&]/.test(lines[i]!.text.trim())) && !COMMENT.test(lines[i]!.text.trim())) {
    url += lines[i++]!.text.trim();
  }
  url = url.replace(HTTP_VERSION_TAIL, '');
  const title = name ?? (block.title || undefined);
  const protocol = NOT_HTTP_METHODS[method] ?? NOT_HTTP_SCHEMES[SCHEME.test(url) ? url.slice(0, url.indexOf(':')).toLowerCase() : ''];
  if (protocol) {
    return { kind: 'skip', name: title ?? `${method} ${url}`.slice(0, 80), reason: `line ${requestLine.line}: ${protocol} requests are not imported; Wirebench sends HTTP requests only` };
  }

  const headers: NonNullable<DraftInput['headers']> = [];
  for (; i < lines.length && lines[i]!.text.trim() !== ''; i++) {
    const line = lines[i]!.text.trim();
    if (COMMENT.test(line)) continue;
    // A body file, handler or response reference right under the headers: the blank line was left out.
    if (/^(<|>)/.test(line)) break;
    // As httpyac reads it: a line that is not `Name: value` ends the headers; the body starts there (the blank line was left out).
    // httpyac's `...name` spreads the headers held in a variable, which Wirebench cannot know here.
    if (/^\.\.\.[\w$.]+$/.test(line)) {
      local.push(`Line ${lines[i]!.line}: "${line}" (httpyac spreads the headers of that variable) was left out; add those headers by hand.`);
      continue;
    }
    if (!HEADER_LINE.test(line)) break;
    const colon = line.indexOf(':');
    headers.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }

  // The body, with handlers, response references and comments taken out (JetBrains reads comment lines in a body as comments).
  const content: Line[] = [];
  const droppedComments: number[] = [];
  let afterHandler = false;
  // A flag, not a search of what came before: a body of thousands of comment lines stays linear.
  let bodyStarted = false;
  for (; i < lines.length; i++) {
    const line = lines[i]!.text.trim();
    const handler = NOT_BODY.test(line) ? undefined : (scriptAt(lines, i, '>') ?? httpyacScriptAt(lines, i, 'post-response'));
    if (handler && 'unclosed' in handler) {
      local.push(`Line ${handler.unclosed}: the response handler script "> {%" is never closed with "%}"; it was left out.`);
      break;
    }
    if (handler) {
      scripts.push(handler.script);
      i = handler.next - 1;
      afterHandler = true;
      continue;
    }
    if (RESPONSE_REF.test(line) || NOT_BODY.test(line)) continue;
    if (COMMENT.test(line)) {
      if (bodyStarted) droppedComments.push(lines[i]!.line);
      continue;
    }
    if (afterHandler) continue;
    // A response written under the request (`HTTP/1.1 200 OK` and what follows), as httpyac keeps beside requests: not body.
    if (/^HTTP\/\d(\.\d)?\s+[1-5]\d\d\b/.test(line) && (content.length === 0 || content[content.length - 1]!.text.trim() === '')) break;
    content.push(lines[i]!);
    bodyStarted ||= line !== '';
  }
  while (content.length > 0 && content[0]!.text.trim() === '') content.shift();
  while (content.length > 0 && content[content.length - 1]!.text.trim() === '') content.pop();
  const trailing = droppedComments.filter((line) => content.length > 0 && line < content[content.length - 1]!.line);
  if (trailing.length > 0) local.push(`comment lines in the body (line ${trailing.join(', ')}) were left out, as JetBrains does; VS Code REST Client would send them.`);

  const host = headers.find((h) => h.name.toLowerCase() === 'host');
  if ((url.startsWith('/') || url === '*') && host) {
    const path = url === '*' ? '/' : url;
    if (url === '*') local.push('the asterisk-form target (*) is sent as "/": browsers and the relay cannot send "*".');
    // A Host header holding a whole URL (as in the JetBrains spec's own OPTIONS * example) already has its scheme.
    if (SCHEME.test(host.value)) url = `${host.value.replace(/\/+$/, '')}${path}`;
    else {
      const port = /:(\d+)$/.exec(host.value)?.[1];
      url = port === '443' ? `https://${host.value.replace(/:443$/, '')}${path}` : `${port === '8443' ? 'https' : 'http'}://${host.value}${path}`;
    }
    headers.splice(headers.indexOf(host), 1);
  }

  const requestType = headers.find((h) => h.name.toLowerCase() === 'x-request-type');
  const graphQl = method === 'GRAPHQL' || /^graphql$/i.test(requestType?.value.trim() ?? '');
  if (graphQl) {
    if (requestType) headers.splice(headers.indexOf(requestType), 1);
    if (method === 'GRAPHQL') method = 'POST';
    if (!headers.some((h) => h.name.toLowerCase() === 'content-type')) headers.push({ name: 'Content-Type', value: 'application/json' });
  }

  const input: DraftInput = { method, url, headers, options };
  const authorization = headers.find((h) => h.name.toLowerCase() === 'authorization');
  const basic = authorization ? basicShorthand(authorization.value) : undefined;
  if (authorization && basic) {
    headers.splice(headers.indexOf(authorization), 1);
    input.auth = { scheme: 'basic', values: basic };
  }
  const contentType = headers.find((h) => h.name.toLowerCase() === 'content-type')?.value;
  const httpyacGraphQl = !graphQl && content.length > 0 ? graphQlAt(content, 0) : undefined;
  const fileBody = content.length === 1 && !httpyacGraphQl ? FILE_BODY.exec(content[0]!.text.trim()) : null;
  const boundary = graphQl || httpyacGraphQl || fileBody ? undefined : multipart(contentType);
  const parts = boundary ? multipartPartsOf(content, boundary, (w) => local.push(w)) : undefined;
  if (graphQl) {
    // A GraphQL body; its JSON text is kept too, so switching the body to JSON shows what a POST sends.
    input.body = { kind: 'graphql', graphql: graphQlParts(content), texts: { json: graphQlBody(content) } };
  } else if (httpyacGraphQl) {
    const variablesText = content.slice(httpyacGraphQl.next).map((l) => l.text).join('\n');
    const parts = graphQlRequestParts(httpyacGraphQl, variablesText, file.fragments, (w) => local.push(w));
    const typed = contentType === undefined || /^application\/json\b/i.test(contentType.trim());
    input.body = typed
      ? { kind: 'graphql', graphql: { query: parts.query, variables: parts.variables, operationName: parts.operationName ?? '' }, texts: { json: graphQlJsonText(parts) } }
      : draftBodyForText(graphQlJsonText(parts), contentType);
  } else if (fileBody) {
    const [, processed, encoding, path] = fileBody;
    const notes = [encoding ? `in the ${encoding} encoding` : '', processed ? 'with its {{variables}} substituted (VS Code REST Client), which Wirebench does not do: its bytes are sent as they are' : ''].filter(Boolean);
    local.push(`Line ${content[0]!.line}: the body is read from the file "${path}"${notes.length > 0 ? ` ${notes.join(', ')}` : ''}: pick the file again before sending.`);
    input.body = { kind: 'binary', binary: fileRefOf(path!, contentType, draftRowId('file')) };
  } else if (boundary && parts) {
    input.body = { kind: 'multipart', boundary, multipart: parts };
  } else {
    const fileLines = content.filter((l) => FILE_BODY.test(l.text.trim())).map((l) => l.line);
    if (fileLines.length > 0) local.push(`parts of the body are read from files (< path, line ${fileLines.join(', ')}), which cannot be read here; those lines are sent as written.`);
    input.body = draftBodyForText(formLinesJoined(content.map((l) => l.text), contentType), contentType);
  }
  // httpyac names a request after its GraphQL operation when nothing else names it.
  const requestName = title ?? httpyacGraphQl?.name ?? requestNameOf(method, url);
  const request = savedRequestOf(requestName, input, description.length > 0 ? description.join('\n') : undefined);
  if (scripts.length > 0) {
    request.scripts = scripts;
    local.push(`its ${scripts.map((s) => (s.phase === 'pre-request' ? 'pre-request script' : 'response handler')).join(' and ')} ${scripts.length === 1 ? 'was' : 'were'} kept with the request but will not run: Wirebench runs Postman (pm) scripts only, not the JetBrains/httpyac handler API.`);
  }
  if (ignored.length > 0) local.push(`directives ${ignored.join(', ')} are not supported and were ignored.`);
  return { kind: 'request', request, warnings: local.map((w) => (w.startsWith('Line ') ? `${requestName}, line ${w.slice(5)}` : `${requestName}: ${w}`)) };
}

/** The boundary of a `multipart/form-data` Content-Type, the only multipart the composer builds. */
function multipart(contentType: string | undefined): string | undefined {
  if (!contentType) return undefined;
  const { type, params } = contentTypeParams(contentType);
  return type === 'multipart/form-data' && params.boundary ? params.boundary : undefined;
}

/**
 * The JSON both clients send for a GraphQL request: the query (the body up to its first
 * blank line) and the variables (the JSON after it, `{}` when there is none). Variables are
 * spliced in as written, so `{{placeholders}}` in them survive until sending.
 */
function graphQlParts(content: Line[]): { query: string; variables: string; operationName: string } {
  const blank = content.findIndex((l) => l.text.trim() === '');
  const query = (blank < 0 ? content : content.slice(0, blank)).map((l) => l.text).join('\n');
  const variables = blank < 0 ? '' : content.slice(blank + 1).map((l) => l.text).join('\n').trim();
  return { query, variables, operationName: '' };
}

function graphQlBody(content: Line[]): string {
  const blank = content.findIndex((l) => l.text.trim() === '');
  const query = (blank < 0 ? content : content.slice(0, blank)).map((l) => l.text).join('\n');
  const variables = blank < 0 ? '' : content.slice(blank + 1).map((l) => l.text).join('\n').trim();
  return `{\n  "query": ${JSON.stringify(query)},\n  "variables": ${variables || '{}'}\n}`;
}

/**
 * Reads a `.http` / `.rest` file into a collection named `name` (default "HTTP requests"),
 * one request per `###` block with a request line, in order; file variables become
 * collection variables. `Authorization: Basic user password` becomes Basic auth; a
 * request line with only a path takes its host from a Host header. Requests follow
 * redirects unless marked `# @no-redirect`, as both clients do. Never fails: a block that
 * cannot be read, or is not HTTP, is skipped with its line and the reason.
 */
export function parseHttpFile(text: string, name = 'HTTP requests'): Result<ImportResult> {
  const collection = emptyCollection(name);
  const result: ImportResult = { collection, skipped: [], warnings: [] };
  const file: FileState = { variables: collection.variables, byName: new Map(), fragments: new Map(), warnings: result.warnings };
  for (const block of blocksOf(text)) {
    let parsed: ParsedBlock | undefined;
    try {
      parsed = parseBlock(block, file);
    } catch (error) {
      // One block the parser trips on must not cost the rest of the file.
      const at = block.lines.find((l) => l.text.trim() !== '')?.line ?? 0;
      parsed = { kind: 'skip', name: block.title || `Request at line ${at}`, reason: `line ${at}: could not be read (${error instanceof Error ? error.message : String(error)})` };
    }
    if (!parsed) continue;
    if (parsed.kind === 'skip') {
      result.skipped.push({ item: parsed.name, reason: parsed.reason });
      continue;
    }
    collection.items.push(parsed.request);
    result.warnings.push(...parsed.warnings);
  }
  const system = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*(\$[\w.]+)/g)) system.add(match[1]!);
  if (system.size > 0) result.warnings.push(`Dynamic variables ${[...system].join(', ')} are not supported; they are kept as written and will show as unresolved.`);
  const defined = new Set(collection.variables.map((v) => v.name));
  const named = new Set(collection.items.map((item) => item.name));
  const unknown = [...new Set(findVariables(text).map((v) => v.name))].filter((n) => !n.startsWith('$') && !defined.has(n));
  // VS Code's request variables, `{{login.response.body.$.token}}`: a value from another request's exchange, not an environment.
  const chained = unknown.filter((n) => /^[^.]+\.(request|response)\./.test(n) && named.has(n.slice(0, n.indexOf('.'))));
  const chainedSet = new Set(chained);
  const undefinedNames = unknown.filter((n) => !chainedSet.has(n));
  if (chained.length > 0) result.warnings.push(`Variables ${chained.map((n) => `{{${n}}}`).join(', ')} take values from other requests' exchanges, which Wirebench does not chain yet; set them by hand or in an environment.`);
  if (undefinedNames.length > 0) result.warnings.push(`Variables ${undefinedNames.map((n) => `{{${n}}}`).join(', ')} are not defined in the file (they may come from an environment file); set them in an environment.`);
  return ok(result);
}
