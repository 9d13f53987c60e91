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
  const tokens = q.split(/\s+/).filter(Boolean);
  let score = 0;
  const positions: number[] = [];
  let from = 0;
  // Each word of the query in turn: a whole word of the text it starts beats letters picked here and there,
  // so "lsn colon" finds "Lesson: Basic with a colon" before "Lesson: A cookie login".
  for (const token of tokens) {
    const hit = (tokens.length > 1 ? wordStartHit(token, t, from) : undefined) ?? scatteredHit(token, t, from, positions[positions.length - 1]);
    if (!hit) return inWord;
    score += hit.score;
    positions.push(...hit.positions);
    from = hit.positions[hit.positions.length - 1]! + 1;
  }
  return inWord && inWord.score > score ? inWord : { score, positions };
}

/** `token` as a substring of `t` starting a word, at or after `from`. */
function wordStartHit(token: string, t: string, from: number): FuzzyHit | undefined {
  for (let at = t.indexOf(token, from); at >= 0; at = t.indexOf(token, at + 1)) {
    if (at === 0 || WORD_START.test(t[at - 1]!)) return { score: token.length * 6 + 8 - Math.min(at - from, 5) * 0.5, positions: range(at, token.length) };
  }
  return undefined;
}

/** `token`'s characters in order from `from`: runs, word starts and closeness score. */
function scatteredHit(token: string, t: string, from: number, previousPosition: number | undefined): FuzzyHit | undefined {
  const positions: number[] = [];
  let score = 0;
  let next = from;
  let previous = previousPosition;
  for (const ch of token) {
    const found = t.indexOf(ch, next);
    if (found < 0) return undefined;
    score += 1;
    if (previous !== undefined && found === previous + 1) score += 5;
    if (found === 0 || WORD_START.test(t[found - 1]!)) score += 8;
    score -= Math.min(found - next, 5) * 0.5;
    positions.push(found);
    previous = found;
    next = found + 1;
  }
  return { score, positions };
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
