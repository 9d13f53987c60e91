/**
 * Postman conformance (issue 15, item 8): every request item of every collection in
 * `test-data/corpus/postman/` (v2.1, v2.0 and v1, from Postman's own and peers' public
 * fixtures) imported by `importPostman` and compared with what Postman's SDK reads from
 * the same file (`postmanOracle.ts`): method, URL as Postman builds it from its pieces,
 * path variables, enabled headers (names case-insensitive, in order, values exactly) and
 * the body by mode. Items are matched by folder path and name, in order.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importPostman } from '../core/formats/postmanImport';
import type { CollectionItem } from '../core/workspace';
import { corpusPaths } from './corpusFiles';
import { AGREEING_TARGET, IMPORTED_TARGET, inScope, printConformance, type ConformanceRow } from './report';
import { draftView, firstDisagreement, type RequestView } from './postmanDraft';
import { postmanOracleItems, postmanVersionOf, type OracleItem } from './postmanOracle';

const CORPUS = path.resolve('test-data/corpus/postman');

/** Our requests by folder path and name, each key a queue in collection order. */
function ourRequests(items: readonly CollectionItem[], prefix: string[] = [], out = new Map<string, RequestView[]>()): Map<string, RequestView[]> {
  for (const item of items) {
    if (item.kind === 'folder') ourRequests(item.items, [...prefix, item.name.trim()], out);
    else if (item.kind === 'request') {
      const key = [...prefix, item.name.trim()].join(' / ');
      out.set(key, [...(out.get(key) ?? []), draftView(item.draft)]);
    }
  }
  return out;
}

/** The SDK names an unnamed item ""; the importer names it as it shows it. */
function ourKey(key: string): string {
  return key
    .split(' / ')
    .map((part, i, all) => (part !== '' ? part : i === all.length - 1 ? 'Untitled request' : 'Untitled folder'))
    .join(' / ');
}

interface Tally {
  row: ConformanceRow;
  version: string;
}

function runFile(file: string, tallies: Map<string, Tally>): void {
  const text = readFileSync(path.join(CORPUS, file), 'utf8');
  const json = JSON.parse(text.replace(/^\uFEFF/, '')) as Record<string, unknown>;
  const version = postmanVersionOf(json);
  const tally = tallies.get(version)!;
  const row = tally.row;
  row.files++;
  let oracle: OracleItem[];
  try {
    oracle = postmanOracleItems(json);
  } catch (error) {
    row.outOfScope['Postman SDK/transformer cannot read the file'] = (row.outOfScope['Postman SDK/transformer cannot read the file'] ?? 0) + 1;
    row.examples.push(`${file}: oracle failed (${String(error).slice(0, 80)}), file left out`);
    return;
  }
  row.items += oracle.length;
  let ours: Map<string, RequestView[]>;
  try {
    const result = importPostman(text);
    if (!result.ok) {
      row.examples.push(`${file}: refused: ${result.error.message.slice(0, 160)}`);
      return;
    }
    ours = ourRequests(result.value.collection.items);
  } catch (error) {
    row.throws += oracle.length;
    row.examples.push(`${file}: threw ${String(error).slice(0, 120)}`);
    return;
  }
  for (const item of oracle) {
    // By folder path and name; failing that (a malformed v1 file whose folders share an id), by the request's name alone.
    const leaf = ourKey(item.key).split(' / ').pop()!;
    const queue = ours.get(ourKey(item.key)) ?? [...ours.entries()].find(([key, list]) => list.length > 0 && key.split(' / ').pop() === leaf)?.[1];
    const mine = queue?.shift();
    if (!mine) {
      row.examples.push(`${file}#${item.key}: not imported`);
      continue;
    }
    row.imported++;
    const disagreement = firstDisagreement(mine, item.view);
    if (disagreement) row.examples.push(`${file}#${item.key}: ${disagreement}`);
    else row.agreeing++;
  }
}

describe('Postman import conformance with the Postman SDK', () => {
  it('imports every item of the corpus and agrees with Postman on method, URL, headers and body', () => {
    const versions = { '2.1.0': 'v2.1', '2.0.0': 'v2.0', '1.0.0': 'v1' } as const;
    const tallies = new Map<string, Tally>(
      Object.entries(versions).map(([version, label]) => [
        version,
        { version, row: { format: `Postman ${label}`, files: 0, items: 0, outOfScope: {}, throws: 0, imported: 0, agreeing: 0, examples: [] } },
      ]),
    );
    for (const file of corpusPaths('postman', ['.json'])) runFile(file, tallies);
    const rows = [...tallies.values()].map((t) => t.row);
    printConformance('postman', rows);
    const total = rows.reduce((sum, row) => ({ items: sum.items + row.items, imported: sum.imported + row.imported, scope: sum.scope + inScope(row), agreeing: sum.agreeing + row.agreeing, throws: sum.throws + row.throws }), { items: 0, imported: 0, scope: 0, agreeing: 0, throws: 0 });
    expect(total.items).toBeGreaterThan(300);
    expect(total.throws).toBe(0);
    for (const row of rows) {
      expect(row.imported, `${row.format} imported`).toBeGreaterThanOrEqual(Math.ceil(IMPORTED_TARGET * inScope(row)));
      expect(row.agreeing, `${row.format} agreeing`).toBeGreaterThanOrEqual(Math.ceil(AGREEING_TARGET * row.imported));
    }
  }, 60_000);
});
