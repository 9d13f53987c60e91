import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { sandboxLibrariesPlugin } from './src/scripting/sandboxLibraries/vitePlugin.ts';

/**
 * Test files that share their worker's module cache and globals (see `projects` below): the
 * pure core and the server side, which neither keep page state in modules nor touch globals
 * (no fake timers left on, no script libraries that extend built-in prototypes). With the cache
 * shared more widely, newman's prototype checks failed in a file that ran after others in the same
 * worker (most likely sugar.js, which script tests load, extending Date's prototype), so every
 * directory that runs scripts or renders the page keeps a module cache per file.
 */
const SHARED = ['src/core/**/*.test.ts', 'src/relay/**/*.test.ts', 'src/server/**/*.test.ts', 'src/conformance/**/*.test.ts', 'src/sandbox/**/*.test.ts'];
const ALL = ['src/**/*.test.ts', 'bench/**/*.test.ts'];

const shared = {
  // graphql-language-service as the app's bundle takes it (its ES modules, through Vite), so it shares our one
  // `graphql` (the ESM build) instead of loading the CommonJS build beside it: two builds refuse each other's schemas.
  resolve: { alias: [{ find: /^graphql-language-service$/, replacement: fileURLToPath(new URL('./node_modules/graphql-language-service/esm/index.js', import.meta.url)) }] },
  // The script engine's default module loader (src/scripting) imports the plugin's virtual modules.
  plugins: [sandboxLibrariesPlugin()],
};
const testOptions = {
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
  server: { deps: { inline: [/graphql-language-service/] } },
};

export default defineConfig({
  ...shared,
  test: {
    // Most tests wait on loopback servers, not the CPU: two files at a time even on two cores
    // (vitest's default is cores − 1, one file at a time on the 2-core CI).
    maxWorkers: Number(process.env.VITEST_WORKERS) || 2,
    // Files that can share their worker's module cache do (each file importing src/core afresh was half
    // the suite's time: src/core's tests alone took 90 s, 25 s sharing); the others keep one each.
    projects: [
      { ...shared, test: { ...testOptions, name: 'shared', include: SHARED, isolate: false } },
      { ...shared, test: { ...testOptions, name: 'isolated', include: ALL, exclude: SHARED, isolate: true } },
    ],
  },
});
