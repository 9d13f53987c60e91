/**
 * The import corpus on disk: `test-data/corpus/<format>/<source>/`, one folder per peer
 * project with its LICENSE and SOURCE.md and the files copied from it unchanged. Peers'
 * specifications written in JavaScript hold their inputs as string literals; those are
 * read with the TypeScript parser (never run).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One corpus file: its source folder, its name and its text. */
export interface CorpusFile {
  source: string;
  name: string;
  text: string;
}

const NOT_DATA = new Set(['LICENSE', 'SOURCE.md']);

/**
 * Every data file of `format`'s corpus, at any depth, sorted folder by folder, as paths
 * relative to `test-data/corpus/<format>/` (`<source>/<path in the peer's repository>`);
 * with `endings`, only names ending with one of them (case-insensitively).
 */
export function corpusPaths(format: string, endings?: readonly string[]): string[] {
  const root = path.resolve('test-data', 'corpus', format);
  const out: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      const full = path.join(at, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (!NOT_DATA.has(name) && (!endings || endings.some((e) => name.toLowerCase().endsWith(e)))) out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out;
}

/** Every data file of `format`'s corpus, by source folder and name (its path under the source folder). */
export function corpusFiles(format: string): CorpusFile[] {
  const root = path.resolve('test-data', 'corpus', format);
  return corpusPaths(format).map((file) => {
    const [source = '', ...rest] = file.split(path.sep);
    return { source, name: rest.join('/'), text: readFileSync(path.join(root, file), 'utf8') };
  });
}

/** Whether a corpus file is JavaScript whose string literals are the inputs. */
export function isScriptFile(name: string): boolean {
  return /\.(c|m)?[jt]s$/.test(name);
}

/**
 * The string and template literals of a JavaScript file that `wanted` accepts, as their
 * values (escapes decoded; a template with `${…}` parts is left out, its text is not fixed).
 */
export function scriptLiterals(text: string, wanted: (value: string) => boolean): string[] {
  const file = ts.createSourceFile('spec.js', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && wanted(node.text)) out.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}
