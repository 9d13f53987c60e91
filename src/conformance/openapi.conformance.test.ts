/**
 * OpenAPI / Swagger import conformance (issue 15, item 8): every description under
 * `test-data/corpus/openapi/` (APIs.guru, ReadMe's oas-examples, the OpenAPI Initiative's
 * examples, the Swagger petstore, peers' fixtures, Twilio and Discord; see each folder's
 * SOURCE.md) is imported with `importOpenApi` and compared, operation by operation, with the
 * oracle in `openapiOracle.ts` (`@scalar/openapi-parser`: Swagger 2.0 upgraded by it, then
 * dereferenced by it). One row per version family; an item is an operation.
 *
 * - **throws**: files on which `importOpenApi` threw (it must return a result or a failure).
 * - **imported**: the oracle's operations that have a Wirebench request. A request is matched
 *   to an operation by method and path template (the request URL between `{{baseUrl}}` and
 *   `?`); requests left over are then paired with operations left over of the same method, in
 *   order, so a request with a wrong path counts as imported but not agreeing.
 * - **agreeing**: an imported operation whose request agrees with the oracle on all of:
 *   1. *method*: the same, upper-case;
 *   2. *URL*: the request URL up to `?`, with `{{baseUrl}}` and the other `{{variables}}`
 *      replaced by the collection's values (server variables become variables), equals the operation's first server URL (the operation's own
 *      servers, else its path item's, else the document's; Swagger: the first scheme ://
 *      host + basePath as the parser's upgrade writes it), variables at their defaults and
 *      without a trailing `/`, followed by the path template as written (`{petId}`); a query
 *      written into the path template (`/search?q={q}`, not allowed by OpenAPI but found in
 *      real files) is left out of that comparison, and each of its names must be a query row;
 *   3. *headers*: every required header parameter is an enabled header row, and every header
 *      row other than Content-Type and Cookie is a declared header parameter (names compared
 *      case-insensitively; Accept, Content-Type and Authorization parameters are ignored, as
 *      OpenAPI says);
 *   4. *query*: every required query parameter is an enabled query row, and every query row
 *      is a declared query parameter;
 *   5. *body*: when the operation has a request body, the request's Content-Type (its
 *      Content-Type row, else the one its body kind implies) is one of the body's media types
 *      (compared without parameters); when it has none, the request has no body.
 *
 * Targets: 0 throws, at least 99 % of operations imported and 99 % of imported agreeing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importOpenApi } from '../core/formats/openApiImport';
import { descriptionFiles, emptyTally, tallyImport, type Tally } from './openapiCompare';
import { familyOfText, oracleRead, type OpenApiFamily } from './openapiOracle';
import { AGREEING_TARGET, IMPORTED_TARGET, inScope, printConformance } from './report';

const CORPUS = path.resolve('test-data', 'corpus', 'openapi');
const FAMILIES: OpenApiFamily[] = ['Swagger 2.0', 'OpenAPI 3.0', 'OpenAPI 3.1'];

function checkFile(file: string, tallies: Map<OpenApiFamily, Tally>): void {
  const text = readFileSync(file, 'utf8');
  const name = path.relative(CORPUS, file);
  let oracle;
  try {
    oracle = oracleRead(text);
  } catch {
    oracle = undefined;
  }
  if (!oracle) {
    // Not a description the oracle reads: reported under its family (or the first), never counted.
    tallies.get(familyOfText(text) ?? 'OpenAPI 3.0')!.unreadable.push(name);
    return;
  }
  const tally = tallies.get(oracle.family)!;
  const { row } = tally;
  row.files += 1;
  row.items += oracle.operations.length;
  let result;
  try {
    result = importOpenApi(text);
  } catch (error) {
    row.throws += 1;
    row.examples.push(`${name}: threw ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  if (!result.ok) {
    row.examples.push(`${name}: refused (${oracle.operations.length} operations): ${result.error.message.slice(0, 160)}`);
    return;
  }
  tallyImport(name, oracle.operations, result.value, tally);
}

describe('OpenAPI / Swagger import conformance on the corpus', () => {
  const tallies = new Map(FAMILIES.map((family) => [family, emptyTally(family)]));
  const files = descriptionFiles(CORPUS);
  for (const file of files) checkFile(file, tallies);
  const rows = FAMILIES.map((family) => tallies.get(family)!.row);
  printConformance('openapi', rows);
  for (const { row, byField, unreadable } of tallies.values()) {
    const fields = Object.entries(byField).map(([field, n]) => `${field} ${n}`);
    console.log(`${row.format}: disagreements by field: ${fields.join(', ') || 'none'}; files the oracle cannot read: ${unreadable.length ? unreadable.join(', ') : 'none'}`);
  }

  it('holds hundreds of descriptions, each family in JSON and YAML, every one readable by the oracle', () => {
    expect(files.length).toBeGreaterThanOrEqual(300);
    for (const family of FAMILIES) expect(tallies.get(family)!.unreadable).toEqual([]);
    for (const row of rows) expect(row.files).toBeGreaterThanOrEqual(20);
  });

  for (const family of FAMILIES) {
    it(`${family}: no throws, ≥ 99 % of operations imported, ≥ 99 % of them agreeing`, () => {
      const row = tallies.get(family)!.row;
      expect(row.throws).toBe(0);
      expect(row.imported / inScope(row)).toBeGreaterThanOrEqual(IMPORTED_TARGET);
      expect(row.agreeing / row.imported).toBeGreaterThanOrEqual(AGREEING_TARGET);
    });
  }
});
