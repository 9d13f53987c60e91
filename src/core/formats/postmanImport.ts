/**
 * Postman collections imported as Wirebench collections: v2.1, v2.0 (auth attributes
 * keyed by name) and v1 (rewritten in v2.1 shapes first, see `postmanLegacy.ts`).
 * Folders, requests, auth (resolved through Postman's inheritance, so each request holds
 * the auth it sends), bodies of every mode, variables, descriptions, and scripts kept on
 * each request for a future runner. Lenient per item, as the issue-15 rule asks: a file
 * is refused only when it is not a collection; an item that cannot be read is skipped
 * with its folder path, name and the bad field; a bad part of an item that can be done
 * without (its body, its auth) is left out with a warning and the rest imported.
 */
import { mimeOfFileName } from './fileMime';
import { draftRowId, type DraftAuth, type DraftInput, type MultipartPartDraft } from '../request';
import type { Result } from '../types';
import { fail, ok } from '../types';
import type { CollectionItem, RequestScript, Variable } from '../workspace';
import { formatSchemaProblem, schemaProblems, workspaceItemId } from '../workspace';
import type { z } from 'zod';
import { baseName, draftBodyForText, emptyCollection, guardDeepInput, parseJsonDocument, savedRequestOf, type ImportResult } from './importResult';
import { authFromPostman, type PostmanAuthBlock } from './postmanAuth';
import { collectionFromV1 } from './postmanLegacy';
import {
  checkPostmanVersion,
  postmanCollectionSchema,
  postmanFolderSchema,
  postmanRequestItemSchema,
  type PostmanBehaviour,
  type PostmanDescription,
  type PostmanRequest,
  type PostmanVersion,
} from './postmanSchema';
import { scriptsOf } from './postmanEvents';
import { urlFromPostman } from './postmanUrl';

type Description = PostmanDescription;
type PostmanRequestObject = Exclude<PostmanRequest, string>;
type PostmanBody = NonNullable<PostmanRequestObject['body']>;

/** Folders deeper than this are skipped: the workspace tree, its storage and its views all recurse. */
export const MAX_POSTMAN_FOLDER_DEPTH = 100;

interface ImportContext {
  result: ImportResult;
  version: PostmanVersion;
  scripts: number;
  examples: number;
}

/** What a level hands down to its items: the auth they inherit and the scripts that run around them. */
interface Level {
  auth: DraftAuth | undefined;
  before: RequestScript[];
  after: RequestScript[];
  /** `protocolProfileBehavior` of the collection and folders above, the nearest winning per option (as postman-runtime merges them). */
  behaviour: PostmanBehaviour;
  /** `Folder / Subfolder / `, for naming items in reports. */
  path: string;
  depth: number;
}

function descriptionText(description: Description): string | undefined {
  if (description === undefined || description === null) return undefined;
  const text = typeof description === 'string' ? description : description.content;
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
}

/**
 * Postman variables as Wirebench variables (`disabled` → not enabled, type `secret` →
 * secret). A variable without a key cannot be referred to and is left out; v1 and path
 * variables may name themselves by `id` instead, as Postman's transformer accepts.
 */
export function variablesFromPostman(list: readonly Record<string, unknown>[] | null | undefined): Variable[] {
  return (list ?? []).flatMap((v) => {
    const key = typeof v.key === 'string' && v.key !== '' ? v.key : typeof v.id === 'string' && v.id !== '' && v.key === undefined ? v.id : typeof v.key === 'number' ? String(v.key) : undefined;
    if (key === undefined) return [];
    const variable: Variable = { name: key, value: fieldText(v.value) };
    if (v.type === 'secret') variable.secret = true;
    // Typed as Postman's SDK types them: scripts get a number or a boolean back, `{{name}}` its text.
    if (v.type === 'number' || v.type === 'boolean') variable.type = v.type;
    if (v.disabled === true) variable.enabled = false;
    return [variable];
  });
}

