/**
 * The workspace folder cannot be escaped through symbolic links (a file, a folder, the
 * environments directory; a linked root is allowed and confines to its real path), a
 * malformed id is a 400, and a multi-file save killed midway leaves the old or the new
 * collection, never a mix — checked with a real SIGKILL of a child process and with a
 * simulated crash after each step of the swap.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { normaliseDraft, storedWorkspaceRecord, type Collection } from '../core';
import { startServer, type RunningServer } from './listen';
import { WorkspaceFolder } from './workspaceFolder';

const SECRET = 'outside-secret-ghp_abcdefghijklmnopqrstuvwxyz0123456789';
const request = (id: string, name: string, url: string) => ({ kind: 'request' as const, id, name, requestType: 'http' as const, draft: normaliseDraft({ name, url }) });
const shop = (items: Collection['items'] = [request('req-health', 'Health', 'http://shop.test/health')]): Collection => ({ id: 'col-shop', name: 'Shop', variables: [], items });

let base: string;
let dir: string;
let outside: string;
let folder: WorkspaceFolder | undefined;
let server: RunningServer | undefined;

async function snapshot(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (relative: string) => {
    for (const entry of await readdir(path.join(root, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else out[child] = await readFile(path.join(root, child), 'utf8');
    }
  };
  await walk('');
  return out;
}

beforeEach(async () => {
  base = await realpath(await mkdtemp(path.join(tmpdir(), 'wirebench-confine-')));
  dir = path.join(base, 'workspace');
  outside = path.join(base, 'outside');
  await mkdir(dir);
  await mkdir(outside);
  await writeFile(path.join(outside, 'secret.json'), JSON.stringify({ token: SECRET, name: 'x', draft: { method: 'GET', url: 'http://x' } }));
  await writeFile(path.join(outside, 'folder.json'), JSON.stringify({ token: SECRET }));
});

afterEach(async () => {
  folder?.close();
  folder = undefined;
  await server?.close();
  server = undefined;
  await rm(base, { recursive: true, force: true });
});

describe('workspace folder confinement', () => {
  it('a linked request file leading outside is set aside unread; save and delete leave the outside file alone', async () => {
    folder = await WorkspaceFolder.open(dir, { watch: false });
    await folder.putCollection(storedWorkspaceRecord('collection', shop()));
    await rm(path.join(dir, 'collections/shop/health.json'));
    await symlink(path.join(outside, 'secret.json'), path.join(dir, 'collections/shop/health.json'));
    await folder.rescan();
    const state = folder.state();
    expect(JSON.stringify(state)).not.toContain(SECRET);
    expect(state.setAside).toContainEqual(expect.objectContaining({ path: 'collections/shop/health.json', reason: expect.stringMatching(/outside the workspace folder/) }));
    const before = await snapshot(outside);
    await folder.putCollection(storedWorkspaceRecord('collection', shop([request('req-health', 'Health', 'http://changed.test/')])));
    await folder.deleteCollection('col-shop');
    expect(await snapshot(outside)).toEqual(before);
  });

  it('a linked folder inside a collection is not read, and a save of a folder with that name never writes through it', async () => {
    folder = await WorkspaceFolder.open(dir, { watch: false });
    await folder.putCollection(storedWorkspaceRecord('collection', shop()));
    await symlink(outside, path.join(dir, 'collections/shop/orders'));
    await folder.rescan();
    expect(JSON.stringify(folder.state())).not.toContain(SECRET);
    const before = await snapshot(outside);
    const withFolder = shop([{ kind: 'folder', id: 'fld-orders', name: 'Orders', items: [request('req-list', 'Secret', 'http://shop.test/orders')] }]);
    const written = await folder.putCollection(storedWorkspaceRecord('collection', withFolder));
    expect(written.ok).toBe(true);
    expect(await snapshot(outside)).toEqual(before);
    await folder.deleteCollection('col-shop');
    expect(await snapshot(outside)).toEqual(before);
  });

  it('a linked environments directory is neither read, written nor deleted from, through the API too', async () => {
    await mkdir(path.join(dir, 'collections'), { recursive: true });
    await symlink(outside, path.join(dir, 'environments'));
    folder = await WorkspaceFolder.open(dir, { watch: false });
    const state = folder.state();
    expect(JSON.stringify(state)).not.toContain(SECRET);
    expect(state.environments).toEqual([]);
    expect(state.setAside.some((s) => /outside the workspace folder/.test(s.reason))).toBe(true);
    const before = await snapshot(outside);
    const token = 'confine-token';
    server = await startServer({ port: 0, host: '127.0.0.1', token, workspace: folder });
    const put = await fetch(`${server.origin}/api/workspace/environments/env-secret`, {
      method: 'PUT',
      headers: { 'X-Wirebench-Token': token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ version: 1, id: 'env-secret', name: 'Secret', variables: [] }),
    });
    expect(put.status).toBe(409);
    expect(((await put.json()) as { error: string }).error).toMatch(/outside the workspace folder/);
    expect(await snapshot(outside)).toEqual(before);
  });

  it('a linked workspace root is resolved once; a link from inside back out of its real path is still refused', async () => {
    const real = path.join(base, 'real-workspace');
    await mkdir(real);
    await rm(dir, { recursive: true });
    await symlink(real, dir, 'dir');
    folder = await WorkspaceFolder.open(dir, { watch: false });
    expect(folder.dir).toBe(real);
    await folder.putCollection(storedWorkspaceRecord('collection', shop()));
    expect(Object.keys(await snapshot(real))).toContain('collections/shop/health.json');
    await symlink(path.join(outside, 'secret.json'), path.join(real, 'environments/stolen.json'));
    await folder.rescan();
    expect(JSON.stringify(folder.state())).not.toContain(SECRET);
  });

  it('a malformed percent-encoding in an id is a 400 that names it, not a 500', async () => {
    folder = await WorkspaceFolder.open(dir, { watch: false });
    const token = 'confine-token';
    server = await startServer({ port: 0, host: '127.0.0.1', token, workspace: folder });
    for (const method of ['PUT', 'DELETE']) {
      const res = await fetch(`${server.origin}/api/workspace/collections/%E0%A4%A`, { method, headers: { 'X-Wirebench-Token': token }, body: method === 'PUT' ? '{}' : undefined });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/percent-encoding/);
    }
  });
});

const OLD = Array.from({ length: 1200 }, (_, i) => request(`req-${i}`, `old request ${i}`, `http://old.test/${i}`));
const NEW = Array.from({ length: 1200 }, (_, i) => request(`new-${i}`, `new request ${i}`, `http://new.test/${i}`));

/** Which generation the folder holds now: all old, all new, or a mix (the failure). */
async function generation(): Promise<string> {
  const reopened = await WorkspaceFolder.open(dir, { watch: false });
  const items = reopened.state().collections[0]?.items ?? [];
  reopened.close();
  const olds = items.filter((i) => i.name.startsWith('old')).length;
  const news = items.filter((i) => i.name.startsWith('new')).length;
  if (olds === OLD.length && news === 0) return 'old';
  if (news === NEW.length && olds === 0) return 'new';
  return `mixed: ${olds} old, ${news} new`;
}

