import { describe, expect, it } from 'vitest';
import type { CollectionItem } from '../workspace/model';
import { afterRunStep, cancelRunPlan, nextRunStep, runnableRequests, startRunPlan, type RunPlan, type RunPlanOptions, type RunPlanRequest, type RunStepOutcome } from './runPlan';

const requests = (...names: string[]): RunPlanRequest[] => names.map((name) => ({ id: `id-${name}`, name, path: [] }));
const abc = requests('A', 'B', 'C');

/** Drives a plan to its end; `decide` maps "iteration:name" (1-based) to what that step decided. Returns the steps as "1:A" and the end. */
function drive(reqs: RunPlanRequest[], options: RunPlanOptions = {}, decide: Record<string, RunStepOutcome> = {}): { steps: string; plan: RunPlan } {
  let plan = startRunPlan(reqs, options);
  const steps: string[] = [];
  for (let step = nextRunStep(plan); step; step = nextRunStep(plan)) {
    const key = `${step.iteration + 1}:${step.request.name}`;
    steps.push(key);
    plan = afterRunStep(plan, decide[key] ?? { failed: false });
    if (steps.length > 10_000) throw new Error('the plan did not end');
  }
  return { steps: steps.join(' '), plan };
}

describe('run plan: order and iterations', () => {
  it.each<[string, RunPlanOptions, string]>([
    ['one iteration in order', {}, '1:A 1:B 1:C'],
    ['N iterations', { iterations: 2 }, '1:A 1:B 1:C 2:A 2:B 2:C'],
    ['one iteration per data row', { dataRows: [{ u: '1' }, { u: '2' }] }, '1:A 1:B 1:C 2:A 2:B 2:C'],
  ])('%s', (_name, options, steps) => {
    const run = drive(abc, options);
    expect(run.steps).toBe(steps);
    expect(run.plan.done).toBe(true);
    expect(run.plan.stopped).toBeUndefined();
  });

  it('an empty collection is done at once', () => {
    expect(nextRunStep(startRunPlan([]))).toBeUndefined();
  });

  it('gives each iteration its row, the last row repeating past the end', () => {
    let plan = startRunPlan(requests('A'), { iterations: 3, dataRows: [{ u: 'ada' }, { u: 'grace' }] });
    const rows: unknown[] = [];
    for (let step = nextRunStep(plan); step; step = nextRunStep(plan)) {
      rows.push(step.dataRow);
      plan = afterRunStep(plan, { failed: false });
    }
    expect(rows).toEqual([{ u: 'ada' }, { u: 'grace' }, { u: 'grace' }]);
  });

  it('carries the delay, except before the first request', () => {
    let plan = startRunPlan(requests('A', 'B'), { delayMs: 250, iterations: 2 });
    const delays: number[] = [];
    for (let step = nextRunStep(plan); step; step = nextRunStep(plan)) {
      delays.push(step.delayMs);
      plan = afterRunStep(plan, { failed: false });
    }
    expect(delays).toEqual([0, 250, 250, 250]);
  });
});

