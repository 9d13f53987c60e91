/** The lazily loaded half of `lintLoader.ts`: core's request checks. */
export { draftLintContext, lintRequest } from '../../../core';
