/**
 * `runScript(input)`: one script run on a shared engine loaded on first use, for callers that
 * do not manage engines themselves. Under a bundler (Vite, vitest) chai's source comes from
 * the `?raw` import; elsewhere call configureScriptEngine({ chaiSource }) first.
 */
import { createScriptEngine, type ScriptEngine, type ScriptEngineOptions } from './engine';
import type { ScriptRunInput, ScriptRunResult } from './types';

let shared: Promise<ScriptEngine> | undefined;
let sharedOptions: ScriptEngineOptions = {};

/** Sets how the shared engine loads (before its first run; later calls replace it). */
export function configureScriptEngine(options: ScriptEngineOptions): void {
  sharedOptions = options;
  shared = undefined;
}

/** Runs one script isolated in a fresh QuickJS context; see ScriptRunInput and ScriptRunResult. */
export async function runScript(input: ScriptRunInput): Promise<ScriptRunResult> {
  if (!shared) {
    shared = createScriptEngine(sharedOptions);
    // A failed load (no chai source, no WebAssembly) is not cached: the next call tries again.
    shared.catch(() => (shared = undefined));
  }
  return (await shared).run(input);
}
