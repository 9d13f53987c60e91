/**
 * Importers and exporters: cURL, Postman Collection v2.1, Insomnia, HAR 1.2, `.http` files,
 * OpenAPI 3 and WSDL into collections; collections, history and wire requests out to
 * cURL, Postman, HAR and `.http`, with secrets replaced by `{{variables}}` by default.
 */
export type { ImportResult, ImportSkip, ImportedVaultDraft } from './importResult';
export { detectShellDialect, quoteShellWord, splitShellWords, type ShellDialect, type ShellSplit, type ShellSplitOptions, type ShellStdin, type ShellWord } from './shellWords';
export { parseCurl, type CurlImport } from './curlImport';
export { splitCurlCommands, type CurlCommandSource } from './curlCommands';
export { importCurlCommands } from './curlCommandsImport';
export { toCurl, type CurlExportOptions } from './curlExport';
export { wireBodyView, type WireBodyView, type WireFormPart } from './wireBody';
export { toHarRequest, type HarNameValue, type HarParam, type HarPostData, type HarRequest, type HarRequestOptions } from './har';
export { importHar } from './harImport';
export { exportHar, harTimingsOf, type HarEntry, type HarExportOptions, type HarResponseBody, type HarTimings } from './harExport';
export { POSTMAN_V21_SCHEMA } from './postmanSchema';
export { importPostman } from './postmanImport';
export { exportPostman, type PostmanExportOptions } from './postmanExport';
export { parseHttpFile } from './httpFile';
export { formatHttpFile, type HttpFileFormatOptions } from './httpFileFormat';
export { importInsomnia } from './insomniaImport';
export { exportInsomnia, type InsomniaExport, type InsomniaExportOptions } from './insomniaExport';
export { scriptSecretKinds, scriptSecretWarnings, type ScriptExportFormat } from './scriptExport';
export type { VaultSchemeWords } from './postmanAuth';
export { importOpenApi, importOpenApiFiles } from './openApiImport';
export type { DescriptionFile } from './openApiFiles';
export { sampleJsonSchema, type SchemaSampleOptions } from './jsonSchemaSample';
export { wsdlToCollection } from './wsdlCollection';
export { importAny, sniffImportFormat, type ImportAnyOutcome, type ImportFormat } from './importAny';
