/**
 * The steps of a grant run and what each one came to. The runner reports a step when it
 * happens: the sign-in and the device code as "waiting", because the person has not acted
 * yet, and each device poll answered "authorization_pending" as "waiting" too. Those words
 * are true only until the next step; shown later (the run's view, the exchange log) a step
 * must say how it ended, or a finished run reads as if it were still going.
 */

/** One step of a grant, safe to show and keep. */
export interface GrantStep {
  at: number;
  step: 'discovery' | 'authorize' | 'callback' | 'device' | 'poll' | 'token' | 'id-token' | 'warning';
  outcome: 'ok' | 'waiting' | 'error';
  summary: string;
  /** Request line, parameters, status: secrets removed. */
  detail?: string;
}

/** How a run ended, for the steps still waiting when it did. */
export type GrantRunEnd = 'done' | 'failed' | 'cancelled';

type Outcome = GrantStep['outcome'];

/**
 * How the wait of `step` ended, from the steps after it; undefined while it still goes on.
 * The sign-in ends as its redirect did; the device code when the token came (approved) or
 * polling stopped (denied, expired, cancelled); any other waiting step once the next began.
 */
function endOfWait(step: { step: string }, later: readonly { step: string; outcome: Outcome }[]): Outcome | undefined {
  if (step.step === 'authorize') return later.find((s) => s.step === 'callback')?.outcome;
  if (step.step === 'device') {
    if (later.some((s) => s.step === 'token')) return 'ok';
    return later.some((s) => s.step === 'poll' && s.outcome === 'error') ? 'error' : undefined;
  }
  return later.length > 0 ? 'ok' : undefined;
}

/**
 * `steps` with every "waiting" that is over replaced by how it ended (see `endOfWait`).
 * With `ended`, the run is over: a step whose wait never ended is "ok" if the run was
 * done, else "error" — nothing of a finished run stays "waiting". The input is not changed.
 */
export function settleGrantSteps<T extends { step: string; outcome: Outcome }>(steps: readonly T[], ended?: GrantRunEnd): T[] {
  return steps.map((step, i) => {
    if (step.outcome !== 'waiting') return step;
    const outcome = endOfWait(step, steps.slice(i + 1)) ?? (ended === undefined ? undefined : ended === 'done' ? 'ok' : 'error');
    return outcome === undefined ? step : { ...step, outcome };
  });
}
