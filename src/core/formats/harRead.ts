/**
 * Reading HAR as the tools that write it actually do: browsers, proxies (Charles,
 * Fiddler) and hand- or tool-written files for snippet generators (httpsnippet). HAR 1.2
 * makes `headers`, `cookies` and `queryString` mandatory, but httpsnippet and Insomnia
 * read requests without them, so they default to empty lists here. One entry that
 * cannot be read is reported with its index and field and the others still import;
 * only a document that is not HAR at all is refused, saying what it looks like instead.
 */
import { contentTypeParams } from '../encoding';
import { isHttpToken } from '../grammar';
import { isJsonMediaType } from '../http/requestBody';
import type { Result } from '../types';
import { fail, ok } from '../types';
import type { HarNameValue, HarParam } from './har';

/** The log of a HAR document: its entries still unread, so one bad entry costs only itself. */
export interface HarLogReading {
  entries: unknown[];
  /** Where a field of an entry sits in the file (`log.entries[3].request.url`), for the reasons of skipped entries. */
  fieldPath: (index: number, field: string) => string;
  creatorName?: string;
  warnings: string[];
}

/** One entry's request, every optional-in-practice field defaulted. */
export interface HarRequestReading {
  method: string;
  url: string;
  headers: HarNameValue[];
  cookies: HarNameValue[];
  queryString: HarNameValue[];
  postData?: { mimeType: string; text?: string; params: HarParam[] };
  comment?: string;
  /** The capture's `httpVersion` says HTTP/2 or HTTP/3 (`h2`, `HTTP/2.0`, `h3`…), or its headers hold pseudo-headers. */
  http2OrLater: boolean;
}

/** Why one entry was left out: the field that could not be read and what was wrong with it. */
export interface HarEntryProblem {
  field: string;
  reason: string;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON value described for a reason: `a number`, `a list`, `null`. */
export function describeJsonValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return value.trim() === '' ? 'empty text' : 'text';
  return `a ${typeof value}`;
}

function joinPath(entry: string, field: string): string {
  return field ? `${entry}.${field}` : entry;
}

/** What a JSON document that is not HAR looks like, for the refusal. */
function lookalikeOf(value: unknown): string {
  if (!isObject(value)) return `a JSON document holding ${describeJsonValue(value)}`;
  const info = value.info;
  if (isObject(info) && (typeof info.schema === 'string' || Array.isArray(value.item))) return 'a Postman collection (import it as Postman)';
  if (Array.isArray(value.requests) && typeof value.name === 'string') return 'a Postman v1 collection (import it as Postman)';
  if ('openapi' in value) return 'an OpenAPI document (import it as OpenAPI)';
  if ('swagger' in value) return 'a Swagger 2.0 document';
  if (value._type === 'export' && Array.isArray(value.resources)) return 'an Insomnia export';
  if ('log' in value) return `a document whose "log" is ${describeJsonValue(value.log)}, not an object with "entries"`;
  const keys = Object.keys(value);
  return keys.length === 0 ? 'an empty JSON object' : `a JSON object with ${keys.slice(0, 5).map((k) => `"${k}"`).join(', ')}${keys.length > 5 ? ', …' : ''} but no "log"`;
}

/**
 * The log of a parsed HAR document. Besides `{ log: { entries } }` it accepts what
 * httpsnippet accepts (a bare HAR request, an entry `{ request }`) and a list of entries,
 * since snippets and bug reports carry those. A log without entries is empty, with a
 * warning; a version other than 1.1/1.2 is read as 1.2, with a warning.
 */
