import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * `src/core` runs in the page, in workers, in the relay and in the sandbox, so it may not
 * import React, Node modules or other parts of the app, nor touch DOM globals.
 */
const coreDir = path.dirname(fileURLToPath(import.meta.url));
const srcDir = path.dirname(coreDir);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const FORBIDDEN_PACKAGES = /^(react|react-dom|zustand|@tanstack\/.*|@codemirror\/.*|codemirror|undici|busboy|idb|node:.*|fs|path|http|https|net|tls|crypto|os|child_process|stream|zlib|url|events|buffer|worker_threads)(\/.*)?$/;
const DOM_GLOBALS = /(?<![.\w])(window|document|localStorage|sessionStorage|indexedDB|navigator|location|XMLHttpRequest)\s*[.[]/g;
const NODE_GLOBALS = /(?<![.\w])(process|Buffer|require|__dirname|__filename)\s*[.([]/g;

/** True when `name` is declared in the file (a local `document` or `location` is not the DOM's). */
function declaredLocally(code: string, name: string): boolean {
  const declaration = new RegExp(
    `\\b(const|let|var|function|class)\\s+[^=;]*?\\b${name}\\b|[(,]\\s*${name}\\s*[:?),=]|\\{[^}]*\\b${name}\\b[^}]*\\}\\s*[:=)]`,
  );
  return declaration.test(code);
}

/** Uses of the given globals that are not shadowed by a local declaration. */
function globalUses(code: string, pattern: RegExp): string[] {
  return [...code.matchAll(pattern)].map((m) => m[1]!).filter((name) => !declaredLocally(code, name));
}

function importsOf(text: string): string[] {
  const specs: string[] = [];
  for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g)) {
    specs.push((m[1] ?? m[2] ?? m[3])!);
  }
  return specs;
}

/** Strips comments and string contents so prose about `window.` does not count. */
function codeOnly(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1')
    .replace(/`(?:\\.|[^`\\])*`|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"/g, '""');
}

describe('src/core stays pure', () => {
  const files = sourceFiles(coreDir);

  it('has source files to check', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files.map((f) => [path.relative(srcDir, f), f]))('%s imports nothing impure', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    for (const spec of importsOf(text)) {
      expect(FORBIDDEN_PACKAGES.test(spec), `imports ${spec}`).toBe(false);
      if (spec.startsWith('.')) {
        const resolved = path.resolve(path.dirname(file), spec);
        expect(resolved.startsWith(coreDir), `imports ${spec} from outside src/core`).toBe(true);
      }
    }
    const code = codeOnly(text);
    expect(globalUses(code, DOM_GLOBALS), 'touches a DOM global').toEqual([]);
    expect(globalUses(code, NODE_GLOBALS), 'touches a Node global').toEqual([]);
  });

  it('the checker catches what it must', () => {
    expect(FORBIDDEN_PACKAGES.test('react')).toBe(true);
    expect(FORBIDDEN_PACKAGES.test('node:fs')).toBe(true);
    expect(importsOf("import x from 'react';\nexport * from './a';")).toEqual(['react', './a']);
    expect(globalUses(codeOnly('const w = window.innerWidth;'), DOM_GLOBALS)).toEqual(['window']);
    expect(globalUses(codeOnly('// window.foo is mentioned in prose'), DOM_GLOBALS)).toEqual([]);
    expect(globalUses(codeOnly('const document = parse(x); document.root;'), DOM_GLOBALS)).toEqual([]);
    expect(globalUses(codeOnly('document.title = 1;'), DOM_GLOBALS)).toEqual(['document']);
    expect(globalUses(codeOnly('Buffer.from(x)'), NODE_GLOBALS)).toEqual(['Buffer']);
  });
});

/**
 * DESIGN.md, "Dependencies point inward": what each top-level part of `src/` may import
 * besides itself. core imports nothing of ours; every other part may import core.
 */
const ARROWS: Readonly<Record<string, readonly string[]>> = {
  core: [],
  scripting: ['core'],
  app: ['core', 'scripting'],
  relay: ['core'],
  sandbox: ['core'],
  cli: ['relay', 'core', 'scripting'],
  server: ['relay', 'sandbox', 'core'],
};

/**
 * Folders that hold only tests and their support, such as helpers that start the whole
 * server (DESIGN.md: never in a part below the server). They may import anything; no part
 * above may import them, since none lists them.
 */
const TEST_ONLY_PARTS = ['conformance', 'testing'];

/** Relative specifiers `text` depends on: imports, re-exports, and worker URLs (`new URL('./w.ts', import.meta.url)`). */
function dependenciesOf(text: string): string[] {
  const workers = [...text.matchAll(/new\s+URL\(\s*['"](\.[^'"]+)['"]\s*,\s*import\.meta\.url/g)].map((m) => m[1]!);
  return [...importsOf(text), ...workers].filter((spec) => spec.startsWith('.'));
}

/** The specifiers in `text` (a file of `part`, at `file`) that break the arrows, as `spec → part` sentences. */
function arrowViolations(part: string, file: string, text: string): string[] {
  const allowed = ARROWS[part];
  if (!allowed) throw new RangeError(`${part} is not a part named in DESIGN.md's dependency rule`);
  return dependenciesOf(text).flatMap((spec) => {
    const target = path.relative(srcDir, path.resolve(path.dirname(file), spec)).split(path.sep)[0]!;
    return target === part || allowed.includes(target) ? [] : [`${spec} → ${target}`];
  });
}

