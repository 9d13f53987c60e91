/**
 * A description spread over several files (dropped together, a picked folder, a zip):
 * each file parsed, the entry point found (a file with `openapi:` or `swagger:` at its
 * root that no other file refers to), every relative `$ref` rewritten to the file it names
 * within the set (`./schemas/pet.yaml#/Pet` from `api/openapi.yaml` is
 * `api/schemas/pet.yaml#/Pet`), and the whole dereferenced by `@scalar/openapi-parser`.
 * Nothing is fetched: a reference to a file not given, or to a URL, is reported by name.
 */
import { dereference, type Filesystem } from '@scalar/openapi-parser';
import type { CoreError, Result } from '../types';
import { fail, ok } from '../types';
import type { ImportSkip } from './importResult';
import { isObject, parseOpenApiText } from './openApiDocument';
import { upgradeSwagger } from './swaggerUpgrade';

type Json = Record<string, unknown>;

/** One file of a description: its path within the set (folder names kept) and its text. */
export interface DescriptionFile {
  path: string;
  text: string;
}

/** A reference to something outside the given files. */
export interface MissingReference {
  /** The file (or URL) as the set would name it. */
  target: string;
  /** The file holding the reference. */
  from: string;
}

/** A description set read and dereferenced: the entry's document and what could not be brought. */
export interface DereferencedDescription {
  /** The entry point's path. */
  entry: string;
  /** The entry point, Swagger 2.0 upgraded, with every `$ref` that resolved replaced by its target (shared; circular schemas are cycles). */
  document: Json;
  /** The reference each dereferenced object came from, so a sampler can stop at a recursion and a body be named. */
  origins: WeakMap<object, string>;
  missing: MissingReference[];
  /** What changed on the way: other descriptions in the set not imported, unreadable files, the Swagger upgrade. */
  notes: string[];
  /** What the Swagger upgrade could not take (a parameter without `in`, a null operation), each named. */
  skipped: ImportSkip[];
}

/** `path` with `\` as `/`, no leading `./` or `/`, and `.` and `..` segments applied (a `..` above the set is kept). */
export function normaliseFilePath(path: string): string {
  const out: string[] = [];
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else out.push(segment);
  }
  return out.join('/');
}

const URL_REF = /^[a-z][a-z0-9+.-]*:/i;

/** The file part of `ref` as the set names it, relative to the file `from`; undefined for a local `#…` ref. */
function referencedFile(from: string, ref: string): string | undefined {
  const file = ref.split('#')[0]!;
  if (file === '') return undefined;
  if (URL_REF.test(file)) return file;
  let decoded = file;
  try {
    decoded = decodeURI(file);
  } catch {
    // A stray % is part of the name.
  }
  const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/') + 1) : '';
  return normaliseFilePath(dir + decoded);
}

/** Calls `visit` on every object holding a string `$ref` in `value`. */
function eachRef(value: unknown, visit: (holder: Json, ref: string) => void, seen = new Set<unknown>()): void {
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  if (!Array.isArray(value) && typeof (value as Json).$ref === 'string') visit(value as Json, (value as Json).$ref as string);
  for (const child of Object.values(value)) eachRef(child, visit, seen);
}

function isRoot(value: unknown): value is Json {
  return isObject(value) && (value.openapi !== undefined || value.swagger !== undefined);
}

interface ParsedFile {
  path: string;
  value: Json;
  /** Files this one refers to, as the set names them. */
  references: Set<string>;
}

/**
 * Parses every file; a broken description fails with its file, line and column, a broken
 * fragment is noted. Files holding a list (such as a document's tags) go to `lists`.
 */
