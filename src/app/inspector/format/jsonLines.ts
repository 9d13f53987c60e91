/**
 * Streaming JSON pretty-printer that produces a line index instead of text: it reads the
 * body's UTF-8 bytes once, as they arrive, validates the grammar (RFC 8259), and records
 * where each pretty line starts and how deep it is — the layout of
 * `JSON.stringify(value, null, 2)`, with empty containers kept on one line. The text of a
 * line is re-read from the bytes only when it is shown, so a 100 MB body never exists as
 * one formatted string.
 */
import type { BlockBytes } from './blockBytes';
import { LineTable } from './lineTable';

/** Where and why the body stopped being valid. */
export interface IndexError {
  offset: number;
  message: string;
}

/** What a line indexer offers the document. */
export interface LineIndexer {
  readonly lines: LineTable;
  /** Bytes consumed so far. */
  readonly indexed: number;
  /** Set once the input is known to be malformed; indexing stops there (JSON) or goes on (markup). */
  readonly error: IndexError | undefined;
  /** True once `advance` has been called with `final` and everything was consumed. */
  readonly complete: boolean;
  /** Consumes bytes up to `until`; `final` says no more bytes will ever come. */
  advance(bytes: BlockBytes, until: number, final: boolean): void;
}

const enum Expect {
  Value,
  ValueOrClose,
  Key,
  KeyOrClose,
  Colon,
  CommaOrClose,
  End,
}

const OBJECT = 0x7b;
const ARRAY = 0x5b;
const LITERAL = /^(-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?|true|false|null)$/;

function isLiteralByte(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a) || b === 0x2d || b === 0x2b || b === 0x2e;
}

function describeByte(b: number): string {
  return b >= 0x21 && b < 0x7f ? `"${String.fromCharCode(b)}"` : `byte 0x${b.toString(16).padStart(2, '0')}`;
}

/** The JSON line indexer. */
export class JsonLineIndexer implements LineIndexer {
  readonly lines = new LineTable();
  indexed = 0;
  error: IndexError | undefined;
  complete = false;

  private expect = Expect.Value;
  private readonly stack: number[] = [];
  private inString = false;
  private stringIsKey = false;
  private escape = false;
  private hexLeft = 0;
  private literal = '';
  private literalStart = -1;
  private needLine = true;
  private pendingOpen = false;
  private sawValue = false;

  advance(bytes: BlockBytes, until: number, final: boolean): void {
    if (this.error || this.complete) return;
    if (until > this.indexed) {
      bytes.spans(this.indexed, until, (span, base) => {
        this.scan(span, base);
        return this.error === undefined;
      });
      if (!this.error) this.indexed = until;
    }
    if (final && !this.error && this.indexed === bytes.length) this.finish(bytes.length);
  }

  private fail(offset: number, message: string): void {
    this.error = { offset, message };
    this.indexed = offset;
  }

  private beginLine(offset: number, depth: number): void {
    this.lines.push(offset, depth);
  }

  private afterValue(): void {
    this.sawValue = true;
    this.expect = this.stack.length === 0 ? Expect.End : Expect.CommaOrClose;
  }

  private endLiteral(): boolean {
    if (!LITERAL.test(this.literal)) {
      this.fail(this.literalStart, `"${this.literal.length > 40 ? `${this.literal.slice(0, 40)}…` : this.literal}" is not a JSON value (expected a number, true, false or null)`);
      return false;
    }
    this.literal = '';
    this.afterValue();
    return true;
  }

