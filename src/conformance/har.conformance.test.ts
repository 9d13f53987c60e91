/**
 * HAR import conformance (issue 15, item 8): every entry of the corpus
 * (`test-data/corpus/har/`: browser, proxy and tool captures, and httpsnippet's bare HAR
 * requests) imported by Wirebench (`importHar` on the entry alone; each whole file through
 * `importAny`) and compared with httpsnippet-lite's reading of the same request (its
 * `fullUrl`, `allHeaders` and `postData.text`), field by field: method, URL (scheme,
 * authority, path and query), headers (names case-insensitive, in order, values) and body.
 *
 * Left out of the header comparison on both sides: what the relay computes and writes
 * itself (Host, Content-Length, Connection, Transfer-Encoding) and HTTP/2 pseudo-headers
 * (`:authority`…), which are not HTTP/1.1 header lines. A Content-Type that the headers
 * lack is taken by Wirebench from `postData.mimeType`, the body's media type in HAR 1.2;
 * the oracle's list is completed the same way. The query is compared as httpsnippet
 * writes it (URLSearchParams), ours read the same way. The fragment is never sent.
 *
 * Files are read as Wirebench reads them (a byte order mark dropped, HAR Viewer's JSONP
 * padding `onInputData({…})` taken off); HAR shipped as a JavaScript module (readmeio's
 * fixtures) is read from its exported literal (`harScriptObject.ts`) and left out of the
 * whole-file `importAny` check.
 *
 * Out of scope, counted with the reason: entries whose URL is not http(s) (data:, blob:,
 * WebSocket), entries httpsnippet itself cannot read (IE 11 writes `cookies` as one object,
 * not a list), and file parts whose file is not in the corpus. Where httpsnippet departs from what the capture says was sent (`QUIRKS`), an
 * item that agrees once that quirk is set aside counts as agreeing and is listed under it.
 */
import { HTTPSnippet } from 'httpsnippet-lite';
import { describe, expect, it } from 'vitest';
import { percentDecode } from '../core/encoding/percentEncoding';
import { importAny } from '../core/formats/importAny';
import { harJsonText, importHar } from '../core/formats/harImport';
import type { SavedRequest } from '../core/workspace';
import { corpusFiles, isScriptFile } from './corpusFiles';
import { scriptObject } from './harScriptObject';
import { AGREEING_TARGET, IMPORTED_TARGET, inScope, printConformance, type ConformanceRow } from './report';
import { differences, sentOfDraft, type HeaderRules, type SentRequest } from './sentRequest';

type HarRequest = Record<string, unknown> & { url?: unknown; postData?: { mimeType?: string; text?: string } };

const COMPUTED = new Set(['host', 'content-length', 'connection', 'transfer-encoding']);
const HEADER_RULES: HeaderRules = { ignore: (h) => h.name.startsWith(':') || COMPUTED.has(h.name.toLowerCase()) };

/** The entries of a corpus file: a log's entries, or the file itself when it is a bare request. */
function entriesOf(name: string, text: string): unknown[] {
  const json = (isScriptFile(name) ? scriptObject(text) : JSON.parse(harJsonText(text).json)) as { log?: { entries?: unknown[] }; method?: unknown };
  if (Array.isArray(json.log?.entries)) return json.log.entries;
  return 'method' in json ? [{ request: json }] : [];
}

interface Prepared {
  method: string;
  url: string;
  fullUrl: string;
  allHeaders: Record<string, string>;
  headersObj: Record<string, string>;
  postData?: { text?: string };
}

/**
 * httpsnippet-lite quirks, each set aside only when an item disagrees and agrees without it
 * (then counted under the quirk's name): what httpsnippet writes differs there from what
 * the capture says was sent.
 */
