import { describe, expect, it } from 'vitest';
import { emptyOutcome } from './checksSlice';
import { checksBadge, checksCounts } from './checksSummary';

describe('checks summary', () => {
  it('has no badge (no tab) when a send had no checks', () => {
    expect(checksBadge(undefined)).toBeUndefined();
    expect(checksBadge(emptyOutcome())).toBeUndefined();
  });

  it('counts assertions and script tests, leaving skipped tests out', () => {
    const outcome = {
      ...emptyOutcome(),
      assertions: [
        { assertionId: 'a', label: 'status == 200', passed: true },
        { assertionId: 'b', label: '$.x == 1', passed: false, message: 'Expected 1, got 2.' },
      ],
      tests: [
        { name: 't', passed: true, phase: 'post-response' as const },
        { name: 's', passed: false, skipped: true, phase: 'post-response' as const },
      ],
    };
    expect(checksCounts(outcome)).toEqual({ passed: 2, total: 3, errors: 0 });
    expect(checksBadge(outcome)).toBe('2/3 passed');
    expect(checksBadge({ ...outcome, scriptErrors: [{ kind: 'syntax', message: 'x', line: 1, column: 2, phase: 'pre-request' }] })).toBe('2/3 passed, 1 script error');
  });

  it('says what was captured when there is nothing to pass or fail, and running while checks run', () => {
    const outcome = { ...emptyOutcome(), captures: [{ captureId: 'c', variable: 'id', scope: 'run' as const, value: '7', secret: false }] };
    expect(checksBadge(outcome)).toBe('1 captured');
    expect(checksBadge({ ...emptyOutcome(), running: true })).toBe('running');
  });
});
