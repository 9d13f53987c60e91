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
  },
});
