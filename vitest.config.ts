import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { sandboxLibrariesPlugin } from './src/scripting/sandboxLibraries/vitePlugin.ts';

/**
 * Test files that run with a module cache of their own (see `projects` below): the app's, whose
 * modules keep page state (proxy and TLS settings, the session, registries), and any other that
 * replaces modules or globals (vi.mock, vi.resetModules, vi.stubGlobal).
 */
const ISOLATED = ['src/app/**/*.test.ts'];

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
    // Test files share their worker's module cache (each file importing src/core afresh was half the suite's
    // time: src/core's tests alone took 90 s, 25 s sharing), but for those that need their modules fresh.
    projects: [
      { ...shared, test: { ...testOptions, name: 'shared', include: ['src/**/*.test.ts', 'bench/**/*.test.ts'], exclude: ISOLATED, isolate: false } },
      { ...shared, test: { ...testOptions, name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