const QUIRKS = {
  /** A Cookie header is written from `cookies` even when the captured headers hold the one sent (so two, or re-encoded values). */
  cookie: 'Cookie header rebuilt from cookies beside the captured one',
  /** `Object.fromEntries(url.searchParams)`: a name repeated in the URL keeps only its last value. */
  repeats: 'repeated query names in the URL cut to the last value',
  /** The query is written in `queryString`'s order (Firebug lists it sorted), not in the order of the URL that was sent. */
  order: 'query pairs reordered as queryString lists them',
  /** A multipart or form body without `params` is reset to empty, though `text` holds what was sent. */
  text: 'captured body text dropped (multipart or form without params)',
  /** `postData.mimeType` is matched whole: `multipart/form-data; boundary=…` with params gives no body at all. */
  params: 'params ignored when postData.mimeType has parameters',
  /** A form body is always re-serialised from `params`, even where the captured `text` (what was sent) differs from them. */
  formText: 'form params written in place of a captured text that differs',
  /** A JSON body captured only as `params` (no `text`) is dropped, though the object they spell has the entry's bodySize. */
  jsonParams: 'JSON body captured as params dropped',
  /** Header lines are an object: an HTTP/2 capture's several `cookie` fields keep only the last (RFC 9113 §8.2.3 joins them with "; "). */
  h2cookies: 'several HTTP/2 cookie fields cut to the last',
  /** Chrome's provisional headers, listed before the HTTP/2 pseudo-headers and repeated after them, are sent again beside the ones sent. */
  provisional: 'Chrome provisional headers sent twice',
  /**
   * A `queryString` value already percent-encoded (`19%3A08`) is encoded again (`19%253A08`),
   * though the capture's own response shows the server read it decoded (`19:08`): Wirebench,
   * browsers and Postman send a valid `%XX` escape as written (RFC 3986 §2.4).
   */
  escapes: 'query values already percent-encoded encoded again',
} as const;

type Quirk = keyof typeof QUIRKS;

function pairsQuery(pairs: readonly { name: string; value: string }[]): string {
  const grouped = new Map<string, string[]>();
  for (const { name, value } of pairs) grouped.set(name, [...(grouped.get(name) ?? []), value]);
  return new URLSearchParams([...grouped].flatMap(([name, values]) => values.map((v) => [name, v]))).toString();
}

/** The quirks set aside by correcting the request httpsnippet reads, rather than what it prepares. */
const INPUT_QUIRKS: readonly Quirk[] = ['params', 'h2cookies', 'provisional'];

type HarHeader = { name: string; value: string };

/**
 * The request as httpsnippet should read it once the input quirks in `setAside` are set
 * aside: the media type cut to its essence; the cookie fields joined (RFC 9113 §8.2.3);
 * the header lines before the pseudo-headers that lines after them repeat taken out.
 */
function correctedInput(request: HarRequest, setAside: ReadonlySet<Quirk>): HarRequest {
  let out = setAside.has('params') ? withMimeEssence(request) : request;
  let headers = (out.headers as HarHeader[] | undefined) ?? [];
  if (setAside.has('provisional')) {
    const pseudo = headers.findIndex((h) => h.name.startsWith(':'));
    const after = headers.slice(Math.max(pseudo, 0));
    headers = headers.filter((h, i) => i >= pseudo || !after.some((a) => a.name.toLowerCase() === h.name.toLowerCase() && a.value === h.value));
  }
  const http2 = /^(h[23]\b|http\/[23])/i.test(String(request.httpVersion ?? '').trim()) || headers.some((h) => h.name.startsWith(':'));
  if (setAside.has('h2cookies') && http2) {
    const cookies = headers.filter((h) => h.name.toLowerCase() === 'cookie');
    if (cookies.length > 1) headers = headers.flatMap((h) => (h === cookies[0] ? [{ ...h, value: cookies.map((c) => c.value).join('; ') }] : cookies.includes(h) ? [] : [h]));
  }
  if (headers !== out.headers && out.headers) out = { ...out, headers };
  return out;
}

/** The JSON object a JSON body's `params` spell, when the entry has no text and its bodySize says that is what was sent. */
function jsonOfParams(request: HarRequest): string | undefined {
  const postData = request.postData as { mimeType?: string; text?: string; params?: { name: string; value?: unknown }[] } | undefined;
  if (!postData?.params?.length || postData.text || !/^application\/json\b/i.test(postData.mimeType ?? '')) return undefined;
  const json = JSON.stringify(Object.fromEntries(postData.params.map((p) => [p.name, p.value ?? null])));
  return new TextEncoder().encode(json).length === request.bodySize ? json : undefined;
}

