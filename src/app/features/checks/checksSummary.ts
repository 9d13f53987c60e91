/**
 * The one-line summaries of a send's checks: the inspector tab's badge ("3/4 passed") and
 * the counts the results panel heads with. Pure, so the words are tested once.
 */
import type { WorkbenchState } from '../../shell/store/workbenchState';
import type { ChecksOutcome } from './checksSlice';

/** Passed and total of the assertions and script tests (skipped tests are not counted). */
export function checksCounts(outcome: ChecksOutcome): { passed: number; total: number; errors: number } {
  const tests = outcome.tests.filter((t) => !t.skipped);
  const passed = outcome.assertions.filter((a) => a.passed).length + tests.filter((t) => t.passed).length;
  return { passed, total: outcome.assertions.length + tests.length, errors: outcome.scriptErrors.length };
}

/** Whether an outcome has anything to show. */
export function hasResults(outcome: ChecksOutcome | undefined): outcome is ChecksOutcome {
  if (!outcome) return false;
  return outcome.running || outcome.captures.length + outcome.assertions.length + outcome.tests.length + outcome.console.length + outcome.scriptErrors.length + outcome.notes.length > 0;
}

/**
 * The badge of the Checks tab: undefined when there is nothing to show (no tab), else
 * `3/4 passed`, with `, 1 script error` when a script failed; `running` while checks run;
 * `2 captured` when there were only captures.
 */
export function checksBadge(outcome: ChecksOutcome | undefined): string | undefined {
  if (!hasResults(outcome)) return undefined;
  if (outcome.running) return 'running';
  const { passed, total, errors } = checksCounts(outcome);
  const parts: string[] = [];
  if (total > 0) parts.push(`${passed}/${total} passed`);
  else if (outcome.captures.length > 0) parts.push(`${outcome.captures.filter((c) => c.value !== undefined).length} captured`);
  if (errors > 0) parts.push(`${errors} script error${errors === 1 ? '' : 's'}`);
  return parts.join(', ');
}

/** The active tab's badge (a string, so the selector is stable between renders). */
export const activeChecksBadge = (s: Pick<WorkbenchState, 'checkResults' | 'activeTabId'>): string | undefined => checksBadge(s.checkResults[s.activeTabId]);
