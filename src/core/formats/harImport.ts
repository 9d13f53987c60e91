/**
 * HAR files (a browser's network tab, "Save all as HAR", Charles, Fiddler, files written
 * for httpsnippet) imported as a collection: one saved request per entry, grouped in a
 * folder per host when there are several. Headers the relay computes itself (Host,
 * Content-Length, HTTP/2 pseudo-headers) are left out; bodies come from postData text or
 * params. What the URL or headers lack is taken from `queryString` and `cookies` as
 * httpsnippet does; `harRead.ts` says what is tolerated and what skips an entry.
 */
import { contentTypeParams, formatUrlParts, parseUrlParts } from '../encoding';
import { draftRowId, type DraftInput, type MultipartPartDraft } from '../request';
import type { Result } from '../types';
import { ok } from '../types';
import type { CollectionItem, Folder } from '../workspace';
import { workspaceItemId } from '../workspace';
import type { HarNameValue } from './har';
import { harEntryLabel, readHarLog, readHarRequest, type HarRequestReading } from './harRead';
import { baseName, draftBodyForText, emptyCollection, parseJsonDocument, requestNameOf, savedRequestOf, type ImportResult } from './importResult';

/** Headers the relay writes itself, or that only exist in HTTP/2 captures. */
const COMPUTED_HEADERS = new Set(['host', 'content-length', 'connection', 'transfer-encoding']);

function bodyOf(request: HarRequestReading, input: DraftInput, warnings: string[], label: string): void {
  const postData = request.postData;
  if (!postData) return;
  const typed = input.headers?.find((h) => h.name.toLowerCase() === 'content-type')?.value;
  const mimeType = postData.mimeType || typed || '';
  const media = contentTypeParams(mimeType);
  const boundary = media.params.boundary ?? (typed ? contentTypeParams(typed).params.boundary : undefined);
  const params = postData.params;
  // The text is what was sent, byte for byte, when a capture has it; params fill an empty body (tool-written HAR).
  if (params.length > 0 && media.type === 'multipart/form-data' && !postData.text) {
    input.headers = input.headers?.filter((h) => h.name.toLowerCase() !== 'content-type');
    const parts = params.map((param) => {
      const file = param.fileName !== undefined && param.value === undefined;
      if (file) warnings.push(`${label}: part "${param.name}" is the file "${param.fileName}": pick the file again before sending.`);
      const part: Partial<MultipartPartDraft> = { id: draftRowId(), enabled: true, name: param.name, kind: file ? 'file' : 'text', value: param.value ?? '', contentType: param.contentType ?? '', base64: false, headers: [] };
      // A path in fileName (tool-written HAR) is not sent: only its last segment, as browsers, curl and httpsnippet send it (RFC 7578 §4.2).
      if (param.fileName !== undefined) part.filename = param.fileName === '' ? '' : baseName(param.fileName);
      return part as MultipartPartDraft;
    });
    input.body = { kind: 'multipart', multipart: parts, ...(boundary ? { boundary } : {}) };
    return;
  }
  if (params.length > 0 && !postData.text) {
    if (media.type !== 'application/x-www-form-urlencoded') {
      warnings.push(`${label}: request.postData.params sent as a form body (application/x-www-form-urlencoded), though the media type is ${media.type ? `"${media.type}"` : 'not given'}.`);
    }
    input.body = { kind: 'form', form: params.map((p) => ({ id: draftRowId(), enabled: true, name: p.name, value: p.value ?? '' })) };
    return;
  }
  const text = postData.text ?? '';
  input.body = draftBodyForText(text, mimeType || undefined);
  const hasType = input.headers?.some((h) => h.name.toLowerCase() === 'content-type');
  if (!hasType && mimeType && input.body.kind !== 'none' && text !== '') input.headers = [...(input.headers ?? []), { name: 'Content-Type', value: mimeType }];
  // A multipart body whose Content-Type lost its boundary (tool-written HAR) cannot be read by a server: the body's own first delimiter gives it back.
  const textBoundary = media.type.startsWith('multipart/') && !boundary ? /^--([^\r\n]{1,70})\r?\n/.exec(text)?.[1] : undefined;
  if (textBoundary) {
    input.headers = input.headers?.map((h) => (h.name.toLowerCase() === 'content-type' && contentTypeParams(h.value).type.startsWith('multipart/') ? { ...h, value: `${h.value.trim().replace(/;\s*$/, '')}; boundary=${textBoundary}` } : h));
  }
}

/**
 * `url` with the `queryString` pairs whose names it lacks, as httpsnippet builds its
 * `fullUrl`: its query object is the queryString pairs (repeated names gathered at the
 * first one's place) overlaid by the URL's own, so a name the URL has keeps the URL's
 * value, names come in the queryString's order, and names only the URL has follow. The URL's own pairs are kept
 * as written; added pairs are percent-encoded. Browser captures list exactly the URL's
 * query, so their URLs come through unchanged. `added` names the pairs added.
 */