describe('run plan: setNextRequest', () => {
  it.each<[string, Record<string, RunStepOutcome>, string]>([
    ['jump forward by name', { '1:A': { failed: false, nextRequest: 'C' } }, '1:A 1:C'],
    ['jump by id', { '1:A': { failed: false, nextRequest: 'id-C' } }, '1:A 1:C'],
    ['null ends the iteration, the next one runs', { '1:A': { failed: false, nextRequest: null } }, '1:A 2:A 2:B 2:C'],
    ['jump back (an endless loop, cut short below)', { '1:C': { failed: false, nextRequest: 'B' }, '1:B': { failed: false } }, '1:A 1:B 1:C 1:B 1:C 1:B 1:C 1:B 1:C 1:B 1:C 1:B 1:C 1:B 1:C 1:B 1:C 1:B 1:C 1:B 1:C 1:B 1:C 1:B 1:C 1:B 1:C 1:B 1:C'],
  ])('%s', (_name, decide, steps) => {
    expect(drive(abc, { iterations: 2, loopFactor: 10 }, decide).steps.startsWith(steps)).toBe(true);
  });

  it('stops an endless loop at the bound, naming the request', () => {
    const run = drive(abc, {}, { '1:C': { failed: false, nextRequest: 'B' } });
    expect(run.steps.split(' ')).toHaveLength(30);
    expect(run.plan.stopped).toEqual({ reason: 'loop-bound', message: 'Stopped iteration 1 after 30 requests (10× the 3 of the run): setNextRequest kept looping (last sent "B", next would have been "C").' });
  });

  it('a finite loop under the bound runs to its end', () => {
    // C sends the run back to B twice, then lets it go on.
    let plan = startRunPlan(abc);
    let loops = 0;
    const steps: string[] = [];
    for (let step = nextRunStep(plan); step; step = nextRunStep(plan)) {
      steps.push(step.request.name);
      plan = afterRunStep(plan, step.request.name === 'C' && loops++ < 2 ? { failed: false, nextRequest: 'B' } : { failed: false });
    }
    expect(steps.join('')).toBe('ABCBCBC');
    expect(plan.stopped).toBeUndefined();
  });

  it('an unknown name stops the run with a clear error', () => {
    const run = drive(abc, {}, { '1:B': { failed: false, nextRequest: 'Nope' } });
    expect(run.steps).toBe('1:A 1:B');
    expect(run.plan.stopped).toEqual({ reason: 'error', message: 'setNextRequest("Nope") in "B" names no request of this run (iteration 1).' });
  });
});

describe('run plan: bail, cancel, misuse', () => {
  it('bail stops at the first failure; without bail the run goes on', () => {
    const failB = { '1:B': { failed: true } };
    expect(drive(abc, { bail: true }, failB)).toMatchObject({ steps: '1:A 1:B', plan: { stopped: { reason: 'bail', message: 'Stopped at the first failure: "B" in iteration 1.' } } });
    expect(drive(abc, {}, failB).steps).toBe('1:A 1:B 1:C');
  });

  it('cancel stops before the next request', () => {
    const plan = cancelRunPlan(afterRunStep(startRunPlan(abc), { failed: false }));
    expect(plan.stopped).toEqual({ reason: 'cancelled', message: 'Cancelled in iteration 1, before "B".' });
    expect(nextRunStep(plan)).toBeUndefined();
  });

  it.each<[RunPlanOptions, RegExp]>([
    [{ iterations: 0 }, /iterations must be a whole number of 1 or more, got 0/],
    [{ iterations: 1.5 }, /iterations/],
    [{ delayMs: -1 }, /delayMs must be 0 or more/],
    [{ loopFactor: 0 }, /loopFactor/],
  ])('refuses %j', (options, message) => {
    expect(() => startRunPlan(abc, options)).toThrow(message);
  });

  it('refuses to go past the end', () => {
    const { plan } = drive(requests('A'));
    expect(() => afterRunStep(plan, { failed: false })).toThrow(RangeError);
  });
});

describe('runnableRequests', () => {
  it('flattens folders in order, keeping each request’s folder path', () => {
    const draft = {} as never;
    const items: CollectionItem[] = [
      { kind: 'request', id: '1', name: 'Sign in', draft, requestType: 'http' },
      { kind: 'folder', id: 'f', name: 'Orders', items: [{ kind: 'request', id: '2', name: 'Create', draft, requestType: 'http' }, { kind: 'folder', id: 'g', name: 'Lines', items: [{ kind: 'request', id: '3', name: 'Add', draft, requestType: 'http' }] }] },
      { kind: 'request', id: '4', name: 'Sign out', draft, requestType: 'http' },
    ];
    expect(runnableRequests(items)).toEqual([
      { id: '1', name: 'Sign in', path: [] },
      { id: '2', name: 'Create', path: ['Orders'] },
      { id: '3', name: 'Add', path: ['Orders', 'Lines'] },
      { id: '4', name: 'Sign out', path: [] },
    ]);
  });
});
