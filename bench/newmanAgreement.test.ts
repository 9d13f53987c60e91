import { describe, expect, it } from 'vitest';
import { runDifferences } from './newmanAgreement';
import type { ObservedStep } from './newmanSuite';

const step = (name: string, status: number, tests: [string, boolean][], iteration = 0): ObservedStep => ({
  name,
  iteration,
  status,
  tests: tests.map(([n, passed]) => ({ name: n, passed, ...(passed ? {} : { error: `${n} broke` }) })),
});

describe('runDifferences', () => {
  const newman = [step('Login', 200, [['ok', true]]), step('Orders', 200, [['list', true], ['sorted', false]]), step('Report', 201, [])];

  it('is empty for runs that agree (error wording aside)', () => {
    const other = newman.map((s) => ({ ...s, tests: s.tests.map((t) => ({ ...t, error: t.error && 'worded otherwise' })) }));
    expect(runDifferences(newman, other, 'newman', 'wirebench')).toEqual([]);
  });

  it('names the request, the test and what each side said', () => {
    const other = [step('Login', 200, [['ok', true]]), step('Orders', 500, [['list', false], ['extra', true]]), step('Report', 201, [])];
    expect(runDifferences(newman, other, 'newman', 'wirebench')).toEqual([
      '"Orders" (iteration 1): status 200 in newman, 500 in wirebench',
      '"Orders" (iteration 1): test "list" passed in newman, failed (list broke) in wirebench',
      '"Orders" (iteration 1): test "sorted" failed (sorted broke) in newman, not reported by wirebench',
      '"Orders" (iteration 1): test "extra" passed in wirebench, not reported by newman',
    ]);
  });

  it('reports requests one side ran and the other did not, then keeps comparing the rest', () => {
    const other = [step('Login', 200, [['ok', true]]), step('Orders', 200, [['list', true], ['sorted', false]]), step('Orders', 200, [], 0), step('Report', 201, [['late', true]])];
    expect(runDifferences(newman, other, 'newman', 'wirebench')).toEqual([
      '"Orders" (iteration 1) ran in wirebench (step 3) but not at that point in newman',
      '"Report" (iteration 1): test "late" passed in wirebench, not reported by newman',
    ]);
  });

  it('counts script errors outside tests, quoting each side', () => {
    const withError = [newman[0]!, { ...newman[1]!, scriptErrors: ["prerequest: Cannot read properties of undefined (reading 'set')"] }, newman[2]!];
    expect(runDifferences(withError, newman, 'newman', 'wirebench')).toEqual([
      `"Orders" (iteration 1): 1 script error(s) (prerequest: Cannot read properties of undefined (reading 'set')) in newman, no script error in wirebench`,
    ]);
    const worded = [newman[0]!, { ...newman[1]!, scriptErrors: ['runtime: TypeError: not an object'] }, newman[2]!];
    expect(runDifferences(withError, worded, 'newman', 'wirebench')).toEqual([]);
  });

  it('tells the same tests in another order apart from agreement', () => {
    const other = [newman[0]!, { ...newman[1]!, tests: [...newman[1]!.tests].reverse() }, newman[2]!];
    expect(runDifferences(newman, other, 'newman', 'wirebench')).toEqual(['"Orders" (iteration 1): the same tests in another order (newman: list, sorted; wirebench: sorted, list)']);
  });
});
