import { defineConfig } from 'vitest/config';
import { sandboxLibrariesPlugin } from './src/scripting/sandboxLibraries/vitePlugin.ts';

export default defineConfig({
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
  },
});
