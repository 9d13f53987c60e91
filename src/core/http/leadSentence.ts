/**
 * The first sentence of an explanation, for the one line the inspector shows under the
 * status until "Explain" is asked for. A sentence ends at `.`, `!` or `?` followed by a
 * space and a capital, quote or parenthesis — so `§15.5.1`, `1.5` and `application/json.`
 * at the very end do not split it; abbreviations such as "e.g." are kept inside.
 */
const END = /[.!?](?=\s+["“(A-Z])/g;
const ABBREVIATION = /(?:\be\.g|\bi\.e|\betc|\bvs|\bcf)\.$/i;

/** The first sentence of `text` (all of it when it is one sentence), trimmed. */
export function leadSentence(text: string): string {
  if (typeof text !== 'string') throw new TypeError(`leadSentence expects a string, got ${typeof text}`);
  const trimmed = text.trim();
  for (const match of trimmed.matchAll(END)) {
    const candidate = trimmed.slice(0, match.index + 1);
    if (!ABBREVIATION.test(candidate)) return candidate;
  }
  return trimmed;
}
