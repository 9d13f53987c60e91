/**
 * chai's bundled build as text, through the bundler's `?raw` import (Vite in the page and the
 * worker, vitest in tests). Runtimes without a bundler (the CLI under tsx) pass the text to
 * createScriptEngine themselves instead of loading this module.
 */
import chaiModuleSource from 'chai/index.js?raw';

/** The text of chai/index.js (MIT licence), evaluated inside each script context that uses it. */
export const CHAI_MODULE_SOURCE: string = chaiModuleSource;
