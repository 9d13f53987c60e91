/**
 * JSONPath (RFC 9535), the subset an inspector filter needs: `$`, `.name`, `['name']`,
 * `[0]`, `[-1]`, `[*]`, `.*`, `..` descendants, unions `[a,b]`, slices `[start:end:step]`
 * and filters `[?@.price < 10 && @.tags]` with comparisons, existence tests, `!`, `||`,
 * `&&`, parentheses and the functions `length()`, `count()`, `match()` and `search()`.
 * Parsing reports what was expected and the column where the query broke.
 */
import type { CoreError, Result } from '../types';
import { fail, ok, positionAt } from '../types';

/** One node a query selected: its value and its normalized path, e.g. `$['store']['book'][0]`. */
export interface JsonPathNode {
  path: string;
  value: unknown;
}

/** A query that cannot be parsed: `position.column` is where it broke. */
export interface JsonPathError extends CoreError {
  kind: 'jsonpath-syntax';
}

type Selector =
  | { kind: 'name'; name: string }
  | { kind: 'wildcard' }
  | { kind: 'index'; index: number }
  | { kind: 'slice'; start?: number; end?: number; step?: number }
  | { kind: 'filter'; expr: Expr };

interface Segment {
  descendant: boolean;
  selectors: Selector[];
}

interface Query {
  root: '$' | '@';
  segments: Segment[];
}

type Expr =
  | { kind: 'or' | 'and'; left: Expr; right: Expr }
  | { kind: 'not'; operand: Expr }
  | { kind: 'compare'; op: '==' | '!=' | '<' | '<=' | '>' | '>='; left: Operand; right: Operand }
  | { kind: 'test'; operand: Operand };

type Operand =
  | { kind: 'literal'; value: unknown }
  | { kind: 'query'; query: Query }
  | { kind: 'call'; name: string; args: Operand[] };

const FUNCTIONS: Readonly<Record<string, number>> = { length: 1, count: 1, match: 2, search: 2, value: 1 };

class QueryParser {
  private i = 0;
  constructor(private readonly text: string) {}

  parse(): Query {
    this.skipSpace();
    const query = this.query('$');
    this.skipSpace();
    if (this.i < this.text.length) this.error(`Unexpected "${this.text[this.i]}"`);
    return query;
  }

  private error(message: string): never {
    throw new JsonPathSyntax(message, this.i);
  }

  private skipSpace(): void {
    while (this.i < this.text.length && /[ \t\n\r]/.test(this.text[this.i]!)) this.i++;
  }

  private eat(token: string): boolean {
    if (this.text.startsWith(token, this.i)) {
      this.i += token.length;
      return true;
    }
    return false;
  }

  private expect(token: string, what = `"${token}"`): void {
    if (!this.eat(token)) this.error(`Expected ${what}${this.i < this.text.length ? `, found "${this.text[this.i]}"` : ' at the end'}`);
  }

  private query(root: '$' | '@'): Query {
    this.expect(root, root === '$' ? '"$" (a query starts at the root)' : '"@"');
    const segments: Segment[] = [];
    for (;;) {
      const save = this.i;
      this.skipSpace();
      if (this.text.startsWith('..', this.i)) {
        this.i += 2;
        if (this.text[this.i] === '[') segments.push({ descendant: true, selectors: this.bracket() });
        else segments.push({ descendant: true, selectors: [this.dotSelector()] });
      } else if (this.text[this.i] === '.') {
        this.i++;
        segments.push({ descendant: false, selectors: [this.dotSelector()] });
      } else if (this.text[this.i] === '[') {
        segments.push({ descendant: false, selectors: this.bracket() });
      } else {
        this.i = save;
        return { root, segments };
      }
    }
  }

  private dotSelector(): Selector {
    if (this.eat('*')) return { kind: 'wildcard' };
    const start = this.i;
    while (this.i < this.text.length && /[A-Za-z0-9_\-\u0080-\uffff]/.test(this.text[this.i]!)) this.i++;
    if (this.i === start || /[0-9-]/.test(this.text[start]!)) {
      this.i = start;
      this.error('Expected a member name or "*" after "."');
    }
    return { kind: 'name', name: this.text.slice(start, this.i) };
  }

