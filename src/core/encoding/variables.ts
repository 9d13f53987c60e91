/**
 * `{{name}}` environment variables: finding them for the editor and substituting them
 * before a request is sent. Values may themselves contain variables; those are resolved
 * too, with cycle, depth and size limits so a bad environment cannot hang the page.
 *
 * Grammar: `{{`, optional spaces or tabs, a name of one or more characters other than
 * `{`, `}`, CR and LF (inner spaces allowed, outer ones trimmed), optional spaces or tabs,
 * `}}`. `{{ name }}` and `{{name}}` are the same variable; `{{}}` is not a variable.
 *
 * There is no escape syntax. A backslash escape (`\{{`) would collide with the backslash
 * escapes of the JSON, XML and regex text these variables live in. A `{{name}}` whose name
 * is not defined is sent as written and reported as unresolved, which is how a literal
 * `{{...}}` reaches the wire.
 */

/** Where one `{{name}}` reference sits in a text: `from` inclusive, `to` exclusive. */
export interface VariableReference {
  name: string;
  from: number;
  to: number;
}

const VARIABLE_PATTERN = /\{\{[ \t]*([^{}\r\n]+?)[ \t]*\}\}/g;

/**
 * Finds every `{{name}}` reference in `text`, in order, with UTF-16 offsets of the whole
 * span (braces included), as an editor needs for highlighting and hover.
 */
export function findVariables(text: string): VariableReference[] {
  const found: VariableReference[] = [];
  if (!text.includes('{{')) return found;
  for (const match of text.matchAll(VARIABLE_PATTERN)) {
    const name = match[1]!.trim();
    if (name === '') continue;
    found.push({ name, from: match.index, to: match.index + match[0].length });
  }
  return found;
}

/** Why a variable was left as written. */
export type VariableProblemReason = 'undefined' | 'cycle' | 'too-deep' | 'too-long';

/** A variable that could not be substituted, and why, in a sentence. */
export interface VariableProblem {
  name: string;
  reason: VariableProblemReason;
  message: string;
  /** For cycles and depth: the chain of names that was followed, e.g. `['a', 'b', 'a']`. */
  chain?: string[];
}

/** The outcome of substituting variables into one text. */
export interface VariableSubstitution {
  text: string;
  /** Names left as `{{name}}` in `text` (top level or inside a value), unique, in order. */
  unresolved: string[];
  /** Names whose values went into `text` (nested ones included), unique, in order. */
  used: string[];
  /** One entry per unresolved name saying why. */
  problems: VariableProblem[];
  /** Dynamic variables (`$guid`, `$randomInt`, …) drawn by the `dynamic` resolver, unique, in order; absent when none was. */
  dynamic?: string[];
}

/** Limits for substitution; the defaults suit request text. */
export interface VariableSubstitutionOptions {
  /** How many levels of variables inside values are followed (default 10). */
  maxDepth?: number;
  /** Longest text one expansion, and the whole result, may grow to (default 10,000,000). */
  maxLength?: number;
  /**
   * Draws a value for a name `env` does not define (Postman's dynamic variables: core's
   * `dynamicVariableResolver` at send time, `sampleDynamicValue` for previews). Called once
   * per use, so `{{$guid}}` twice gets two values; a defined variable of the same name wins.
   */
  dynamic?: (name: string) => string | undefined;
}

interface Expansion {
  ok: true;
  text: string;
  height: number;
  used: string[];
  undefinedNames: string[];
}

interface ExpansionFailure {
  ok: false;
  reason: Exclude<VariableProblemReason, 'undefined'>;
  chain: string[];
}

/** Draws of dynamic variables after which values holding them are reused instead of expanded again. */
const MAX_DRAWS = 10_000;

function hasVariable(env: Record<string, string>, name: string): boolean {
  // Own properties only, so `{{constructor}}` or `{{__proto__}}` never reach Object.prototype.
  return Object.prototype.hasOwnProperty.call(env, name) && typeof env[name] === 'string';
}

function pushUnique(list: string[], seen: Set<string>, names: Iterable<string>): void {
  for (const name of names) {
    if (!seen.has(name)) {
      seen.add(name);
      list.push(name);
    }
  }
}