export function readHarLog(value: unknown): Result<HarLogReading> {
  const warnings: string[] = [];
  if (isObject(value) && isObject(value.log)) {
    const log = value.log;
    const version = typeof log.version === 'number' ? String(log.version) : log.version;
    if (version !== undefined && version !== null && version !== '' && version !== '1.1' && version !== '1.2') {
      warnings.push(`The file says HAR version ${typeof version === 'string' ? version : describeJsonValue(version)}; it was read as HAR 1.2.`);
    }
    const creator = isObject(log.creator) && typeof log.creator.name === 'string' && log.creator.name.trim() !== '' ? log.creator.name : undefined;
    const reading = (entries: unknown[]): HarLogReading => ({ entries, fieldPath: (i, field) => joinPath(`log.entries[${i}]`, field), warnings, ...(creator ? { creatorName: creator } : {}) });
    if (log.entries === undefined || log.entries === null) {
      warnings.push('The file has no log.entries: there are no requests in it.');
      return ok(reading([]));
    }
    if (!Array.isArray(log.entries)) {
      return fail({ kind: 'schema', field: 'log.entries', message: `This HAR file's log.entries is ${describeJsonValue(log.entries)}, not a list of entries, so there is nothing to import.` });
    }
    return ok(reading(log.entries));
  }
  if (isObject(value) && isObject(value.request)) return ok({ entries: [value], fieldPath: (_, field) => field || 'the entry', warnings });
  if (isObject(value) && typeof value.url === 'string' && typeof value.method === 'string') {
    return ok({ entries: [{ request: value }], fieldPath: (_, field) => field.replace(/^request\.?/, '') || 'the request', warnings });
  }
  if (Array.isArray(value) && value.length > 0 && value.every((item) => isObject(item) && isObject(item.request))) {
    return ok({ entries: value, fieldPath: (i, field) => joinPath(`[${i}]`, field), warnings });
  }
  return fail({ kind: 'not-har', message: `This is not a HAR file: it looks like ${lookalikeOf(value)}. A HAR file is a JSON object with "log": { "entries": […] }.` });
}

