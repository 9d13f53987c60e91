/**
 * Reading responses (the inspector issue): header explanations, charset and content
 * sniffing, JSONPath filters, line and header diffs for Compare, and the sandboxed
 * preview document; pure: the inspector's worker and page both use it.
 */
export { describeCacheDirective, parseCacheControl, summarizeCacheControl, type CacheDirective } from './cacheControl';
export { describeSetCookie, explainSetCookie, parseSetCookie, type CookieAttribute, type SetCookie } from './setCookie';
export { parseEntityTag, type EntityTag } from './entityTag';
export {
  EXPLAINED_RESPONSE_HEADERS,
  explainResponseHeader,
  type HeaderDetail,
  type HeaderExplanation,
  type HeaderExplanationContext,
} from './headerExplanation';
export { EXPLAINED_PSEUDO_HEADERS, explainPseudoHeader } from './pseudoHeader';
export { detectBodyCharset, encodingForLabel, htmlMetaCharset, xmlDeclarationEncoding, type BodyCharset, type CharsetSource } from './charset';
export {
  classifyBody,
  contentTypeContradiction,
  isJsonEssence,
  isXmlEssence,
  sniffBody,
  type BodyKind,
  type SniffedKind,
  type SniffResult,
} from './sniff';
export { compileJsonPath, JsonPathTooDeep, queryJsonPath, type CompiledJsonPath, type JsonPathDepthError, type JsonPathError, type JsonPathNode } from './jsonPath';
export { compileIRegexp, type IRegexp, type IRegexpError } from './iRegexp';
export { diffHunks, diffLines, type DiffHunk, type DiffLine, type DiffRun, type LineDiffError, type LineDiffOptions } from './lineDiff';
export { diffHeaderFields, type HeaderChange } from './headerDiff';
export { PREVIEW_CSP, sandboxedPreviewHtml } from './previewDocument';
export { describeSoapFault, type SoapFaultBlame, type SoapFaultMeaning } from './soapFaultCode';
export { authSchemeForChallenge } from './challengeScheme';
