import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './nodeFlags';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the server is started with its Node flags everywhere', () => {
  it('npm start passes each of SERVER_NODE_FLAGS to node', () => {
    const start = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start!;
    expect(start).toMatch(/^node .*bin\/start\.mjs$/);
    for (const flag of SERVER_NODE_FLAGS) expect(start.split(' ')).toContain(flag);
  });

  it('Node accepts them (a flag it does not know would stop npm start)', async () => {
    const { execFileSync } = await import('node:child_process');
    expect(execFileSync(process.execPath, [...SERVER_NODE_FLAGS, '-e', 'process.stdout.write("ok")'], { encoding: 'utf8' })).toBe('ok');
  });
});