  private bracket(): Selector[] {
    this.expect('[');
    const selectors: Selector[] = [];
    for (;;) {
      this.skipSpace();
      selectors.push(this.selector());
      this.skipSpace();
      if (this.eat(']')) return selectors;
      this.expect(',', '"," or "]"');
    }
  }

  private selector(): Selector {
    const c = this.text[this.i];
    if (c === "'" || c === '"') return { kind: 'name', name: this.string() };
    if (this.eat('*')) return { kind: 'wildcard' };
    if (this.eat('?')) {
      this.skipSpace();
      return { kind: 'filter', expr: this.or() };
    }
    const start = this.integer();
    this.skipSpace();
    if (this.text[this.i] !== ':') {
      if (start === undefined) this.error('Expected a name in quotes, an index, a slice, "*" or a filter "?…"');
      return { kind: 'index', index: start };
    }
    this.i++;
    this.skipSpace();
    const end = this.integer();
    this.skipSpace();
    let step: number | undefined;
    if (this.eat(':')) {
      this.skipSpace();
      step = this.integer();
    }
    return { kind: 'slice', ...(start !== undefined ? { start } : {}), ...(end !== undefined ? { end } : {}), ...(step !== undefined ? { step } : {}) };
  }

  private integer(): number | undefined {
    const match = /^-?(0|[1-9][0-9]*)/.exec(this.text.slice(this.i));
    if (!match) return undefined;
    this.i += match[0].length;
    return Number(match[0]);
  }

  private string(): string {
    const quote = this.text[this.i]!;
    this.i++;
    let out = '';
    while (this.i < this.text.length && this.text[this.i] !== quote) {
      const c = this.text[this.i]!;
      if (c === '\\') {
        const next = this.text[this.i + 1];
        const escapes: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', '/': '/', '\\': '\\', "'": "'", '"': '"' };
        if (next === 'u') {
          const hex = this.text.slice(this.i + 2, this.i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
            this.i++;
            this.error('Expected four hex digits after \\u');
          }
          out += String.fromCharCode(parseInt(hex, 16));
          this.i += 6;
          continue;
        }
        if (next === undefined || !Object.hasOwn(escapes, next)) {
          this.i++;
          this.error(`Unknown escape "\\${next ?? ''}" in a string`);
        }
        out += escapes[next];
        this.i += 2;
        continue;
      }
      out += c;
      this.i++;
    }
    if (this.i >= this.text.length) this.error(`Unterminated string: expected a closing ${quote}`);
    this.i++;
    return out;
  }

  private or(): Expr {
    let left = this.and();
    for (;;) {
      this.skipSpace();
      if (!this.eat('||')) return left;
      this.skipSpace();
      left = { kind: 'or', left, right: this.and() };
    }
  }

  private and(): Expr {
    let left = this.unary();
    for (;;) {
      this.skipSpace();
      if (!this.eat('&&')) return left;
      this.skipSpace();
      left = { kind: 'and', left, right: this.unary() };
    }
  }

  private unary(): Expr {
    this.skipSpace();
    if (this.text[this.i] === '!' && this.text[this.i + 1] !== '=') {
      this.i++;
      return { kind: 'not', operand: this.unary() };
    }
    if (this.eat('(')) {
      this.skipSpace();
      const inner = this.or();
      this.skipSpace();
      this.expect(')', '")"');
      return this.comparisonAfter(inner);
    }
    const left = this.operand();
    this.skipSpace();
    const op = /^(==|!=|<=|>=|<|>)/.exec(this.text.slice(this.i))?.[0] as '==' | undefined;
    if (!op) {
      if (left.kind === 'literal') this.error('A literal alone is not a test; compare it with something');
      return { kind: 'test', operand: left };
    }
    this.i += op.length;
    this.skipSpace();
    return { kind: 'compare', op, left, right: this.operand() };
  }

  /** A parenthesised expression cannot be compared; this only keeps the grammar honest. */
  private comparisonAfter(inner: Expr): Expr {
    this.skipSpace();
    if (/^(==|!=|<=|>=|<|>)/.test(this.text.slice(this.i))) this.error('A parenthesised expression cannot be compared');
    return inner;
  }