export function urlWithHarQuery(url: string, queryString: readonly HarNameValue[]): { url: string; added: string[] } {
  if (queryString.length === 0) return { url, added: [] };
  const parts = parseUrlParts(url);
  // Chrome lists names as written in the URL (`a%5B0%5D`, `a+b`), Firefox decoded (`a[0]`, `a b`): either spelling is present.
  const present = new Set(parts.query.flatMap((p) => [p.name, ...nameSpellings(p.raw === undefined ? p.name : p.raw.split('=')[0]!)]));
  const missing = queryString.filter((pair) => !nameSpellings(pair.name).some((name) => present.has(name)));
  if (missing.length === 0) return { url, added: [] };
  // httpsnippet's order: the queryString's names first (a name the URL has keeps the URL's pairs), then the URL's other names.
  const urlNames = (pair: (typeof parts.query)[number]) => nameSpellings(pair.raw === undefined ? pair.name : pair.raw.split('=')[0]!);
  const listed = new Set(queryString.flatMap((pair) => nameSpellings(pair.name)));
  const query: typeof parts.query = [];
  const placed = new Set<(typeof parts.query)[number]>();
  for (const name of new Set(queryString.map((pair) => pair.name))) {
    const spellings = nameSpellings(name);
    const inUrl = parts.query.filter((pair) => !placed.has(pair) && urlNames(pair).some((n) => spellings.includes(n)));
    if (inUrl.length > 0) {
      for (const pair of inUrl) placed.add(pair);
      query.push(...inUrl);
    } else query.push(...missing.filter((pair) => pair.name === name).map((pair) => ({ name, value: pair.value })));
  }
  query.push(...parts.query.filter((pair) => !placed.has(pair) && !urlNames(pair).some((n) => listed.has(n))));
  const added = [...new Set(missing.map((pair) => pair.name))];
  return { url: formatUrlParts({ ...parts, query }), added };
}

/** `name` as written, percent-decoded, and form-decoded (`+` as space); a malformed escape stays as written. */
function nameSpellings(name: string): string[] {
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  return [name, decode(name), decode(name.replace(/\+/g, ' '))];
}

/**
 * The Cookie header httpsnippet writes from a `cookies` list: `name=value` pairs, each
 * part encoded with encodeURIComponent, joined by `; `. Only used when the request has
 * no Cookie header: a capture's header is what was sent, its list only a reading of it.
 */
