/**
 * `.http` conformance (issue 15, item 8): every request of every `.http` / `.rest` file in
 * `test-data/corpus/http/` (httpyac's examples, go-restclient and restclient test data:
 * JetBrains and VS Code REST Client syntax) imported by `parseHttpFile` and compared with
 * what httpyac's parser reads (`httpFileOracle.ts`): method, URL, headers (names
 * case-insensitive, in order, values exactly; Basic shorthand as sent) and body. Requests
 * in other protocols (WebSocket, gRPC, MQTT, SSE, AMQP) are out of scope by protocol.
 *
 * httpyac quirks, counted as disagreements, not explained away: a lower-case method
 * (`get https://…`) is read as part of the URL (VS Code REST Client and the JetBrains
 * grammar accept it; Wirebench follows them), and httpyac knows only its list of methods.
 * A repeated header is grouped by httpyac at its first place, so headers are compared
 * grouped by name in order of first appearance on both sides. An httpyac GraphQL body is
 * compared as the JSON httpyac sends (query with its fragments, operationName, variables);
 * a query in a file the corpus does not hold compares as that file's path on both sides
 * (Wirebench writes a placeholder naming it), as a `< file` body compares as a file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseHttpFile } from '../core/formats/httpFile';
import { graphQlPlaceholderFile } from '../core/formats/httpFileGraphQl';
import { corpusPaths } from './corpusFiles';
import { AGREEING_TARGET, IMPORTED_TARGET, inScope, printConformance, type ConformanceRow } from './report';
import { draftView, firstDisagreement, type BodyView, type RequestView } from './postmanDraft';
import { httpOracleItems, type HttpOracleItem } from './httpFileOracle';

const CORPUS = path.resolve('test-data/corpus/http');

/** Headers grouped by name (case-insensitively) in order of first appearance, as httpyac keeps them. */
function grouped(view: RequestView): RequestView {
  const order: string[] = [];
  const byName = new Map<string, [string, string][]>();
  for (const header of view.headers) {
    const key = header[0].toLowerCase();
    if (!byName.has(key)) (order.push(key), byName.set(key, []));
    byName.get(key)!.push(header);
  }
  return { ...view, headers: order.flatMap((key) => byName.get(key)!) };
}

/** httpyac holds a GraphQL request's query (and variables after a blank line) as text until sending. */
function graphQlBody(body: BodyView): BodyView {
  if (body.mode !== 'raw') return body;
  const [query = '', ...rest] = body.text.split(/\r?\n\s*\r?\n/);
  const variablesText = rest.join('\n\n').trim();
  let variables: unknown = {};
  try {
    variables = variablesText === '' ? {} : JSON.parse(variablesText);
  } catch {
    variables = variablesText;
  }
  return { mode: 'json', value: { query, variables } };
}

/** Our httpyac GraphQL body, its query placeholder for a file read as the file (as the oracle holds it). */
function ourGraphQl(body: BodyView): BodyView {
  if (body.mode !== 'raw') return body;
  try {
    const value = JSON.parse(body.text) as Record<string, unknown>;
    const file = typeof value.query === 'string' ? graphQlPlaceholderFile(value.query) : undefined;
    return { mode: 'json', value: file === undefined ? value : { ...value, query: { file } } };
  } catch {
    return body;
  }
}

function ourBody(body: BodyView): BodyView {
  if (body.mode !== 'raw') return body;
  try {
    const value = JSON.parse(body.text) as { query?: unknown; variables?: unknown };
    return typeof value === 'object' && value !== null && 'query' in value ? { mode: 'json', value: { query: value.query, variables: value.variables } } : body;
  } catch {
    return body;
  }
}

/**
 * httpyac keeps a form or multipart body as the text written; Wirebench reads it into rows
 * and parts. The text is read into the same shape here: form pairs (lines joined, as httpyac
 * joins them, and percent-decoded) and multipart parts (`< file` parts by file name).
 */
