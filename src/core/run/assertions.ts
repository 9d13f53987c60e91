/**
 * Declarative assertions on an exchange: each enabled one gives a result with a label
 * that reads like the check (`status == 201`, `$.items length >= 1`), the actual value
 * (masked when secret) and, when it failed, why. Nothing here throws for what a person
 * typed: a bad regex, a word where a number belongs or a schema that is not JSON is a
 * failed assertion with a message.
 */
import type { Finding } from '../http/finding';
import { secretValueKind } from '../workspace/redact';
import { maskedValue } from './captures';
import { compareValue, type Comparison } from './compare';
import { checkConforms, explainExchangeView } from './conforms';
import type { ExchangeView } from './exchangeView';
import { checkJsonSchema } from './jsonSchemaCheck';
import { describeSubject, readSubject, subjectText, type XPathEngine } from './subject';
import type { Assertion, AssertionResult } from './types';

/** Longest actual value kept in a result (a whole body would swamp a report). */
const ACTUAL_LIMIT = 500;

/** Options of {@link evaluateAssertions}. */
export interface EvaluateAssertionsOptions {
  /**
   * The exchange's explanation when the caller already has it (the inspector shows it);
   * otherwise it is made from the view when a `conforms` assertion needs it.
   */
  explanation?: readonly Finding[];
  /** The moment cookie expiry and Retry-After are judged from (default: now). */
  now?: Date;
  /** Needed when an assertion reads an `xpath` subject: `xmlXPath` from `core/run/xmlXPath`. */
  xpath?: XPathEngine;
}

/** The label of an assertion, e.g. `status == 201`, `header Location exists`, `conforms to the conventions`. */
export function assertionLabel(assertion: Assertion): string {
  switch (assertion.kind) {
    case 'compare': {
      const expected = assertion.operator === 'exists' || assertion.operator === 'not-exists' ? '' : ` ${(assertion.expected ?? '').trim()}`;
      return `${describeSubject(assertion.subject)} ${assertion.operator}${expected}`.trimEnd();
    }
    case 'json-schema':
      return 'body matches the JSON Schema';
    case 'conforms':
      return assertion.strict ? 'conforms to the conventions (strict: no warnings)' : 'conforms to the conventions';
  }
}

/** Whether an assertion is on (absent `enabled` means on). */
export function isAssertionEnabled(assertion: Assertion): boolean {
  return assertion.enabled !== false;
}

function clip(text: string): string {
  return text.length > ACTUAL_LIMIT ? `${text.slice(0, ACTUAL_LIMIT)}…` : text;
}

function result(assertion: Assertion, outcome: Comparison & { actual?: string }): AssertionResult {
  const r: AssertionResult = { assertionId: assertion.id, label: assertionLabel(assertion), passed: outcome.passed };
  if (outcome.actual !== undefined) r.actual = outcome.actual;
  if (!outcome.passed && outcome.message !== undefined) r.message = outcome.message;
  return r;
}

/** One compare assertion: read the subject, then apply the operator. */
function evaluateCompare(assertion: Extract<Assertion, { kind: 'compare' }>, view: ExchangeView, options: EvaluateAssertionsOptions): AssertionResult {
  const read = readSubject(assertion.subject, view, { ...(options.now ? { now: options.now } : {}), ...(options.xpath ? { xpath: options.xpath } : {}) });
  if (!read.ok) {
    if (assertion.operator === 'not-exists' && read.error.kind === 'missing') return result(assertion, { passed: true });
    return result(assertion, { passed: false, message: read.error.message });
  }
  const text = subjectText(read.value.value);
  const secret = read.value.secret || secretValueKind(text) !== undefined;
  const actual = secret ? maskedValue(text) : clip(text);
  return result(assertion, { ...compareValue(read.value.value, assertion.operator, assertion.expected, secret ? actual : undefined), actual });
}

/**
 * Evaluates the enabled assertions of a request against its exchange, in order; disabled
 * ones are left out. Throws a TypeError only for programmer errors: an assertion of an
 * unknown kind, or an `xpath` subject without `options.xpath`.
 */
export function evaluateAssertions(assertions: readonly Assertion[], view: ExchangeView, options: EvaluateAssertionsOptions = {}): AssertionResult[] {
  if (!Array.isArray(assertions)) throw new TypeError('evaluateAssertions expects an array of assertions');
  let explanation = options.explanation;
  const results: AssertionResult[] = [];
  for (const assertion of assertions) {
    if (!isAssertionEnabled(assertion)) continue;
    switch (assertion.kind) {
      case 'compare':
        results.push(evaluateCompare(assertion, view, options));
        break;
      case 'json-schema':
        results.push(result(assertion, checkJsonSchema(assertion.schema, view)));
        break;
      case 'conforms':
        explanation ??= explainExchangeView(view, options.now);
        results.push(result(assertion, checkConforms(explanation, assertion.strict === true)));
        break;
      default:
        throw new TypeError(`evaluateAssertions: unknown assertion kind ${JSON.stringify((assertion as { kind?: unknown }).kind)}`);
    }
  }
  return results;
}
