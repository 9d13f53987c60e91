/**
 * Request encodings and addressing (spec §4.3, §4.4): form, query, path and URL templates,
 * variables, multipart, media types, JSON, base64 and UTF-8. Helpers that only serve these
 * modules (percent-encode sets, byte search, the JSON tokenizer) stay internal.
 */
export {
  bytePositionAt,
  decodeBase64,
  decodeBase64Url,
  encodeBase64,
  encodeBase64Url,
  findInvalidUtf8,
  utf8Decode,
  utf8DecodeStrict,
  utf8Encode,
} from './base64';
export { encodeForm, explainFormEncoding, parseForm, type FormEncodingExplanation, type FormPair } from './form';
export {
  buildQuery,
  parseQuery,
  type QueryBuildOptions,
  type QueryListStyle,
  type QueryParam,
  type QueryParseOptions,
} from './query';
export { encodePathSegment, expandPath, pathParamNames, type PathEncodeOptions } from './path';
export { escapesIn } from './percentEncoding';
export { formatUrlParts, locateUrlParts, parseUrlParts, type UrlLayout, type UrlParts } from './urlParts';
export {
  findVariables,
  substituteVariables,
  type VariableProblem,
  type VariableProblemReason,
  type VariableReference,
  type VariableSubstitution,
  type VariableSubstitutionOptions,
} from './variables';
export { DYNAMIC_VARIABLES, isDynamicVariableName, namesDynamicVariable, sampleDynamicValue, type DynamicVariableInfo, type DynamicVariableResolver } from './dynamicVariableNames';
export { drawnDynamicVariables, dynamicVariableResolver } from './dynamicVariables';
export { contentTypeParams, formatMediaType, parseMediaType, type ParsedMediaType } from './mediaType';
export {
  buildMultipart,
  multipartLength,
  multipartPreview,
  type MultipartBody,
  type MultipartBuildOptions,
  type MultipartPart,
} from './multipart';
export { multipartBoundaryProblem } from './multipartBoundary';
export { parseMultipart, type ParsedPart } from './multipartParse';
export { formatJson, parseJson } from './json';
export * from './bytes';