export function cookieHeaderOf(cookies: readonly HarNameValue[]): string {
  return cookies.map(({ name, value }) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('; ');
}

function quotedNames(names: readonly string[]): string {
  const shown = names.slice(0, 8).map((n) => `"${n}"`).join(', ');
  return names.length > 8 ? `${shown} and ${names.length - 8} more` : shown;
}

/**
 * The header lines a capture says were sent, two capture habits undone. Chrome's
 * DevTools-protocol HAR writers (browsertime, chrome-har) list the provisional request
 * headers before the HTTP/2 pseudo-headers and the ones sent after them: a line before
 * the pseudo-headers that a line after repeats (name in any case, same value) was sent
 * once. HTTP/2 and HTTP/3 may split the cookie into several fields, which RFC 9113 §8.2.3
 * (RFC 9114 §4.2.1) joins with "; " for HTTP/1.1, where RFC 6265 §5.4 allows one Cookie
 * header: one line, at the first's place. Several Cookie lines of an HTTP/1.1 capture were
 * sent as several lines, so they stay.
 */
export function sentHeaderLines(headers: readonly HarNameValue[], http2OrLater: boolean, warnings: string[] = [], label = ''): HarNameValue[] {
  const pseudo = headers.findIndex((h) => h.name.startsWith(':'));
  const sent = headers.slice(Math.max(pseudo, 0));
  const repeated = (h: HarNameValue) => sent.some((s) => !s.name.startsWith(':') && s.name.toLowerCase() === h.name.toLowerCase() && s.value === h.value);
  const provisional = pseudo > 0 ? headers.slice(0, pseudo).filter(repeated) : [];
  if (provisional.length > 0) warnings.push(`${label}: ${provisional.length} header line${provisional.length > 1 ? 's' : ''} listed before the HTTP/2 pseudo-headers and again after them (Chrome's provisional headers) sent once.`);
  const lines = headers.filter((h) => !provisional.includes(h)).map((h) => ({ name: h.name, value: h.value }));
  const cookies = lines.filter((h) => h.name.toLowerCase() === 'cookie');
  if (!http2OrLater || cookies.length < 2) return lines;
  warnings.push(`${label}: ${cookies.length} cookie header fields (HTTP/2) joined into one Cookie header, as RFC 9113 §8.2.3 says for HTTP/1.1.`);
  cookies[0]!.value = cookies.map((h) => h.value).join('; ');
  return lines.filter((h) => !cookies.includes(h) || h === cookies[0]);
}

/** The draft input for one entry's request, with what was taken from its lists reported in `warnings`. */
function draftInputOf(request: HarRequestReading, warnings: string[], label: string): DraftInput {
  const query = urlWithHarQuery(request.url.split('#')[0]!, request.queryString);
  if (query.added.length > 0) warnings.push(`${label}: query parameter${query.added.length > 1 ? 's' : ''} ${quotedNames(query.added)} from request.queryString added to the URL, which lacked ${query.added.length > 1 ? 'them' : 'it'}.`);
  const headers = sentHeaderLines(request.headers, request.http2OrLater, warnings, label).filter((h) => !h.name.startsWith(':') && !COMPUTED_HEADERS.has(h.name.toLowerCase()));
  if (request.cookies.length > 0 && !headers.some((h) => h.name.toLowerCase() === 'cookie')) {
    // First, where httpsnippet puts it (its headers object starts with the cookie).
    headers.unshift({ name: 'Cookie', value: cookieHeaderOf(request.cookies) });
    const names = [...new Set(request.cookies.map((c) => c.name))];
    warnings.push(`${label}: cookie${names.length > 1 ? 's' : ''} ${quotedNames(names)} from request.cookies sent in a Cookie header, since the headers had none.`);
  }
  const input: DraftInput = { method: request.method, url: query.url, headers };
  bodyOf(request, input, warnings, label);
  return input;
}

/**
 * The JSON text of a HAR file: without the UTF-8 byte order mark Windows tools (Fiddler
 * among them) write, which RFC 8259 §8.1 lets a parser ignore; and, for HAR padded as JSONP
 * (`onInputData({…});`, the form HAR Viewer loads and its test files use), the object inside
 * the call, with the callback's name.
 */
export function harJsonText(text: string): { json: string; callback?: string } {
  const json = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const padded = /^\s*([A-Za-z_$][\w$.]*)\s*\(\s*(\{[\s\S]*\})\s*\)\s*;?\s*$/.exec(json);
  return padded ? { json: padded[2]!, callback: padded[1]! } : { json };
}

/**
 * Imports a HAR 1.1 or 1.2 file (or a bare HAR request or entry, as httpsnippet reads
 * them). Fails only when the text is not JSON (with the line and column) or not HAR at
 * all (saying what it looks like). Each entry that cannot be read is skipped with its
 * number, method, URL and the field at fault; entries whose URL is not http(s) (data:,
 * blob:, WebSocket, extension pages) are skipped with the reason. Everything taken from
 * `queryString`, `cookies` or `postData.params`, and every item left out of an entry, is
 * in `warnings`.
 */
export function importHar(text: string, name?: string): Result<ImportResult> {
  const { json: jsonText, callback } = harJsonText(text);
  const json = parseJsonDocument(jsonText, 'HAR');
  if (!json.ok) return json;
  const log = readHarLog(json.value);
  if (!log.ok) return log;
  const { entries, fieldPath, creatorName } = log.value;
  const collection = emptyCollection(name ?? (creatorName ? `HAR from ${creatorName}` : 'HAR import'));
  const padded = callback ? [`The file is HAR wrapped in a JavaScript call, ${callback}(…) (HAR Viewer's JSONP form); the HAR inside was read.`] : [];
  const result: ImportResult = { collection, skipped: [], warnings: [...padded, ...log.value.warnings] };
  const byHost = new Map<string, CollectionItem[]>();
  entries.forEach((entry, index) => {
    const label = harEntryLabel(entry, index);
    const read = readHarRequest(entry, label, result.warnings);
    if (!read.ok) {
      result.skipped.push({ item: label, reason: `${fieldPath(index, read.error.field)} ${read.error.reason}` });
      return;
    }
    const request = read.value;
    const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(request.url)?.[1]?.toLowerCase();
    if (scheme !== 'http' && scheme !== 'https') {
      result.skipped.push({ item: label, reason: `its URL is ${scheme ? `a ${scheme}: URL` : 'not absolute'}; only http and https requests can be sent` });
      return;
    }
    const input = draftInputOf(request, result.warnings, label);
    const host = /^[a-z]+:\/\/([^/?#]*)/i.exec(request.url)?.[1] ?? '';
    const list = byHost.get(host) ?? [];
    list.push(savedRequestOf(requestNameOf(request.method, request.url), input, request.comment));
    byHost.set(host, list);
  });
  if (byHost.size <= 1) collection.items = [...byHost.values()].flat();
  else collection.items = [...byHost].map(([host, items]): Folder => ({ kind: 'folder', id: workspaceItemId('fld'), name: host || '(no host)', items }));
  return ok(result);
}
