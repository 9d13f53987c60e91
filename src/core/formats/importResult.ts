/**
 * What every importer hands back, and the pieces they share to build it: a new collection,
 * a saved request around a draft, and failures that say exactly where a file is broken
 * (JSON line and column, schema path, the version that was found).
 */
import type { z } from 'zod';
import { contentTypeParams, encodeForm, parseForm, parseJson } from '../encoding';
import { isJsonMediaType, isXmlMediaType } from '../http/requestBody';
import { draftRowId, normaliseDraft, type DraftInput, type RequestDraft } from '../request';
import type { CoreError, Result } from '../types';
import { fail } from '../types';
import { formatSchemaProblem, schemaProblems, workspaceItemId, type Collection, type Environment, type SavedRequest } from '../workspace';

/** An item an importer could not bring, named as the source names it, and why. */
export interface ImportSkip {
  item: string;
  reason: string;
}

/** A collection made from a file, with everything that did not come across. */
export interface ImportResult {
  collection: Collection;
  /** Items left out entirely, each with its reason. */
  skipped: ImportSkip[];
  /** Things that came across changed or incomplete (a file to pick again, a dropped script). */
  warnings: string[];
  /** The format and version the file was read as, when the importer knows it (`Postman Collection v2.0`). */
  format?: string;
  /** What the import brought that works as it did (the scripts, and that they run), in a sentence each: facts, not changes. */
  notes?: string[];
  /** OAuth 2 / OpenID Connect settings a description declares, offered as vault entries to create (no secrets). */
  vaultDrafts?: ImportedVaultDraft[];
  /** Environments the file holds beside the collection (Insomnia's sub-environments), to add to the workspace's. */
  environments?: Environment[];
}

/**
 * A vault entry an import suggests: where tokens come from for one security scheme's
 * flow. Only endpoints and scopes: client secrets and tokens are never in a description.
 */
export interface ImportedVaultDraft {
  /** The entry's suggested name (the scheme and flow). */
  name: string;
  /** The security scheme it came from. */
  securityScheme: string;
  flow: 'authorizationCode' | 'clientCredentials' | 'password' | 'implicit' | 'deviceAuthorization' | 'openIdConnect';
  tokenUrl?: string;
  authorizationUrl?: string;
  refreshUrl?: string;
  /** The OpenID Connect discovery URL (its well-known configuration). */
  openIdConnectUrl?: string;
  scopes: string[];
  /** Hosts the token may be sent to (the servers' hosts). */
  allowedHosts: string[];
}

/** An empty collection named `name`, with a fresh id. */
export function emptyCollection(name: string): Collection {
  return { id: workspaceItemId('col'), name: name.trim() || 'Imported collection', variables: [], items: [] };
}

/** A saved HTTP request around a draft built from `input`, named `name`. */
export function savedRequestOf(name: string, input: DraftInput | RequestDraft, description?: string): SavedRequest {
  const draft = normaliseDraft({ ...input, name });
  const request: SavedRequest = { kind: 'request', id: workspaceItemId('req'), name, draft, requestType: 'http' };
  if (description) request.description = description;
  return request;
}

/** A request's default name: method and the URL's path (or the whole URL when it has no path). */
export function requestNameOf(method: string, url: string): string {
  const withoutQuery = url.split(/[?#]/)[0] ?? url;
  const path = withoutQuery.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*/, '').replace(/^\{\{[^}]*\}\}/, '');
  return `${method.toUpperCase()} ${path || withoutQuery || '/'}`;
}

/** Parses a JSON document for importer `format`, with the JSON error's line and column in the message. */
export function parseJsonDocument(text: string, format: string): Result<unknown> {
  const parsed = parseJson(text);
  if (parsed.ok) return parsed;
  const at = parsed.error.position;
  return fail({
    ...parsed.error,
    message: `This ${format} file is not valid JSON${at ? ` at line ${at.line}, column ${at.column}` : ''}: ${parsed.error.message}.${
      at && at.offset >= text.trimEnd().length ? ' The file looks cut off.' : ''
    }`,
  });
}

/** A failure for a document that does not match `format`'s schema: every problem with its path, `field` the first. */
export function schemaFailure(error: z.ZodError, format: string): { ok: false; error: CoreError } {
  const problems = schemaProblems(error);
  const listed = problems.slice(0, 5).map(formatSchemaProblem).join('; ');
  return fail({
    kind: 'schema',
    field: problems[0]?.path,
    message: `This is not a valid ${format}: ${listed}${problems.length > 5 ? ` (and ${problems.length - 5} more problems)` : ''}.`,
  });
}

/** The last segment of a file path, as a file picker would name the file. */
export function baseName(path: string): string {
  const trimmed = path.trim().replace(/^["']|["']$/g, '');
  return trimmed.split(/[\\/]/).pop() || trimmed;
}

/**
 * The draft body for a text body sent with `contentType`: the JSON or XML editor for
 * those types, form rows when the text is canonical form encoding (so re-encoding sends
 * the same bytes), the text editor otherwise. The caller keeps the Content-Type header.
 */
export function draftBodyForText(text: string, contentType: string | undefined): NonNullable<DraftInput['body']> {
  const essence = contentType ? contentTypeParams(contentType).type : '';
  if (text === '') return { kind: 'none' };
  if (isJsonMediaType(essence)) return { kind: 'json', texts: { json: text } };
  if (isXmlMediaType(essence)) return { kind: 'xml', texts: { xml: text } };
  if (essence === 'application/x-www-form-urlencoded') {
    const pairs = parseForm(text);
    if (pairs.length > 0 && encodeForm(pairs) === text) return { kind: 'form', form: pairs.map((p) => ({ id: draftRowId(), enabled: true, ...p })) };
  }
  return { kind: 'text', texts: { text } };
}

/**
 * Runs an importer so that input nested too deeply for the engine's stack (thousands of
 * folders inside folders, a schema nested without end) fails as a typed `import-too-deep`
 * error naming the format, never as a `RangeError` that escapes to the page.
 */
export function guardDeepInput<T>(format: string, run: () => Result<T>): Result<T> {
  try {
    return run();
  } catch (error) {
    if (error instanceof RangeError) {
      return fail({
        kind: 'import-too-deep',
        message: `This ${format} is nested too deeply to import (${error.message}). Flatten its folders or schemas, or import a part of it.`,
      });
    }
    throw error;
  }
}
