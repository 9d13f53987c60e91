/**
 * The `.json` files under a workspace folder, read for `wirebench run` and never written.
 * A cloned repository can carry symbolic links; followed blindly they would read a file
 * from outside the folder into a request or a report. So, as the server's confinement
 * does (`src/server/workspaceConfine.ts`), every directory and link is resolved to its
 * real path and refused when that lands outside the folder's real path; links to
 * directories are not followed (they could loop). The server's write side (atomic
 * writes, removing links, pruning) has no counterpart here: a run only reads.
 */
import type { Dirent } from 'node:fs';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/** Files larger than this are reported unread, as the server does: a workspace file is a request, not a payload. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

function isInside(root: string, real: string): boolean {
  return real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/**
 * Every `.json` file under `dir`, keyed by its path relative to `dir` (`/`-separated, in
 * name order); dot files and editor backups (`name~`) skipped. `root` is the workspace
 * folder's real path (`realpath`): nothing whose real path is outside it is read, and
 * `report` gets each file or directory left unread with the reason, never its content.
 */
export async function readWorkspaceJson(root: string, dir: string, report: (relative: string, reason: string) => void): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const readInside = async (relative: string, real: string) => {
    const info = await stat(real);
    if (info.size > MAX_FILE_BYTES) report(relative, `the file is ${info.size} bytes; workspace files are read up to ${MAX_FILE_BYTES}`);
    else files.set(relative, await readFile(real, 'utf8'));
  };
  const walk = async (relative: string) => {
    let entries: Dirent[];
    try {
      if (!isInside(root, await realpath(path.join(dir, relative)))) {
        report(relative, 'the directory is a symbolic link leading outside the workspace folder; it was not read');
        return;
      }
      entries = await readdir(path.join(dir, relative), { withFileTypes: true });
    } catch (err) {
      report(relative, `the directory cannot be read: ${(err as Error).message}`);
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.name.startsWith('.') || entry.name.endsWith('~')) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      const full = path.join(dir, child);
      try {
        if (entry.isDirectory()) await walk(child);
        else if (entry.isSymbolicLink()) {
          // Read through the resolved path, so what was checked is what is read.
          const real = await realpath(full);
          if (!isInside(root, real)) report(child, 'a symbolic link leading outside the workspace folder; it was not read');
          else if ((await stat(real)).isDirectory()) report(child, 'a symbolic link to a directory; links to directories are not followed');
          else if (entry.name.endsWith('.json')) await readInside(child, real);
        } else if (entry.isFile() && entry.name.endsWith('.json')) await readInside(child, full);
      } catch (err) {
        report(child, `the file cannot be read: ${(err as Error).message}`);
      }
    }
  };
  await walk('');
  return files;
}
