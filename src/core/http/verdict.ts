/**
 * Verdicts: what an explanation concludes about an exchange, as data rather than words,
 * so that explanations shown side by side (the status, a SOAP fault, a header) can be
 * checked to speak with one voice. A finding states only the verdicts it actually makes;
 * two explanations of the same exchange contradict each other when they state different
 * values for the same question.
 */

/** What one explanation concludes. Every field is optional: say only what the text says. */
export interface Verdict {
  /** Who the explanation holds responsible for a failure: the request as sent, or the server. */
  blame?: 'request' | 'server';
  /** Whether the explanation says the request did what it asked for. */
  outcome?: 'succeeded' | 'failed';
  /** Whether sending the same request again, unchanged, can succeed. */
  retry?: 'may-succeed' | 'will-fail';
  /** Whether the explanation says caches may store the response. */
  cacheable?: boolean;
}

/** The questions a verdict answers, in the order contradictions are reported. */
export const VERDICT_QUESTIONS = ['blame', 'outcome', 'retry', 'cacheable'] as const satisfies readonly (keyof Verdict)[];

/** An explanation that states a verdict, named for the report (e.g. `finding status`, `SOAP fault`). */
export interface StatedVerdict {
  source: string;
  verdict: Verdict;
}

/** Two explanations of the same exchange that answer one question differently. */
export interface VerdictContradiction {
  question: keyof Verdict;
  /** Each distinct answer with the explanations that gave it. */
  answers: { value: string; sources: string[] }[];
}

/**
 * The contradictions among `stated`: for each question, every distinct answer with its
 * sources, reported when there is more than one answer. Empty when they speak with one voice.
 */
export function findContradictions(stated: readonly StatedVerdict[]): VerdictContradiction[] {
  if (!Array.isArray(stated)) throw new TypeError('findContradictions expects an array of { source, verdict }');
  const contradictions: VerdictContradiction[] = [];
  for (const question of VERDICT_QUESTIONS) {
    const byValue = new Map<string, string[]>();
    for (const { source, verdict } of stated) {
      const value = verdict[question];
      if (value === undefined) continue;
      const key = String(value);
      byValue.set(key, [...(byValue.get(key) ?? []), source]);
    }
    if (byValue.size > 1) contradictions.push({ question, answers: [...byValue].map(([value, sources]) => ({ value, sources })) });
  }
  return contradictions;
}