  private scan(span: Uint8Array, base: number): void {
    for (let i = 0; i < span.length; i++) {
      const b = span[i]!;
      if (this.inString) {
        if (this.hexLeft > 0) {
          const hex = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66);
          if (!hex) return this.fail(base + i, `Expected a hex digit in a \\u escape, found ${describeByte(b)}`);
          this.hexLeft--;
        } else if (this.escape) {
          if (b === 0x75) this.hexLeft = 4;
          else if (b !== 0x22 && b !== 0x5c && b !== 0x2f && b !== 0x62 && b !== 0x66 && b !== 0x6e && b !== 0x72 && b !== 0x74) {
            return this.fail(base + i, `Invalid escape \\${String.fromCharCode(b)} in a string`);
          }
          this.escape = false;
        } else if (b === 0x5c) this.escape = true;
        else if (b === 0x22) {
          this.inString = false;
          if (this.stringIsKey) this.expect = Expect.Colon;
          else this.afterValue();
        } else if (b < 0x20) return this.fail(base + i, `Unescaped control character ${describeByte(b)} in a string`);
        continue;
      }
      if (this.literalStart >= 0 && this.literal !== '') {
        if (isLiteralByte(b)) {
          if (this.literal.length < 4096) this.literal += String.fromCharCode(b);
          continue;
        }
        if (!this.endLiteral()) return;
      }
      if (b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09) continue;
      const offset = base + i;
      const expect = this.expect;
      if (expect === Expect.End) return this.fail(offset, `Unexpected ${describeByte(b)} after the end of the JSON value`);
      if (b === 0x7d || b === 0x5d) {
        const top = this.stack[this.stack.length - 1];
        const closesObject = b === 0x7d;
        const allowed = closesObject
          ? top === OBJECT && (expect === Expect.KeyOrClose || expect === Expect.CommaOrClose)
          : top === ARRAY && (expect === Expect.ValueOrClose || expect === Expect.CommaOrClose);
        if (!allowed) return this.fail(offset, this.expected(b));
        this.stack.pop();
        if (this.pendingOpen) this.pendingOpen = false;
        else this.beginLine(offset, this.stack.length);
        this.needLine = false;
        this.afterValue();
        continue;
      }
      if (b === 0x2c) {
        if (expect !== Expect.CommaOrClose) return this.fail(offset, this.expected(b));
        this.expect = this.stack[this.stack.length - 1] === OBJECT ? Expect.Key : Expect.Value;
        this.needLine = true;
        continue;
      }
      if (b === 0x3a) {
        if (expect !== Expect.Colon) return this.fail(offset, this.expected(b));
        this.expect = Expect.Value;
        continue;
      }
      const wantsValue = expect === Expect.Value || expect === Expect.ValueOrClose;
      const wantsKey = expect === Expect.Key || expect === Expect.KeyOrClose;
      if (b === 0x22 ? !(wantsValue || wantsKey) : !wantsValue) return this.fail(offset, this.expected(b));
      if (b !== 0x22 && b !== 0x7b && b !== 0x5b && !(b === 0x2d || (b >= 0x30 && b <= 0x39) || b === 0x74 || b === 0x66 || b === 0x6e)) {
        return this.fail(offset, this.expected(b));
      }
      if (this.pendingOpen || this.needLine) {
        this.beginLine(offset, this.stack.length);
        this.pendingOpen = false;
        this.needLine = false;
      }
      if (b === 0x7b || b === 0x5b) {
        this.stack.push(b);
        this.pendingOpen = true;
        this.expect = b === 0x7b ? Expect.KeyOrClose : Expect.ValueOrClose;
      } else if (b === 0x22) {
        this.inString = true;
        this.stringIsKey = wantsKey;
      } else {
        this.literalStart = offset;
        this.literal = String.fromCharCode(b);
      }
    }
  }

  private expected(found: number): string {
    const what: Record<Expect, string> = {
      [Expect.Value]: 'a value',
      [Expect.ValueOrClose]: 'a value or "]"',
      [Expect.Key]: 'a property name in double quotes',
      [Expect.KeyOrClose]: 'a property name in double quotes or "}"',
      [Expect.Colon]: '":" after the property name',
      [Expect.CommaOrClose]: this.stack[this.stack.length - 1] === OBJECT ? '"," or "}"' : '"," or "]"',
      [Expect.End]: 'the end',
    };
    return `Expected ${what[this.expect]}, found ${describeByte(found)}`;
  }

  private finish(length: number): void {
    if (this.literal !== '' && !this.endLiteral()) return;
    if (this.inString) return this.fail(length, 'The body ends inside a string');
    if (this.stack.length > 0) {
      return this.fail(length, `The body ends with ${this.stack.length} unclosed ${this.stack.length === 1 ? 'container' : 'containers'} (expected ${this.stack[this.stack.length - 1] === OBJECT ? '"}"' : '"]"'})`);
    }
    if (!this.sawValue && length > 0) return this.fail(length, 'The body holds no JSON value, only whitespace');
    this.complete = true;
  }
}
