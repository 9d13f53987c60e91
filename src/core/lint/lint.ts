/**
 * The linter Wirebench runs on every request before it is sent: one registry of small
 * convention rules, run in order, their findings sorted errors first. The UI lists the
 * registry on its Conventions page and applies offered fixes with `applyLintFix`.
 */
import type { WireRequest } from '../types';
import { AUTH_RULES } from './authRules';
import { CONTENT_RULES } from './contentRules';
import { HEADER_RULES } from './headerRules';
import type { LintContext, LintFinding, LintRule } from './lintFinding';
import { METHOD_RULES } from './methodRules';
import { multipartBoundaryRule } from './multipartRule';
import { queryEscapeKeptRule, queryLiteralPlusRule } from './queryRules';
import { forgetRequestFacts } from './requestFacts';
import { SOAP_RULES } from './soapRules';

/** Every rule, in the order its findings are listed within one severity. */
export const LINT_RULES: readonly LintRule[] = [
  ...METHOD_RULES,
  ...AUTH_RULES,
  ...CONTENT_RULES,
  multipartBoundaryRule,
  queryLiteralPlusRule,
  queryEscapeKeptRule,
  ...SOAP_RULES,
  ...HEADER_RULES,
];

/** The rule with `id`, or undefined for an id this version does not know. */
export function lintRuleById(id: string): LintRule | undefined {
  return LINT_RULES.find((rule) => rule.id === id);
}

const SEVERITY_ORDER: Readonly<Record<LintFinding['severity'], number>> = { error: 0, warning: 1, info: 2 };

function checkRequestShape(request: WireRequest): void {
  if (request === null || typeof request !== 'object') throw new TypeError(`lintRequest expects a WireRequest object, got ${request === null ? 'null' : typeof request}`);
  if (typeof request.method !== 'string') throw new TypeError(`lintRequest expects request.method to be a string, got ${typeof request.method}`);
  if (typeof request.url !== 'string') throw new TypeError(`lintRequest expects request.url to be a string, got ${typeof request.url}`);
  if (!Array.isArray(request.headers)) throw new TypeError('lintRequest expects request.headers to be an array of {name, value}');
  request.headers.forEach((header, i) => {
    if (header === null || typeof header !== 'object' || typeof header.name !== 'string' || typeof header.value !== 'string') {
      throw new TypeError(`lintRequest expects request.headers[${i}] to be {name: string, value: string}`);
    }
  });
  if (request.body !== undefined && !Array.isArray(request.body)) throw new TypeError('lintRequest expects request.body to be an array of chunks when present');
}

/**
 * Checks `request` against every convention in {@link LINT_RULES} and returns what it
 * found, errors first, then warnings, then info; within a severity in registry order. An
 * empty list means nothing to say. A malformed request object or an invalid `context.now`
 * is a programming error and throws a TypeError.
 */
export function lintRequest(request: WireRequest, context: LintContext = {}): LintFinding[] {
  checkRequestShape(request);
  if (context.now !== undefined && (!(context.now instanceof Date) || Number.isNaN(context.now.getTime()))) {
    throw new TypeError('lintRequest expects context.now to be a valid Date');
  }
  forgetRequestFacts(request);
  const findings = LINT_RULES.flatMap((rule) => rule.check(request, context));
  return findings
    .map((finding, order) => ({ finding, order }))
    .sort((a, b) => SEVERITY_ORDER[a.finding.severity] - SEVERITY_ORDER[b.finding.severity] || a.order - b.order)
    .map(({ finding }) => finding);
}
