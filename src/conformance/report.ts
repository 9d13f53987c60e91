/**
 * The conformance table every corpus test prints (issue 15, item 8): per format, how many
 * files and items the corpus holds, how many items are out of scope for an HTTP workbench
 * (each with its reason), how many threw, were imported, and agree field by field with what
 * the originating tool would send. The targets: no throws, at least 99 % of in-scope items
 * imported, at least 99 % of imported items agreeing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface ConformanceRow {
  /** The format and corpus, e.g. "cURL (curlconverter fixtures)". */
  format: string;
  files: number;
  items: number;
  /** Items that are not HTTP requests a workbench could send, by reason ("ftp:// URL": 3). */
  outOfScope: Record<string, number>;
  throws: number;
  imported: number;
  agreeing: number;
  /** The first disagreements and failures, for reading: "file#item: field: ours vs theirs". */
  examples: string[];
  /**
   * Items counted as agreeing only once a documented quirk of the oracle is set aside
   * (it differs from what the originating tool sends), by quirk.
   */
  oracleQuirks?: Record<string, number>;
}

export const IMPORTED_TARGET = 0.99;
export const AGREEING_TARGET = 0.99;

function percent(part: number, whole: number): string {
  return whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)} %`;
}

/** In-scope items: every item less those out of scope. */
export function inScope(row: ConformanceRow): number {
  return row.items - Object.values(row.outOfScope).reduce((a, b) => a + b, 0);
}

/** The row as a Markdown table line, with the header lines when `header` is set. */
export function tableLines(rows: ConformanceRow[]): string[] {
  const lines = [
    '| format | files | items | out of scope | throws | imported | agreeing |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const scope = inScope(row);
    const out = row.items - scope;
    lines.push(
      `| ${row.format} | ${row.files} | ${row.items} | ${out} | ${row.throws} | ${row.imported}/${scope} (${percent(row.imported, scope)}) | ${row.agreeing}/${row.imported} (${percent(row.agreeing, row.imported)}) |`,
    );
  }
  return lines;
}

/**
 * Prints the table and the reasons and examples under it, and keeps it as JSON and Markdown
 * under `conformance-results/` for the closing note.
 */
export function printConformance(name: string, rows: ConformanceRow[]): void {
  const lines = [`Conformance: ${name}`, ...tableLines(rows)];
  for (const row of rows) {
    const reasons = Object.entries(row.outOfScope);
    if (reasons.length) lines.push(`  ${row.format} out of scope: ${reasons.map(([r, n]) => `${r} ${n}`).join('; ')}`);
    const quirks = Object.entries(row.oracleQuirks ?? {});
    if (quirks.length) lines.push(`  ${row.format} agreeing once an oracle quirk is set aside: ${quirks.map(([r, n]) => `${r} ${n}`).join('; ')}`);
    for (const example of row.examples.slice(0, 15)) lines.push(`  ${row.format}: ${example}`);
  }
  console.log(lines.join('\n'));
  // Not under test-results/: Playwright empties that folder at the start of every e2e run.
  const dir = path.resolve('conformance-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(rows, null, 2));
  writeFileSync(path.join(dir, `${name}.md`), `${lines.join('\n')}\n`);
}
