/**
 * I-Regexp (RFC 9485), the interoperable regular expressions JSONPath's `match()` and
 * `search()` use (RFC 9535 §2.4.6, §2.4.7), run by a Thompson NFA: every position of the
 * text is visited once with a set of states, so time is bounded by text length × pattern
 * size whatever the pattern — `(a+)+$` cannot backtrack for ever as a JavaScript RegExp
 * does. Each single-character atom (a class, `\p{…}`, an escape) is tested by a tiny
 * one-character JavaScript RegExp, which cannot backtrack either.
 */

/** Why a pattern is not an I-Regexp, with the column (1-based) where it broke. */
export interface IRegexpError {
  kind: 'iregexp-syntax' | 'iregexp-too-large';
  message: string;
  column: number;
}

type CharTest = (ch: string) => boolean;

/** NFA states: a character test, a split into two, or the accepting state. */
type State = { kind: 'char'; test: CharTest; out: number } | { kind: 'split'; a: number; b: number } | { kind: 'match' };

/** A compiled I-Regexp. */
export interface IRegexp {
  /** The whole text matches (`match()`). */
  matchesWhole(text: string): boolean;
  /** Some substring matches (`search()`). */
  matchesSomewhere(text: string): boolean;
}

/** Most NFA states a pattern may compile to (counted repetition multiplies states). */
export const IREGEXP_MAX_STATES = 20_000;

/** How deep groups may nest: each level is a few stack frames of the compiler, so `((((…` 20 KB long is refused, not a stack overflow. */
export const IREGEXP_MAX_GROUP_DEPTH = 256;

const SINGLE_ESCAPES = new Set(['(', ')', '*', '+', '-', '.', '?', '[', '\\', ']', '^', '{', '|', '}', 'n', 'r', 't']);

class Syntax extends Error {
  constructor(
    message: string,
    readonly at: number,
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

/** A fragment of the NFA under construction: its start and the dangling exits to patch. */
interface Fragment {
  start: number;
  exits: { state: number; field: 'out' | 'a' | 'b' }[];
}

class Compiler {
  readonly states: State[] = [];
  private pos = 0;
  private depth = 0;

  constructor(private readonly source: string) {}

  compile(): State[] {
    const fragment = this.alternation();
    if (this.pos < this.source.length) throw new Syntax(`unexpected "${this.source[this.pos]}"`, this.pos);
    const accept = this.add({ kind: 'match' });
    this.patch(fragment, accept);
    this.states.push({ kind: 'split', a: fragment.start, b: fragment.start });
    return this.states;
  }

  private add(state: State): number {
    if (this.states.length >= IREGEXP_MAX_STATES) throw new Syntax(`the pattern needs more than ${IREGEXP_MAX_STATES} states (counted repetitions are expanded)`, this.pos, true);
    this.states.push(state);
    return this.states.length - 1;
  }

  private patch(fragment: Fragment, target: number): void {
    for (const exit of fragment.exits) (this.states[exit.state] as unknown as Record<string, number>)[exit.field] = target;
  }

  private empty(): Fragment {
    const s = this.add({ kind: 'split', a: -1, b: -1 });
    // An epsilon: both ways lead to the same next state.
    return { start: s, exits: [{ state: s, field: 'a' }, { state: s, field: 'b' }] };
  }

  private alternation(): Fragment {
    let left = this.branch();
    while (this.source[this.pos] === '|') {
      this.pos++;
      const right = this.branch();
      const split = this.add({ kind: 'split', a: left.start, b: right.start });
      left = { start: split, exits: [...left.exits, ...right.exits] };
    }
    return left;
  }

  private branch(): Fragment {
    let result: Fragment | undefined;
    while (this.pos < this.source.length && this.source[this.pos] !== '|' && this.source[this.pos] !== ')') {
      const piece = this.piece();
      if (result) {
        this.patch(result, piece.start);
        result = { start: result.start, exits: piece.exits };
      } else result = piece;
    }
    return result ?? this.empty();
  }

  private piece(): Fragment {
    const atomStart = this.pos;
    const atom = this.atom();
    // The fragment built while reading the atom is its first copy; only repetitions build more.
    // (Building a fresh one for every use made each level of nested groups double the states.)
    let firstUsed = false;
    const build = (): Fragment => {
      if (firstUsed) return atom.build();
      firstUsed = true;
      return atom.first;
    };
    const c = this.source[this.pos];
    let min = 1;
    let max: number | undefined = 1;
    if (c === '*' || c === '+' || c === '?') {
      this.pos++;
      [min, max] = c === '*' ? [0, undefined] : c === '+' ? [1, undefined] : [0, 1];
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.pos));
      if (!m) throw new Syntax('a quantifier {n}, {n,} or {n,m}', this.pos);
      this.pos += m[0].length;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? undefined : Number(m[3]);
      if (max !== undefined && max < min) throw new Syntax(`{${min},${max}}: the maximum is below the minimum`, atomStart);
    }
    if (min === 1 && max === 1) return build();
    const parts: Fragment[] = [];
    for (let i = 0; i < min; i++) parts.push(build());
    if (max === undefined) parts.push(this.star(build()));
    else for (let i = min; i < max; i++) parts.push(this.optional(build()));
    if (parts.length === 0) return this.empty();
    for (let i = 1; i < parts.length; i++) this.patch(parts[i - 1]!, parts[i]!.start);
    return { start: parts[0]!.start, exits: parts[parts.length - 1]!.exits };
  }

  private star(inner: Fragment): Fragment {
    const split = this.add({ kind: 'split', a: inner.start, b: -1 });
    this.patch(inner, split);
    return { start: split, exits: [{ state: split, field: 'b' }] };
  }

