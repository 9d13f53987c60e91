/**
 * Regenerates `bench/newman-integration/files/` from a checkout of newman's repository
 * (its `test/integration` folder), rewritten so every request goes to loopback:
 *
 *   tsx bench/newman-integration/importFromNewman.ts /path/to/newman [commit]
 *
 * The path may be a work tree or a bare git directory (then files are read with `git show`).
 * Every string in a collection, environment, globals or data file has postman-echo.com,
 * httpbin.org, google.com, github.com and expired.badssl.com replaced by the stand-ins of
 * `echoServer.ts` (ports 4040 and 4043; 4041 and 4042 are newman's own local servers and
 * stay as they are). URL objects that name the host in parts get the stand-in's host, port
 * and protocol. A file's encoding (a UTF-8 BOM, UTF-16 LE) is kept, since some collections
 * test exactly that. `suiteFiles.ts` turns the fixed ports into the ones a run listens on.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeFile, encodeLike } from './suiteFiles';

const here = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.join(here, 'files');

/** Text replacements, in order (the longer, more specific ones first). */
const REWRITES: [RegExp, string][] = [
  [/https:\/\/expired\.badssl\.com/g, 'https://localhost:4043'],
  [/https?:\/\/httpbin\.org/g, 'http://localhost:4040'],
  [/http:\/\/(google|github)\.com/g, 'http://localhost:4040/get'],
  [/https:(\/\/|\\\\)postman-echo\.com/g, 'http:$1localhost:4040'],
  [/postman-echo\.com/g, 'localhost:4040'],
  // A URL built from a variable that holds the echo host ("https://{{envFileUrl}}/post", "https://{{host.{{one}}}}/get").
  [/https:\/\/\{\{/g, 'http://{{'],
  // With user info before the host ("https://us@r:p@ssword@postman-echo.com/get").
  [/https:\/\/([^/\s"]*@)localhost:4040/g, 'http://$1localhost:4040'],
];

const rewriteText = (text: string) => REWRITES.reduce((t, [re, to]) => t.replace(re, to), text);

/** Hosts written in parts ("host": ["postman-echo", "com"]) that stand for the echo stand-in. */
const ECHO_HOSTS = new Set(['localhost:4040', 'postman-echo.com', 'httpbin.org']);

/**
 * Changes to single collections, beyond the host names, each for the reason given (README.md).
 * whatwg-url's "reserved chars in variables" builds its URL from variables a script sets to
 * postman-echo's scheme and port (https, 443): pointed at the stand-in's (http, 4040).
 */
const PATCHES: [RegExp, string][] = [
  [/pm\.variables\.set\("p:\/\/", "https"\);/g, 'pm.variables.set("p://", "http");'],
  [/pm\.variables\.set\("host\.name", "localhost:4040"\);/g, 'pm.variables.set("host.name", "localhost");'],
  [/pm\.variables\.set\(":p", "443"\);/g, 'pm.variables.set(":p", "4040");'],
];

function rewrite(value: unknown): unknown {
  if (typeof value === 'string') return PATCHES.reduce((t, [re, to]) => t.replace(re, to), rewriteText(value)).replace(/^test\/integration\//, '');
  if (Array.isArray(value)) return value.map(rewrite);
  if (value && typeof value === 'object') {
    const original = value as Record<string, unknown>;
    const obj = Object.fromEntries(Object.entries(original).map(([k, v]) => [k, rewrite(v)])) as Record<string, unknown>;
    const host = Array.isArray(original.host) ? original.host.join('.') : original.host;
    if (typeof host === 'string' && ECHO_HOSTS.has(host)) {
      obj.host = ['localhost'];
      obj.port = '4040';
      if (obj.protocol) obj.protocol = 'http';
    }
    // A URL object whose raw form now says http (it said https to a host that is now the stand-in).
    if (obj.protocol === 'https' && typeof obj.raw === 'string' && /^http:/.test(obj.raw)) obj.protocol = 'http';
    return obj;
  }
  return value;
}

function main(): void {
  const [source, commit = 'HEAD'] = process.argv.slice(2);
  if (!source) throw new Error('Give the path of a newman checkout (a work tree or a bare git directory).');
  const bare = !existsSync(path.join(source, 'test/integration'));
  const gitDir = bare ? source : path.join(source, '.git');
  const list = execFileSync('git', [`--git-dir=${gitDir}`, 'ls-tree', '-r', '--name-only', commit, 'test/integration'], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  rmSync(OUT, { recursive: true, force: true });
  for (const file of list) {
    const bytes = execFileSync('git', [`--git-dir=${gitDir}`, 'show', `${commit}:${file}`], { maxBuffer: 64 << 20 });
    const rel = path.relative('test/integration', file);
    const target = path.join(OUT, rel);
    mkdirSync(path.dirname(target), { recursive: true });
    const decoded = decodeFile(bytes);
    let text: string;
    if (file.endsWith('.json')) {
      const indent = /\n(\s+)"/.exec(decoded.text)?.[1] ?? '  ';
      text = JSON.stringify(rewrite(JSON.parse(decoded.text)), null, indent) + '\n';
    } else {
      text = rewriteText(decoded.text);
    }
    writeFileSync(target, encodeLike(decoded, text));
  }
  const resolved = execFileSync('git', [`--git-dir=${gitDir}`, 'rev-parse', commit], { encoding: 'utf8' }).trim();
  writeFileSync(path.join(OUT, 'SOURCE'), `postmanlabs/newman ${resolved} test/integration\n`);
  console.log(`${list.length} files written to ${path.relative(process.cwd(), OUT)} from newman ${resolved}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
