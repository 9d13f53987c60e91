import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvVarAllowList, readWorkspaceEnvAllow } from './envAllow';

let dir: string;
beforeAll(async () => {
  dir = await realpath(await mkdtemp(path.join(tmpdir(), 'wb-envallow-')));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function workspace(name: string, settings: string | undefined): Promise<string> {
  const root = path.join(dir, name);
  await mkdir(root, { recursive: true });
  if (settings !== undefined) await writeFile(path.join(root, 'wirebench.json'), settings);
  return root;
}

describe("a workspace's wirebench.json", () => {
  it('gives its envVarAllow list, and none without the file or the key', async () => {
    expect(await readWorkspaceEnvAllow(await workspace('listed', '{ "envVarAllow": ["API_TOKEN", "CI_*"] }'))).toEqual(['API_TOKEN', 'CI_*']);
    expect(await readWorkspaceEnvAllow(await workspace('none', undefined))).toEqual([]);
    expect(await readWorkspaceEnvAllow(await workspace('other-keys', '{ "theme": "dark" }'))).toEqual([]);
  });

  it('refuses broken JSON with its line and column, a list that is not names, and a link leading outside', async () => {
    await expect(readWorkspaceEnvAllow(await workspace('broken', '{\n  "envVarAllow": [\n}'))).rejects.toMatchObject({ line: 3 });
    await expect(readWorkspaceEnvAllow(await workspace('bad-name', '{ "envVarAllow": ["A-B"] }'))).rejects.toThrow(/must be a list of environment variable names/);
    await expect(readWorkspaceEnvAllow(await workspace('not-list', '{ "envVarAllow": "API_TOKEN" }'))).rejects.toThrow(/must be a list/);
    const outside = path.join(dir, 'outside.json');
    await writeFile(outside, '{ "envVarAllow": ["*"] }');
    const linked = await workspace('linked', undefined);
    await symlink(outside, path.join(linked, 'wirebench.json'));
    await expect(readWorkspaceEnvAllow(linked)).rejects.toThrow(/outside the workspace folder/);
  });
});

describe('EnvVarAllowList', () => {
  it('matches names exactly and * as any run of name characters', () => {
    const allow = new EnvVarAllowList(['API_*', 'EXACT'], ['*_TOKEN']);
    expect(['API_KEY', 'API_', 'EXACT', 'CI_TOKEN'].map((n) => allow.allowedBy(n))).toEqual(['--env-var-allow', '--env-var-allow', '--env-var-allow', 'wirebench.json']);
    expect(['EXACTLY', 'XAPI_KEY', 'TOKEN_CI', 'HOME'].map((n) => allow.allowedBy(n))).toEqual([undefined, undefined, undefined, undefined]);
    expect(() => new EnvVarAllowList(['A.B'])).toThrow(RangeError);
  });

  it('says how to allow a refused name: the flag, and the workspace file only for a workspace', () => {
    expect(new EnvVarAllowList().refusal(['HOME'])).toMatch(/HOME .*not allowed, so nothing was sent; allow it with --env-var-allow HOME$/);
    expect(new EnvVarAllowList([], [], true).refusal(['A', 'B'])).toMatch(/--env-var-allow A,B, or list them under "envVarAllow" in the workspace's wirebench.json$/);
  });
});
