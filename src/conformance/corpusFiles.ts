/**
 * The import corpus on disk: `test-data/corpus/<format>/<source>/`, one folder per peer
 * project with its LICENSE and SOURCE.md and the files copied from it unchanged. Peers'
 * specifications written in JavaScript hold their inputs as string literals; those are
 * read with the TypeScript parser (never run).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One corpus file: its source folder, its name and its text. */
export interface CorpusFile {
  source: string;
  name: string;
  text: string;
}

const NOT_DATA = new Set(['LICENSE', 'SOURCE.md']);

/** Every data file of `format`'s corpus, by source folder and name. */
export function corpusFiles(format: string): CorpusFile[] {
  const root = path.resolve('test-data', 'corpus', format);
  const files: CorpusFile[] = [];
  for (const source of readdirSync(root).sort()) {
    for (const name of readdirSync(path.join(root, source)).sort()) {
      if (NOT_DATA.has(name)) continue;
      files.push({ source, name, text: readFileSync(path.join(root, source, name), 'utf8') });
    }
  }
  return files;
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
