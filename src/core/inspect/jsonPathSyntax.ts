/**
 * The JSONPath (RFC 9535) grammar half of `jsonPath.ts`: the query AST and the
 * recursive-descent parser that builds it, throwing `JsonPathSyntax` with the offset where
 * the query broke. Kept apart from evaluation so the grammar (what is accepted and how it is
 * worded when it is not) can be read and changed without wading through the evaluator;
 * `compileJsonPath` turns the thrown error into a positioned `JsonPathError`.
 *
 * Nesting (filters within filters, parentheses, `!`, function calls) is limited to
 * `MAX_JSONPATH_NESTING` levels, so a hostile query (`$[?(((((…` 20 KB long) is a syntax
 * error with its column rather than a stack overflow; `&&` and `||` chains are kept flat,
 * so evaluating a long one does not recurse either.
 */

/** One selector inside a segment: a member name, `*`, an index, a slice or a filter. */
export type Selector =
  | { kind: 'name'; name: string }
  | { kind: 'wildcard' }
  | { kind: 'index'; index: number }
  | { kind: 'slice'; start?: number; end?: number; step?: number }
  | { kind: 'filter'; expr: Expr };

interface Segment {
  descendant: boolean;
  selectors: Selector[];
}

/** A parsed query: the root it starts from (`$`, or `@` inside a filter) and its segments. */
export interface Query {
  root: '$' | '@';
  segments: Segment[];
}

/** A filter expression (`?…`): logical operators, comparisons and existence tests. */
export type Expr =
  | { kind: 'or' | 'and'; operands: Expr[] }
  | { kind: 'not'; operand: Expr }
  | { kind: 'compare'; op: '==' | '!=' | '<' | '<=' | '>' | '>='; left: Operand; right: Operand }
  | { kind: 'test'; operand: Operand };

/** A value inside a filter: a literal, a sub-query or a function call. */
export type Operand =
  | { kind: 'literal'; value: unknown }
  | { kind: 'query'; query: Query }
  | { kind: 'call'; name: string; args: Operand[] };

const FUNCTIONS: Readonly<Record<string, number>> = { length: 1, count: 1, match: 2, search: 2, value: 1 };

/**
 * How many levels filters, parentheses, `!` and function calls may nest. Real queries use a
 * handful; the bound keeps parsing and evaluation (each level a few stack frames) far from
 * the engine's stack limit in every browser and worker.
 */
export const MAX_JSONPATH_NESTING = 256;

/** Parses one query text into a `Query`; throws `JsonPathSyntax` (never a bare string) where it breaks. */
export class QueryParser {
  private i = 0;
  private depth = 0;
  constructor(private readonly text: string) {}

  parse(): Query {
    this.skipSpace();
    const query = this.query('$');
    this.skipSpace();
    if (this.i < this.text.length) this.error(`Unexpected "${this.text[this.i]}"`);
    return query;
  }

  private error(message: string, offset = this.i): never {
    throw new JsonPathSyntax(message, offset);
  }

  /** Parses one more level of nesting, opened at `at`; past `MAX_JSONPATH_NESTING` it is a syntax error there. */
  private nested<T>(at: number, parse: () => T): T {
    if (this.depth >= MAX_JSONPATH_NESTING) this.error(`Nested more than ${MAX_JSONPATH_NESTING} levels deep (filters, parentheses, "!" and function calls)`, at);
    this.depth++;
    try {
      return parse();
    } finally {
      this.depth--;
    }
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
    const at = this.i;
    if (this.eat('?')) {
      this.skipSpace();
      return { kind: 'filter', expr: this.nested(at, () => this.or()) };
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
    const operands = [this.and()];
    for (;;) {
      this.skipSpace();
      if (!this.eat('||')) return operands.length === 1 ? operands[0]! : { kind: 'or', operands };
      this.skipSpace();
      operands.push(this.and());
    }
  }

  private and(): Expr {
    const operands = [this.unary()];
    for (;;) {
      this.skipSpace();
      if (!this.eat('&&')) return operands.length === 1 ? operands[0]! : { kind: 'and', operands };
      this.skipSpace();
      operands.push(this.unary());
    }
  }

  private unary(): Expr {
    this.skipSpace();
    const at = this.i;
    if (this.text[this.i] === '!' && this.text[this.i + 1] !== '=') {
      this.i++;
      return { kind: 'not', operand: this.nested(at, () => this.unary()) };
    }
    if (this.eat('(')) {
      const inner = this.nested(at, () => {
        this.skipSpace();
        const expr = this.or();
        this.skipSpace();
        this.expect(')', '")"');
        return expr;
      });
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
      const at = this.i;
      this.i += name.length + 1;
      const args: Operand[] = [];
      this.skipSpace();
      if (!this.eat(')')) {
        this.nested(at, () => {
          for (;;) {
            this.skipSpace();
            args.push(this.operand());
            this.skipSpace();
            if (this.eat(')')) break;
            this.expect(',', '"," or ")"');
          }
        });
      }
      if (args.length !== FUNCTIONS[name]) this.error(`${name}() takes ${FUNCTIONS[name]} argument${FUNCTIONS[name] === 1 ? '' : 's'}, got ${args.length}`);
      return { kind: 'call', name, args };
    }
    this.error('Expected "@", "$", a literal or a function call');
  }
}

/** A parse failure at `offset`; internal to the parser and `compileJsonPath`, which reports it as a `JsonPathError`. */
export class JsonPathSyntax extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}
