/**
 * Multi-file OpenAPI / Swagger import conformance (issue 15, items 3 and 8): every description
 * under `test-data/corpus/openapi-multifile/` (a folder per description, its files at their
 * relative paths, from peers' fixtures; see each source's SOURCE.md, and `entries.json` for
 * each one's entry file) is imported with `importOpenApiFiles`, given every JSON and YAML file
 * of its folder with its path in the folder, and compared operation by operation with the
 * oracle: `@scalar/openapi-parser` loading the entry file from disk with its `readFiles`
 * plugin, which reads each referenced file itself (`oracleReadFiles`). What counts as imported
 * and agreeing is as in `openapi.conformance.test.ts` (`openapiCompare.ts`); an item is an
 * operation, and the whole corpus is one row.
 *
 * Targets: 0 throws, at least 99 % of operations imported and 99 % of imported agreeing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importOpenApiFiles } from '../core/formats/openApiImport';
import { descriptionFiles, emptyTally, tallyImport, type Tally } from './openapiCompare';
import { oracleReadFiles, type OpenApiFamily } from './openapiOracle';
import { AGREEING_TARGET, IMPORTED_TARGET, inScope, printConformance } from './report';

const CORPUS = path.resolve('test-data', 'corpus', 'openapi-multifile');
const ENTRIES = JSON.parse(readFileSync(path.join(CORPUS, 'entries.json'), 'utf8')) as Record<string, string>;

async function checkDescription(folder: string, entry: string, tally: Tally, families: Map<OpenApiFamily, number>): Promise<void> {
  const dir = path.join(CORPUS, folder);
  let oracle;
  try {
    oracle = await oracleReadFiles(path.join(dir, entry));
  } catch {
    oracle = undefined;
  }
  if (!oracle) {
    tally.unreadable.push(folder);
    return;
  }
  const { row } = tally;
  families.set(oracle.family, (families.get(oracle.family) ?? 0) + 1);
  row.files += 1;
  row.items += oracle.operations.length;
  const files = descriptionFiles(dir).map((file) => ({ path: path.relative(dir, file).split(path.sep).join('/'), text: readFileSync(file, 'utf8') }));
  let result;
  try {
    result = importOpenApiFiles(files);
  } catch (error) {
    row.throws += 1;
    row.examples.push(`${folder}: threw ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  if (!result.ok) {
    row.examples.push(`${folder}: refused (${oracle.operations.length} operations): ${result.error.message.slice(0, 160)}`);
    return;
  }
  tallyImport(folder, oracle.operations, result.value, tally);
}

describe('Multi-file OpenAPI / Swagger import conformance on the corpus', () => {
  const tally = emptyTally('OpenAPI multi-file');
  const families = new Map<OpenApiFamily, number>();

  beforeAll(async () => {
    for (const [folder, entry] of Object.entries(ENTRIES)) await checkDescription(folder, entry, tally, families);
    printConformance('openapi-multifile', [tally.row]);
    const fields = Object.entries(tally.byField).map(([field, n]) => `${field} ${n}`);
    console.log(`OpenAPI multi-file: descriptions by family: ${[...families].map(([f, n]) => `${f} ${n}`).join(', ')}; disagreements by field: ${fields.join(', ') || 'none'}; descriptions the oracle cannot read: ${tally.unreadable.join(', ') || 'none'}`);
  }, 60_000);

  it('holds at least 30 descriptions of several files, every one readable by the oracle', () => {
    expect(tally.row.files).toBeGreaterThanOrEqual(30);
    expect(tally.unreadable).toEqual([]);
    for (const folder of Object.keys(ENTRIES)) expect(descriptionFiles(path.join(CORPUS, folder)).length).toBeGreaterThanOrEqual(2);
  });

  it('no throws, ≥ 99 % of operations imported, ≥ 99 % of them agreeing', () => {
    const { row } = tally;
    expect(row.throws).toBe(0);
    expect(row.imported / inScope(row)).toBeGreaterThanOrEqual(IMPORTED_TARGET);
    expect(row.agreeing / row.imported).toBeGreaterThanOrEqual(AGREEING_TARGET);
  });
});
