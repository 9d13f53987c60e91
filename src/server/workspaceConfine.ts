/**
 * Keeps every file operation of a `--workspace` folder inside it. A cloned repository can
 * carry symbolic links; followed blindly they would let a save write outside the folder, a
 * scan read outside `.json` files into the app, or a delete unlink an outside file. Every
 * read, write, rename and delete therefore resolves the real path first (the deepest part
 * that exists, through `realpath`) and refuses anything that lands outside the folder's
 * real path. The folder's own root may be a link: it is resolved once, at open.
 */
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';

/** A path refused because it resolves outside the workspace folder. */
export class OutsideWorkspaceError extends Error {
  readonly code = 'WB_OUTSIDE_WORKSPACE';
  constructor(readonly relative: string) {
    super(
      `${relative} leads outside the workspace folder through a symbolic link; Wirebench only reads and writes inside the folder, so it was left alone.`,
    );
    this.name = 'OutsideWorkspaceError';
  }
}

/** True when `candidate` (a real, absolute path) is `root` or inside it. */
export function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/**
 * The real path `target` would have: the deepest existing ancestor resolved through
 * `realpath`, with the parts that do not exist yet appended as they are.
 */
export async function realTarget(target: string): Promise<string> {
  const missing: string[] = [];
  let current = path.resolve(target);
  for (;;) {
    try {
      const real = await realpath(current);
      return missing.length ? path.join(real, ...missing.reverse()) : real;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw err;
      const parent = path.dirname(current);
      if (parent === current) return path.join(current, ...missing.reverse());
      missing.push(path.basename(current));
      current = parent;
    }
  }
}

/**
 * Refuses `target` unless its real path is inside `root` (itself a real path). For a
 * path whose last part is a symbolic link, `followLast: false` checks only the directory
 * it sits in: removing or replacing the link itself never touches what it points to.
 */
export async function confine(root: string, target: string, options: { followLast?: boolean } = {}): Promise<string> {
  const absolute = path.resolve(target);
  const relative = path.relative(root, absolute).split(path.sep).join('/') || '.';
  if (!isInside(root, absolute)) throw new OutsideWorkspaceError(relative);
  let checked = absolute;
  if (options.followLast === false) {
    const link = await lstat(absolute).catch(() => undefined);
    if (link?.isSymbolicLink()) checked = path.dirname(absolute);
  }
  const real = await realTarget(checked);
  if (!isInside(root, real)) throw new OutsideWorkspaceError(relative);
  return real;
}