  private operand(): Operand {
    const c = this.text[this.i];
    if (c === '@' || c === '$') return { kind: 'query', query: this.query(c) };
    if (c === "'" || c === '"') return { kind: 'literal', value: this.string() };
    const number = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/.exec(this.text.slice(this.i));
    if (number) {
      this.i += number[0].length;
      return { kind: 'literal', value: Number(number[0]) };
    }
    for (const [word, value] of [['true', true], ['false', false], ['null', null]] as const) {
      if (this.text.startsWith(word, this.i) && !/[A-Za-z0-9_]/.test(this.text[this.i + word.length] ?? '')) {
        this.i += word.length;
        return { kind: 'literal', value };
      }
    }
    const name = /^[a-z][a-z0-9_]*/.exec(this.text.slice(this.i))?.[0];
    if (name && this.text[this.i + name.length] === '(') {
      if (!Object.hasOwn(FUNCTIONS, name)) this.error(`Unknown function ${name}(); known: ${Object.keys(FUNCTIONS).join(', ')}`);
      this.i += name.length + 1;
      const args: Operand[] = [];
      this.skipSpace();
      if (!this.eat(')')) {
        for (;;) {
          this.skipSpace();
          args.push(this.operand());
          this.skipSpace();
          if (this.eat(')')) break;
          this.expect(',', '"," or ")"');
        }
      }
      if (args.length !== FUNCTIONS[name]) this.error(`${name}() takes ${FUNCTIONS[name]} argument${FUNCTIONS[name] === 1 ? '' : 's'}, got ${args.length}`);
      return { kind: 'call', name, args };
    }
    this.error('Expected "@", "$", a literal or a function call');
  }
}

