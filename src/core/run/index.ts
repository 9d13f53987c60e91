/** Captures, assertions and runs: the rules a checked sequence shares between the page and the CLI. */
export * from './types';
export * from './reportSummary';
export * from './reportJson';
export * from './reportJunit';
export * from './reportHtml';
