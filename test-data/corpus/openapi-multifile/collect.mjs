// Rebuilds this corpus from local snapshots of the source repositories (see each folder's
// SOURCE.md). Not run by the tests, which read the committed files; kept so the selection
// can be repeated or widened: `node test-data/corpus/openapi-multifile/collect.mjs /work/.mirror`.
//
// A description is kept when its entry file says `swagger: "2.0"` or `openapi: 3.0.x / 3.1.x`,
// has at least one operation and at least one `$ref` to another file, and every file it
// reaches (transitively, each reference resolved against the folder of the file holding it)
// is in the repository, parses, and refers to no URL; the whole is at most 400 kB, is not in
// a folder of deliberately invalid fixtures, is not a copy of a description already kept, and
// the conformance test's oracle (Scalar's bundler reading the files, then
// `@scalar/openapi-parser` upgrading and dereferencing) reads it without errors.
// Each is written to `<source>/<case>/`, its files at their paths relative to the deepest
// folder holding them all, unchanged; `entries.json` names every case's entry file.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundle } from '@scalar/json-magic/bundle';
import { parseJson, parseYaml, readFiles } from '@scalar/json-magic/bundle/plugins/node';
import { dereference, upgrade } from '@scalar/openapi-parser';
import { parse } from 'yaml';

const mirror = process.argv[2] ?? '/work/.mirror';
const here = path.dirname(new URL(import.meta.url).pathname);
const MB = 1024 * 1024;
const MAX_CASE_BYTES = 400 * 1024;

/** repo, licence file, licence name, folder filter, how many descriptions at most. */
const SOURCES = [
  { repo: 'APIDevTools/swagger-parser', license: 'LICENSE', spdx: 'MIT', under: /^test\/specs\//, limit: 10 },
  { repo: 'swagger-api/swagger-parser', license: 'LICENSE', spdx: 'Apache-2.0', under: /^modules\/.*\/src\/test\/resources\//, limit: 90 },
  { repo: 'Redocly/redocly-cli', license: 'LICENSE.md', spdx: 'MIT', under: /^(resources|tests\/e2e|packages\/cli\/src\/__tests__\/fixtures|packages\/core\/src)\//, limit: 40 },
  { repo: 'postmanlabs/openapi-to-postman', license: 'LICENSE.md', spdx: 'Apache-2.0', under: /^(examples|test\/data)\//, limit: 40 },
  { repo: 'oasdiff/oasdiff', license: 'LICENSE', spdx: 'Apache-2.0', under: /^data\//, limit: 20 },
];

const INVALID_FOLDER = /(^|\/)(invalid|fail|bad|broken|error|errors|negative|unresolv[^/]*|missing[^/]*)\//i;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const seen = new Set();

const git = (repoDir, ...args) => execFileSync('git', ['-C', repoDir, ...args], { maxBuffer: 64 * MB });

function parseText(text) {
  try {
    return parse(text, { maxAliasCount: 10000 });
  } catch {
    return undefined;
  }
}

/** Every `$ref` string in `value`. */
function refsOf(value, out = []) {
  if (Array.isArray(value)) value.forEach((v) => refsOf(v, out));
  else if (value !== null && typeof value === 'object') {
    if (typeof value.$ref === 'string') out.push(value.$ref);
    Object.values(value).forEach((v) => refsOf(v, out));
  }
  return out;
}

function family(doc) {
  if (doc === null || typeof doc !== 'object') return undefined;
  if (String(doc.swagger) === '2.0') return 'swagger-2.0';
  const version = String(doc.openapi ?? '');
  return /^3\.0\.\d/.test(version) ? 'openapi-3.0' : /^3\.1\.\d/.test(version) ? 'openapi-3.1' : undefined;
}

/** Operations directly under paths, plus path items that are references (counted once each). */
function operationCount(doc) {
  if (doc.paths === null || typeof doc.paths !== 'object') return 0;
  return Object.values(doc.paths).reduce((n, item) => n + (item && typeof item === 'object' ? (typeof item.$ref === 'string' ? 1 : METHODS.filter((m) => item[m] && typeof item[m] === 'object').length) : 0), 0);
}

/** The files `entry` reaches, entry first, or undefined when one is missing, unparsable, or a ref is a URL. */
function closure(entry, read) {
  const files = new Map();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift();
    if (files.has(file)) continue;
    const text = read(file);
    if (text === undefined) return undefined;
    const doc = parseText(text);
    if (doc === undefined) return undefined;
    files.set(file, text);
    for (const ref of refsOf(doc)) {
      const target = ref.split('#')[0];
      if (target === '') continue;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
      let decoded = target;
      try {
        decoded = decodeURI(target);
      } catch {
        /* kept as written */
      }
      queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), decoded)));
    }
  }
  return files;
}

