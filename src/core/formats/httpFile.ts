/**
 * `.http` / `.rest` files, the request format of JetBrains IDEs' HTTP Client and VS Code's
 * REST Client: requests separated by `###` lines (the rest of the line names the request),
 * `# @name` directives, `@name = value` file variables, a request line, headers, a blank
 * line and the body. Bodies read from files (`< ./body.json`) cannot be read here and are
 * reported; response-handler scripts are left out with a warning.
 */
import { findVariables } from '../encoding';
import type { DraftInput } from '../request';
import type { Result } from '../types';
import { ok } from '../types';
import type { SavedRequest, Variable } from '../workspace';
import { draftBodyForText, emptyCollection, requestNameOf, savedRequestOf, type ImportResult } from './importResult';

const METHODS = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|CONNECT|[A-Z][A-Z0-9_-]*)\s+(\S.*?)(?:\s+HTTP\/\d(?:\.\d)?)?\s*$/;
const URL_ONLY = /^(https?:\/\/|\{\{)\S*$/i;
const VARIABLE_LINE = /^@([A-Za-z_$][\w$.-]*)\s*=\s*(.*?)\s*$/;
const DIRECTIVE = /^(?:#|\/\/)\s*@([\w-]+)(?:\s*=?\s*(.*?))?\s*$/;
const COMMENT = /^(#|\/\/)/;

interface Block {
  title: string;
  lines: { text: string; line: number }[];
}

function blocksOf(text: string): Block[] {
  const blocks: Block[] = [{ title: '', lines: [] }];
  text.split(/\r?\n/).forEach((line, index) => {
    const separator = /^###(.*)$/.exec(line);
    if (separator) blocks.push({ title: separator[1]!.trim(), lines: [] });
    else blocks[blocks.length - 1]!.lines.push({ text: line, line: index + 1 });
  });
  return blocks;
}

/** `Authorization: Basic user password` (or `user:password`) is the clients' shorthand for Basic auth. */
function basicShorthand(value: string): { username: string; password: string } | undefined {
  const match = /^Basic\s+(\S+)\s+(\S.*)$/i.exec(value.trim()) ?? /^Basic\s+([^:\s]+):(\S*)$/i.exec(value.trim());
  return match ? { username: match[1]!, password: match[2]! } : undefined;
}

type ParsedBlock = { kind: 'request'; request: SavedRequest; warnings: string[] } | { kind: 'not-a-request'; line: number; text: string };

function parseBlock(block: Block, variables: Variable[], byName: Map<string, Variable>, warnings: string[]): ParsedBlock | undefined {
  const lines = block.lines;
  let i = 0;
  let name: string | undefined;
  let followRedirects = true;
  const description: string[] = [];
  const local: string[] = [];
  for (; i < lines.length; i++) {
    const line = lines[i]!.text.trim();
    if (line === '') continue;
    const directive = DIRECTIVE.exec(line);
    if (directive) {
      if (directive[1] === 'name' && directive[2]) name = directive[2];
      else if (directive[1] === 'no-redirect') followRedirects = false;
      continue;
    }
    if (COMMENT.test(line)) {
      description.push(line.replace(/^(#|\/\/)\s?/, ''));
      continue;
    }
    const variable = VARIABLE_LINE.exec(line);
    if (variable) {
      // By name in a map: a file defining thousands of variables must not be read in quadratic time.
      const existing = byName.get(variable[1]!);
      if (!existing) {
        const added = { name: variable[1]!, value: variable[2]! };
        variables.push(added);
        byName.set(added.name, added);
      }
      else if (existing.value !== variable[2]) warnings.push(`Line ${lines[i]!.line}: variable "${variable[1]}" is defined again with another value; the first value was kept.`);
      continue;
    }
    break;
  }
  if (i >= lines.length) return undefined;
  const requestLine = lines[i]!;
  const match = METHODS.exec(requestLine.text.trim());
  let method = 'GET';
  let url: string;
  if (match && !URL_ONLY.test(requestLine.text.trim())) {
    method = match[1]!;
    url = match[2]!;
  } else if (/^\S+$/.test(requestLine.text.trim())) {
    url = requestLine.text.trim();
  } else {
    return { kind: 'not-a-request', line: requestLine.line, text: requestLine.text.trim() };
  }
  i++;
  while (i < lines.length && /^\s*[?&]/.test(lines[i]!.text)) url += lines[i++]!.text.trim();
  const headers: NonNullable<DraftInput['headers']> = [];
  for (; i < lines.length && lines[i]!.text.trim() !== ''; i++) {
    const line = lines[i]!.text.trim();
    if (COMMENT.test(line)) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) {
      local.push(`Line ${lines[i]!.line}: "${line.slice(0, 60)}" is not a "Name: value" header and was ignored.`);
      continue;
    }
    headers.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }
  let bodyLines = lines.slice(i + 1).map((l) => l.text);
  const handler = bodyLines.findIndex((l) => /^>\s*(\{%|\S)/.test(l));
  if (handler >= 0) {
    local.push('the response handler script (> …) was left out: Wirebench does not run scripts.');
    bodyLines = bodyLines.slice(0, handler);
  }
  bodyLines = bodyLines.filter((l) => !/^<>\s/.test(l));
  while (bodyLines.length > 0 && bodyLines[bodyLines.length - 1]!.trim() === '') bodyLines.pop();
  const body = bodyLines.join('\n');
  const host = headers.find((h) => h.name.toLowerCase() === 'host');
  if (url.startsWith('/') && host) {
    url = `${/:443$/.test(host.value) ? 'https' : 'http'}://${host.value.replace(/:443$/, '')}${url}`;
    headers.splice(headers.indexOf(host), 1);
  }
  const input: DraftInput = { method, url, headers, options: { followRedirects } };
  const authorization = headers.find((h) => h.name.toLowerCase() === 'authorization');
  const basic = authorization ? basicShorthand(authorization.value) : undefined;
  if (authorization && basic) {
    headers.splice(headers.indexOf(authorization), 1);
    input.auth = { scheme: 'basic', values: basic };
  }
  const contentType = headers.find((h) => h.name.toLowerCase() === 'content-type')?.value;
  const fileLine = /^<@?\s+(.+)$/.exec(bodyLines[0] ?? '');
  if (fileLine && bodyLines.length === 1) {
    local.push(`the body is read from the file "${fileLine[1]!.trim()}": pick the file again before sending.`);
    input.body = { kind: 'binary' };
  } else {
    if (bodyLines.some((l) => /^<@?\s+\S/.test(l))) local.push('parts of the body are read from files (< path), which cannot be read here; those lines are sent as written.');
    input.body = draftBodyForText(body, contentType);
  }
  const title = name ?? (block.title || undefined) ?? requestNameOf(method, url);
  const request = savedRequestOf(title, input, description.length > 0 ? description.join('\n') : undefined);
  return { kind: 'request', request, warnings: local.map((w) => (w.startsWith('Line') ? w : `${title}: ${w}`)) };
}

/**
 * Reads a `.http` / `.rest` file into a collection named `name` (default "HTTP requests"),
 * one request per `###` block with a request line, in order; file variables become
 * collection variables. `Authorization: Basic user password` becomes Basic auth; a
 * request line with only a path takes its host from a Host header. Requests follow
 * redirects unless marked `# @no-redirect`, as both clients do. Never fails: a block that
 * cannot be read is skipped with its line number.
 */
export function parseHttpFile(text: string, name = 'HTTP requests'): Result<ImportResult> {
  const collection = emptyCollection(name);
  const result: ImportResult = { collection, skipped: [], warnings: [] };
  const byName = new Map<string, Variable>();
  for (const block of blocksOf(text)) {
    const parsed = parseBlock(block, collection.variables, byName, result.warnings);
    if (!parsed) continue;
    if (parsed.kind === 'not-a-request') {
      result.skipped.push({ item: block.title || `Request at line ${parsed.line}`, reason: `line ${parsed.line} ("${parsed.text.slice(0, 60)}") is not a request line (METHOD URL)` });
      continue;
    }
    collection.items.push(parsed.request);
    result.warnings.push(...parsed.warnings);
  }
  const system = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*(\$[\w.]+)/g)) system.add(match[1]!);
  if (system.size > 0) result.warnings.push(`Dynamic variables ${[...system].join(', ')} are not supported; they are kept as written and will show as unresolved.`);
  const defined = new Set(collection.variables.map((v) => v.name));
  const undefinedNames = [...new Set(findVariables(text).map((v) => v.name))].filter((n) => !n.startsWith('$') && !defined.has(n));
  if (undefinedNames.length > 0) result.warnings.push(`Variables ${undefinedNames.map((n) => `{{${n}}}`).join(', ')} are not defined in the file (they may come from an environment file); set them in an environment.`);
  return ok(result);
}
