/**
 * bin/bundle.mjs on a copy of the package (bin/, src/, package.json, node_modules linked entry
 * by entry so its cache folder is the copy's own): the first start builds the bundle, an
 * edited source makes the next start rebuild it (the edit shows), a damaged bundle is rebuilt.
 */
import { execFile } from 'node:child_process';
import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let copy: string;

beforeAll(async () => {
  copy = await mkdtemp(path.join(tmpdir(), 'wirebench-bundle-'));
  await cp(path.join(root, 'bin'), path.join(copy, 'bin'), { recursive: true });
  await cp(path.join(root, 'src'), path.join(copy, 'src'), { recursive: true });
  await cp(path.join(root, 'package.json'), path.join(copy, 'package.json'));
  await mkdir(path.join(copy, 'node_modules'));
  for (const name of await readdir(path.join(root, 'node_modules'))) {
    if (name !== '.cache') await symlink(path.join(root, 'node_modules', name), path.join(copy, 'node_modules', name));
  }
});
afterAll(async () => {
  await rm(copy, { recursive: true, force: true });
});

function bin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(copy, 'bin/wirebench.mjs'), ...args], { cwd: copy, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? -1) : 0, stdout, stderr });
    });
  });
}

const cacheFile = (name: string) => path.join(copy, 'node_modules/.cache/wirebench', name);

describe('the CLI bundle', () => {
  it('is built on first use, rebuilt after a source edit, and rebuilt when the cached file is damaged', async () => {
    const first = await bin(['--help']);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('wirebench run <source>');
    const manifest = JSON.parse(await readFile(cacheFile('cli.manifest.json'), 'utf8')) as { inputs: string[]; hash: string };
    expect(manifest.inputs).toContain(path.join('src', 'cli', 'help.ts'));
    expect(await readFile(cacheFile('cli.mjs'), 'utf8')).toContain('wirebench run <source>');

    await writeFile(path.join(copy, 'src/cli/main.ts'), (await readFile(path.join(copy, 'src/cli/main.ts'), 'utf8')).replace("stdout.write(HELP);", "stdout.write(HELP + 'bundle-rebuilt\\n');"));
    const edited = await bin(['--help']);
    expect(edited.code).toBe(0);
    expect(edited.stdout).toContain('bundle-rebuilt');
    const rebuilt = JSON.parse(await readFile(cacheFile('cli.manifest.json'), 'utf8')) as { hash: string };
    expect(rebuilt.hash).not.toBe(manifest.hash);
    expect(await readFile(cacheFile('cli.mjs'), 'utf8')).toContain('bundle-rebuilt');

    await appendFile(cacheFile('cli.mjs'), '\nthis is not JavaScript (\n');
    const repaired = await bin(['--version']);
    expect(repaired).toEqual({ code: 0, stdout: expect.stringMatching(/^wirebench \d+\.\d+\.\d+\n$/), stderr: '' });
    expect(await readFile(cacheFile('cli.mjs'), 'utf8')).not.toContain('this is not JavaScript');
  });
});
