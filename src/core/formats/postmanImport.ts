/**
 * Postman Collection v2.1 imported as a Wirebench collection: folders, requests, auth
 * (resolved through Postman's inheritance, so each request holds the auth it sends),
 * bodies of every mode, variables and descriptions. Scripts and saved example responses
 * have no Wirebench equivalent; they are counted in the warnings, never silently lost.
 */
import { draftRowId, type DraftAuth, type DraftInput, type MultipartPartDraft } from '../request';
import type { Result } from '../types';
import { fail, ok } from '../types';
import type { CollectionItem, Variable } from '../workspace';
import { workspaceItemId } from '../workspace';
import { baseName, draftBodyForText, emptyCollection, guardDeepInput, parseJsonDocument, savedRequestOf, schemaFailure, type ImportResult } from './importResult';
import { authFromPostman, type PostmanAuthBlock } from './postmanAuth';
import { checkPostmanVersion, postmanCollectionSchema, type PostmanItem } from './postmanSchema';
import { urlFromPostman } from './postmanUrl';

type Description = PostmanItem['description'];
type PostmanRequestObject = Exclude<NonNullable<PostmanItem['request']>, string>;
type PostmanBody = NonNullable<PostmanRequestObject['body']>;

interface ImportContext {
  result: ImportResult;
  scripts: number;
  examples: number;
}

function descriptionText(description: Description): string | undefined {
  if (description === undefined || description === null) return undefined;
  const text = typeof description === 'string' ? description : description.content;
  return text && text.trim() !== '' ? text : undefined;
}

/** Postman variables as Wirebench variables (`disabled` → not enabled, type `secret` → secret). */
export function variablesFromPostman(list: readonly { key?: string | undefined; value?: unknown; type?: string | undefined; disabled?: boolean | undefined }[] | undefined): Variable[] {
  return (list ?? [])
    .filter((v) => v.key)
    .map((v) => {
      const variable: Variable = { name: v.key!, value: v.value === undefined || v.value === null ? '' : typeof v.value === 'string' ? v.value : JSON.stringify(v.value) };
      if (v.type === 'secret') variable.secret = true;
      if (v.disabled) variable.enabled = false;
      return variable;
    });
}

/** The effective auth of a level: its own block, or (absent or null) the inherited one. */
function resolveAuth(block: PostmanAuthBlock | null | undefined, inherited: DraftAuth | undefined, where: string, ctx: ImportContext): DraftAuth | undefined {
  if (block === undefined || block === null) return inherited;
  const mapped = authFromPostman(block);
  if (mapped.warning) ctx.result.warnings.push(`${where}: ${mapped.warning}.`);
  return mapped.auth ?? { scheme: 'none', values: {} };
}

function headerRows(header: PostmanRequestObject['header']): NonNullable<DraftInput['headers']> {
  if (header === undefined) return [];
  if (typeof header === 'string') {
    return header
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line.includes(':'))
      .map((line) => ({ name: line.slice(0, line.indexOf(':')).trim(), value: line.slice(line.indexOf(':') + 1).trim() }));
  }
  return header.map((h) => ({ id: draftRowId(), enabled: !h.disabled, name: h.key, value: h.value }));
}

const LANGUAGE_KINDS: Readonly<Record<string, 'json' | 'xml' | 'text'>> = { json: 'json', xml: 'xml', text: 'text', html: 'text', javascript: 'text', graphql: 'text' };

function bodyFromPostman(body: PostmanBody | null | undefined, input: DraftInput, where: string, ctx: ImportContext): void {
  if (!body || body.disabled || !body.mode) return;
  const warn = (message: string) => ctx.result.warnings.push(`${where}: ${message}`);
  switch (body.mode) {
    case 'raw': {
      const text = body.raw ?? '';
      const language = body.options?.raw?.language;
      const kind = language ? LANGUAGE_KINDS[language] : undefined;
      const typed = input.headers?.find((h) => h.name.toLowerCase() === 'content-type')?.value;
      input.body = kind && text !== '' ? { kind, texts: { [kind]: text } } : draftBodyForText(text, typed);
      return;
    }
    case 'urlencoded':
      input.body = { kind: 'form', form: (body.urlencoded ?? []).map((p) => ({ id: draftRowId(), enabled: !p.disabled, name: p.key, value: p.value ?? '' })) };
      return;
    case 'formdata':
      input.body = {
        kind: 'multipart',
        multipart: (body.formdata ?? []).map((p): MultipartPartDraft => {
          const isFile = p.type === 'file';
          const contentType = p.contentType ?? '';
          const json = !isFile && contentType.toLowerCase() === 'application/json';
          const part: MultipartPartDraft = { id: draftRowId(), enabled: !p.disabled, name: p.key, kind: isFile ? 'file' : json ? 'json' : 'text', value: isFile ? '' : (p.value ?? ''), contentType: json ? '' : contentType, base64: false, headers: [] };
          if (isFile) {
            const src = Array.isArray(p.src) ? p.src[0] : p.src;
            if (Array.isArray(p.src) && p.src.length > 1) warn(`part "${p.key}" has ${p.src.length} files; only the first is kept.`);
            if (src) part.filename = baseName(src);
            warn(`part "${p.key}" is the file "${src ?? '(none chosen)'}": pick the file again before sending.`);
          }
          return part;
        }),
      };
      return;
    case 'file':
      input.body = { kind: 'binary' };
      warn(`the body is the file "${body.file?.src ?? '(none chosen)'}": pick the file again before sending.`);
      return;
    case 'graphql': {
      const query = body.graphql?.query ?? '';
      let variables: unknown = body.graphql?.variables ?? {};
      if (typeof variables === 'string') {
        try {
          variables = variables.trim() === '' ? {} : JSON.parse(variables);
        } catch {
          warn('the GraphQL variables are not valid JSON and were left out.');
          variables = {};
        }
      }
      input.body = { kind: 'json', texts: { json: JSON.stringify({ query, variables }, null, 2) } };
      warn('the GraphQL body was converted to the JSON body a GraphQL POST sends ({"query", "variables"}).');
      return;
    }
  }
}

