/**
 * Fuzzy matching for the command palette: the query's characters must appear in order
 * (case-insensitive); consecutive runs, word starts and an early first hit score higher,
 * so "nt" finds "New tab" before "Cancel the request being sent".
 */

export interface FuzzyHit {
  score: number;
  /** Indices of the matched characters in the text, for highlighting. */
  positions: number[];
}

const WORD_START = /[\s/._\-:({[]/;

/** Where and how well `query` matches `text`; undefined when it does not. An empty query matches everything with score 0. */
export function fuzzyMatch(query: string, text: string): FuzzyHit | undefined {
  const q = query.trim().toLowerCase();
  if (!q) return { score: 0, positions: [] };
  const t = text.toLowerCase();
  // A substring that starts a word is the best kind of hit; one inside a word counts like a run of letters.
  const at = t.indexOf(q);
  if (at >= 0 && (at === 0 || WORD_START.test(t[at - 1]!))) return { score: 100 + q.length * 6 - at * 0.01, positions: range(at, q.length) };
  const inWord = at >= 0 ? { score: q.length * 6 + 1, positions: range(at, q.length) } : undefined;
  const positions: number[] = [];
  let score = 0;
  let from = 0;
  for (const ch of q) {
    if (ch === ' ') continue;
    const found = t.indexOf(ch, from);
    if (found < 0) return inWord;
    const previous = positions[positions.length - 1];
    score += 1;
    if (previous !== undefined && found === previous + 1) score += 5;
    if (found === 0 || WORD_START.test(t[found - 1]!)) score += 8;
    score -= Math.min(found - from, 5) * 0.5;
    positions.push(found);
    from = found + 1;
  }
  return inWord && inWord.score > score ? inWord : { score, positions };
}

function range(from: number, length: number): number[] {
  return Array.from({ length }, (_, i) => from + i);
}

/** The items matching `query`, best first; ties keep their given order. */
export function fuzzyFilter<T>(items: readonly T[], query: string, textOf: (item: T) => string): { item: T; hit: FuzzyHit }[] {
  const hits: { item: T; hit: FuzzyHit; index: number }[] = [];
  items.forEach((item, index) => {
    const hit = fuzzyMatch(query, textOf(item));
    if (hit) hits.push({ item, hit, index });
  });
  return hits.sort((a, b) => b.hit.score - a.hit.score || a.index - b.index).map(({ item, hit }) => ({ item, hit }));
}
