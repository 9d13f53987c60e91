#!/usr/bin/env node
// The `wirebench` command: runs the CLI (src/cli/main.ts) and exits with its documented code.
// It runs a pre-built bundle of the CLI (bin/bundle.mjs: built on first use, rebuilt when a
// source changes), which starts in about half the memory of transpiling every module under
// tsx; if the bundle cannot be had it loads the TypeScript through tsx (a dependency, as for
// `npm start`). Works from a clone right after `npm ci` and after `npm install -g`.
import { bundledCli, fromSources } from './bundle.mjs';

const bundle = await bundledCli();
const fallback = () => fromSources('src/cli/main.ts');
// A bundle that does not load (a damaged cache file) is no reason to fail: the sources are here.
const { main } = bundle ? await import(bundle).catch(fallback) : await fallback();
let code;
try {
  code = await main(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`wirebench: unexpected failure: ${err && err.stack ? err.stack : err}\n`);
  code = 2;
}
// Kept-alive connections and HTTP/2 sessions of the relay's engine would hold the process open.
process.exit(code);
