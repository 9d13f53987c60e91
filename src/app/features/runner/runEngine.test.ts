import { describe, expect, it } from 'vitest';
import { startRunPlan, type RunStep } from '../../../core/run/runPlan';
import type { RunStepResult } from '../../../core/run/types';
import { runPlanThrough, type SentStep, type StepSender } from './runEngine';
import { maskedHeaders } from './workbenchSteps';

const requests = [
  { id: 'a', name: 'Log in', path: ['Flow'] },
  { id: 'b', name: 'Use it', path: ['Flow'] },
];

/** A sender that answers each step from `answer`, and records what it was asked. */
function sender(answer: (step: RunStep) => Partial<RunStepResult> & { next?: string | null }, onSend?: (step: RunStep) => void) {
  const log: string[] = [];
  const s: StepSender & { log: string[] } = {
    log,
    startIteration: (i, n, row) => log.push(`start ${i + 1}/${n} ${JSON.stringify(row ?? {})}`),
    async send(step): Promise<SentStep> {
      log.push(`send ${step.request.name} #${step.iteration + 1}`);
      onSend?.(step);
      const { next, ...over } = answer(step);
      const result: RunStepResult = { requestId: step.request.id, name: step.request.name, path: step.request.path, iteration: step.iteration + 1, method: 'GET', url: 'http://127.0.0.1/', status: 200, captures: [], assertions: [], tests: [], scriptErrors: [], ...over };
      return next !== undefined ? { result, nextRequest: next } : { result };
    },
    finish: () => log.push('finish'),
  };
  return s;
}

describe('runPlanThrough', () => {
  it('sends every request of every iteration in order, each iteration with its data row', async () => {
    const s = sender(() => ({}));
    const run = await runPlanThrough(startRunPlan(requests, { dataRows: [{ n: '1' }, { n: '2' }] }), 'Chain / Flow', s, new AbortController().signal);
    expect(s.log).toEqual(['start 1/2 {"n":"1"}', 'send Log in #1', 'send Use it #1', 'start 2/2 {"n":"2"}', 'send Log in #2', 'send Use it #2', 'finish']);
    expect(run.steps.map((x) => `${x.name}@${x.iteration}`)).toEqual(['Log in@1', 'Use it@1', 'Log in@2', 'Use it@2']);
    expect(run.source).toBe('Chain / Flow');
    expect(run.stopped).toBeUndefined();
  });

  it('follows setNextRequest and stops a loop at the bound with the plan message', async () => {
    const s = sender((step) => (step.request.id === 'b' ? { next: 'Log in' } : {}));
    const run = await runPlanThrough(startRunPlan(requests, { loopFactor: 2 }), 'x', s, new AbortController().signal);
    expect(run.steps).toHaveLength(4);
    expect(run.stopped?.reason).toBe('loop-bound');
  });

  it('stops on the first failure when asked', async () => {
    const s = sender((step) => (step.request.id === 'a' ? { assertions: [{ assertionId: '1', label: 'status == 201', passed: false, actual: '200' }] } : {}));
    const run = await runPlanThrough(startRunPlan(requests, { bail: true, iterations: 3 }), 'x', s, new AbortController().signal);
    expect(run.steps).toHaveLength(1);
    expect(run.stopped?.reason).toBe('bail');
    expect(s.log.at(-1)).toBe('finish');
  });

  it('cancelled while a request is being sent: that step is kept, nothing more is sent', async () => {
    const controller = new AbortController();
    const s = sender(() => ({}), (step) => step.request.id === 'b' && controller.abort());
    const run = await runPlanThrough(startRunPlan(requests, { iterations: 2 }), 'x', s, controller.signal);
    expect(run.steps.map((x) => x.name)).toEqual(['Log in', 'Use it']);
    expect(run.stopped).toEqual({ reason: 'cancelled', message: 'Cancelled in iteration 1, while sending "Flow / Use it".' });
  });

  it('cancelled during the delay between requests: the next request is not sent', async () => {
    const controller = new AbortController();
    const s = sender(() => ({}), () => queueMicrotask(() => controller.abort()));
    const run = await runPlanThrough(startRunPlan(requests, { delayMs: 60_000 }), 'x', s, controller.signal);
    expect(run.steps).toHaveLength(1);
    expect(run.stopped?.reason).toBe('cancelled');
  });
});

describe('maskedHeaders', () => {
  it('masks credentials and cookie values, keeps the rest', () => {
    const masked = maskedHeaders([
      { name: 'Content-Type', value: 'application/json' },
      { name: 'Set-Cookie', value: 'sid=abc123; Path=/; HttpOnly' },
      { name: 'Authorization', value: 'Bearer abc.def.ghi' },
    ]);
    expect(masked[0]).toEqual({ name: 'Content-Type', value: 'application/json' });
    expect(masked[1]!.value).toMatch(/^sid=•••• \(secret, 6 characters\); Path=\/; HttpOnly$/);
    expect(masked[2]!.value).not.toContain('abc');
  });
});
