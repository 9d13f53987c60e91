/**
 * What `wirebench run` runs, read from disk: a `--workspace` folder (its `collections/`
 * and `environments/`, read with core's folder layout reader, the one the server uses, so
 * the CLI sees exactly what the app sees), a Postman Collection (v2.1, v2.0, v1), an
 * Insomnia export (format 4 JSON or v5 YAML: its sub-environments are the environments
 * `--env` picks from) or a `.http` file (through the core importers the app uses, which
 * keep scripts on the requests). Anything
 * unreadable — a file set aside, JSON broken at a line and column — is an `InputError`,
 * exit code 2: a CI run must not pass by quietly skipping a request.
 */
import { existsSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { importInsomnia, importPostman, parseHttpFile, sniffImportFormat, type Collection, type CoreError, type Environment } from '../core';
import { collectionFromFiles, environmentFromFile, type WorkspaceFileSetAside } from '../core/workspace/folderLayoutReading';
import { readWorkspaceJson } from './workspaceFiles';
import { readTextFile } from './textFile';

/** Unreadable input: exit code 2, with the file and, when known, the line and column. */
export class InputError extends Error {
  override name = 'InputError';
  constructor(
    message: string,
    readonly file?: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
  }

  /** `file:line:column: message`, the form editors and CI logs link. */
  describe(): string {
    const where = this.file ? `${this.file}${this.line !== undefined ? `:${this.line}${this.column !== undefined ? `:${this.column}` : ''}` : ''}: ` : '';
    return `${where}${this.message}`;
  }
}

/** What a source holds. */
export interface RunSource {
  /** How reports name it: the collection's name, or the folder's. */
  name: string;
  collections: Collection[];
  /** Environments `--env NAME` picks from (a workspace's). */
  environments: Environment[];
  /** Things that came across changed (import notes), printed once before the run. */
  warnings: string[];
  /** A workspace folder's real path (its `wirebench.json` may allow `{{$env.…}}` names); absent for a file. */
  workspaceRoot?: string;
}

/** An importer's failure as an `InputError`, its position taken from the error when it has one. */
export function inputErrorOf(file: string, error: CoreError): InputError {
  return new InputError(error.message, file, error.position?.line, error.position?.column);
}

async function readText(file: string): Promise<string> {
  try {
    return await readTextFile(file);
  } catch (err) {
    throw new InputError(`cannot be read: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`, file);
  }
}

function setAsideError(dir: string, files: WorkspaceFileSetAside[]): InputError {
  const list = files.map((f) => `  ${f.path}: ${f.reason}`).join('\n');
  const first = files[0]!;
  // The reader's reasons carry "at line L, column C" for broken JSON; lift the first one out for the file:line:column form.
  const at = /line (\d+), column (\d+)/.exec(first.reason);
  return new InputError(`${files.length} workspace file${files.length === 1 ? '' : 's'} could not be read, so the run would be incomplete:\n${list}`, path.join(dir, first.path), at ? Number(at[1]) : undefined, at ? Number(at[2]) : undefined);
}

/** Reads a workspace folder as `npm start -- --workspace DIR` reads it, without writing anything. */
export async function readWorkspace(dir: string): Promise<RunSource> {
  // The real path, as the server resolves its folder once at open: confinement compares real paths.
  const root = await realpath(path.resolve(dir)).catch(() => path.resolve(dir));
  const setAside: WorkspaceFileSetAside[] = [];
  const collections: Collection[] = [];
  const environments: Environment[] = [];
  const collectionFiles = !existsSync(path.join(root, 'collections')) ? new Map<string, string>() : await readWorkspaceJson(root, path.join(root, 'collections'), (relative, reason) => setAside.push({ path: `collections/${relative}`, kind: 'request', reason }));
  const byDir = new Map<string, Map<string, string>>();
  for (const [file, text] of collectionFiles) {
    const slash = file.indexOf('/');
    if (slash < 0) continue; // a collection is a directory; the app sets loose files aside too
    const name = file.slice(0, slash);
    if (!byDir.has(name)) byDir.set(name, new Map());
    byDir.get(name)!.set(file.slice(slash + 1), text);
  }
  for (const [name, files] of [...byDir].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const read = collectionFromFiles(`collections/${name}/`, files);
    setAside.push(...read.setAside);
    if (read.collection) collections.push(read.collection);
  }
  // A workspace without environments (or without a collections directory) is still a workspace: the app creates them on first save.
  const envFiles = !existsSync(path.join(root, 'environments')) ? new Map<string, string>() : await readWorkspaceJson(root, path.join(root, 'environments'), (relative, reason) => setAside.push({ path: `environments/${relative}`, kind: 'environment', reason }));
  for (const [file, text] of envFiles) {
    const read = environmentFromFile(`environments/${file}`, text);
    if ('environment' in read) environments.push(read.environment);
    else setAside.push(read.setAside);
  }
  if (setAside.length > 0) throw setAsideError(root, setAside);
  if (collections.length === 0) throw new InputError('holds no collections (expected collections/<name>/collection.json and request files, as `npm start -- --workspace` writes them)', root);
  return { name: collections.length === 1 ? collections[0]!.name : path.basename(root), collections, environments, warnings: [], workspaceRoot: root };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const IMPORT_FIRST = 'import it into the app first (Import), which makes a collection of it, then run that workspace folder or the collection exported from it';

/**
 * What a file that `wirebench run` cannot run looks like, and what to do with it, or
 * undefined when it may be a Postman collection (the importer then says what is wrong).
 * A Swagger file once ran as "0 requests… All passed", exit 0: a CI job must not pass on a
 * file it never ran.
 */
export function notACollection(text: string, file: string): string | undefined {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  let value: unknown;
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      value = JSON.parse(trimmed);
    } catch {
      return undefined; // broken JSON: the importer names the line and column
    }
  } else {
    const format = sniffImportFormat(trimmed, path.basename(file));
    if (format === 'openapi') {
      const version = /^\s*(openapi|swagger)\s*:\s*["']?([\d.]+)/m.exec(trimmed);
      return `is ${version?.[1] === 'swagger' ? `a Swagger ${version[2]} document` : `an OpenAPI ${version?.[2] ?? ''} document`.replace('  ', ' ')} (YAML), not a collection: ${IMPORT_FIRST}.`;
    }
    if (format === 'wsdl') return `is a WSDL, not a collection: ${IMPORT_FIRST}.`;
    if (format === 'curl') return `is a cURL command, not a collection: ${IMPORT_FIRST}.`;
    if (format === 'http' || format === 'insomnia') return undefined;
    return `is not JSON, so not a Postman collection, nor an Insomnia v5 YAML export (its first line is type: collection.insomnia.rest/5.0), nor a .http file (name it .http or .rest), nor a workspace folder.`;
  }
  if (!isObject(value)) return `holds ${Array.isArray(value) ? 'a JSON array' : 'a JSON value'}, not a Postman collection (an object with "info" and "item").`;
  if (typeof value.swagger === 'string' || typeof value.swagger === 'number') return `is a Swagger ${String(value.swagger)} document, not a collection: ${IMPORT_FIRST}.`;
  if (typeof value.openapi === 'string') return `is an OpenAPI ${value.openapi} document, not a collection: ${IMPORT_FIRST}.`;
  if (isObject(value.log) && Array.isArray(value.log.entries)) return `is a HAR capture (${value.log.entries.length} entries), not a collection: ${IMPORT_FIRST}.`;
  if (value._postman_variable_scope === 'environment') return 'is a Postman environment, not a collection: pass it with --env FILE, and the collection as the source.';
  if (value._postman_variable_scope === 'globals') return 'is a Postman globals file, not a collection: pass it with --globals FILE, and the collection as the source.';
  if (!('info' in value) && !('item' in value) && !Array.isArray(value.requests) && !Array.isArray(value.collections) && Array.isArray(value.values)) {
    return 'looks like an environment (a "values" list), not a collection: pass it with --env FILE.';
  }
  return undefined;
}

/** Reads the source named on the command line. */
export async function readSource(source: string): Promise<RunSource> {
  let info;
  try {
    info = await stat(source);
  } catch {
    throw new InputError('no such file or folder', source);
  }
  if (info.isDirectory()) return readWorkspace(source);
  const text = await readText(source);
  const isHttp = /\.(http|rest)$/i.test(source);
  if (!isHttp) {
    const other = notACollection(text, source);
    if (other) throw new InputError(other, source);
  }
  const isInsomnia = !isHttp && sniffImportFormat(text.replace(/^\uFEFF/, ''), path.basename(source)) === 'insomnia';
  const imported = isHttp ? parseHttpFile(text, path.basename(source).replace(/\.(http|rest)$/i, '')) : isInsomnia ? importInsomnia(text) : importPostman(text);
  if (!imported.ok) throw inputErrorOf(source, imported.error);
  const { collection, skipped, warnings } = imported.value;
  if (skipped.length > 0) {
    throw new InputError(`${skipped.length} request${skipped.length === 1 ? '' : 's'} could not be read, so the run would be incomplete:\n${skipped.map((s) => `  ${s.item}: ${s.reason}`).join('\n')}`, source);
  }
  // Warnings are real changes (a part left out, a file to pick); the importer's notes (scripts kept, and that they run) go without saying here.
  return { name: collection.name, collections: [collection], environments: imported.value.environments ?? [], warnings };
}
