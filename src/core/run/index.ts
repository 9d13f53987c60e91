/** Captures, assertions and runs: the rules a checked sequence shares between the page and the CLI. */
export * from './types';
export * from './exchangeView';
export * from './subject';
export * from './captures';
export * from './compare';
export * from './regexBounds';
export * from './jsonSchemaCheck';
export * from './conforms';
export * from './assertions';
export * from './runVariables';
export * from './runPlan';
export * from './dataFile';
export * from './reportSummary';
export * from './reportJson';
export * from './reportJunit';
export * from './reportHtml';