/** The effective auth of a level: its own block, or (absent or null) the inherited one. */
function resolveAuth(block: PostmanAuthBlock | null | undefined, inherited: DraftAuth | undefined, where: string, ctx: ImportContext): DraftAuth | undefined {
  if (block === undefined || block === null || block.type === 'inherit') return inherited;
  const mapped = authFromPostman(block);
  if (mapped.warning) ctx.result.warnings.push(`${where}: ${mapped.warning}.`);
  return mapped.auth ?? { scheme: 'none', values: {} };
}

function headerRows(header: PostmanRequestObject['header'], where: string, ctx: ImportContext): NonNullable<DraftInput['headers']> {
  if (header === undefined || header === null) return [];
  if (typeof header === 'string') {
    return header
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line.includes(':'))
      .map((line) => ({ name: line.slice(0, line.indexOf(':')).trim(), value: line.slice(line.indexOf(':') + 1).trim() }));
  }
  const keyless = header.filter((h) => typeof h.key !== 'string' || h.key === '').length;
  if (keyless > 0) ctx.result.warnings.push(`${where}: ${keyless} header${keyless === 1 ? '' : 's'} without a name ${keyless === 1 ? 'was' : 'were'} left out (Postman does not send ${keyless === 1 ? 'it' : 'them'}).`);
  return header
    .filter((h) => typeof h.key === 'string' && h.key !== '')
    .map((h) => ({ id: draftRowId(), enabled: !h.disabled, name: h.key!, value: fieldText(h.value) }));
}

/** A field value as the text Postman sends: missing or null is empty, a number or boolean its JSON. */
function fieldText(value: unknown): string {
  return value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
}

const LANGUAGE_KINDS: Readonly<Record<string, 'json' | 'xml' | 'text'>> = { json: 'json', xml: 'xml', text: 'text', html: 'text', javascript: 'text', graphql: 'text' };

