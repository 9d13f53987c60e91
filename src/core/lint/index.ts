/**
 * Request linting (issue: convention checker run before every send): the rule registry,
 * `lintRequest`, and `applyLintFix` so the UI applies fixes through core.
 */
export {
  LINT_KEY_QUERY_PARAMS,
  type KeptEscape,
  type LintContext,
  type LintFinding,
  type LintFix,
  type LintRule,
} from './lintFinding';
export { LINT_RULES, lintRequest, lintRuleById } from './lint';
export { applyLintFix } from './lintFix';