/** Whether the oracle reads the description whose entry is `entryPath` without errors (as `oracleReadFiles`). */
async function oracleReads(entryPath) {
  let unresolved = 0;
  const plugins = [readFiles(), parseJson(), parseYaml(), { type: 'lifecycle', onResolveError: () => (unresolved += 1) }];
  try {
    const bundled = await bundle(entryPath, { plugins, treeShake: false });
    if (unresolved > 0) return false;
    const swagger = String(bundled.swagger) === '2.0';
    let { schema, errors } = dereference(structuredClone(bundled));
    if (swagger && !errors?.length) {
      try {
        upgrade(schema);
      } catch {
        ({ errors } = dereference(upgrade(bundled).specification));
      }
    }
    return !errors?.length;
  } catch {
    return false;
  }
}

function commonFolder(files) {
  const parts = files.map((f) => path.posix.dirname(f).split('/'));
  const common = [];
  for (let i = 0; parts.every((p) => i < p.length && p[i] === parts[0][i]); i += 1) common.push(parts[0][i]);
  return common.join('/');
}

const entries = {};
const summary = [];
for (const source of SOURCES) {
  const repoDir = path.join(mirror, source.repo.replace('/', '+'), 'repo');
  const commit = git(repoDir, 'rev-parse', 'HEAD').toString().trim();
  const all = new Set(git(repoDir, 'ls-tree', '-r', '--name-only', 'HEAD').toString().trim().split('\n'));
  const read = (file) => (all.has(file) && /\.(ya?ml|json)$/i.test(file) ? git(repoDir, 'show', `HEAD:${file}`).toString('utf8') : undefined);
  const folder = path.join(here, source.repo.replace('/', '__'));
  rmSync(folder, { recursive: true, force: true });
  const kept = [];
  const unreadable = [];
  const names = new Set();
  for (const file of [...all].filter((f) => source.under.test(f) && /\.(ya?ml|json)$/i.test(f) && !INVALID_FOLDER.test(f)).sort()) {
    if (kept.length >= source.limit) break;
    const text = read(file);
    if (!/\$ref["']?\s*:\s*["']?(?!#)/.test(text) || !/(openapi|swagger)["']?\s*:/.test(text)) continue;
    const doc = parseText(text);
    if (!family(doc) || operationCount(doc) === 0 || refsOf(doc).every((ref) => ref.startsWith('#'))) continue;
    const files = closure(file, read);
    if (!files || files.size < 2) continue;
    const bytes = [...files.values()].reduce((n, t) => n + Buffer.byteLength(t), 0);
    if (bytes > MAX_CASE_BYTES) continue;
    const digest = createHash('sha256').update(JSON.stringify([...files.values()].sort())).digest('hex');
    if (seen.has(digest)) continue;
    seen.add(digest);
    const base = commonFolder([...files.keys()]);
    let name = file.split('/').slice(-2).join('__').replace(/\.(ya?ml|json)$/i, '');
    while (names.has(name)) name += '_';
    names.add(name);
    for (const [member, content] of files) {
      const target = path.join(folder, name, path.posix.relative(base, member));
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, content);
    }
    if (!(await oracleReads(path.join(folder, name, path.posix.relative(base, file))))) {
      rmSync(path.join(folder, name), { recursive: true });
      unreadable.push(`\`${file}\``);
      continue;
    }
    entries[`${source.repo.replace('/', '__')}/${name}`] = path.posix.relative(base, file);
    kept.push(`- \`${name}/\`: \`${file}\` (${family(doc)}) and ${files.size - 1} file(s) it refers to, from \`${base}/\`: ${[...files.keys()].slice(1).map((f) => `\`${path.posix.relative(base, f)}\``).join(', ')}`);
  }
  writeFileSync(path.join(folder, 'LICENSE'), git(repoDir, 'show', `HEAD:${source.license}`).toString('utf8'));
  writeFileSync(
    path.join(folder, 'SOURCE.md'),
    `# ${source.repo}\n\n- Repository: https://github.com/${source.repo}\n- Commit: ${commit}\n- Licence: ${source.spdx} (\`${source.license}\`, copied here as LICENSE)\n- Descriptions: ${kept.length}, each in its own folder, its files unchanged at their paths relative to the deepest repository folder holding them all\n\n${kept.join('\n')}\n${unreadable.length ? `\nLeft out because the oracle cannot read them (a reference that does not resolve, or refers to itself): ${unreadable.join(', ')}.\n` : ''}`,
  );
  summary.push(`${source.repo}: ${kept.length}`);
}
writeFileSync(path.join(here, 'entries.json'), `${JSON.stringify(entries, null, 2)}\n`);
console.log(summary.join('\n'));
