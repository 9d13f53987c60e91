/**
 * The meaning of each assertion operator, on a value read from an exchange and the
 * expected text as the person typed it. Numbers are compared as numbers when both sides
 * read as numbers ("12" == 12.0); the expected text is compared as JSON when it parses
 * (`[1,2]`, `true`, `"x"`), and as text otherwise. A bad expected value (a regex that does
 * not compile, a word where `<` needs a number) is a failed check with a message, never a throw.
 */
import { subjectText } from './subject';
import { boundedRegexInput, regexInputCutNote, riskyRegexReason } from './regexBounds';
import type { AssertionOperator } from './types';

/** The outcome of one comparison; `message` says why it failed, in a sentence. */
export interface Comparison {
  passed: boolean;
  message?: string;
}

const NUMBER_TEXT = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

/** The number a value reads as: a finite number, or text written as a decimal number (not hex, not empty). */
export function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMBER_TEXT.test(value)) return Number(value);
  return undefined;
}

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** Structural equality of JSON values (key order does not matter, array order does). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => jsonEqual(item, other[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((k) => Object.prototype.hasOwnProperty.call(right, k) && jsonEqual(left[k], right[k]));
}

/** Whether `actual` equals the typed `expected`: as numbers, else as JSON, else as text. */
export function valueEquals(actual: unknown, expected: string): boolean {
  const a = asNumber(actual);
  const e = asNumber(expected);
  if (a !== undefined && e !== undefined) return a === e;
  const parsed = parseJson(expected);
  if (parsed && jsonEqual(actual, parsed.value)) return true;
  return subjectText(actual) === expected;
}

/** The JSON type name of a value: string, number, boolean, null, array or object. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value;
}

const TYPE_NAMES = ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'] as const;

/**
 * `/pattern/flags` or a bare pattern, compiled; a message when it does not compile or is
 * refused as risky (nested unbounded quantifiers, see `regexBounds.ts`).
 */
export function compileExpectedRegex(text: string): { regex: RegExp } | { message: string } {
  const literal = /^\/(.*)\/([a-z]*)$/s.exec(text);
  const risky = riskyRegexReason(literal ? literal[1]! : text);
  if (risky) return { message: `The expected regular expression is refused: ${risky}` };
  try {
    return { regex: literal ? new RegExp(literal[1]!, literal[2]!.replace(/[gy]/g, '')) : new RegExp(text) };
  } catch (error) {
    return { message: `The expected value is not a valid regular expression: ${error instanceof Error ? error.message : String(error)}.` };
  }
}

/** Length of a string in characters (code points, so "Zoë" and "✓✓" count as people count), an array's items, an object's members. */
export function lengthOf(value: unknown): number | undefined {
  if (typeof value === 'string') return [...value].length;
  if (Array.isArray(value)) return value.length;
  if (value !== null && typeof value === 'object') return Object.keys(value).length;
  return undefined;
}

type NumericOperator = '==' | '!=' | '<' | '<=' | '>' | '>=';

function compareNumbers(a: number, op: NumericOperator, b: number): boolean {
  switch (op) {
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
  }
}

const showValue = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : subjectText(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

/**
 * Applies `operator` to a value that was found. (`exists` and `not-exists` on a subject
 * that read nothing are decided by the caller, which knows why nothing was read.)
 * `actualShown` stands for the value in messages — a mask when the value is a secret.
 */
export function compareValue(actual: unknown, operator: AssertionOperator, expectedText: string | undefined, actualShown?: string): Comparison {
  const expected = expectedText ?? '';
  const shown = (value: unknown) => actualShown ?? showValue(value);
  switch (operator) {
    case 'exists':
      return { passed: true };
    case 'not-exists':
      return { passed: false, message: `Expected nothing, found ${shown(actual)}.` };
    case '==':
      return valueEquals(actual, expected) ? { passed: true } : { passed: false, message: `Expected ${expected === '' ? 'an empty value' : expected}, got ${shown(actual)}.` };
    case '!=':
      return valueEquals(actual, expected) ? { passed: false, message: `Expected anything but ${expected === '' ? 'an empty value' : expected}, got exactly that.` } : { passed: true };
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const e = asNumber(expected);
      if (e === undefined) return { passed: false, message: `${operator} needs a number to compare with; "${expected}" is not one.` };
      const a = asNumber(actual);
      if (a === undefined) return { passed: false, message: `${shown(actual)} is not a number, so it cannot be ${operator} ${expected.trim()}.` };
      return compareNumbers(a, operator, e) ? { passed: true } : { passed: false, message: `Expected a value ${operator} ${expected.trim()}, got ${shown(a)}.` };
    }
    case 'contains':
    case 'not-contains': {
      const found = contains(actual, expected);
      const wanted = operator === 'contains';
      if (found === wanted) return { passed: true };
      return { passed: false, message: wanted ? `${shown(actual)} does not contain ${JSON.stringify(expected)}.` : `${shown(actual)} contains ${JSON.stringify(expected)}.` };
    }
    case 'matches': {
      const compiled = compileExpectedRegex(expected);
      if ('message' in compiled) return { passed: false, message: compiled.message };
      const text = subjectText(actual);
      const input = boundedRegexInput(text);
      if (compiled.regex.test(input.text)) return { passed: true };
      return { passed: false, message: `${shown(actual)} does not match ${compiled.regex}${input.cut ? ` (${regexInputCutNote(text.length)})` : ''}.` };
    }
    case 'type': {
      const wanted = expected.trim().toLowerCase();
      if (!(TYPE_NAMES as readonly string[]).includes(wanted)) {
        return { passed: false, message: `"${expected}" is not a JSON type; use one of ${TYPE_NAMES.join(', ')}.` };
      }
      const type = jsonTypeOf(actual);
      const passed = wanted === 'integer' ? typeof actual === 'number' && Number.isInteger(actual) : type === wanted;
      return passed ? { passed } : { passed, message: `Expected ${wanted === 'integer' || wanted === 'array' || wanted === 'object' ? `an ${wanted}` : `a ${wanted}`}, got ${type === 'number' && wanted === 'integer' ? 'a non-integer number' : type} ${shown(actual)}.` };
    }
    case 'length': {
      const bound = parseLengthBound(expected);
      if ('message' in bound) return { passed: false, message: bound.message };
      const length = lengthOf(actual);
      if (length === undefined) return { passed: false, message: `${shown(actual)} is a ${jsonTypeOf(actual)}, which has no length.` };
      return compareNumbers(length, bound.operator, bound.value) ? { passed: true } : { passed: false, message: `Expected a length ${bound.operator} ${bound.value}, got ${length}.` };
    }
    default:
      throw new TypeError(`compareValue: unknown operator ${JSON.stringify(operator)}`);
  }
}

/** Whether text contains a substring, an array holds an equal item, an object has a member of that name. */
function contains(actual: unknown, expected: string): boolean {
  if (Array.isArray(actual)) return actual.some((item) => valueEquals(item, expected));
  if (actual !== null && typeof actual === 'object') return Object.prototype.hasOwnProperty.call(actual, expected);
  return subjectText(actual).includes(expected);
}

/** `3`, `>= 3`, `< 10`, `== 0`, `!= 2`: the bound a length is compared with. */
export function parseLengthBound(text: string): { operator: NumericOperator; value: number } | { message: string } {
  const match = /^\s*(==|!=|<=|>=|<|>|=)?\s*(\d+)\s*$/.exec(text);
  if (!match) return { message: `length needs a whole number, optionally after ==, !=, <, <=, > or >= (e.g. ">= 3"); "${text}" is not one.` };
  const operator = (match[1] === undefined || match[1] === '=' ? '==' : match[1]) as NumericOperator;
  return { operator, value: Number(match[2]) };
}
