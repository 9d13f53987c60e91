/**
 * `wirebench run` reads a workspace folder without leaving it: links inside are read,
 * links leading outside (a file, a directory, the `environments` directory itself) are
 * reported without a word of their content, links to directories are not followed — on a
 * real folder in the temp directory, through `readWorkspace` as the command calls it.
 */
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { normaliseDraft, type Collection } from '../core';
import { collectionFiles, environmentFile } from '../core/workspace/folderLayout';
import { InputError, readWorkspace } from './source';
import { readWorkspaceJson } from './workspaceFiles';

const SECRET = 'outside-secret-ghp_abcdefghijklmnopqrstuvwxyz0123456789';
const shop: Collection = {
  id: 'col-shop',
  name: 'Shop',
  variables: [],
  items: [{ kind: 'request', id: 'req-health', name: 'Health', requestType: 'http', draft: normaliseDraft({ name: 'Health', url: 'http://shop.test/health' }) }],
};

let base: string;
let dir: string;
let outside: string;

async function put(relative: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(dir, relative)), { recursive: true });
  await writeFile(path.join(dir, relative), text);
}

/** Reads `sub` of the workspace as `readWorkspace` does; returns the files and the reports. */
async function read(sub: string): Promise<{ files: Map<string, string>; reports: string[] }> {
  const reports: string[] = [];
  const files = await readWorkspaceJson(dir, path.join(dir, sub), (relative, reason) => reports.push(`${relative}: ${reason}`));
  return { files, reports };
}

beforeEach(async () => {
  base = await realpath(await mkdtemp(path.join(tmpdir(), 'wirebench-cli-files-')));
  dir = path.join(base, 'workspace');
  outside = path.join(base, 'outside');
  await mkdir(dir);
  await mkdir(outside);
  await writeFile(path.join(outside, 'secret.json'), JSON.stringify({ token: SECRET }));
  for (const [file, { text }] of collectionFiles(shop).files) await put(`collections/shop/${file}`, text);
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('the CLI reads a workspace folder without leaving it', () => {
  it('reads the .json files in name order, skipping dot files, backups and other files', async () => {
    await put('collections/shop/.draft.json', '{}');
    await put('collections/shop/health.json~', '{}');
    await put('collections/shop/notes.md', '# notes');
    const { files, reports } = await read('collections');
    expect([...files.keys()]).toEqual(['shop/collection.json', 'shop/health.json']);
    expect(reports).toEqual([]);
  });

  it('a linked file inside the folder is read; one leading outside is reported unread', async () => {
    await symlink(path.join(dir, 'collections/shop/health.json'), path.join(dir, 'collections/shop/again.json'));
    await symlink(path.join(outside, 'secret.json'), path.join(dir, 'collections/shop/stolen.json'));
    const { files, reports } = await read('collections');
    expect(files.get('shop/again.json')).toBe(files.get('shop/health.json'));
    expect(files.has('shop/stolen.json')).toBe(false);
    expect(reports).toEqual(['shop/stolen.json: a symbolic link leading outside the workspace folder; it was not read']);
    expect(reports.join('\n')).not.toContain(SECRET);
  });

  it('links to directories are not followed, inside or outside', async () => {
    await symlink(outside, path.join(dir, 'collections/away'));
    await symlink(path.join(dir, 'collections/shop'), path.join(dir, 'collections/loop'));
    const { files, reports } = await read('collections');
    expect([...files.keys()].some((f) => f.startsWith('away/') || f.startsWith('loop/'))).toBe(false);
    expect(reports).toEqual([
      'away: a symbolic link leading outside the workspace folder; it was not read',
      'loop: a symbolic link to a directory; links to directories are not followed',
    ]);
  });

  it('an environments directory that is a link leading outside makes the run refuse the folder, without its content', async () => {
    await writeFile(path.join(outside, 'prod.json'), environmentFile({ id: 'env-prod', name: 'Prod', variables: [{ name: 'token', value: SECRET }] }));
    await symlink(outside, path.join(dir, 'environments'));
    const error = await readWorkspace(dir).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toContain('environments/: the directory is a symbolic link leading outside the workspace folder');
    expect((error as InputError).message).not.toContain(SECRET);
  });

  it('a workspace folder reached through a link reads as the folder itself', async () => {
    await symlink(dir, path.join(base, 'linked'));
    const source = await readWorkspace(path.join(base, 'linked'));
    expect(source.collections.map((c) => c.name)).toEqual(['Shop']);
  });
});
