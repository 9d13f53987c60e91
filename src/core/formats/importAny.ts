/**
 * One entry point for the import dialog: tells the format of a pasted text or dropped file
 * (cURL, Postman v2.1 / v2.0 / v1, Insomnia, HAR, OpenAPI, `.http`, WSDL) and runs its importer. A WSDL needs
 * its imports fetched, so it is handed back to the caller's WSDL flow instead.
 */
import { parseJson } from '../encoding';
import type { Result } from '../types';
import { fail, ok } from '../types';
import { importCurlCommands } from './curlCommandsImport';
import { importHar } from './harImport';
import { importInsomnia } from './insomniaImport';
import { isInsomniaYaml } from './insomniaRead';
import { parseHttpFile } from './httpFile';
import { parseJsonDocument, type ImportResult } from './importResult';
import { importOpenApi } from './openApiImport';
import { importPostman } from './postmanImport';

/** The formats `importAny` recognises. */
export type ImportFormat = 'curl' | 'postman' | 'har' | 'openapi' | 'http' | 'wsdl' | 'insomnia';

/** What `importAny` found: a collection, or a WSDL for the caller's WSDL flow (fetch imports, parse, `wsdlToCollection`). */
export type ImportAnyOutcome =
  | { format: Exclude<ImportFormat, 'wsdl'>; result: ImportResult }
  | { format: 'wsdl'; message: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Which JSON format a parsed document is, or undefined. */
function jsonFormat(value: unknown, filename: string): Exclude<ImportFormat, 'curl' | 'http' | 'wsdl'> | undefined {
  if (isObject(value)) {
    if (value._type === 'export') return 'insomnia';
    if (isObject(value.log) && 'entries' in value.log) return 'har';
    if ('openapi' in value || 'swagger' in value) return 'openapi';
    if (isObject(value.info) && ('item' in value || /postman/i.test(String(value.info.schema ?? '')))) return 'postman';
    // Collection v1 (its flat `requests`, with or without `order`), an environment or globals file, or a data dump
    // holding several collections: the Postman importer reads the first and names the others.
    if ((Array.isArray(value.requests) && ('order' in value || 'folders' in value || 'name' in value)) || value._postman_variable_scope !== undefined) return 'postman';
    if (Array.isArray(value.collections) && value.collections.some((c) => isObject(c) && ('requests' in c || 'item' in c))) return 'postman';
  }
  if (/\.har$/i.test(filename)) return 'har';
  if (/insomnia/i.test(filename)) return 'insomnia';
  if (/postman/i.test(filename)) return 'postman';
  if (/(openapi|swagger)/i.test(filename)) return 'openapi';
  return undefined;
}

/**
 * Guesses the format of `text` (the file name, when given, settles unclear cases):
 * a command starting with `curl` (after a script's `#!` line, comments and variables);
 * JSON that is a HAR log, an OpenAPI or Swagger document or a Postman collection; YAML
 * with an `openapi:` or `swagger:` key; XML whose root is WSDL `definitions`; request
 * lines and `###` separators of a `.http` file.
 */
export function sniffImportFormat(text: string, filename = ''): ImportFormat | undefined {
  const trimmed = text.trimStart();
  // A shell script: its #! line, comments and variable assignments (`export TOKEN=…`) come before the first command.
  const script = trimmed.replace(/^((#|(export\s+)?[A-Za-z_][A-Za-z0-9_]*=)[^\n]*\n\s*)+/, '');
  if (/^(\$\s+)?(sudo\s+)?curl(\.exe)?(\s|$)/i.test(script)) return 'curl';
  if (/\.(http|rest)$/i.test(filename)) return 'http';
  if (trimmed.startsWith('{')) {
    const parsed = parseJson(trimmed);
    if (parsed.ok) return jsonFormat(parsed.value, filename);
    // Broken JSON: tell the format from its first keys, so its importer reports the exact error.
    if (/"_type"\s*:\s*"export"/.test(trimmed)) return 'insomnia';
    if (/"log"\s*:\s*\{/.test(trimmed)) return 'har';
    if (/"(openapi|swagger)"\s*:/.test(trimmed)) return 'openapi';
    if (/"info"\s*:|getpostman\.com|"item"\s*:/.test(trimmed)) return 'postman';
    return jsonFormat(undefined, filename);
  }
  // HAR Viewer's JSONP padding: `onInputData({"log": …});`.
  if (/^[A-Za-z_$][\w$.]*\s*\(\s*\{\s*"log"\s*:/.test(trimmed)) return 'har';
  // A `.http` file may open with a JetBrains pre-request script, `< {% … %}`, which is not XML.
  if (trimmed.startsWith('<') && !/^<\s*\{%/.test(trimmed)) return /<([\w-]+:)?definitions[\s>]/.test(trimmed) || /\.wsdl$/i.test(filename) ? 'wsdl' : undefined;
  if (isInsomniaYaml(trimmed) || (/insomnia/i.test(filename) && !/^(openapi|swagger)\s*:/m.test(trimmed))) return 'insomnia';
  if (/^(openapi|swagger)\s*:/m.test(trimmed) || /\.(ya?ml)$/i.test(filename)) return 'openapi';
  if (/^###/m.test(trimmed) || /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|GRAPHQL)\s+\S+/m.test(trimmed)) return 'http';
  return undefined;
}

/**
 * The name of a collection made from a pasted cURL command: the request's host and path
 * (`api.example.test/users/7`), so two imports of different requests are told apart at a
 * glance; `cURL import` when the URL cannot be read (a `{{variable}}` host, say).
 */
export function curlCollectionName(url: string): string {
  try {
    const parsed = new URL(url);
    let path = parsed.pathname.replace(/\/+$/, '');
    try {
      path = decodeURI(path);
    } catch {
      // A malformed %-escape: the path as written.
    }
    return `${parsed.host}${path}`;
  } catch {
    return 'cURL import';
  }
}

/**
 * Imports `text` in whatever format it is in (see `sniffImportFormat`). cURL commands
 * become a collection with a request each (`importCurlCommands`). Fails with the chosen
 * importer's precise error, or, when the format cannot be told, with a message listing
 * what is accepted. Nothing is changed until the caller stores the result, so a failure
 * leaves the workspace as it was.
 */
export function importAny(text: string, filename = ''): Result<ImportAnyOutcome> {
  const format = sniffImportFormat(text, filename);
  switch (format) {
    case 'curl': {
      // Every command (and every --next section or URL) becomes a request; unreadable commands are skipped with their line.
      const result = importCurlCommands(text, filename.replace(/\.[^.]+$/, '') || undefined);
      return result.ok ? ok({ format, result: result.value }) : result;
    }
    case 'postman':
    case 'har':
    case 'openapi': {
      const result = format === 'postman' ? importPostman(text) : format === 'har' ? importHar(text) : importOpenApi(text);
      return result.ok ? ok({ format, result: result.value }) : result;
    }
    case 'insomnia': {
      const result = importInsomnia(text);
      return result.ok ? ok({ format, result: result.value }) : result;
    }
    case 'http': {
      const result = parseHttpFile(text, filename.replace(/\.[^.]+$/, '') || undefined);
      return result.ok ? ok({ format, result: result.value }) : result;
    }
    case 'wsdl':
      return ok({ format, message: 'This is a WSDL description: load it through the SOAP tools (its imported schemas are fetched there), then save its operations as a collection.' });
    default:
      if (text.trimStart().startsWith('{')) {
        const json = parseJsonDocument(text, 'JSON');
        if (!json.ok) return json;
      }
      return fail({
        kind: 'unknown-format',
        message: 'Could not tell the format. Wirebench imports cURL commands, Postman Collection v2.1, v2.0 and v1, Insomnia exports (format 4 JSON, v5 YAML), HAR 1.2, OpenAPI 3 (JSON or YAML), .http files and WSDL.',
      });
  }
}
