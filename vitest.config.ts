import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { sandboxLibrariesPlugin } from './src/scripting/sandboxLibraries/vitePlugin.ts';

export default defineConfig({
  // graphql-language-service as the app's bundle takes it (its ES modules, through Vite), so it shares our one
  // `graphql` (the ESM build) instead of loading the CommonJS build beside it: two builds refuse each other's schemas.
  resolve: { alias: [{ find: /^graphql-language-service$/, replacement: fileURLToPath(new URL('./node_modules/graphql-language-service/esm/index.js', import.meta.url)) }] },
  // The script engine's default module loader (src/scripting) imports the plugin's virtual modules.
  plugins: [sandboxLibrariesPlugin()],
  test: {
    include: ['src/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most tests wait on loopback servers, not the CPU: two files at a time even on two cores
    // (vitest's default is cores − 1, one file at a time on the 2-core CI).
    maxWorkers: Number(process.env.VITEST_WORKERS) || 2,
    server: { deps: { inline: [/graphql-language-service/] } },
  },
});
