/**
 * Node only: the Vite plugin that gives the page's script worker the sandbox's modules.
 * `virtual:wirebench-sandbox-libraries` maps each module name to a dynamic import of its
 * own chunk (`virtual:wirebench-sandbox-library/<name>`, the text built by buildLibrary.ts),
 * so the worker fetches a module's text the first time a script names it, and the page's
 * first screen carries none of them. Register it for the worker bundle too
 * (`worker.plugins`): Vite builds workers with their own plugin list.
 */
import type { Plugin } from 'vite';
import { buildSandboxLibrary } from './buildLibrary.ts';
import { BUNDLED_MODULES, INLINE_MODULES, VENDORED_MODULES } from './catalog.ts';

export const LIBRARY_INDEX_ID = 'virtual:wirebench-sandbox-libraries';
const LIBRARY_PREFIX = 'virtual:wirebench-sandbox-library/';

/** The plugin; one instance per bundle (page, worker, vitest). */
export function sandboxLibrariesPlugin(): Plugin {
  return {
    name: 'wirebench-sandbox-libraries',
    resolveId(id) {
      if (id === LIBRARY_INDEX_ID || id.startsWith(LIBRARY_PREFIX)) return `\0${id}`;
      return undefined;
    },
    async load(id) {
      if (id === `\0${LIBRARY_INDEX_ID}`) {
        const names = [...Object.keys(BUNDLED_MODULES), ...Object.keys(INLINE_MODULES), ...Object.keys(VENDORED_MODULES)];
        const lines = names.map((name) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(LIBRARY_PREFIX + encodeURIComponent(name))}),`);
        return `export const SANDBOX_LIBRARIES = {\n${lines.join('\n')}\n};\n`;
      }
      if (id.startsWith(`\0${LIBRARY_PREFIX}`)) {
        const name = decodeURIComponent(id.slice(1 + LIBRARY_PREFIX.length));
        return `export default ${JSON.stringify(await buildSandboxLibrary(name))};\n`;
      }
      return undefined;
    },
  };
}