/**
 * Replaces each `{{name}}` in `text` with its value from `env`, resolving variables inside
 * values up to `maxDepth` levels. A name that is undefined, part of a cycle, nested too
 * deeply or expanding past `maxLength` is left exactly as written and listed in
 * `unresolved` with its reason in `problems`. Never throws for any text or environment.
 */
/** A reference inside another's name: `{{outer{{inner}}rest}}`. */
const NESTED_NAME = /\{\{([^{}]*)\{\{([^{}]+)\}\}([^{}]*)\}\}/;
const NESTED_NAMES = new RegExp(NESTED_NAME.source, 'g');

/** Inner references of names replaced by their values (innermost first, a bounded number of levels); unknown ones stay. */
function resolveNestedNames(text: string, env: Record<string, string>): string {
  let out = text;
  for (let level = 0; level < 10; level++) {
    const next = out.replace(NESTED_NAMES, (whole, before: string, inner: string, after: string) =>
      Object.prototype.hasOwnProperty.call(env, inner.trim()) ? `{{${before}${env[inner.trim()]}${after}}}` : whole,
    );
    if (next === out) break;
    out = next;
  }
  return out;
}

export function substituteVariables(
  text: string,
  env: Record<string, string>,
  options: VariableSubstitutionOptions = {},
): VariableSubstitution {
  const maxDepth = options.maxDepth ?? 10;
  const maxLength = options.maxLength ?? 10_000_000;
  if (!Number.isInteger(maxDepth) || maxDepth < 1) throw new RangeError(`maxDepth must be a positive integer, got ${maxDepth}`);
  if (!(maxLength > 0)) throw new RangeError(`maxLength must be positive, got ${maxLength}`);

  // Postman resolves a reference inside a variable's name first: {{host.{{one}}}} is {{host.1}} when one is 1.
  if (text.includes('{{') && NESTED_NAME.test(text)) text = resolveNestedNames(text, env);
  const memo = new Map<string, Expansion>();
  const dynamic: string[] = [];
  const dynamicSeen = new Set<string>();
  // A value that holds a dynamic variable is drawn at each use: such expansions are not memoised.
  const drawsAnew = new Set<string>();

  let draws = 0;
  function draw(name: string): string | undefined {
    const value = options.dynamic?.(name);
    if (value !== undefined) {
      draws++;
      pushUnique(dynamic, dynamicSeen, [name]);
    }
    return value;
  }

  function expand(name: string, stack: string[]): Expansion | ExpansionFailure {
    const cycleStart = stack.indexOf(name);
    if (cycleStart >= 0) return { ok: false, reason: 'cycle', chain: [...stack.slice(cycleStart), name] };
    const known = memo.get(name);
    if (known) {
      if (stack.length + known.height > maxDepth) return { ok: false, reason: 'too-deep', chain: [...stack, name] };
      return known;
    }
    if (stack.length + 1 > maxDepth) return { ok: false, reason: 'too-deep', chain: [...stack, name] };
    const value = env[name]!;
    const refs = findVariables(value);
    const inner = [...stack, name];
    const parts: string[] = [];
    const used: string[] = [];
    const usedSeen = new Set<string>();
    const undefinedNames: string[] = [];
    const undefinedSeen = new Set<string>();
    let height = 1;
    let length = 0;
    let last = 0;
    let fresh = false;
    for (const ref of refs) {
      parts.push(value.slice(last, ref.from));
      length += ref.from - last;
      last = ref.to;
      if (!hasVariable(env, ref.name)) {
        const drawn = draw(ref.name);
        if (drawn !== undefined) {
          fresh = true;
          parts.push(drawn);
          length += drawn.length;
          if (length > maxLength) return { ok: false, reason: 'too-long', chain: inner };
          continue;
        }
        parts.push(value.slice(ref.from, ref.to));
        length += ref.to - ref.from;
        pushUnique(undefinedNames, undefinedSeen, [ref.name]);
        continue;
      }
      const sub = expand(ref.name, inner);
      if (!sub.ok) return sub;
      if (drawsAnew.has(ref.name)) fresh = true;
      parts.push(sub.text);
      length += sub.text.length;
      if (length > maxLength) return { ok: false, reason: 'too-long', chain: inner };
      height = Math.max(height, sub.height + 1);
      pushUnique(used, usedSeen, [ref.name, ...sub.used]);
      pushUnique(undefinedNames, undefinedSeen, sub.undefinedNames);
    }
    parts.push(value.slice(last));
    length += value.length - last;
    if (length > maxLength) return { ok: false, reason: 'too-long', chain: inner };
    const expansion: Expansion = { ok: true, text: parts.join(''), height, used, undefinedNames };
    // Past a bound of draws the expansion is kept after all: nesting must not multiply work without end.
    if (fresh && draws < MAX_DRAWS) drawsAnew.add(name);
    else memo.set(name, expansion);
    return expansion;
  }

  const parts: string[] = [];
  const unresolved: string[] = [];
  const unresolvedSeen = new Set<string>();
  const used: string[] = [];
  const usedSeen = new Set<string>();
  const problems: VariableProblem[] = [];
  const problemSeen = new Set<string>();
  let length = 0;
  let last = 0;

  function report(problem: VariableProblem): void {
    pushUnique(unresolved, unresolvedSeen, [problem.name]);
    const key = `${problem.reason}\u0000${problem.name}`;
    if (problemSeen.has(key)) return;
    problemSeen.add(key);
    problems.push(problem);
  }

  for (const ref of findVariables(text)) {
    parts.push(text.slice(last, ref.from));
    length += ref.from - last;
    last = ref.to;
    const verbatim = text.slice(ref.from, ref.to);
    if (!hasVariable(env, ref.name)) {
      const drawn = draw(ref.name);
      if (drawn !== undefined && length + drawn.length <= maxLength) {
        parts.push(drawn);
        length += drawn.length;
        continue;
      }
      parts.push(verbatim);
      length += verbatim.length;
      report({ name: ref.name, reason: 'undefined', message: `Variable "${ref.name}" is not defined in the environment` });
      continue;
    }
    const result = expand(ref.name, []);
    if (result.ok && length + result.text.length <= maxLength) {
      parts.push(result.text);
      length += result.text.length;
      pushUnique(used, usedSeen, [ref.name, ...result.used]);
      for (const name of result.undefinedNames) {
        report({
          name,
          reason: 'undefined',
          message: `Variable "${name}" (used inside the value of "${ref.name}") is not defined in the environment`,
        });
      }
      continue;
    }
    parts.push(verbatim);
    length += verbatim.length;
    if (result.ok) {
      report({ name: ref.name, reason: 'too-long', message: `Substituting "${ref.name}" would make the text longer than ${maxLength} characters` });
    } else {
      report(describeFailure(ref.name, result, maxDepth, maxLength));
    }
  }
  parts.push(text.slice(last));
  return { text: parts.join(''), unresolved, used, problems, ...(dynamic.length > 0 ? { dynamic } : {}) };
}

function describeFailure(name: string, failure: ExpansionFailure, maxDepth: number, maxLength: number): VariableProblem {
  const path = failure.chain.join(' → ');
  switch (failure.reason) {
    case 'cycle':
      return { name, reason: 'cycle', chain: failure.chain, message: `Variable "${name}" refers back to itself: ${path}` };
    case 'too-deep':
      return {
        name,
        reason: 'too-deep',
        chain: failure.chain,
        message: `Variable "${name}" nests variables more than ${maxDepth} levels deep: ${path}`,
      };
    case 'too-long':
      return {
        name,
        reason: 'too-long',
        chain: failure.chain,
        message: `Variable "${name}" expands to more than ${maxLength} characters (via ${path})`,
      };
  }
}

/** A text split at its `{{name}}` spans: odd entries are placeholders, even ones plain text. */
export function splitAtVariables(text: string): string[] {
  const pieces: string[] = [];
  let last = 0;
  for (const ref of findVariables(text)) {
    pieces.push(text.slice(last, ref.from), text.slice(ref.from, ref.to));
    last = ref.to;
  }
  pieces.push(text.slice(last));
  return pieces;
}