/** A short, secret-free name of entry `index` for the report: number, method, URL without its query. */
export function harEntryLabel(entry: unknown, index: number): string {
  const request = isObject(entry) && isObject(entry.request) ? entry.request : undefined;
  const method = typeof request?.method === 'string' && request.method !== '' ? request.method : '(no method)';
  const url = typeof request?.url === 'string' && request.url !== '' ? request.url : '(no URL)';
  // Query values and fragments often carry tokens; the path is enough to find the entry.
  const cut = url.search(/[?#]/);
  const shown = cut < 0 ? url : `${url.slice(0, cut)}${url[cut] === '?' ? '?…' : ''}`;
  return `Entry ${index + 1} (${method} ${shown.length > 80 ? `${shown.slice(0, 79)}…` : shown})`;
}

/**
 * Name/value pairs of `request[key]`: absent or null is an empty list (httpsnippet's
 * default); a pair without a text name is left out with a warning; number and boolean
 * values are read as their text, a missing value as empty, a list of them as one pair each.
 */
function readPairs(request: JsonObject, key: string, label: string, warnings: string[]): HarNameValue[] {
  const list = request[key];
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) {
    warnings.push(`${label}: request.${key} is ${describeJsonValue(list)}, not a list; left out.`);
    return [];
  }
  const pairs: HarNameValue[] = [];
  list.forEach((pair, i) => {
    // Polly.js records a header's values as a list: each is a line of its own, as Node sends a list.
    if (isObject(pair) && typeof pair.name === 'string' && Array.isArray(pair.value) && pair.value.length > 0 && pair.value.every((v) => scalarText(v) !== undefined)) {
      for (const item of pair.value) pairs.push({ name: pair.name, value: scalarText(item)! });
      return;
    }
    const value = isObject(pair) ? scalarText(pair.value) : undefined;
    if (!isObject(pair) || typeof pair.name !== 'string' || value === undefined) {
      const what = !isObject(pair) ? `is ${describeJsonValue(pair)}` : typeof pair.name !== 'string' ? (pair.name === undefined ? 'has no name' : `has a name that is ${describeJsonValue(pair.name)}`) : `has a value that is ${describeJsonValue(pair.value)}`;
      warnings.push(`${label}: request.${key}[${i}] ${what}; left out.`);
      return;
    }
    pairs.push({ name: pair.name, value });
  });
  return pairs;
}

/** A scalar as text (`null`/absent → ''); undefined for lists and objects, which have no one text. */
function scalarText(value: unknown): string | undefined {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function readParams(params: unknown, label: string, warnings: string[]): Result<HarParam[], HarEntryProblem> {
  if (params === undefined || params === null) return ok([]);
  if (!Array.isArray(params)) return fail({ field: 'request.postData.params', reason: `is ${describeJsonValue(params)}, not a list` });
  const read: HarParam[] = [];
  params.forEach((param, i) => {
    if (!isObject(param) || typeof param.name !== 'string') {
      warnings.push(`${label}: request.postData.params[${i}] ${isObject(param) ? 'has no text name' : `is ${describeJsonValue(param)}`}; left out.`);
      return;
    }
    const value = param.value === undefined ? undefined : scalarText(param.value);
    if (value === undefined && param.value !== undefined) {
      warnings.push(`${label}: request.postData.params[${i}] ("${param.name}") has a value that is ${describeJsonValue(param.value)}; left out.`);
      return;
    }
    const out: HarParam = { name: param.name };
    if (value !== undefined) out.value = value;
    if (typeof param.fileName === 'string') out.fileName = param.fileName;
    if (typeof param.contentType === 'string' && param.contentType !== '') out.contentType = param.contentType;
    read.push(out);
  });
  return ok(read);
}

/**
 * The JSON text of a JSON body that a capture tool recorded only as `params` (one per
 * top-level member, values still JSON: objects, booleans), without `text`: the object they
 * spell, members in order, as the page's `JSON.stringify` sent it (PageXray's captures:
 * its length is the entry's bodySize). Undefined for other bodies.
 */
function jsonOfParams(params: unknown, mimeType: unknown, text: unknown): string | undefined {
  if ((typeof text === 'string' && text !== '') || typeof mimeType !== 'string' || !isJsonMediaType(contentTypeParams(mimeType).type)) return undefined;
  if (!Array.isArray(params) || params.length === 0 || !params.every((p) => isObject(p) && typeof p.name === 'string')) return undefined;
  const members = (params as JsonObject[]).map((p) => `${JSON.stringify(p.name)}:${JSON.stringify(p.value ?? null)}`);
  return `{${members.join(',')}}`;
}

/**
 * Reads one entry's request. Fails (the entry is skipped) only for what the request
 * cannot be sent without: an object `request`, a method that is an HTTP token, a URL as
 * text, a readable `postData`. Smaller problems (one bad header) leave that item out,
 * with a warning in `warnings` that starts with `label`.
 */
export function readHarRequest(entry: unknown, label: string, warnings: string[]): Result<HarRequestReading, HarEntryProblem> {
  if (!isObject(entry)) return fail({ field: '', reason: `is ${describeJsonValue(entry)}, not an entry object` });
  const request = entry.request;
  if (!isObject(request)) return fail({ field: 'request', reason: request === undefined ? 'is missing' : `is ${describeJsonValue(request)}, not an object` });
  const { method, url } = request;
  if (typeof method !== 'string' || method === '') return fail({ field: 'request.method', reason: method === undefined ? 'is missing' : `is ${describeJsonValue(method)}, not a method name` });
  if (!isHttpToken(method)) return fail({ field: 'request.method', reason: `is "${method.slice(0, 40)}", not an HTTP method name (letters, digits and !#$%&'*+-.^_\`|~ only)` });
  if (typeof url !== 'string' || url.trim() === '') return fail({ field: 'request.url', reason: url === undefined ? 'is missing' : `is ${describeJsonValue(url)}, not a URL` });
  const reading: HarRequestReading = {
    method,
    url: url.trim(),
    headers: readPairs(request, 'headers', label, warnings),
    cookies: readPairs(request, 'cookies', label, warnings),
    queryString: readPairs(request, 'queryString', label, warnings),
    http2OrLater: false,
  };
  reading.http2OrLater = (typeof request.httpVersion === 'string' && /^(h[23]\b|http\/[23])/i.test(request.httpVersion.trim())) || reading.headers.some((h) => h.name.startsWith(':'));
  const postData = request.postData;
  if (postData !== undefined && postData !== null) {
    if (!isObject(postData)) return fail({ field: 'request.postData', reason: `is ${describeJsonValue(postData)}, not an object` });
    const { mimeType, text } = postData;
    if (mimeType !== undefined && mimeType !== null && typeof mimeType !== 'string') return fail({ field: 'request.postData.mimeType', reason: `is ${describeJsonValue(mimeType)}, not a media type` });
    if (text !== undefined && text !== null && typeof text !== 'string') return fail({ field: 'request.postData.text', reason: `is ${describeJsonValue(text)}, not the body as text` });
    const json = jsonOfParams(postData.params, mimeType, text);
    if (json !== undefined) warnings.push(`${label}: the JSON body is given only as request.postData.params; it was sent as the JSON object they spell.`);
    const params = json === undefined ? readParams(postData.params, label, warnings) : ok([]);
    if (!params.ok) return params;
    const body = json ?? (typeof text === 'string' ? text : undefined);
    reading.postData = { mimeType: mimeType ?? '', params: params.value, ...(body !== undefined ? { text: body } : {}) };
  }
  if (typeof request.comment === 'string' && request.comment !== '') reading.comment = request.comment;
  return ok(reading);
}
