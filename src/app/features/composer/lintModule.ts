/** The lazily loaded half of `lintLoader.ts`: core's request checks, their rules and fixes. */
export { applyLintFixToDraft, draftLintContext, lintRequest, lintRuleById } from '../../../core';
