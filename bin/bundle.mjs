// The CLI and the server as pre-built JavaScript files, so `wirebench` and `npm start` run
// without tsx transpiling every module (under tsx, `wirebench --help` alone peaked at ~150 MB
// RSS; the bundle at ~80 MB), and the relay runs plain JavaScript: tsx keeps function names
// by wrapping every closure the relay creates in a naming call, per exchange, which was a
// measurable part of a small relayed request (bench/relayAB.ts).
// Built with esbuild (tsx's own dependency, so present after `npm ci`/`npm install`/`npm
// install -g`) on first use into node_modules/.cache/wirebench/, next to the packages it
// leaves external (they resolve from there by walking up). Kept with a manifest listing
// every source file that went in and a hash of their contents: an edited, added or removed
// import changes a listed file, so a stale bundle is never run. Any failure returns null
// and the caller falls back to tsx (e.g. a read-only global install).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE_DIR = path.join(root, 'node_modules/.cache/wirebench');

/** Where one program's bundle and manifest live. */
function files(name) {
  return { BUNDLE: path.join(CACHE_DIR, `${name}.mjs`), MANIFEST: path.join(CACHE_DIR, `${name}.manifest.json`) };
}
// Bumped when the build options below change, so older bundles are rebuilt.
const FORMAT = 2;

/** Hash of the listed files' contents (paths relative to the root), or null if one is gone. */
function hashOf(inputs) {
  const hash = createHash('sha256').update(`${FORMAT}\n`);
  for (const file of inputs) {
    let text;
    try {
      text = readFileSync(path.join(root, file));
    } catch {
      return null;
    }
    hash.update(`${file}\n${text.length}\n`).update(text);
  }
  return hash.digest('hex');
}

/** The bundle's URL when the manifest's hash still matches the sources, else null. */
function current(name) {
  const { BUNDLE, MANIFEST } = files(name);
  try {
    const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
    if (manifest.format !== FORMAT || !Array.isArray(manifest.inputs)) return null;
    const hash = hashOf(manifest.inputs);
    // The bundle's own hash too: a truncated or edited cache file is rebuilt, not run.
    const built = createHash('sha256').update(readFileSync(BUNDLE)).digest('hex');
    return hash && hash === manifest.hash && built === manifest.bundle ? pathToFileURL(BUNDLE).href : null;
  } catch {
    return null;
  }
}

// The bundlers' `?raw` import (src/scripting/chaiSource.ts): the file's text as the default export.
const rawImports = {
  name: 'raw-imports',
  setup(build) {
    build.onResolve({ filter: /\?raw$/ }, (args) => {
      const request = args.path.slice(0, -'?raw'.length);
      const file = request.startsWith('.') ? path.resolve(args.resolveDir, request) : createRequire(path.join(args.resolveDir, 'x.js')).resolve(request);
      return { path: file, namespace: 'raw-text' };
    });
    build.onLoad({ filter: /.*/, namespace: 'raw-text' }, (args) => ({ contents: readFileSync(args.path, 'utf8'), loader: 'text' }));
  },
};

async function build(entry, name) {
  const { BUNDLE, MANIFEST } = files(name);
  const require = createRequire(import.meta.url);
  let esbuild;
  try {
    esbuild = require('esbuild');
  } catch {
    // Not hoisted: take the copy tsx depends on.
    esbuild = createRequire(require.resolve('tsx/package.json'))('esbuild');
  }
  mkdirSync(CACHE_DIR, { recursive: true });
  const temp = `${BUNDLE}.${process.pid}.tmp`;
  let result;
  try {
    result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: [entry],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      outfile: temp,
      metafile: true,
      logLevel: 'silent',
      plugins: [rawImports],
    });
  } finally {
    // The JS API keeps an esbuild service process alive; this run has no more use for it.
    esbuild.stop?.();
  }
  const inputs = Object.keys(result.metafile.inputs)
    .map((key) => key.replace(/^raw-text:/, ''))
    .map((file) => path.relative(root, path.resolve(root, file)))
    .sort();
  const hash = hashOf(inputs);
  if (!hash) throw new Error('a source file vanished during the build');
  const bundle = createHash('sha256').update(readFileSync(temp)).digest('hex');
  // Renames are atomic: a concurrent start sees whole files, and a bundle that does not match
  // the manifest it reads is rebuilt.
  renameSync(temp, BUNDLE);
  const manifestTemp = `${MANIFEST}.${process.pid}.tmp`;
  writeFileSync(manifestTemp, JSON.stringify({ format: FORMAT, hash, bundle, inputs }));
  renameSync(manifestTemp, MANIFEST);
  return pathToFileURL(BUNDLE).href;
}

/** The URL of an up-to-date bundle of `entry` kept as `name` (built now if missing or stale), or null. */
async function bundled(entry, name) {
  if (process.env.WIREBENCH_NO_BUNDLE === '1') return null;
  const ready = current(name);
  if (ready) return ready;
  try {
    return await build(entry, name);
  } catch {
    return null;
  }
}

/**
 * The URL of an up-to-date bundle of the CLI (built now if missing or stale), or null when
 * it cannot be had; `WIREBENCH_NO_BUNDLE=1` also gives null (run the sources under tsx).
 */
export function bundledCli() {
  return bundled('src/cli/main.ts', 'cli');
}

/** Loads `entry` (a path from the package root) from the TypeScript sources under tsx: the fallback when there is no bundle. */
export async function fromSources(entry) {
  const { register } = await import('tsx/esm/api');
  register();
  return import(pathToFileURL(path.join(root, entry)).href);
}

/** The same for the server (`src/server/main.ts`: the app, the relay and the sandbox). */
export function bundledServer() {
  return bundled('src/server/main.ts', 'server');
}