class JsonPathSyntax extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** A parsed query, ready to run against any number of documents. */
export interface CompiledJsonPath {
  readonly source: string;
  /**
   * Runs the query against a parsed JSON value; nodes come in document order. With
   * `limit`, only the first `limit` nodes are returned (paths are formatted only for those).
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
    select: (document, limit = Infinity) =>
      run(parsed, document, document)
        .slice(0, limit)
        .map((n) => ({ path: formatPath(n.path), value: n.value })),
  });
}

/** Parses and runs a query in one step. */
export function queryJsonPath(document: unknown, query: string): Result<JsonPathNode[], JsonPathError> {
  const compiled = compileJsonPath(query);
  return compiled.ok ? ok(compiled.value.select(document)) : compiled;
}

/** A path as a chain to the parent, so selecting a million nodes does not copy a million arrays. */
interface PathLink {
  parent: PathLink | null;
  key: string | number;
}

interface Located {
  path: PathLink | null;
  value: unknown;
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

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function child(node: Located, key: string | number, value: unknown): Located {
  return { path: { parent: node.path, key }, value };
}

function children(node: Located): Located[] {
  if (Array.isArray(node.value)) return node.value.map((value, i) => child(node, i, value));
  if (isObject(node.value)) return Object.keys(node.value).map((key) => child(node, key, (node.value as Record<string, unknown>)[key]));
  return [];
}

/** Visits a node and all its descendants in document order, without collecting them first. */
function visitDescendants(node: Located, visit: (node: Located) => void): void {
  visit(node);
  const value = node.value;
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) visitDescendants(child(node, i, value[i]), visit);
  else if (isObject(value)) for (const key of Object.keys(value)) visitDescendants(child(node, key, value[key]), visit);
}

function run(query: Query, root: unknown, current: unknown): Located[] {
  let nodes: Located[] = [{ path: null, value: query.root === '$' ? root : current }];
  for (const segment of query.segments) {
    const next: Located[] = [];
    const apply = (node: Located) => {
      for (const selector of segment.selectors) select(selector, node, root, next);
    };
    for (const node of nodes) {
      if (segment.descendant) visitDescendants(node, apply);
      else apply(node);
    }
    nodes = next;
  }
  return nodes;
}

function select(selector: Selector, node: Located, root: unknown, out: Located[]): void {
  const value = node.value;
  switch (selector.kind) {
    case 'name':
      if (isObject(value) && Object.hasOwn(value, selector.name)) out.push(child(node, selector.name, value[selector.name]));
      return;
    case 'wildcard':
      out.push(...children(node));
      return;
    case 'index':
      if (Array.isArray(value)) {
        const i = selector.index < 0 ? value.length + selector.index : selector.index;
        if (i >= 0 && i < value.length) out.push(child(node, i, value[i]));
      }
      return;
    case 'slice':
      if (Array.isArray(value)) for (const i of sliceIndices(value.length, selector)) out.push(child(node, i, value[i]));
      return;
    case 'filter':
      for (const child of children(node)) if (truthy(selector.expr, root, child.value)) out.push(child);
  }
}

/** RFC 9535 §2.3.4.2.2: slice bounds normalised and clamped, negative steps walk backwards. */
function sliceIndices(length: number, slice: { start?: number; end?: number; step?: number }): number[] {
  const step = slice.step ?? 1;
  if (step === 0) return [];
  const normalize = (i: number) => (i >= 0 ? i : length + i);
  const indices: number[] = [];
  if (step > 0) {
    const lower = Math.min(Math.max(normalize(slice.start ?? 0), 0), length);
    const upper = Math.min(Math.max(normalize(slice.end ?? length), 0), length);
    for (let i = lower; i < upper; i += step) indices.push(i);
  } else {
    const upper = Math.min(Math.max(normalize(slice.start ?? length - 1), -1), length - 1);
    const lower = Math.min(Math.max(slice.end === undefined ? -1 : normalize(slice.end), -1), length - 1);
    for (let i = upper; i > lower; i += step) indices.push(i);
  }
  return indices;
}

const NOTHING = Symbol('nothing');

function truthy(expr: Expr, root: unknown, current: unknown): boolean {
  switch (expr.kind) {
    case 'or':
      return truthy(expr.left, root, current) || truthy(expr.right, root, current);
    case 'and':
      return truthy(expr.left, root, current) && truthy(expr.right, root, current);
    case 'not':
      return !truthy(expr.operand, root, current);
    case 'test': {
      if (expr.operand.kind === 'query') return run(expr.operand.query, root, current).length > 0;
      const v = evaluate(expr.operand, root, current);
      return v === true || (v !== false && v !== NOTHING && v !== null && v !== undefined);
    }
    case 'compare':
      return compare(expr.op, evaluate(expr.left, root, current), evaluate(expr.right, root, current));
  }
}

function evaluate(operand: Operand, root: unknown, current: unknown): unknown {
  if (operand.kind === 'literal') return operand.value;
  if (operand.kind === 'query') {
    const nodes = run(operand.query, root, current);
    return nodes.length === 1 ? nodes[0]!.value : NOTHING;
  }
  const [first, second] = operand.args;
  switch (operand.name) {
    case 'length': {
      const v = evaluate(first!, root, current);
      if (typeof v === 'string') return [...v].length;
      if (Array.isArray(v)) return v.length;
      if (isObject(v)) return Object.keys(v).length;
      return NOTHING;
    }
    case 'count':
      return first!.kind === 'query' ? run(first!.query, root, current).length : NOTHING;
    case 'value':
      return evaluate(first!, root, current);
    case 'match':
    case 'search': {
      const text = evaluate(first!, root, current);
      const pattern = evaluate(second!, root, current);
      if (typeof text !== 'string' || typeof pattern !== 'string') return false;
      try {
        const re = new RegExp(operand.name === 'match' ? `^(?:${pattern})$` : pattern, 'u');
        return re.test(text);
      } catch {
        return false;
      }
    }
    default:
      return NOTHING;
  }
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

function compare(op: '==' | '!=' | '<' | '<=' | '>' | '>=', a: unknown, b: unknown): boolean {
  const equal = deepEqual(a, b);
  const less = (x: unknown, y: unknown) => (typeof x === 'number' && typeof y === 'number') || (typeof x === 'string' && typeof y === 'string') ? (x as number) < (y as number) : false;
  switch (op) {
    case '==':
      return equal;
    case '!=':
      return !equal;
    case '<':
      return less(a, b);
    case '<=':
      return less(a, b) || equal;
    case '>':
      return less(b, a);
    case '>=':
      return less(b, a) || equal;
  }
}
