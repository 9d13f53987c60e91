/**
 * Node only: the sandbox's modules for the CLI and Node tests, built from node_modules on
 * first need and cached on disk (buildLibrary.ts). Pass it as createScriptEngine's
 * `libraries` where there is no Vite (tsx, the CLI's esbuild bundle).
 */
import { buildSandboxLibrary } from './buildLibrary';
import type { SandboxLibraryLoader } from './catalog';

export const nodeSandboxLibraries: SandboxLibraryLoader = (name) => buildSandboxLibrary(name);
