export * from './methods';
export * from './status';
export * from './statusRegistry';
export * from './httpDate';
export * from './responseHeaders';
export * from './finding';
export * from './explain';
export { describeRequestBody, type RequestBodyDescription } from './requestBody';
export { looksLikeAccessPage, methodAfterRedirect } from './explainRedirect';
