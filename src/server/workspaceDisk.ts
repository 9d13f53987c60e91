/**
 * The file-system primitives under a workspace folder: reading every `.json` file of a
 * directory tree (bounded in size, unreadable files reported), atomic writes that leave
 * unchanged files alone, and removing directories a save or delete left empty. Separate
 * from `workspaceFolder.ts` so the folder's state and revision logic reads without the
 * `node:fs` details.
 */
import { mkdir, readdir, readFile, rename, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Files larger than this are set aside unread: a workspace file is a request, not a payload. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** Dot files and editor backups (`name~`): never part of a workspace. */
export function isHidden(name: string): boolean {
  return name.startsWith('.') || name.endsWith('~');
}

/** Every `.json` file under `dir`, by path relative to it; unreadable or huge ones are reported. */
export async function readTree(dir: string, report: (relative: string, reason: string) => void): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const walk = async (relative: string) => {
    let entries;
    try {
      entries = await readdir(path.join(dir, relative), { withFileTypes: true });
    } catch (err) {
      report(relative, `the directory cannot be read: ${(err as Error).message}`);
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (isHidden(entry.name)) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile() && entry.name.endsWith('.json')) {
        try {
          const info = await stat(path.join(dir, child));
          if (info.size > MAX_FILE_BYTES) {
            report(child, `the file is ${info.size} bytes; workspace files are read up to ${MAX_FILE_BYTES}`);
            continue;
          }
          files.set(child, await readFile(path.join(dir, child), 'utf8'));
        } catch (err) {
          report(child, `the file cannot be read: ${(err as Error).message}`);
        }
      }
    }
  };
  await walk('');
  return files;
}

/** Writes `text` to `file` through a temporary file, so a crash never leaves half a file; unchanged files are not touched. */
export async function writeText(file: string, text: string): Promise<void> {
  const current = await readFile(file, 'utf8').catch(() => undefined);
  if (current === text) return;
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  await writeFile(temporary, text, 'utf8');
  await rename(temporary, file);
}

/** Removes `dir` and its parents up to (not including) `stop` while they are empty. */
export async function removeEmptyDirs(dir: string, stop: string): Promise<void> {
  let current = dir;
  while (current.startsWith(stop + path.sep) && current !== stop) {
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