function requestItem(item: PostmanItem, auth: DraftAuth | undefined, path: string, ctx: ImportContext): CollectionItem {
  const request: PostmanRequestObject = typeof item.request === 'string' ? { url: item.request } : (item.request ?? {});
  const name = item.name?.trim() || 'Untitled request';
  const where = `${path}${name}`;
  const url = urlFromPostman(request.url);
  const input: DraftInput = { method: (request.method ?? 'GET').toUpperCase(), url: url.url, pathParams: url.pathParams, headers: headerRows(request.header) };
  if (url.query) input.query = url.query;
  bodyFromPostman(request.body, input, where, ctx);
  const effective = resolveAuth(request.auth, auth, where, ctx);
  if (effective) input.auth = effective;
  const behaviour = item.protocolProfileBehavior;
  // Postman follows redirects unless told not to; Wirebench does not unless told to.
  input.options = { followRedirects: behaviour?.followRedirects ?? true, insecureTls: behaviour?.strictSSL === false };
  if (item.variable?.length) ctx.result.warnings.push(`${where}: request-level variables are not supported and were left out.`);
  return savedRequestOf(name, input, descriptionText(request.description) ?? descriptionText(item.description));
}

function itemsOf(items: readonly PostmanItem[], auth: DraftAuth | undefined, path: string, ctx: ImportContext): CollectionItem[] {
  const out: CollectionItem[] = [];
  for (const item of items) {
    ctx.scripts += item.event?.filter((e) => (e as { script?: { exec?: unknown } })?.script?.exec !== undefined).length ?? 0;
    ctx.examples += item.response?.length ?? 0;
    if (item.item !== undefined) {
      const name = item.name?.trim() || 'Untitled folder';
      const folderAuth = resolveAuth(item.auth, auth, `${path}${name}`, ctx);
      for (const variable of variablesFromPostman(item.variable)) {
        if (ctx.result.collection.variables.some((v) => v.name === variable.name)) {
          ctx.result.warnings.push(`Folder "${path}${name}": variable "${variable.name}" is also defined by the collection; the collection's value was kept.`);
        } else {
          ctx.result.collection.variables.push(variable);
          ctx.result.warnings.push(`Folder "${path}${name}": variable "${variable.name}" was moved to the collection, which holds all variables in Wirebench.`);
        }
      }
      const folder: CollectionItem = { kind: 'folder', id: workspaceItemId('fld'), name, items: itemsOf(item.item, folderAuth, `${path}${name} / `, ctx) };
      const description = descriptionText(item.description);
      if (description) folder.description = description;
      out.push(folder);
    } else {
      out.push(requestItem(item, auth, path, ctx));
    }
  }
  return out;
}

/**
 * Imports a Postman Collection v2.1 (JSON text). Fails with the JSON error's line and
 * column; with a message naming the version for v2.0, v1, an unknown schema URL, or a
 * Postman environment; or with the schema path of each problem (`item[3].request.url`).
 * Each request gets its effective auth (own, folder's, or collection's); the collection's
 * own auth is kept on the collection too.
 */
export function importPostman(text: string): Result<ImportResult> {
  return guardDeepInput('Postman collection', () => importPostmanUnguarded(text));
}

function importPostmanUnguarded(text: string): Result<ImportResult> {
  const json = parseJsonDocument(text, 'Postman collection');
  if (!json.ok) return json;
  const version = checkPostmanVersion(json.value);
  if (!version.ok) return fail(version.error);
  const parsed = postmanCollectionSchema.safeParse(json.value);
  if (!parsed.success) return schemaFailure(parsed.error, 'Postman Collection v2.1');
  const postman = parsed.data;
  const collection = emptyCollection(postman.info.name);
  const description = descriptionText(postman.info.description);
  if (description) collection.description = description;
  collection.variables = variablesFromPostman(postman.variable);
  const ctx: ImportContext = { result: { collection, skipped: [], warnings: [] }, scripts: postman.event?.length ?? 0, examples: 0 };
  const rootAuth = resolveAuth(postman.auth, undefined, 'Collection', ctx);
  if (rootAuth) collection.auth = rootAuth;
  collection.items = itemsOf(postman.item, rootAuth, '', ctx);
  if (ctx.scripts > 0) ctx.result.warnings.push(`${ctx.scripts} script${ctx.scripts === 1 ? ' was' : 's were'} (pre-request or test) left out: Wirebench does not run scripts.`);
  if (ctx.examples > 0) ctx.result.warnings.push(`${ctx.examples} saved example response${ctx.examples === 1 ? ' was' : 's were'} left out.`);
  return ok(ctx.result);
}