function parseFiles(files: readonly DescriptionFile[], notes: string[], lists: Map<string, unknown[]>): Result<ParsedFile[]> {
  const parsed: ParsedFile[] = [];
  for (const file of files) {
    const path = normaliseFilePath(file.path);
    const value = parseOpenApiText(file.text);
    if (!value.ok) {
      const looksLikeRoot = /^\s*["']?(openapi|swagger)["']?\s*:/m.test(file.text);
      const error: CoreError = files.length > 1 ? { ...value.error, message: `${path}: ${value.error.message}` } : value.error;
      if (looksLikeRoot) return fail(error);
      notes.push(`${error.message} References to it were left unresolved.`);
      continue;
    }
    if (Array.isArray(value.value)) {
      let refers = false;
      eachRef(value.value, () => void (refers = true));
      if (refers) notes.push(`${path} holds a list with $refs in it; references to it were left unresolved.`);
      else lists.set(path, value.value);
      continue;
    }
    if (!isObject(value.value)) {
      notes.push(`${path} holds no object (it is ${value.value === null ? 'empty' : `a ${typeof value.value}`}); references to it were left unresolved.`);
      continue;
    }
    const references = new Set<string>();
    eachRef(value.value, (_holder, ref) => {
      const target = referencedFile(path, ref);
      if (target !== undefined && target !== path) references.add(target);
    });
    parsed.push({ path, value: value.value, references });
  }
  return ok(parsed);
}

/**
 * The entry point of a set: the description no other file refers to (the first such, by
 * the order given); the others are named in `notes`.
 */
function entryOf(parsed: readonly ParsedFile[], notes: string[]): Result<ParsedFile> {
  const roots = parsed.filter((file) => isRoot(file.value));
  if (roots.length === 0) {
    const names = parsed.map((f) => f.path).join(', ');
    return fail({ kind: 'unknown-format', message: `None of the files given is an OpenAPI or Swagger description (none has openapi: or swagger: at its root): ${names || 'no readable file'}.` });
  }
  const referenced = new Set(parsed.flatMap((file) => [...file.references]));
  const unreferenced = roots.filter((root) => !referenced.has(root.path));
  const candidates = unreferenced.length > 0 ? unreferenced : roots;
  const entry = candidates[0]!;
  if (candidates.length > 1) {
    notes.push(`${candidates.length} descriptions were given (${candidates.map((c) => c.path).join(', ')}); ${entry.path} was imported. Import the others one at a time.`);
  }
  return ok(entry);
}

/**
 * Rewrites every `$ref` of `file` to name its target file within the set; local refs of
 * files other than the entry name their own file too, so they resolve the same from wherever
 * they are reached. References outside the set are collected.
 */
function qualifyRefs(file: ParsedFile, isEntry: boolean, locate: (target: string) => string | undefined, missing: MissingReference[]): void {
  eachRef(file.value, (holder, ref) => {
    const target = referencedFile(file.path, ref);
    const pointer = ref.includes('#') ? ref.slice(ref.indexOf('#')) : '';
    if (target === undefined) {
      if (!isEntry) holder.$ref = `${file.path}${pointer}`;
      return;
    }
    const found = locate(target);
    if (found === undefined && !missing.some((m) => m.target === target)) missing.push({ target, from: file.path });
    holder.$ref = `${found ?? target}${pointer}`;
  });
}

/**
 * Replaces every `$ref` of `file` to a whole file holding a list by a copy of the list: the
 * dereferencer merges a reference's target into the object holding the `$ref`, which would
 * turn the list (`tags: { $ref: ./tags.yaml }`) into an object.
 */
function inlineLists(file: ParsedFile, lists: ReadonlyMap<string, unknown[]>, locate: (target: string) => string | undefined): void {
  const visit = (value: unknown, seen: Set<unknown>): void => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    for (const [key, child] of Object.entries(value)) {
      const ref = isObject(child) && typeof child.$ref === 'string' ? child.$ref : undefined;
      const target = ref === undefined || /#./.test(ref) ? undefined : referencedFile(file.path, ref);
      const list = target === undefined ? undefined : lists.get(locate(target) ?? target);
      if (list) (value as Json)[key] = structuredClone(list);
      else visit(child, seen);
    }
  };
  visit(file.value, new Set());
}

/**
 * Finds a referenced file in the set: by its path, else — files dropped together lose
 * their folders — by its name when exactly one file given has that name (noted once).
 */
function fileLocator(paths: readonly string[], notes: string[]): (target: string) => string | undefined {
  const known = new Set(paths);
  const byName = new Map<string, string[]>();
  for (const path of paths) byName.set(path.split('/').pop()!, [...(byName.get(path.split('/').pop()!) ?? []), path]);
  const matched = new Set<string>();
  return (target) => {
    if (known.has(target) || URL_REF.test(target)) return known.has(target) ? target : undefined;
    const same = byName.get(target.split('/').pop()!) ?? [];
    if (same.length !== 1) return undefined;
    if (!matched.has(target)) notes.push(`${target} was not given at that path; the one file named ${same[0]} was used for it.`);
    matched.add(target);
    return same[0];
  };
}

/**
 * Reads `files` as one description: parsed, the entry found, Swagger 2.0 upgraded to
 * OpenAPI 3.1, relative references resolved within the set and dereferenced. Fails only when
 * no file is a description, or when a description's text is broken (with file, line and column).
 */
export function dereferenceDescription(files: readonly DescriptionFile[]): Result<DereferencedDescription> {
  if (files.length === 0) return fail({ kind: 'empty-input', message: 'No files were given to import.' });
  const notes: string[] = [];
  const skipped: ImportSkip[] = [];
  const lists = new Map<string, unknown[]>();
  const parsed = parseFiles(files, notes, lists);
  if (!parsed.ok) return parsed;
  const locate = fileLocator([...parsed.value.map((f) => f.path), ...lists.keys()], notes);
  for (const file of parsed.value) inlineLists(file, lists, locate);
  for (const file of parsed.value) file.references = new Set([...file.references].map((target) => locate(target) ?? target));
  const entry = entryOf(parsed.value, notes);
  if (!entry.ok) return entry;
  if (entry.value.value.swagger !== undefined && String(entry.value.value.swagger).startsWith('2')) {
    const upgraded = upgradeSwagger(entry.value.value);
    if (!upgraded.ok) return parsed.value.length > 1 ? fail({ ...upgraded.error, message: `${entry.value.path}: ${upgraded.error.message}` }) : upgraded;
    entry.value.value = upgraded.value.document;
    notes.unshift(...upgraded.value.notes);
    skipped.push(...upgraded.value.skipped);
  }
  const missing: MissingReference[] = [];
  for (const file of parsed.value) qualifyRefs(file, file === entry.value, locate, missing);
  const filesystem: Filesystem = parsed.value.map((file) => ({
    dir: './',
    filename: file.path,
    isEntrypoint: file === entry.value,
    references: [...file.references],
    specification: file.value,
  }));
  const origins = new WeakMap<object, string>();
  const result = dereference(filesystem, { onDereference: ({ schema, ref }) => void origins.set(schema, ref) });
  if (!isObject(result.schema)) return fail({ kind: 'schema', message: `${entry.value.path} could not be read as a description after resolving its references.` });
  return ok({ entry: entry.value.path, document: result.schema as Json, origins, missing, notes, skipped });
}
