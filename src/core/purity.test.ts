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

describe('dependencies point inward', () => {
  const parts = ['relay', 'sandbox', 'app'];
  it.each(parts)('src/%s does not import another part except core (server composes them)', (part) => {
    const dir = path.join(srcDir, part);
    // Test support (a harness that starts the whole server) may reach across; product code may not.
    for (const file of sourceFiles(dir).filter((f) => !/[Hh]arness\.tsx?$/.test(f))) {
      for (const spec of importsOf(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const resolved = path.resolve(path.dirname(file), spec);
        const top = path.relative(srcDir, resolved).split(path.sep)[0];
        expect(['core', part], `${path.relative(srcDir, file)} imports ${spec}`).toContain(top);
      }
    }
  });
});
