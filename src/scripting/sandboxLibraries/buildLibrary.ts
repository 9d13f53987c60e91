/**
 * Node only (esbuild, the file system): builds a sandbox module from its package into one
 * CommonJS text (catalog.ts says what each is built from), for the Vite plugin (the page's
 * worker chunks) and the CLI (at run time, on first need). Built with esbuild, a dependency,
 * so it works from a fresh clone after `npm ci` and after `npm install -g`; kept in
 * node_modules/.cache/wirebench/sandbox-libraries/ (beside the CLI's own bundle) with a
 * manifest of the packages that went in and their versions, so a changed package is rebuilt.
 * A cache that cannot be written (a read-only install) only means building again next time.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BUNDLED_MODULES, INLINE_MODULES, VENDORED_MODULES, isBundledModule, isVendoredModule, type SandboxLibrary } from './catalog.ts';

/** Bumped when the build below changes, so older cached texts are rebuilt. */
const FORMAT = 1;

const require = createRequire(import.meta.url);
/** The project's root: the folder whose node_modules holds the sandbox's packages. */
const ROOT = path.resolve(path.dirname(require.resolve('crypto-js/package.json')), '..', '..');
const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'wirebench', 'sandbox-libraries');

/** Modules that stay `require(name)` in a text: Node's, resolved by the sandbox to the shims. */
const NODE_MODULES = new Set(['assert', 'buffer', 'crypto', 'events', 'path', 'punycode', 'querystring', 'stream', 'string_decoder', 'timers', 'url', 'util']);
/** Node modules nothing in the sandbox can have; a library that requires one gets an error only if it really calls it. */
const ABSENT_MODULES = new Set(['fs', 'os', 'http', 'https', 'http2', 'net', 'tls', 'zlib', 'child_process', 'vm', 'dns', 'worker_threads', 'module', 'readline', 'tty']);

type Esbuild = typeof import('esbuild');
let esbuild: Promise<Esbuild> | undefined;
function loadEsbuild(): Promise<Esbuild> {
  esbuild ??= import('esbuild').catch(() => createRequire(require.resolve('tsx/package.json'))('esbuild') as Esbuild);
  return esbuild;
}

interface Manifest {
  format: number;
  entry: string;
  /** Package folders (relative to the root) and the version each had. */
  packages: Record<string, string>;
  text: string;
}

function cacheFile(name: string): string {
  return path.join(CACHE_DIR, `${name.replace(/[^\w.-]/g, '_')}.json`);
}

function versionOf(dir: string): string | null {
  try {
    return String((JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as { version?: string }).version);
  } catch {
    return null;
  }
}

/** The package folder (relative to the root) a built file came from. */
function packageDirOf(file: string): string | undefined {
  const parts = path.relative(ROOT, path.resolve(ROOT, file)).split(path.sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return undefined;
  const scoped = parts[at + 1]?.startsWith('@');
  return parts.slice(0, at + (scoped ? 3 : 2)).join('/');
}

function readCached(name: string, entry: string): SandboxLibrary | undefined {
  try {
    const manifest = JSON.parse(readFileSync(cacheFile(name), 'utf8')) as Manifest & { requires: string[] };
    if (manifest.format !== FORMAT || manifest.entry !== entry) return undefined;
    for (const [dir, version] of Object.entries(manifest.packages)) if (versionOf(dir) !== version) return undefined;
    return { name, text: manifest.text, requires: manifest.requires };
  } catch {
    return undefined;
  }
}

function writeCached(library: SandboxLibrary, entry: string, packages: Record<string, string>): void {
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    const file = cacheFile(library.name);
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(temp, JSON.stringify({ format: FORMAT, entry, packages, text: library.text, requires: library.requires }));
    // A rename is atomic: a concurrent reader sees the old file or the new one, never half.
    renameSync(temp, file);
  } catch {
    // Not cached: built again next time.
  }
}

async function build(name: string, entry: string): Promise<{ library: SandboxLibrary; packages: Record<string, string> }> {
  const { build: run } = await loadEsbuild();
  const result = await run({
    stdin: { contents: entry, resolveDir: ROOT, loader: 'js', sourcefile: `${name}-entry.js` },
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'inline',
    metafile: true,
    logLevel: 'silent',
    // The names a library may expect of Node or a browser, answered by the run (prelude/modules.ts):
    // Buffer is required on first use, process is a small stand-in, crypto has getRandomValues only.
    define: {
      'process.env.NODE_ENV': '"production"',
      global: 'globalThis',
      Buffer: '__wirebench.Buffer',
      process: '__wirebench.process',
      setImmediate: '__wirebench.setImmediate',
      clearImmediate: '__wirebench.clearImmediate',
      crypto: '__wirebench.crypto',
    },
    plugins: [
      {
        name: 'sandbox-modules',
        setup(b) {
          b.onResolve({ filter: /.*/ }, (args) => {
            if (args.importer.endsWith(`${name}-entry.js`) || args.kind === 'entry-point') return undefined;
            const bare = args.path.replace(/^node:/, '').replace(/\/$/, '');
            // Shared through the sandbox's require: one Buffer, one lodash, one EventEmitter per run.
            if (NODE_MODULES.has(bare) || (bare === 'lodash' && name !== 'lodash')) return { path: bare, external: true };
            if (ABSENT_MODULES.has(bare)) return { path: bare, external: true };
            return undefined;
          });
        },
      },
    ],
  });
  const text = result.outputFiles?.[0]?.text ?? '';
  const requires = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imported of output.imports) if (imported.external && !ABSENT_MODULES.has(imported.path)) requires.add(imported.path);
  }
  if (text.includes('__wirebench.Buffer')) requires.add('buffer');
  requires.delete(name);
  const packages: Record<string, string> = {};
  for (const file of Object.keys(result.metafile.inputs)) {
    const dir = packageDirOf(file);
    if (dir && !(dir in packages)) packages[dir] = versionOf(dir) ?? '';
  }
  return { library: { name, text, requires: [...requires].sort() }, packages };
}

const building = new Map<string, Promise<SandboxLibrary>>();

/**
 * The sandbox text of module `name` (a name in catalog.ts): from the cache when its packages
 * are unchanged, else built now (a few hundred ms for the largest) and cached. Memoised per
 * process. Rejects with a TypeError for a name the catalog does not have.
 */
export function buildSandboxLibrary(name: string): Promise<SandboxLibrary> {
  const inline = INLINE_MODULES[name];
  if (inline) return Promise.resolve(inline);
  // A vendored file is its own text (it is not bundled): read as it is, from the package's root.
  if (isVendoredModule(name)) return readFile(path.join(ROOT, VENDORED_MODULES[name]!), 'utf8').then((text) => ({ name, text, requires: [] }));
  if (!isBundledModule(name)) return Promise.reject(new TypeError(`${JSON.stringify(name)} is not a sandbox module (see src/scripting/sandboxLibraries/catalog.ts)`));
  let pending = building.get(name);
  if (!pending) {
    const entry = BUNDLED_MODULES[name]!;
    pending = (async () => {
      const cached = readCached(name, entry);
      if (cached) return cached;
      const { library, packages } = await build(name, entry);
      writeCached(library, entry, packages);
      return library;
    })();
    // A failed build is not remembered: the next require tries again.
    pending.catch(() => building.delete(name));
    building.set(name, pending);
  }
  return pending;
}
