/**
 * JSONPath (RFC 9535), the subset an inspector filter needs: `$`, `.name`, `['name']`,
 * `[0]`, `[-1]`, `[*]`, `.*`, `..` descendants, unions `[a,b]`, slices `[start:end:step]`
 * and filters `[?@.price < 10 && @.tags]` with comparisons, existence tests, `!`, `||`,
 * `&&`, parentheses and the functions `length()`, `count()`, `match()` and `search()`.
 * Parsing reports what was expected and the column where the query broke, also for a
 * query nested past `MAX_JSONPATH_NESTING` levels.
 *
 * This module is the public API and the formatting of result paths; the grammar lives in
 * `jsonPathSyntax.ts` and the evaluator in `jsonPathEvaluation.ts`.
 */
import type { CoreError, Result } from '../types';
import { fail, ok, positionAt } from '../types';
import { run, type PathLink } from './jsonPathEvaluation';
import { JsonPathSyntax, QueryParser, type Query } from './jsonPathSyntax';

/** One node a query selected: its value and its normalized path, e.g. `$['store']['book'][0]`. */
export interface JsonPathNode {
  path: string;
  value: unknown;
}

/** A query that cannot be parsed: `position.column` is where it broke. */
export interface JsonPathError extends CoreError {
  kind: 'jsonpath-syntax';
}

/** A document too deep to query, as `queryJsonPath` reports it. */
export interface JsonPathDepthError extends CoreError {
  kind: 'jsonpath-too-deep';
}

/** A document nested too deeply for the engine's stack: said in words, never a bare RangeError. */
export class JsonPathTooDeep extends Error {
  readonly kind = 'jsonpath-too-deep';
  constructor() {
    super('The JSON is nested too deeply to filter with JSONPath (thousands of levels); filter a part of it, or read it in Raw.');
    this.name = 'JsonPathTooDeep';
  }
}

/** A parsed query, ready to run against any number of documents. */
export interface CompiledJsonPath {
  readonly source: string;
  /**
   * Runs the query against a parsed JSON value; nodes come in document order. With
   * `limit`, only the first `limit` nodes are returned (paths are formatted only for those).
   * Throws `JsonPathTooDeep` for a document nested past the engine's stack.
   */
  select(document: unknown, limit?: number): JsonPathNode[];
}

/** Parses a JSONPath query; fails with the column where it broke and what was expected. */
export function compileJsonPath(query: string): Result<CompiledJsonPath, JsonPathError> {
  if (typeof query !== 'string') throw new TypeError(`compileJsonPath expects a string, got ${typeof query}`);
  let parsed: Query;
  try {
    parsed = new QueryParser(query).parse();
  } catch (error) {
    if (!(error instanceof JsonPathSyntax)) throw error;
    const offset = Math.min(error.offset, query.length);
    const position = positionAt(query, offset);
    return fail({ kind: 'jsonpath-syntax', message: `${error.message} (column ${position.column})`, position });
  }
  return ok({
    source: query,
    select: (document, limit = Infinity) => {
      try {
        return run(parsed, document, document)
          .slice(0, limit)
          .map((n) => ({ path: formatPath(n.path), value: n.value }));
      } catch (error) {
        if (error instanceof RangeError) throw new JsonPathTooDeep();
        throw error;
      }
    },
  });
}

/** Parses and runs a query in one step; a document too deep to walk is a `jsonpath-too-deep` failure. */
export function queryJsonPath(document: unknown, query: string): Result<JsonPathNode[], JsonPathError | JsonPathDepthError> {
  const compiled = compileJsonPath(query);
  if (!compiled.ok) return compiled;
  try {
    return ok(compiled.value.select(document));
  } catch (error) {
    if (error instanceof JsonPathTooDeep) return fail({ kind: 'jsonpath-too-deep', message: error.message });
    throw error;
  }
}

function formatPath(link: PathLink | null): string {
  const keys: (string | number)[] = [];
  for (let at = link; at; at = at.parent) keys.push(at.key);
  return `$${keys
    .reverse()
    .map((p) => (typeof p === 'number' ? `[${p}]` : `[${quoteName(p)}]`))
    .join('')}`;
}

function quoteName(name: string): string {
  return `'${name.replace(/[\\']/g, (c) => `\\${c}`).replace(/[\u0000-\u001f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}'`;
}
