/**
 * The JSONPath (RFC 9535) evaluator half of `jsonPath.ts`: runs a parsed `Query` against a
 * JSON value (segments, descendants, slices, filters, comparisons and the filter functions),
 * keeping each node's path as a parent chain. Kept apart from the parser because it depends
 * only on the AST, not on how the text was read.
 */
import { compileIRegexp, type IRegexp } from './iRegexp';
import type { Expr, Operand, Query, Selector } from './jsonPathSyntax';

/** A path as a chain to the parent, so selecting a million nodes does not copy a million arrays. */
export interface PathLink {
  parent: PathLink | null;
  key: string | number;
}

/** A selected value and the path that reached it (`null` at the query's root). */
export interface Located {
  path: PathLink | null;
  value: unknown;
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

/** Runs `query` with `root` as `$` and `current` as `@`; nodes come in document order. */
export function run(query: Query, root: unknown, current: unknown): Located[] {
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
      return expr.operands.some((operand) => truthy(operand, root, current));
    case 'and':
      return expr.operands.every((operand) => truthy(operand, root, current));
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
      // I-Regexp run by an NFA (RFC 9535 §2.4.6-7): no pattern can make it backtrack for ever.
      // A pattern that is not an I-Regexp gives LogicalFalse, as the RFC says.
      const compiled = compiledPattern(pattern);
      if (!compiled) return false;
      return operand.name === 'match' ? compiled.matchesWhole(text) : compiled.matchesSomewhere(text);
    }
    default:
      return NOTHING;
  }
}

const patterns = new Map<string, IRegexp | null>();

function compiledPattern(pattern: string): IRegexp | null {
  let compiled = patterns.get(pattern);
  if (compiled === undefined) {
    const result = compileIRegexp(pattern);
    compiled = result.ok ? result.value : null;
    if (patterns.size > 256) patterns.clear();
    patterns.set(pattern, compiled);
  }
  return compiled;
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
