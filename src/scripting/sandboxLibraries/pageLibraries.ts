/**
 * The sandbox's modules in a bundle made by Vite (the page's script worker, vitest): each
 * module's text is its own chunk, fetched the first time a script names it (vitePlugin.ts).
 * The index is imported dynamically: a bundle made without the plugin (the CLI's esbuild
 * bundle, which inlines this file) must still load, and only fail here if it were ever asked.
 */
import type { SandboxLibraryLoader } from './catalog';

/** Loads a module's text from its chunk. */
export const pageSandboxLibraries: SandboxLibraryLoader = async (name) => {
  const { SANDBOX_LIBRARIES } = await import('virtual:wirebench-sandbox-libraries');
  const load = Object.prototype.hasOwnProperty.call(SANDBOX_LIBRARIES, name) ? SANDBOX_LIBRARIES[name] : undefined;
  if (!load) throw new TypeError(`${JSON.stringify(name)} is not a sandbox module`);
  return (await load()).default;
};