/** httpsnippet-lite's reading of `request` (corrected as `correctedInput` says), with the other quirks in `setAside` corrected. */
function sentOfPrepared(request: HarRequest, prepared: Prepared, setAside: ReadonlySet<Quirk>): SentRequest {
  const url = new URL(prepared.fullUrl);
  if (setAside.has('repeats') || setAside.has('order')) {
    const inUrl = [...new URL(String(request.url)).searchParams].map(([name, value]) => ({ name, value }));
    const own = setAside.has('repeats') ? inUrl : inUrl.filter((p, i) => !inUrl.slice(i + 1).some((q) => q.name === p.name));
    const ownNames = own.map((p) => p.name);
    const listedNames = ((request.queryString as { name: string }[] | undefined) ?? []).map((p) => p.name);
    const listed = ((request.queryString as { name: string; value: string }[] | undefined) ?? []).filter((p) => !ownNames.includes(p.name));
    // Set aside, the URL's own pairs keep the URL's order, after the pairs only the list has (which the URL lacked).
    const order = [...new Set(setAside.has('order') ? [...listed.map((p) => p.name), ...ownNames] : [...listedNames, ...ownNames])];
    url.search = pairsQuery(order.flatMap((name) => [...listed, ...own].filter((p) => p.name === name)));
  }
  if (setAside.has('escapes')) url.search = new URLSearchParams([...url.searchParams].map(([name, value]) => [percentDecode(name), percentDecode(value)])).toString();
  const captured = ((request.headers as { name: string }[] | undefined) ?? []).some((h) => h.name.toLowerCase() === 'cookie');
  const source = setAside.has('cookie') && captured ? prepared.headersObj : prepared.allHeaders;
  const headers = Object.entries(source).map(([name, value]) => ({ name, value: String(value) }));
  let body = prepared.postData?.text ?? '';
  if (setAside.has('text') && body === '' && request.postData?.text) body = request.postData.text;
  if (setAside.has('formText') && body !== '' && request.postData?.text && /^application\/x-www-form-urlencoded\b/i.test(request.postData.mimeType ?? '')) body = request.postData.text;
  if (setAside.has('jsonParams') && body === '') body = jsonOfParams(request) ?? '';
  const mimeType = request.postData?.mimeType;
  if (mimeType && body !== '' && !headers.some((h) => h.name.toLowerCase() === 'content-type')) headers.push({ name: 'Content-Type', value: mimeType });
  return { method: prepared.method, scheme: url.protocol.slice(0, -1), authority: url.host, target: url.pathname + url.search, headers, body: new TextEncoder().encode(body), missingFiles: 0 };
}

async function prepare(request: HarRequest): Promise<Prepared> {
  const [prepared] = (await new HTTPSnippet(structuredClone(request) as never).requests) as unknown as Prepared[];
  return prepared!;
}

/** The request with `postData.mimeType` cut to its essence, as httpsnippet needs it to read `params`. */
function withMimeEssence(request: HarRequest): HarRequest {
  const mimeType = request.postData?.mimeType;
  if (!mimeType || !mimeType.includes(';')) return request;
  return { ...request, postData: { ...request.postData, mimeType: mimeType.split(';')[0]!.trim() } };
}

/** Our request with its query written as httpsnippet writes one (URLSearchParams), so encodings compare alike. */
function withSearchParams(sent: SentRequest): SentRequest {
  const url = new URL(`http://x${sent.target}`);
  const search = new URLSearchParams([...url.searchParams]).toString();
  return { ...sent, target: url.pathname + (search ? `?${search}` : '') };
}

function rowFor(rows: Map<string, ConformanceRow>, source: string): ConformanceRow {
  let row = rows.get(source);
  if (!row) rows.set(source, (row = { format: `HAR (${source})`, files: 0, items: 0, outOfScope: {}, throws: 0, imported: 0, agreeing: 0, examples: [] }));
  return row;
}