  private optional(inner: Fragment): Fragment {
    const split = this.add({ kind: 'split', a: inner.start, b: -1 });
    return { start: split, exits: [...inner.exits, { state: split, field: 'b' }] };
  }

  /** Reads one atom: the fragment built while reading it, and a builder that makes a fresh copy (for repetition). */
  private atom(): { first: Fragment; build: () => Fragment } {
    const c = this.source[this.pos];
    if (c === undefined) throw new Syntax('an atom', this.pos);
    if (c === '(') {
      if (this.depth >= IREGEXP_MAX_GROUP_DEPTH) throw new Syntax(`groups nested more than ${IREGEXP_MAX_GROUP_DEPTH} levels deep`, this.pos, true);
      this.pos++;
      const start = this.pos;
      this.depth++;
      const first = this.alternation();
      this.depth--;
      if (this.source[this.pos] !== ')') throw new Syntax('")" to close the group', this.pos);
      this.pos++;
      // Each further copy (for a repetition) is parsed again from the group's start, into new states.
      const build = () => {
        const saved = this.pos;
        this.pos = start;
        const fragment = this.alternation();
        this.pos = saved;
        return fragment;
      };
      return { first, build };
    }
    if (c === ')' || c === '*' || c === '+' || c === '?' || c === '{' || c === '}' || c === ']') throw new Syntax(`"${c}" must be escaped here`, this.pos);
    const test = this.charTest();
    const build = (): Fragment => {
      const s = this.add({ kind: 'char', test, out: -1 });
      return { start: s, exits: [{ state: s, field: 'out' }] };
    };
    return { first: build(), build };
  }

  private charTest(): CharTest {
    const start = this.pos;
    const c = this.source[this.pos]!;
    if (c === '.') {
      this.pos++;
      return (ch) => ch !== '\n' && ch !== '\r';
    }
    if (c === '[') {
      let i = this.pos + 1;
      if (this.source[i] === '^') i++;
      if (this.source[i] === ']') i++;
      for (; i < this.source.length && this.source[i] !== ']'; i++) {
        if (this.source[i] === '\\') i += this.source[i + 1] === 'p' || this.source[i + 1] === 'P' ? this.source.indexOf('}', i) - i : 1;
        if (this.source[i] === '[') throw new Syntax('"[" must be escaped inside a character class', i);
      }
      if (this.source[i] !== ']') throw new Syntax('"]" to close the character class', this.pos);
      this.pos = i + 1;
      return singleChar(this.source.slice(start, this.pos), start);
    }
    if (c === '\\') {
      const next = this.source[this.pos + 1];
      if (next === 'p' || next === 'P') {
        const close = this.source.indexOf('}', this.pos);
        if (this.source[this.pos + 2] !== '{' || close < 0) throw new Syntax('\\p{Category}', this.pos);
        this.pos = close + 1;
        return singleChar(this.source.slice(start, this.pos), start);
      }
      if (next === undefined || !SINGLE_ESCAPES.has(next)) throw new Syntax(`"\\${next ?? ''}" is not an I-Regexp escape`, this.pos);
      this.pos += 2;
      const literal = next === 'n' ? '\n' : next === 'r' ? '\r' : next === 't' ? '\t' : next;
      return (ch) => ch === literal;
    }
    const cp = this.source.codePointAt(this.pos)!;
    const literal = String.fromCodePoint(cp);
    this.pos += literal.length;
    return (ch) => ch === literal;
  }
}

/** A one-character JavaScript RegExp for a class or `\p{…}` (it cannot backtrack). */
function singleChar(source: string, at: number): CharTest {
  let re: RegExp;
  try {
    re = new RegExp(`^${source}$`, 'u');
  } catch (error) {
    throw new Syntax(`${source} is not a valid character class (${(error as Error).message})`, at);
  }
  return (ch) => re.test(ch);
}

function addState(states: readonly State[], set: Set<number>, index: number, stack: number[]): void {
  stack.push(index);
  while (stack.length > 0) {
    const s = stack.pop()!;
    if (s < 0 || set.has(s)) continue;
    set.add(s);
    const state = states[s]!;
    if (state.kind === 'split') stack.push(state.b, state.a);
  }
}

function simulate(states: readonly State[], text: string, anywhere: boolean): boolean {
  const start = states.length - 1;
  const stack: number[] = [];
  let current = new Set<number>();
  addState(states, current, start, stack);
  const accepts = (set: Set<number>) => {
    for (const s of set) if (states[s]!.kind === 'match') return true;
    return false;
  };
  if (anywhere && accepts(current)) return true;
  for (const ch of text) {
    const next = new Set<number>();
    for (const s of current) {
      const state = states[s]!;
      if (state.kind === 'char' && state.test(ch)) addState(states, next, state.out, stack);
    }
    if (anywhere) addState(states, next, start, stack);
    current = next;
    if (anywhere && accepts(current)) return true;
    if (!anywhere && current.size === 0) return false;
  }
  return accepts(current);
}

/** Compiles an I-Regexp, or says where it is not one. */
export function compileIRegexp(pattern: string): { ok: true; value: IRegexp } | { ok: false; error: IRegexpError } {
  let states: State[];
  try {
    states = new Compiler(pattern).compile();
  } catch (error) {
    if (!(error instanceof Syntax)) throw error;
    return {
      ok: false,
      error: {
        kind: error.tooLarge ? 'iregexp-too-large' : 'iregexp-syntax',
        message: `Not an I-Regexp (RFC 9485) at column ${error.at + 1}: ${error.message}.`,
        column: error.at + 1,
      },
    };
  }
  return {
    ok: true,
    value: {
      matchesWhole: (text) => simulate(states, text, false),
      matchesSomewhere: (text) => simulate(states, text, true),
    },
  };
}
