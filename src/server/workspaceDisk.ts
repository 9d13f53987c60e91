/**
 * The file-system primitives under a workspace folder: reading every `.json` file of a
 * directory tree (bounded in size, unreadable files reported), atomic writes that leave
 * unchanged files alone, and removing directories a save or delete left empty. Separate
 * from `workspaceFolder.ts` so the folder's state and revision logic reads without the
 * `node:fs` details.
 */
import { lstat, mkdir, readdir, readFile, rename, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { confine, OutsideWorkspaceError } from './workspaceConfine';

/** Files larger than this are set aside unread: a workspace file is a request, not a payload. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** Dot files and editor backups (`name~`): never part of a workspace. */
export function isHidden(name: string): boolean {
  return name.startsWith('.') || name.endsWith('~');
}

/**
 * Every `.json` file under `dir`, by path relative to it; unreadable or huge ones are
 * reported. Nothing outside `root` (the workspace folder's real path) is read: a
 * directory or file that resolves outside it through a symbolic link is reported without
 * a word of its content, and links to directories are not followed (they could loop).
 */
export async function readTree(dir: string, report: (relative: string, reason: string) => void, root: string = dir): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const readFileInside = async (child: string, full: string) => {
    const info = await stat(full);
    if (info.size > MAX_FILE_BYTES) {
      report(child, `the file is ${info.size} bytes; workspace files are read up to ${MAX_FILE_BYTES}`);
      return;
    }
    files.set(child, await readFile(full, 'utf8'));
  };
  const walk = async (relative: string) => {
    let entries;
    try {
      await confine(root, path.join(dir, relative));
      entries = await readdir(path.join(dir, relative), { withFileTypes: true });
    } catch (err) {
      if (err instanceof OutsideWorkspaceError) report(relative, 'the directory is a symbolic link leading outside the workspace folder; it was not read');
      else report(relative, `the directory cannot be read: ${(err as Error).message}`);
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (isHidden(entry.name)) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      const full = path.join(dir, child);
      if (entry.isDirectory()) await walk(child);
      else if (entry.isSymbolicLink()) {
        try {
          await confine(root, full);
          const target = await stat(full);
          if (target.isDirectory()) report(child, 'a symbolic link to a directory; links to directories are not followed');
          else if (target.isFile() && entry.name.endsWith('.json')) await readFileInside(child, full);
        } catch (err) {
          if (err instanceof OutsideWorkspaceError) report(child, 'a symbolic link leading outside the workspace folder; it was not read');
          else report(child, `the link cannot be read: ${(err as Error).message}`);
        }
      } else if (entry.isFile() && entry.name.endsWith('.json')) {
        try {
          await readFileInside(child, full);
        } catch (err) {
          report(child, `the file cannot be read: ${(err as Error).message}`);
        }
      }
    }
  };
  await walk('');
  return files;
}

/**
 * Writes `text` to `file` through a temporary file renamed into place, so a crash never
 * leaves half a file; unchanged files are not touched. Refused when the file's directory
 * resolves outside `root`; a symbolic link at `file` itself is replaced, never followed.
 */
export async function writeText(file: string, text: string, root: string): Promise<void> {
  await confine(root, file, { followLast: false });
  const link = await lstat(file).catch(() => undefined);
  const current = link?.isFile() ? await readFile(file, 'utf8').catch(() => undefined) : undefined;
  if (current === text) return;
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  await writeFile(temporary, text, 'utf8');
  await rename(temporary, file);
}

/** Unlinks `file` (a link itself, never its target) when its directory is inside `root`. */
export async function removeFile(file: string, root: string): Promise<void> {
  await confine(root, file, { followLast: false });
  await unlink(file).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  });
}

/** Removes `dir` and its parents up to (not including) `stop` while they are empty. */
export async function removeEmptyDirs(dir: string, stop: string): Promise<void> {
  let current = dir;
  while (current.startsWith(stop + path.sep) && current !== stop) {
    const info = await lstat(current).catch(() => undefined);
    if (!info?.isDirectory()) return;
    const entries = await readdir(current).catch(() => null);
    if (!entries || entries.length > 0) return;
    await rmdir(current).catch(() => undefined);
    current = path.dirname(current);
  }
}

/** Removes every now-empty directory below `dir` (bottom-up), keeping `dir` itself. */
export async function pruneEmptyDirs(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const child = path.join(dir, entry.name);
    await pruneEmptyDirs(child);
    const rest = await readdir(child).catch(() => null);
    if (rest && rest.length === 0) await rmdir(child).catch(() => undefined);
  }
}