describe('dependencies point inward', () => {
  const folders = readdirSync(srcDir).filter((name) => statSync(path.join(srcDir, name)).isDirectory());

  it('every top-level folder of src/ is a part with arrows or a test-only folder', () => {
    expect(folders.filter((name) => !(name in ARROWS) && !TEST_ONLY_PARTS.includes(name))).toEqual([]);
    expect(Object.keys(ARROWS).filter((name) => !folders.includes(name))).toEqual([]);
  });

  // Test files are exempt: a test may start the whole server whatever part it checks.
  it.each(Object.entries(ARROWS).map(([part, allowed]) => [part, allowed.join(', ') || 'nothing of ours']))('src/%s imports only itself and %s', (part) => {
    const violations = sourceFiles(path.join(srcDir, part)).flatMap((file) =>
      arrowViolations(part, file, readFileSync(file, 'utf8')).map((v) => `${path.relative(srcDir, file)} imports ${v}`),
    );
    expect(violations).toEqual([]);
  });

  it('the checker catches what it must', () => {
    const at = (part: string, name: string) => path.join(srcDir, part, 'sub', name);
    expect(arrowViolations('cli', at('cli', 'a.ts'), "import { readTree } from '../../server/workspaceDisk';")).toEqual(['../../server/workspaceDisk → server']);
    expect(arrowViolations('cli', at('cli', 'a.ts'), "import { send } from '../../relay/inProcess';\nimport type { X } from '../../scripting/types';")).toEqual([]);
    expect(arrowViolations('relay', at('relay', 'a.ts'), "export * from '../../sandbox/router';")).toEqual(['../../sandbox/router → sandbox']);
    expect(arrowViolations('sandbox', at('sandbox', 'a.ts'), "const m = await import('../../server/listen');")).toEqual(['../../server/listen → server']);
    expect(arrowViolations('app', at('app', 'a.ts'), "new Worker(new URL('../../relay/w.ts', import.meta.url));")).toEqual(['../../relay/w.ts → relay']);
    expect(arrowViolations('app', at('app', 'a.ts'), "new Worker(new URL('../../scripting/scriptWorker.ts', import.meta.url));")).toEqual([]);
    expect(arrowViolations('scripting', at('scripting', 'a.ts'), "import { x } from '../../app/store';")).toEqual(['../../app/store → app']);
    expect(arrowViolations('server', at('server', 'a.ts'), "import { run } from '../../cli/main';")).toEqual(['../../cli/main → cli']);
    expect(arrowViolations('server', at('server', 'a.ts'), "import '../../conformance/echoServer';")).toEqual(['../../conformance/echoServer → conformance']);
    expect(arrowViolations('core', at('core', 'a.ts'), "import type { RelayHead } from '../../relay/types';")).toEqual(['../../relay/types → relay']);
    expect(arrowViolations('core', at('core', 'a.ts'), "import { ok } from '../types';\nimport { z } from 'zod';")).toEqual([]);
    expect(() => arrowViolations('bench', at('bench', 'a.ts'), '')).toThrow(RangeError);
  });
});