async function checkEntry(row: ConformanceRow, label: string, entry: unknown): Promise<void> {
  row.items++;
  const request = ((entry as { request?: HarRequest }).request ?? {}) as HarRequest;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(String(request.url ?? ''))?.[1]?.toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') {
    const reason = `not an http(s) URL (${scheme ?? 'none'}:)`;
    row.outOfScope[reason] = (row.outOfScope[reason] ?? 0) + 1;
    return;
  }
  const variants = new Map<string, Prepared>();
  /** httpsnippet's reading of the request with the input quirks of `setAside` corrected. */
  const preparedFor = async (setAside: ReadonlySet<Quirk>): Promise<Prepared> => {
    const key = INPUT_QUIRKS.filter((q) => setAside.has(q)).join(',');
    if (!variants.has(key)) variants.set(key, await prepare(correctedInput(request, setAside)));
    return variants.get(key)!;
  };
  try {
    await preparedFor(new Set());
  } catch (error) {
    const notLists = (['headers', 'cookies', 'queryString'] as const).filter((k) => request[k] !== undefined && !Array.isArray(request[k]));
    const reason = notLists.length
      ? `${notLists.join(', ')} written as one object, not a list (IE 11's export); httpsnippet cannot read it`
      : `httpsnippet cannot read it (${String(error).slice(0, 40)})`;
    row.outOfScope[reason] = (row.outOfScope[reason] ?? 0) + 1;
    return;
  }
  let ours: SavedRequest[];
  try {
    const result = importHar(JSON.stringify({ log: { version: '1.2', creator: { name: 'corpus', version: '1' }, entries: [entry] } }));
    ours = result.ok ? result.value.collection.items.filter((item): item is SavedRequest => item.kind === 'request') : [];
  } catch (error) {
    row.throws++;
    row.examples.push(`${label}: threw ${String(error)}`);
    return;
  }
  if (ours.length !== 1) {
    row.examples.push(`${label}: not imported`);
    return;
  }
  row.imported++;
  const sent = sentOfDraft(ours[0]!.draft);
  if (!sent.ok && /^(multipart|binary)-file-missing/.test(sent.reason)) {
    // A file part names a file on the capturing machine; like a cURL `@file`, it is not in the corpus.
    row.imported--;
    row.outOfScope['a file part whose file is not in the corpus'] = (row.outOfScope['a file part whose file is not in the corpus'] ?? 0) + 1;
    return;
  }
  if (!sent.ok) {
    row.examples.push(`${label}: cannot be sent: ${sent.reason}`);
    return;
  }
  const mine = sent.sent;
  const compare = async (setAside: ReadonlySet<Quirk>) => differences(withSearchParams(mine), withSearchParams(sentOfPrepared(request, await preparedFor(setAside), setAside)), HEADER_RULES);
  const problems = await compare(new Set());
  if (problems.length === 0) {
    row.agreeing++;
    return;
  }
  // Decoding escapes again is wrong for a capture whose queryString holds the values as read,
  // so the other quirks are tried without it first.
  const everyQuirk = Object.keys(QUIRKS) as Quirk[];
  for (const all of [everyQuirk.filter((q) => q !== 'escapes'), everyQuirk]) {
    if ((await compare(new Set(all))).length > 0) continue;
    row.agreeing++;
    // Name the quirks that matter: those without which the item still disagrees.
    const needed: Quirk[] = [];
    for (const quirk of all) if ((await compare(new Set(all.filter((q) => q !== quirk)))).length > 0) needed.push(quirk);
    for (const quirk of needed.length ? needed : all) row.oracleQuirks = { ...row.oracleQuirks, [QUIRKS[quirk]]: (row.oracleQuirks?.[QUIRKS[quirk]] ?? 0) + 1 };
    return;
  }
  row.examples.push(`${label}: ${problems.join('; ')}`);
}

describe('HAR import conformance', () => {
  it('imports the corpus as httpsnippet reads it', async () => {
    const rows = new Map<string, ConformanceRow>();
    for (const file of corpusFiles('har')) {
      const row = rowFor(rows, file.source);
      row.files++;
      try {
        if (!isScriptFile(file.name)) importAny(file.text, file.name);
      } catch (error) {
        row.throws++;
        row.examples.push(`${file.name}: importAny threw ${String(error)}`);
      }
      let entries: unknown[];
      try {
        entries = entriesOf(file.name, file.text);
      } catch {
        row.outOfScope['not JSON (a corrupted file kept by its project)'] = (row.outOfScope['not JSON (a corrupted file kept by its project)'] ?? 0) + 1;
        row.items++;
        continue;
      }
      for (const [i, entry] of entries.entries()) await checkEntry(row, `${file.name}#${i + 1}`, entry);
    }
    const table = [...rows.values()];
    const total: ConformanceRow = { format: 'HAR (all)', files: 0, items: 0, outOfScope: {}, throws: 0, imported: 0, agreeing: 0, examples: [] };
    for (const row of table) {
      for (const key of ['files', 'items', 'throws', 'imported', 'agreeing'] as const) total[key] += row[key];
      for (const [reason, n] of Object.entries(row.outOfScope)) total.outOfScope[reason] = (total.outOfScope[reason] ?? 0) + n;
      for (const [quirk, n] of Object.entries(row.oracleQuirks ?? {})) total.oracleQuirks = { ...total.oracleQuirks, [quirk]: (total.oracleQuirks?.[quirk] ?? 0) + n };
    }
    printConformance('har', [...table, total]);
    expect(total.throws).toBe(0);
    expect(total.imported).toBeGreaterThanOrEqual(IMPORTED_TARGET * inScope(total));
    expect(total.agreeing).toBeGreaterThanOrEqual(AGREEING_TARGET * total.imported);
  });
});
