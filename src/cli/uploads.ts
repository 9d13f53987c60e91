/**
 * Files a request uploads (a form-data file part, a binary body), read as newman reads them:
 * the path the collection names, relative to `--working-dir` (default: the current folder).
 * Confined to that folder by real path: a collection from elsewhere must not upload
 * `~/.ssh/id_rsa` or `/etc/passwd` from the machine running it; a file outside is refused,
 * naming the folder to point `--working-dir` at.
 */
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';

/** The bytes of upload `name`, or why it cannot be read (the step's not-sent error). */
export async function readUploadFile(name: string, workingDir: string | undefined): Promise<{ bytes: Uint8Array } | { error: string }> {
  const base = path.resolve(workingDir ?? '.');
  if (name.trim() === '') return { error: 'a file part names no file; give it a path in the collection (read relative to --working-dir)' };
  const wanted = path.resolve(base, name);
  let real: string;
  let root: string;
  try {
    root = await realpath(base);
  } catch {
    return { error: `the working folder ${base} (--working-dir) does not exist, so "${name}" cannot be read` };
  }
  try {
    real = await realpath(wanted);
  } catch {
    return { error: `the file "${name}" to upload was not found in ${root} (files are read relative to --working-dir)` };
  }
  if (real !== root && !real.startsWith(root + path.sep)) {
    return { error: `the file "${name}" to upload is outside the working folder ${root}; only files inside --working-dir are read (point --working-dir at the folder that holds it)` };
  }
  try {
    return { bytes: new Uint8Array(await readFile(real)) };
  } catch (err) {
    return { error: `the file "${name}" to upload cannot be read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}` };
  }
}