function bodyFromPostman(body: PostmanBody | null | undefined, input: DraftInput, where: string, ctx: ImportContext): void {
  if (!body || body.disabled || !body.mode) return;
  // An empty field list is an empty body to Postman (RequestBody.isEmpty), so nothing is sent.
  if ((body.mode === 'formdata' || body.mode === 'urlencoded') && (body[body.mode] ?? []).length === 0) return;
  const warn = (message: string) => ctx.result.warnings.push(`${where}: ${message}`);
  switch (body.mode) {
    case 'raw': {
      const text = fieldText(body.raw);
      const language = body.options?.raw?.language;
      const kind = language ? LANGUAGE_KINDS[language] : undefined;
      const typed = input.headers?.find((h) => h.name.toLowerCase() === 'content-type')?.value;
      input.body = kind && text !== '' ? { kind, texts: { [kind]: text } } : draftBodyForText(text, typed);
      return;
    }
    case 'urlencoded':
      input.body = { kind: 'form', form: (body.urlencoded ?? []).filter((p) => typeof p.key === 'string').map((p) => ({ id: draftRowId(), enabled: !p.disabled, name: p.key!, value: fieldText(p.value) })) };
      return;
    case 'formdata':
      input.body = {
        kind: 'multipart',
        multipart: (body.formdata ?? []).filter((p) => typeof p.key === 'string').map((p): MultipartPartDraft => {
          const isFile = p.type === 'file';
          const contentType = p.contentType ?? '';
          const json = !isFile && contentType.toLowerCase() === 'application/json';
          const part: MultipartPartDraft = { id: draftRowId(), enabled: !p.disabled, name: p.key!, kind: isFile ? 'file' : json ? 'json' : 'text', value: isFile ? '' : fieldText(p.value), contentType: json ? '' : contentType, base64: false, headers: [] };
          if (isFile) {
            const src = Array.isArray(p.src) ? p.src[0] : p.src;
            if (Array.isArray(p.src) && p.src.length > 1) warn(`part "${p.key}" has ${p.src.length} files; only the first is kept.`);
            if (src) {
              part.filename = baseName(src);
              // The path as the collection names it: wirebench run reads it relative to --working-dir, as newman does.
              // Without a contentType, the part's type follows the file's extension, as newman sends it.
              part.file = { kind: 'file', id: draftRowId('file'), name: src, size: 0, type: contentType || mimeOfFileName(src) };
            }
            warn(`part "${p.key}" is the file "${src ?? '(none chosen)'}": pick the file again before sending in the app (wirebench run reads it from --working-dir).`);
          }
          return part;
        }),
      };
      return;
    case 'file': {
      const src = body.file?.src;
      input.body = src ? { kind: 'binary', binary: { kind: 'file', id: draftRowId('file'), name: src, size: 0 } } : { kind: 'binary' };
      warn(`the body is the file "${src ?? '(none chosen)'}": pick the file again before sending in the app (wirebench run reads it from --working-dir).`);
      return;
    }
    case 'graphql': {
      const query = typeof body.graphql?.query === 'string' ? body.graphql.query : '';
      const given: unknown = body.graphql?.variables;
      // Kept as written (nothing lost): variables that are not JSON are refused, with their line and column, when sending.
      const variables = typeof given === 'string' ? given : given === undefined || given === null ? '' : JSON.stringify(given, null, 2);
      const operationName = typeof (body.graphql as { operationName?: unknown } | undefined)?.operationName === 'string' ? (body.graphql as { operationName: string }).operationName : '';
      let parsed: unknown = {};
      try {
        parsed = variables.trim() === '' ? {} : JSON.parse(variables);
      } catch {
        warn('the GraphQL variables are not valid JSON: they were kept as written; fix them before sending.');
      }
      // The JSON text too, so switching the body to JSON shows what Postman sends ({"query", "variables"}).
      input.body = { kind: 'graphql', graphql: { query, variables, operationName }, texts: { json: JSON.stringify({ query, variables: parsed }, null, 2) } };
      return;
    }
    default:
      // Postman sends no body for a mode it does not know; neither does Wirebench.
      warn(`body mode "${body.mode}" is not known; the request was imported without a body.`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}


/** The scripts of an `event`, counted for the import summary, its warnings in the import's. */
function eventScripts(event: unknown, where: string, ctx: ImportContext): ReturnType<typeof scriptsOf> {
  const scripts = scriptsOf(event, where, ctx.result.warnings);
  ctx.scripts += scripts.before.length + scripts.after.length;
  return scripts;
}

/**
 * Parses `value` with `schema`; when it fails only in parts that can be done without
 * (`droppable` top-level paths, such as `request.body`), those parts are removed, named in
 * `dropped`, and the rest parsed again. Any other failure is the item's skip reason.
 */
function parseLeniently<T>(schema: z.ZodType<T>, value: Record<string, unknown>, droppable: readonly string[]): { ok: true; value: T; dropped: string[] } | { ok: false; reason: string } {
  let current = value;
  const dropped: string[] = [];
  for (let attempt = 0; attempt <= droppable.length; attempt++) {
    const parsed = schema.safeParse(current);
    if (parsed.success) return { ok: true, value: parsed.data, dropped };
    const problems = schemaProblems(parsed.error);
    const fatal = problems.find((p) => !droppable.some((d) => p.path === d || p.path.startsWith(`${d}.`) || p.path.startsWith(`${d}[`)));
    if (fatal) return { ok: false, reason: formatSchemaProblem(fatal) };
    current = structuredClone(current);
    for (const problem of problems) {
      const part = droppable.find((d) => problem.path === d || problem.path.startsWith(`${d}.`) || problem.path.startsWith(`${d}[`))!;
      const keys = part.split('.');
      let holder: Record<string, unknown> | undefined = current;
      for (const key of keys.slice(0, -1)) holder = isObject(holder?.[key]) ? (holder[key] as Record<string, unknown>) : undefined;
      if (holder && keys.at(-1)! in holder) {
        delete holder[keys.at(-1)!];
        dropped.push(`${formatSchemaProblem(problem)}, so ${part} was left out`);
      }
    }
  }
  return { ok: false, reason: 'could not be read' };
}

/** Parts of a request item that cost only themselves when they cannot be read. */
const DROPPABLE_REQUEST_PARTS = ['request.body', 'request.auth', 'request.header', 'request.description', 'description', 'variable', 'protocolProfileBehavior'];
/** Parts of a collection's own fields that cost only themselves when they cannot be read. */
const DROPPABLE_COLLECTION_PARTS = ['info', 'variable', 'auth', 'protocolProfileBehavior'];
/** Parts of a folder that cost only themselves when they cannot be read. */
const DROPPABLE_FOLDER_PARTS = ['auth', 'description', 'variable', 'protocolProfileBehavior'];

/** The item's name as written (Postman and newman keep spaces at either end: "GET Request " is its own name); a blank one gets `fallback`. */
function nameOf(raw: Record<string, unknown>, fallback: string): string {
  return typeof raw.name === 'string' && raw.name.trim() !== '' ? raw.name : fallback;
}

/** Methods postman-runtime sends without their body unless `disableBodyPruning` is true. */
const BODY_PRUNED_METHODS: ReadonlySet<string> = new Set(['GET', 'COPY', 'HEAD', 'PURGE', 'UNLOCK']);

/** Whether an imported body would send anything (Postman exports an empty raw body on many GETs). */
function bodyHoldsSomething(body: NonNullable<DraftInput['body']>): boolean {
  const texts = Object.values(body.texts ?? {}).some((text) => typeof text === 'string' && text !== '');
  return texts || (body.form?.length ?? 0) > 0 || (body.multipart?.length ?? 0) > 0 || body.kind === 'binary';
}

/** `protocolProfileBehavior` options Wirebench honours; the others are named when set. */
const HONOURED_BEHAVIOUR = new Set(['followRedirects', 'strictSSL', 'disableBodyPruning', 'disableCookies', 'maxRedirects', 'followOriginalHttpMethod', 'removeRefererHeaderOnRedirect']);

/** A request's behaviour: its own options over the folders' and the collection's, one by one; options not honoured named once per request. */
function behaviourOf(inherited: PostmanBehaviour, own: PostmanBehaviour | null | undefined, where: string, ctx: ImportContext): PostmanBehaviour {
  const behaviour: PostmanBehaviour = { ...inherited, ...(own ?? {}) };
  const ignored = Object.keys(behaviour).filter((key) => !HONOURED_BEHAVIOUR.has(key) && behaviour[key] !== undefined && behaviour[key] !== null);
  if (ignored.length > 0) ctx.result.warnings.push(`${where}: protocolProfileBehavior ${ignored.map((k) => `${k}: ${JSON.stringify(behaviour[k])}`).join(', ')} ${ignored.length === 1 ? 'is' : 'are'} not supported and ignored.`);
  return behaviour;
}

function requestItem(raw: Record<string, unknown>, level: Level, ctx: ImportContext): CollectionItem | undefined {
  const name = nameOf(raw, 'Untitled request');
  const where = `${level.path}${name}`;
  const parsed = parseLeniently(postmanRequestItemSchema, raw, DROPPABLE_REQUEST_PARTS);
  if (!parsed.ok) {
    ctx.result.skipped.push({ item: where, reason: parsed.reason });
    return undefined;
  }
  for (const note of parsed.dropped) ctx.result.warnings.push(`${where}: ${note}.`);
  const item = parsed.value;
  const request: PostmanRequestObject = typeof item.request === 'string' ? { url: item.request } : item.request;
  const url = urlFromPostman(request.url);
  if (url.warning) ctx.result.warnings.push(`${where}: ${url.warning}.`);
  const input: DraftInput = { method: (request.method || 'GET').toUpperCase(), url: url.url, pathParams: url.pathParams, headers: headerRows(request.header, where, ctx) };
  if (url.query) input.query = url.query;
  bodyFromPostman(request.body, input, where, ctx);
  const effective = resolveAuth(request.auth as PostmanAuthBlock | null | undefined, level.auth, where, ctx);
  if (effective) input.auth = effective;
  const behaviour = behaviourOf(level.behaviour, item.protocolProfileBehavior, where, ctx);
  // Postman follows redirects unless told not to; Wirebench does not unless told to.
  input.options = {
    followRedirects: behaviour.followRedirects ?? true,
    insecureTls: behaviour.strictSSL === false,
    ...(behaviour.disableCookies === true ? { cookies: false } : {}),
    // Redirects as Postman follows them: every one but 307/308 as a GET, the Referer named, unless these say otherwise.
    postmanRedirects: { followOriginalMethod: behaviour.followOriginalHttpMethod === true, removeReferer: behaviour.removeRefererHeaderOnRedirect === true },
    ...(typeof behaviour.maxRedirects === 'number' && Number.isInteger(behaviour.maxRedirects) && behaviour.maxRedirects >= 0 ? { maxRedirects: Math.min(50, behaviour.maxRedirects) } : {}),
  };
  // postman-runtime sends no body with these methods unless disableBodyPruning says to.
  if (input.body && BODY_PRUNED_METHODS.has(input.method!) && behaviour.disableBodyPruning !== true) {
    if (bodyHoldsSomething(input.body)) ctx.result.warnings.push(`${where}: its body was left out: Postman sends no body with ${input.method} unless protocolProfileBehavior.disableBodyPruning is true.`);
    delete input.body;
  }
  if (item.variable?.length) ctx.result.warnings.push(`${where}: request-level variables are not supported and were left out.`);
  ctx.examples += Array.isArray(item.response) ? item.response.length : 0;
  const saved = savedRequestOf(name, input, descriptionText(request.description) ?? descriptionText(item.description));
  // Postman runs collection, then folder, then request pre-request scripts, and the test scripts in the same order.
  const own = eventScripts(item.event, where, ctx);
  const scripts = [...level.before, ...own.before, ...level.after, ...own.after];
  if (scripts.length > 0) saved.scripts = scripts;
  return saved;
}

function folderItem(raw: Record<string, unknown>, level: Level, ctx: ImportContext): CollectionItem | undefined {
  const name = nameOf(raw, 'Untitled folder');
  const where = `${level.path}${name}`;
  if (level.depth >= MAX_POSTMAN_FOLDER_DEPTH) {
    ctx.result.skipped.push({ item: where, reason: `item: folders nested more than ${MAX_POSTMAN_FOLDER_DEPTH} deep are not imported` });
    return undefined;
  }
  const parsed = parseLeniently(postmanFolderSchema, raw, DROPPABLE_FOLDER_PARTS);
  if (!parsed.ok) {
    ctx.result.skipped.push({ item: where, reason: parsed.reason });
    return undefined;
  }
  for (const note of parsed.dropped) ctx.result.warnings.push(`Folder "${where}": ${note}.`);
  const folder = parsed.value;
  const auth = resolveAuth(folder.auth as PostmanAuthBlock | null | undefined, level.auth, where, ctx);
  for (const variable of variablesFromPostman(folder.variable)) {
    if (ctx.result.collection.variables.some((v) => v.name === variable.name)) {
      ctx.result.warnings.push(`Folder "${where}": variable "${variable.name}" is also defined by the collection; the collection's value was kept.`);
    } else {
      ctx.result.collection.variables.push(variable);
      ctx.result.warnings.push(`Folder "${where}": variable "${variable.name}" was moved to the collection, which holds all variables in Wirebench.`);
    }
  }
  const scripts = eventScripts(folder.event, `Folder "${where}"`, ctx);
  const behaviour = { ...level.behaviour, ...(folder.protocolProfileBehavior ?? {}) };
  const inner: Level = { auth, before: [...level.before, ...scripts.before], after: [...level.after, ...scripts.after], behaviour, path: `${where} / `, depth: level.depth + 1 };
  const out: CollectionItem = { kind: 'folder', id: workspaceItemId('fld'), name, items: itemsOf(folder.item, inner, ctx) };
  const description = descriptionText(folder.description);
  if (description) out.description = description;
  return out;
}

function itemsOf(items: readonly unknown[], level: Level, ctx: ImportContext): CollectionItem[] {
  const out: CollectionItem[] = [];
  items.forEach((raw, index) => {
    if (!isObject(raw)) {
      ctx.result.skipped.push({ item: `${level.path}item ${index + 1}`, reason: `is ${raw === null ? 'null' : Array.isArray(raw) ? 'an array' : `a ${typeof raw}`}, not a request or folder` });
      return;
    }
    const item = Array.isArray(raw.item)
      ? folderItem(raw, level, ctx)
      : raw.request !== undefined && raw.request !== null
        ? requestItem(raw, level, ctx)
        : (ctx.result.skipped.push({ item: `${level.path}${nameOf(raw, `item ${index + 1}`)}`, reason: 'request: is missing (an item needs "request", or "item" to be a folder)' }), undefined);
    if (item) out.push(item);
  });
  return out;
}

/**
 * Imports a Postman collection (JSON text): Collection v2.1, v2.0 or v1. Refused only
 * when the text is not JSON (with line and column) or not a collection (an environment,
 * a globals file, a data dump, another format — said which). Items that cannot be read
 * are in `skipped` with their folder path, name and field; everything changed on the way
 * is in `warnings`. Each request gets its effective auth (own, folder's, or
 * collection's); the collection's own auth is kept on the collection too.
 */
export function importPostman(text: string): Result<ImportResult> {
  return guardDeepInput('Postman collection', () => importPostmanUnguarded(text));
}

function importPostmanUnguarded(text: string): Result<ImportResult> {
  // Newman and the app read a file that starts with a UTF-8 byte order mark; so does Wirebench.
  const json = parseJsonDocument(text.replace(/^\uFEFF/, ''), 'Postman collection');
  if (!json.ok) return json;
  const version = checkPostmanVersion(json.value);
  if (!version.ok) return fail(version.error);
  const warnings: string[] = version.value.warning ? [version.value.warning] : [];
  let document = json.value as Record<string, unknown>;
  if (version.value.version === 'v1') {
    const converted = collectionFromV1(document);
    document = converted.collection;
    warnings.push(...converted.warnings);
  }
  const parsed = parseLeniently(postmanCollectionSchema, document, DROPPABLE_COLLECTION_PARTS);
  if (!parsed.ok) return fail({ kind: 'schema', field: parsed.reason.slice(0, parsed.reason.indexOf(':')), message: `This Postman Collection ${version.value.version} cannot be read: ${parsed.reason}.` });
  for (const note of parsed.dropped) warnings.push(`Collection: ${note}.`);
  const postman = parsed.value;
  const name = typeof postman.info?.name === 'string' ? postman.info.name : '';
  const collection = emptyCollection(name);
  if (name.trim() === '') warnings.push(`The collection has no name; it was named "${collection.name}".`);
  const description = descriptionText(postman.info?.description);
  if (description) collection.description = description;
  collection.variables = variablesFromPostman(postman.variable);
  const ctx: ImportContext = { result: { collection, skipped: [], warnings }, version: version.value.version, scripts: 0, examples: 0 };
  const rootAuth = resolveAuth(postman.auth as PostmanAuthBlock | null | undefined, undefined, 'Collection', ctx);
  if (rootAuth) collection.auth = rootAuth;
  const scripts = eventScripts(postman.event, 'Collection', ctx);
  collection.items = itemsOf(postman.item ?? [], { auth: rootAuth, before: scripts.before, after: scripts.after, behaviour: postman.protocolProfileBehavior ?? {}, path: '', depth: 0 }, ctx);
  ctx.result.format = `Postman Collection ${version.value.version}`;
  const notes: string[] = [];
  if (ctx.scripts > 0) {
    notes.push(
      `${ctx.scripts} script${ctx.scripts === 1 ? ' (pre-request or test) was' : 's (pre-request or test) were'} kept with the requests they run for, collection and folder scripts on each of their requests in Postman's order (collection, folder, request; for tests too). They run when a request is sent, in the app, its runner and wirebench run, with the pm API.`,
    );
  }
  if (notes.length > 0) ctx.result.notes = notes;
  if (ctx.examples > 0) ctx.result.warnings.push(`${ctx.examples} saved example response${ctx.examples === 1 ? ' was' : 's were'} left out (Wirebench keeps no example responses).`);
  return ok(ctx.result);
}