describe('a multi-file save is all or nothing', () => {
  it('a process killed (SIGKILL) in the middle of a save leaves the old or the new collection', async () => {
    folder = await WorkspaceFolder.open(dir, { watch: false });
    await folder.putCollection(storedWorkspaceRecord('collection', shop(OLD)));
    folder.close();
    folder = undefined;
    const record = path.join(base, 'new.json');
    await writeFile(record, JSON.stringify(storedWorkspaceRecord('collection', shop(NEW))));
    const module = path.join(path.dirname(fileURLToPath(import.meta.url)), 'workspaceFolder.ts');
    const script = `
      const { readFileSync } = await import('node:fs');
      const { WorkspaceFolder } = await import(${JSON.stringify(module)});
      const folder = await WorkspaceFolder.open(${JSON.stringify(dir)}, { watch: false });
      await folder.putCollection(JSON.parse(readFileSync(${JSON.stringify(record)}, 'utf8')));
      process.stdout.write('saved');`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Kill once a third of the new request files exist anywhere under collections/ (staging included).
    const countNew = async (): Promise<number> => {
      let n = 0;
      const walk = async (at: string) => {
        for (const entry of await readdir(at, { withFileTypes: true }).catch(() => [])) {
          if (entry.isDirectory()) await walk(path.join(at, entry.name));
          else if (entry.name.startsWith('new-request-')) n++;
        }
      };
      await walk(path.join(dir, 'collections'));
      return n;
    };
    let killed = false;
    while (!output.includes('saved') && child.exitCode === null) {
      if ((await countNew()) >= NEW.length / 3) {
        child.kill('SIGKILL');
        killed = true;
        break;
      }
    }
    await exited;
    expect(killed).toBe(true);
    expect(await generation()).toBe('old');
  }, 60_000);

  it.each(['staged', 'journal', 'old-moved', 'swapped'] as const)('a crash right after the %s step leaves the old or the new collection', async (step) => {
    folder = await WorkspaceFolder.open(dir, { watch: false });
    await folder.putCollection(storedWorkspaceRecord('collection', shop(OLD.slice(0, 50))));
    folder.close();
    const crashing = await WorkspaceFolder.open(dir, {
      watch: false,
      afterSwapStep: (at) => {
        if (at === step) throw new Error(`simulated crash after ${at}`);
      },
    });
    folder = crashing;
    await expect(crashing.putCollection(storedWorkspaceRecord('collection', shop(NEW.slice(0, 50))))).rejects.toThrow(/simulated crash/);
    const reopened = await WorkspaceFolder.open(dir, { watch: false });
    const names = (reopened.state().collections[0]?.items ?? []).map((i) => i.name.split(' ')[0]);
    reopened.close();
    expect(names).toHaveLength(50);
    expect(new Set(names).size).toBe(1);
    expect(step === 'swapped' ? names[0] : 'either').toBe(step === 'swapped' ? 'new' : 'either');
    const leftovers = (await readdir(path.join(dir, 'collections'))).filter((n) => n.startsWith('.'));
    expect(leftovers).toEqual([]);
  });
});
