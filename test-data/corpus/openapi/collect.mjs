// Rebuilds this corpus from local snapshots of the source repositories (see each folder's
// SOURCE.md). Not run by the tests, which read the committed files; kept so the selection
// can be repeated or widened: `node test-data/corpus/openapi/collect.mjs /work/.mirror`.
//
// A file is kept when it parses (JSON or YAML), says `swagger: "2.0"` or `openapi: 3.0.x /
// 3.1.x`, has at least one operation, has no `$ref` to another file, is at most 1 MB (the
// sources in BIG may give larger), is not in a folder of deliberately invalid fixtures, and is
// not a copy of a file already kept, and `@scalar/openapi-parser` (the test's oracle) dereferences it without errors. Each source keeps at most its `limit` files, smallest
// providers first for the APIs.guru snapshot so that many providers are represented.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dereference, upgrade } from '@scalar/openapi-parser';
import { parse } from 'yaml';

const mirror = process.argv[2] ?? '/work/.mirror';
const here = path.dirname(new URL(import.meta.url).pathname);
const MB = 1024 * 1024;

/** repo, licence file, licence name, folder filter, how many files at most, size limit. */
const SOURCES = [
  { repo: 'darosh/openapi-directory-lite', license: null, spdx: 'CC0-1.0 (APIs.guru data)', under: /^specs\//, limit: 170, onePerProvider: true },
  { repo: 'readmeio/oas-examples', license: 'LICENSE.md', spdx: 'MIT', under: /^(2\.0|3\.0|3\.1)\//, limit: 200 },
  { repo: 'OAI/OpenAPI-Specification', license: 'LICENSE', spdx: 'Apache-2.0', under: /^_archive_\/schemas\/v3\.0\/pass\//, limit: 20 },
  { repo: 'swagger-api/swagger-petstore', license: 'LICENSE', spdx: 'Apache-2.0', under: /^src\/main\/resources\//, limit: 5 },
  { repo: 'postmanlabs/openapi-to-postman', license: 'LICENSE.md', spdx: 'Apache-2.0', under: /^(examples|test\/data\/(valid_openapi|valid_openapi31X|valid_swagger|31CollectionTransactions|swaggerConverter))\//, limit: 120 },
  { repo: 'APIDevTools/swagger-parser', license: 'LICENSE', spdx: 'MIT', under: /^test\/specs\/(?!invalid)/, limit: 40 },
  { repo: 'swagger-api/swagger-parser', license: 'LICENSE', spdx: 'Apache-2.0', under: /^modules\/.*\/src\/test\/resources\//, limit: 220 },
  { repo: 'Redocly/redocly-cli', license: 'LICENSE.md', spdx: 'MIT', under: /^(resources|tests\/e2e|cookbook|packages\/cli\/src\/__tests__\/fixtures)\//, limit: 60 },
  { repo: 'oasdiff/oasdiff', license: 'LICENSE', spdx: 'Apache-2.0', under: /^data\//, limit: 60 },
  { repo: 'Mermade/openapi3-examples', license: 'LICENSE', spdx: 'Apache-2.0', under: /^3\.[01]\/pass\//, limit: 60 },
  { repo: 'twilio/twilio-oai', license: 'LICENSE', spdx: 'MIT', under: /^spec\/(yaml|json)\//, limit: 30, maxBytes: 400 * 1024 },
  { repo: 'discord/discord-api-spec', license: 'LICENSE', spdx: 'MIT', under: /^specs\/openapi\.json$/, limit: 1, maxBytes: 1.2 * MB },
];

const INVALID_FOLDER = /(^|\/)(invalid|fail|bad|broken|error|errors|negative)[^/]*\//i;
const seen = new Set();

function git(repoDir, ...args) {
  return execFileSync('git', ['-C', repoDir, ...args], { maxBuffer: 64 * MB });
}

function hasExternalRef(value) {
  if (Array.isArray(value)) return value.some(hasExternalRef);
  if (value === null || typeof value !== 'object') return false;
  if (typeof value.$ref === 'string' && !value.$ref.startsWith('#')) return true;
  return Object.values(value).some(hasExternalRef);
}

function operationCount(doc) {
  const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
  if (doc.paths === null || typeof doc.paths !== 'object') return 0;
  return Object.values(doc.paths).reduce((n, item) => n + (item && typeof item === 'object' ? methods.filter((m) => item[m] && typeof item[m] === 'object').length : 0), 0);
}

function family(doc) {
  if (String(doc.swagger) === '2.0') return 'swagger-2.0';
  const version = String(doc.openapi ?? '');
  if (/^3\.0\.\d/.test(version)) return 'openapi-3.0';
  if (/^3\.1\.\d/.test(version)) return 'openapi-3.1';
  return undefined;
}

function candidate(text) {
  let doc;
  try {
    doc = parse(text, { maxAliasCount: 10000 });
  } catch {
    return undefined;
  }
  if (doc === null || typeof doc !== 'object' || !family(doc) || operationCount(doc) === 0 || hasExternalRef(doc)) return undefined;
  // The conformance test's oracle must be able to read it: upgraded (Swagger) and dereferenced without errors.
  try {
    const copy = structuredClone(doc);
    const { errors } = dereference(family(doc) === 'swagger-2.0' ? upgrade(copy).specification : copy);
    if (errors?.length) return undefined;
  } catch {
    return undefined;
  }
  return doc;
}

const summary = [];
for (const source of SOURCES) {
  const repoDir = path.join(mirror, source.repo.replace('/', '+'), 'repo');
  const commit = git(repoDir, 'rev-parse', 'HEAD').toString().trim();
  const listing = git(repoDir, 'ls-tree', '-r', '-l', 'HEAD').toString().trim().split('\n');
  let files = listing
    .map((line) => {
      const [meta, file] = line.split('\t');
      return { file, size: Number(meta.trim().split(/\s+/)[3]) };
    })
    .filter(({ file, size }) => source.under.test(file) && /\.(ya?ml|json)$/i.test(file) && !INVALID_FOLDER.test(file) && size <= (source.maxBytes ?? MB))
    .sort((a, b) => a.size - b.size || a.file.localeCompare(b.file));
  if (source.onePerProvider) {
    const providers = new Set();
    files = files.filter(({ file }) => {
      const provider = file.split('/')[1];
      if (providers.has(provider)) return false;
      providers.add(provider);
      return true;
    });
  }
  const folder = path.join(here, source.repo.replace('/', '__'));
  rmSync(folder, { recursive: true, force: true });
  const kept = [];
  for (const { file } of files) {
    if (kept.length >= source.limit) break;
    const text = git(repoDir, 'show', `HEAD:${file}`).toString('utf8');
    const doc = candidate(text);
    if (!doc) continue;
    // The same description as JSON and as YAML, or re-indented, counts once.
    const digest = createHash('sha256').update(JSON.stringify(doc)).digest('hex');
    if (seen.has(digest)) continue;
    seen.add(digest);
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    writeFileSync(path.join(folder, file), text);
    kept.push(`- \`${file}\` (${family(doc)}, ${operationCount(doc)} operations)`);
  }
  const licenseText = source.license
    ? git(repoDir, 'show', `HEAD:${source.license}`).toString('utf8')
    : 'The repository has no LICENSE file; its package.json says MIT. The API descriptions in it are\nthe APIs.guru OpenAPI directory (https://github.com/APIs-guru/openapi-directory), whose\ncollected data is dedicated to the public domain under CC0 1.0 Universal:\nhttps://creativecommons.org/publicdomain/zero/1.0/\n';
  writeFileSync(path.join(folder, 'LICENSE'), licenseText);
  writeFileSync(
    path.join(folder, 'SOURCE.md'),
    `# ${source.repo}\n\n- Repository: https://github.com/${source.repo}\n- Commit: ${commit}\n- Licence: ${source.spdx}${source.license ? ` (\`${source.license}\`, copied here as LICENSE)` : ''}\n- Files: ${kept.length}, each at the same path as in the repository, unchanged\n\n${kept.join('\n')}\n`,
  );
  summary.push(`${source.repo}: ${kept.length}`);
}
console.log(summary.join('\n'));
