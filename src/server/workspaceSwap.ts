/**
 * A collection save that touches several files is applied all at once: the complete new
 * directory is written into a hidden staging directory, then swapped in by two renames
 * recorded in a journal (`collections/.wirebench-save.json`). A crash (or kill) at any
 * moment leaves either the old collection or the new one, never a mix of their request
 * files; opening the folder finishes or undoes an interrupted swap. Files of the old
 * directory that were not part of the collection (set aside, a README…) are carried over.
 */
import { copyFile, lstat, mkdir, readdir, readFile, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { confine } from './workspaceConfine';

/** The journal of a swap in progress, inside the collections directory. */
export const SAVE_JOURNAL = '.wirebench-save.json';
const STAGING_PREFIX = '.wirebench-staging-';
const OLD_PREFIX = '.wirebench-old-';

interface Journal {
  version: 1;
  /** Directory names inside the collections directory. */
  staging: string;
  target: string;
  previous?: string;
  old?: string;
}

/** What one swap writes. */
export interface CollectionSwap {
  /** The collections directory (real path) and the workspace root it must stay inside. */
  collectionsDir: string;
  root: string;
  /** Directory name the collection gets. */
  target: string;
  /** Directory name it has now, when it exists. */
  previous?: string;
  /** The new files, by path relative to the collection directory. */
  files: ReadonlyMap<string, string>;
  /** Paths (relative to the previous directory) that held the collection and are replaced, not carried over. */
  replaced: ReadonlySet<string>;
  /** Test hook: called after each step; throwing there simulates a crash at that point. */
  afterStep?: (step: 'staged' | 'journal' | 'old-moved' | 'swapped') => void;
}

async function exists(file: string): Promise<boolean> {
  return lstat(file).then(
    () => true,
    () => false,
  );
}

/** Copies what the old directory holds besides the collection's own files into `staging`. */
async function carryOver(from: string, to: string, skip: (relative: string) => boolean, relative = ''): Promise<void> {
  const entries = await readdir(path.join(from, relative), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const child = relative ? `${relative}/${entry.name}` : entry.name;
    const source = path.join(from, child);
    const destination = path.join(to, child);
    if (entry.isDirectory()) await carryOver(from, to, skip, child);
    else if (skip(child) || (await exists(destination))) continue;
    else if (entry.isSymbolicLink()) {
      await mkdir(path.dirname(destination), { recursive: true });
      await symlink(await readlink(source), destination);
    } else if (entry.isFile() && !/^\.[^/]*\.\d+\.tmp$/.test(entry.name)) {
      await mkdir(path.dirname(destination), { recursive: true });
      await copyFile(source, destination);
    }
  }
}

async function writeJournal(collectionsDir: string, journal: Journal): Promise<void> {
  const file = path.join(collectionsDir, SAVE_JOURNAL);
  await writeFile(`${file}.tmp`, JSON.stringify(journal), 'utf8');
  await rename(`${file}.tmp`, file);
}

/** Writes the collection's new directory and swaps it in; see the module comment. */
export async function swapCollectionDir(swap: CollectionSwap): Promise<void> {
  const { collectionsDir, root } = swap;
  await confine(root, collectionsDir);
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const staging = `${STAGING_PREFIX}${swap.target}-${stamp}`;
  const stagingDir = path.join(collectionsDir, staging);
  await mkdir(stagingDir, { recursive: true });
  for (const [relative, text] of swap.files) {
    const file = path.join(stagingDir, relative);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text, 'utf8');
  }
  const previousDir = swap.previous ? path.join(collectionsDir, swap.previous) : undefined;
  const previousIsDir = previousDir ? (await lstat(previousDir).catch(() => undefined))?.isDirectory() === true : false;
  if (previousDir && previousIsDir) await carryOver(previousDir, stagingDir, (relative) => swap.replaced.has(relative));
  swap.afterStep?.('staged');

  const journal: Journal = { version: 1, staging, target: swap.target };
  if (previousIsDir && swap.previous) {
    journal.previous = swap.previous;
    journal.old = `${OLD_PREFIX}${swap.previous}-${stamp}`;
  }
  await writeJournal(collectionsDir, journal);
  swap.afterStep?.('journal');
  if (journal.old && journal.previous) await rename(path.join(collectionsDir, journal.previous), path.join(collectionsDir, journal.old));
  swap.afterStep?.('old-moved');
  await rename(stagingDir, path.join(collectionsDir, swap.target));
  swap.afterStep?.('swapped');
  await finish(collectionsDir, journal);
}

async function finish(collectionsDir: string, journal: Journal): Promise<void> {
  if (journal.old) await rm(path.join(collectionsDir, journal.old), { recursive: true, force: true });
  await rm(path.join(collectionsDir, SAVE_JOURNAL), { force: true });
}

/**
 * Completes or undoes a swap a crash interrupted, and removes staging directories no
 * journal names. Called when the folder is opened, before it is read.
 */
export async function recoverInterruptedSave(collectionsDir: string): Promise<'none' | 'completed' | 'rolled-back'> {
  let outcome: 'none' | 'completed' | 'rolled-back' = 'none';
  const text = await readFile(path.join(collectionsDir, SAVE_JOURNAL), 'utf8').catch(() => undefined);
  let journal: Journal | undefined;
  try {
    const parsed = text === undefined ? undefined : (JSON.parse(text) as Journal);
    const safe = (name: unknown) => typeof name === 'string' && name !== '' && !name.includes('/') && !name.includes('\\') && name !== '.' && name !== '..';
    if (parsed && safe(parsed.staging) && safe(parsed.target) && (parsed.old === undefined || safe(parsed.old)) && (parsed.previous === undefined || safe(parsed.previous))) {
      journal = parsed;
    }
  } catch {
    journal = undefined;
  }
  if (journal) {
    const stagingLeft = await exists(path.join(collectionsDir, journal.staging));
    if (!stagingLeft && (await exists(path.join(collectionsDir, journal.target)))) {
      outcome = 'completed';
      await finish(collectionsDir, journal);
    } else {
      outcome = 'rolled-back';
      if (journal.old && journal.previous && (await exists(path.join(collectionsDir, journal.old))) && !(await exists(path.join(collectionsDir, journal.previous)))) {
        await rename(path.join(collectionsDir, journal.old), path.join(collectionsDir, journal.previous));
      }
      await rm(path.join(collectionsDir, journal.staging), { recursive: true, force: true });
      await finish(collectionsDir, { ...journal, old: undefined });
    }
  }
  for (const name of await readdir(collectionsDir).catch(() => [] as string[])) {
    if (name.startsWith(STAGING_PREFIX)) await rm(path.join(collectionsDir, name), { recursive: true, force: true });
  }
  await rm(path.join(collectionsDir, `${SAVE_JOURNAL}.tmp`), { force: true });
  return outcome;
}
