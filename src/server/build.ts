/**
 * Builds the app when `dist/` is missing or older than its sources, so `npm start` on a
 * fresh clone serves the current code without a separate build step.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

async function newestMtime(entry: string): Promise<number> {
  const info = await stat(entry).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const child of await readdir(entry)) {
    if (child === 'node_modules' || child.endsWith('.test.ts')) continue;
    newest = Math.max(newest, await newestMtime(path.join(entry, child)));
  }
  return newest;
}

/** Where the built app lives: `dist/`, or WIREBENCH_DIST_DIR (parallel test runs keep apart). */
export function distDirOf(root: string): string {
  return path.resolve(root, process.env.WIREBENCH_DIST_DIR || 'dist');
}

/** True when the build is missing or a source is newer than it. */
export async function buildIsStale(root: string): Promise<boolean> {
  const built = await stat(path.join(distDirOf(root), 'index.html')).catch(() => null);
  if (!built) return true;
  const sources = ['index.html', 'vite.config.ts', 'public', 'src/app', 'src/core', 'package.json'];
  for (const s of sources) if ((await newestMtime(path.join(root, s))) > built.mtimeMs) return true;
  return false;
}

/** Runs Vite's production build. */
export async function buildApp(root: string): Promise<void> {
  const vite = await import('vite');
  await vite.build({ root, logLevel: 'warn', configFile: path.join(root, 'vite.config.ts'), build: { outDir: distDirOf(root), emptyOutDir: true } });
}
