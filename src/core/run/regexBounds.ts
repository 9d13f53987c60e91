/**
 * Bounds on the regular expressions of captures and assertions. JavaScript's engine
 * backtracks and cannot be interrupted: one pattern like `(a+)+$` over a body that almost
 * matches runs for minutes and freezes the page (the runner shares its thread) or the CLI.
 * Two bounds keep that from happening, each said in the message when it applies:
 *
 * - nested unbounded quantifiers (`(a+)+`, `(\w*)*`, `(x+){2,}`), the shape behind most
 *   catastrophic backtracking, are refused before anything runs (the heuristic of
 *   safe-regex: star height above one);
 * - the text a regex reads is cut to its first {@link REGEX_MAX_INPUT} characters, so a
 *   quadratic pattern over a 100 MB body costs what it costs over 1 MB.
 *
 * Neither is a proof of linear time (backreferences and overlapping alternatives such as
 * `(a|a)*` can still be slow); they stop the common cases with a reason a person can act on.
 */

/** Most characters of a body (or of a value) a capture's or an assertion's regex reads. */
export const REGEX_MAX_INPUT = 1024 * 1024;

/** Longest pattern accepted: longer ones are generated, not typed, and cost time to scan. */
export const REGEX_MAX_PATTERN = 4096;

/** The text a regex reads, cut to {@link REGEX_MAX_INPUT}; `cut` says whether it was. */
export function boundedRegexInput(text: string): { text: string; cut: boolean } {
  if (typeof text !== 'string') throw new TypeError('boundedRegexInput expects a string');
  return text.length > REGEX_MAX_INPUT ? { text: text.slice(0, REGEX_MAX_INPUT), cut: true } : { text, cut: false };
}

/** How the cut reads in a message: "(only its first 1 MiB was searched: …)". */
export function regexInputCutNote(length: number): string {
  return `only its first ${REGEX_MAX_INPUT / (1024 * 1024)} MiB of ${length.toLocaleString('en')} characters was searched, so a slow pattern cannot hold up the run; use JSONPath or XPath for large bodies`;
}

/** Whether the quantifier starting at `pattern[i]` repeats without bound (`*`, `+`, `{n,}`), and how long it is. */
function quantifierAt(pattern: string, i: number): { unbounded: boolean; repeats: boolean; length: number } | undefined {
  const c = pattern[i];
  let length = 0;
  let unbounded = false;
  let repeats = false;
  if (c === '*' || c === '+') {
    length = 1;
    unbounded = true;
    repeats = true;
  } else if (c === '?') length = 1;
  else if (c === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i, i + 24));
    if (!m) return undefined;
    length = m[0].length;
    unbounded = m[2] !== undefined && m[3] === '';
    repeats = unbounded || (m[3] !== undefined && m[3] !== '' ? Number(m[3]) > 1 : Number(m[1]) > 1);
  } else return undefined;
  // A lazy or possessive-looking suffix belongs to the quantifier.
  if (pattern[i + length] === '?') length++;
  return { unbounded, repeats, length };
}

/**
 * Why `pattern` is refused, or undefined when it is accepted: too long, or a group with an
 * unbounded quantifier inside that is itself repeated. Scans the source only; a pattern
 * that does not compile is left for `new RegExp` to report.
 */
export function riskyRegexReason(pattern: string): string | undefined {
  if (typeof pattern !== 'string') throw new TypeError('riskyRegexReason expects a string');
  if (pattern.length > REGEX_MAX_PATTERN) return `The pattern is ${pattern.length} characters long; at most ${REGEX_MAX_PATTERN} are accepted.`;
  // One entry per open group: whether something inside it repeats without bound, and where it opened.
  const groups: { inner: boolean; start: number }[] = [];
  let lastAtom: { unboundedInside: boolean; start: number } | undefined;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      lastAtom = { unboundedInside: false, start: i };
      i++;
      continue;
    }
    if (c === '[') {
      const start = i;
      // A class is one atom: skip to its unescaped closing bracket (a leading ']' is literal).
      i++;
      if (pattern[i] === '^') i++;
      if (pattern[i] === ']') i++;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      lastAtom = { unboundedInside: false, start };
      continue;
    }
    if (c === '(') {
      groups.push({ inner: false, start: i });
      lastAtom = undefined;
      continue;
    }
    if (c === ')') {
      const group = groups.pop();
      lastAtom = group ? { unboundedInside: group.inner, start: group.start } : undefined;
      if (group?.inner && groups.length > 0) groups[groups.length - 1]!.inner = true;
      continue;
    }
    if (c === '|') {
      lastAtom = undefined;
      continue;
    }
    const quantifier = quantifierAt(pattern, i);
    if (quantifier) {
      if (lastAtom?.unboundedInside && quantifier.repeats) {
        const group = pattern.slice(lastAtom.start, i + quantifier.length);
        return `${group} repeats a group that itself repeats without bound, which can take exponential time on a body that almost matches (catastrophic backtracking); rewrite it without the nesting, e.g. (a+)+ as a+.`;
      }
      if (quantifier.unbounded && groups.length > 0) groups[groups.length - 1]!.inner = true;
      i += quantifier.length - 1;
      lastAtom = undefined;
      continue;
    }
    lastAtom = { unboundedInside: false, start: i };
  }
  return undefined;
}