function structuredBody(view: RequestView): BodyView {
  const body = view.body;
  const type = view.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  if (body.mode !== 'raw') return body;
  if (/^application\/x-www-form-urlencoded/i.test(type)) {
    const text = body.text.split(/\r?\n/).map((l) => l.trim()).join('');
    const decode = (t: string) => { try { return decodeURIComponent(t.replace(/\+/g, ' ')); } catch { return t; } };
    return { mode: 'urlencoded', pairs: text.split('&').filter(Boolean).map((p) => [decode(p.split('=')[0]!), decode(p.slice(p.split('=')[0]!.length + 1))]) };
  }
  const boundary = /^multipart\/form-data\b.*;\s*boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return body;
  const parts = body.text.split(`--${boundary}`).slice(1).filter((p) => !p.startsWith('--')).map((part) => {
    const [head = '', ...rest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const content = rest.join('\n\n').replace(/\r?\n$/, '');
    const file = /^<file>$/.test(content.trim()) || /filename="/.test(head) && content.trim().startsWith('<');
    return { name, file, value: file ? (/filename="([^"]*)"/.exec(head)?.[1] ?? '') : content, contentType: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? '' };
  });
  return { mode: 'formdata', parts };
}

function compare(ours: RequestView, item: Extract<HttpOracleItem, { scope: 'http' }>): string | undefined {
  const theirs = item.graphQl ? { ...item.view, body: graphQlBody(item.view.body) } : { ...item.view, body: structuredBody(item.view) };
  const httpyacGraphQl = item.view.body.mode === 'json';
  const mine = item.graphQl ? { ...ours, body: ourBody(ours.body) } : { ...ours, body: httpyacGraphQl ? ourGraphQl(ours.body) : structuredBody(ours) };
  return firstDisagreement(grouped(mine), grouped(theirs));
}

async function runFile(file: string, row: ConformanceRow): Promise<void> {
  row.files++;
  const oracle = await httpOracleItems(path.join(CORPUS, file));
  row.items += oracle.length;
  const http = oracle.filter((item): item is Extract<HttpOracleItem, { scope: 'http' }> => item.scope === 'http');
  for (const item of oracle) if (item.scope === 'other') row.outOfScope[item.protocol] = (row.outOfScope[item.protocol] ?? 0) + 1;
  let ours: RequestView[];
  try {
    const result = parseHttpFile(readFileSync(path.join(CORPUS, file), 'utf8'));
    if (!result.ok) throw new Error(result.error.message);
    ours = result.value.collection.items.flatMap((item) => (item.kind === 'request' ? [draftView(item.draft, true)] : []));
  } catch (error) {
    row.throws += http.length;
    row.examples.push(`${file}: threw ${String(error).slice(0, 120)}`);
    return;
  }
  // In order; an item of ours that agrees with one of the next few of httpyac's resynchronises after a skipped one.
  let cursor = 0;
  http.forEach((item, index) => {
    const ahead = ours.slice(cursor, cursor + 4).findIndex((mine) => compare(mine, item) === undefined);
    const take = ahead >= 0 ? cursor + ahead : ours.length - cursor >= http.length - index ? cursor : -1;
    if (take < 0) {
      row.examples.push(`${file}:${item.line} (${item.name}): not imported`);
      return;
    }
    cursor = take + 1;
    row.imported++;
    const disagreement = compare(ours[take]!, item);
    if (disagreement) row.examples.push(`${file}:${item.line} (${item.name}): ${disagreement}`);
    else row.agreeing++;
  });
}

describe('.http import conformance with httpyac', () => {
  it('imports every HTTP request of the corpus and agrees with httpyac on method, URL, headers and body', async () => {
    const row: ConformanceRow = { format: '.http (JetBrains, REST Client, httpyac)', files: 0, items: 0, outOfScope: {}, throws: 0, imported: 0, agreeing: 0, examples: [] };
    for (const file of corpusPaths('http', ['.http', '.rest'])) await runFile(file, row);
    printConformance('http', [row]);
    expect(row.items).toBeGreaterThan(300);
    expect(row.throws).toBe(0);
    expect(row.imported).toBeGreaterThanOrEqual(Math.ceil(IMPORTED_TARGET * inScope(row)));
    expect(row.agreeing).toBeGreaterThanOrEqual(Math.ceil(AGREEING_TARGET * row.imported));
  }, 60_000);
});
