/**
 * Several files brought to the import dialog at once (dropped together, a picked folder,
 * a .zip) as the text files of one description. Zips are expanded with fflate, in the
 * import worker; only description files (.yaml, .yml, .json) are kept, macOS resource
 * forks and hidden files skipped, and sizes bounded so an archive cannot expand without end.
 */
import { unzipSync } from 'fflate';
import { fail, importOpenApiFiles, ok, type DescriptionFile, type ImportAnyOutcome, type Result } from '../../../core';

/** A file as the page read it: text, or the bytes of a zip. */
export type ImportFileData = { path: string; text: string } | { path: string; zip: Uint8Array };

/** The most a set of files may hold once expanded. */
const MAX_EXPANDED_BYTES = 50 * 1024 * 1024;
const DESCRIPTION_FILE = /\.(ya?ml|json)$/i;

/** True for a path worth reading as part of a description. */
export function isDescriptionPath(path: string): boolean {
  return DESCRIPTION_FILE.test(path) && !/(^|\/)(__MACOSX|\.[^/]+)(\/|$)/.test(path);
}

/** True for a zip file, by name. */
export function isZipPath(path: string): boolean {
  return /\.zip$/i.test(path);
}

/** The description files of `files`, zips expanded; fails naming a zip that cannot be read or a set too large. */
export function expandImportFiles(files: readonly ImportFileData[]): Result<DescriptionFile[]> {
  const out: DescriptionFile[] = [];
  let total = 0;
  const decoder = new TextDecoder();
  for (const file of files) {
    if ('text' in file) {
      total += file.text.length;
      if (isDescriptionPath(file.path)) out.push({ path: file.path, text: file.text });
      continue;
    }
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(file.zip, {
        filter: (entry) => {
          total += entry.originalSize;
          return isDescriptionPath(entry.name) && total <= MAX_EXPANDED_BYTES;
        },
      });
    } catch (error) {
      return fail({ kind: 'zip-unreadable', field: file.path, message: `${file.path} could not be read as a zip archive: ${error instanceof Error ? error.message : String(error)}.` });
    }
    const prefix = file.path.replace(/\.zip$/i, '');
    for (const [name, bytes] of Object.entries(entries)) out.push({ path: `${prefix}/${name}`, text: decoder.decode(bytes) });
  }
  if (total > MAX_EXPANDED_BYTES) return fail({ kind: 'import-too-large', message: `These files hold more than ${MAX_EXPANDED_BYTES / 1024 / 1024} MB once expanded; import a smaller set.` });
  if (out.length === 0) {
    return fail({ kind: 'unknown-format', message: `None of the files given (${files.map((f) => f.path).join(', ')}) is a .yaml, .yml or .json file; several files are read as one OpenAPI or Swagger description.` });
  }
  return ok(out);
}

/** Imports `files` (zips expanded) as one OpenAPI or Swagger description. */
export function importFileSet(files: readonly ImportFileData[]): Result<ImportAnyOutcome> {
  const expanded = expandImportFiles(files);
  if (!expanded.ok) return expanded;
  const result = importOpenApiFiles(expanded.value);
  return result.ok ? ok({ format: 'openapi', result: result.value }) : result;
}
