/**
 * `npm run bench:protocols` (issue 29 item 7): runs each section file of bench/protocols/
 * (every `.ts` there but workers), calling each function it exports whose name starts with
 * `bench`, one after another; each prints its own table with the figure and its floor or
 * target side by side. `BENCH_SHORT=1` (from `npm run bench`) makes each section short.
 * Names given on the command line pick sections: `npm run bench:protocols -- websocket`.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'protocols');
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !/worker/i.test(f) && !f.endsWith('.test.ts'))
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.ts$/, '')))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n=== bench/protocols/${file} ===`);
  try {
    const section = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
    for (const [name, run] of Object.entries(section)) if (name.startsWith('bench') && typeof run === 'function') await (run as () => Promise<void>)();
  } catch (err) {
    failed += 1;
    console.error(`bench/protocols/${file} failed: ${(err as Error).stack ?? err}`);
  }
}
process.exit(failed ? 1 : 0);
