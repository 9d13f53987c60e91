#!/usr/bin/env node
// The `wirebench` command: loads the TypeScript CLI through tsx (a dependency, as for
// `npm start`) and exits with its documented code. Works from a clone (`npx wirebench`)
// and after `npm install -g`, since tsx is resolved from this package's own node_modules.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
let code;
try {
  code = await main(process.argv.slice(2));
} catch (err) {
  process.stderr.write(`wirebench: unexpected failure: ${err && err.stack ? err.stack : err}\n`);
  code = 2;
}
// Kept-alive connections and HTTP/2 sessions of the relay's engine would hold the process open.
process.exit(code);
