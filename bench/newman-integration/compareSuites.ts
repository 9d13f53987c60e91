/**
 * newman's integration suites run through both runners against the stand-in servers, with
 * per suite the assertions each passed and failed, how many came out the same, and every
 * difference in words. Used by `npm run compare:newman` (all suites) and by the CI subset's
 * test (agreement.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runDifferences } from '../newmanAgreement';
import type { ObservedRun } from '../newmanSuite';
import { assertionAgreement, runNewmanSuite, runWirebenchSuite, type AssertionAgreement } from './runners';
import { startStandIns } from './standInServers';
import { loadIntegrationSuites, materialise, type IntegrationSuite } from './suiteFiles';

/** One suite's outcome in both runners. */
export interface SuiteComparison {
  name: string;
  agreement: AssertionAgreement;
  /** Every difference (requests, statuses, script errors, tests), one sentence each. */
  differences: string[];
  /** Why wirebench gave no report (its assertions then all count as differing). */
  unavailable?: string;
}

/**
 * Values a runner generates ({{$guid}}, {{$randomInt}}, {{$timestamp}}) differ between two
 * runs; a test named after one ("Correct GUID: 6f7c…") is the same test in both. Its name is
 * compared with the generated parts masked.
 */
const GENERATED = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+/gi;
function maskGenerated(run: ObservedRun): ObservedRun {
  return { ...run, steps: run.steps.map((s) => ({ ...s, tests: s.tests.map((t) => ({ ...t, name: /: /.test(t.name) ? t.name.replace(GENERATED, '…') : t.name })) })) };
}

export async function compareSuite(suite: IntegrationSuite, dir: string): Promise<SuiteComparison> {
  const newman = maskGenerated(await runNewmanSuite(suite, dir));
  const wirebench = await runWirebenchSuite(suite, dir);
  if ('unavailable' in wirebench) {
    return { name: suite.name, agreement: assertionAgreement(newman.steps, []), differences: [`wirebench gave no report: ${wirebench.unavailable}`], unavailable: wirebench.unavailable };
  }
  const observed = maskGenerated(wirebench.run);
  return { name: suite.name, agreement: assertionAgreement(newman.steps, observed.steps), differences: runDifferences(newman.steps, observed.steps, 'newman', 'wirebench') };
}

/** Runs the suites (all, or those whose names are given) with fresh stand-in servers. */
export async function compareSuites(names?: readonly string[], onSuite?: (c: SuiteComparison) => void): Promise<SuiteComparison[]> {
  const all = loadIntegrationSuites();
  const suites = names ? names.map((n) => all.find((s) => s.name === n) ?? failMissing(n)) : all;
  const standIns = await startStandIns();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wb-newman-integration-'));
  try {
    materialise(dir, standIns.ports);
    const out: SuiteComparison[] = [];
    for (const suite of suites) {
      const result = await compareSuite(suite, dir);
      onSuite?.(result);
      out.push(result);
    }
    return out;
  } finally {
    await standIns.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function failMissing(name: string): never {
  throw new Error(`No integration suite named "${name}" in bench/newman-integration/files (or it is left out)`);
}

/** Sums of the suites' assertion counts. */
export function totals(results: readonly SuiteComparison[]): AssertionAgreement {
  return results.reduce<AssertionAgreement>(
    (sum, r) => ({
      total: sum.total + r.agreement.total,
      same: sum.same + r.agreement.same,
      left: { passed: sum.left.passed + r.agreement.left.passed, failed: sum.left.failed + r.agreement.left.failed },
      right: { passed: sum.right.passed + r.agreement.right.passed, failed: sum.right.failed + r.agreement.right.failed },
    }),
    { total: 0, same: 0, left: { passed: 0, failed: 0 }, right: { passed: 0, failed: 0 } },
  );
}
