/**
 * Streaming JSON pretty-printer that produces a line index instead of text: it reads the
 * body's UTF-8 bytes once, as they arrive, validates the grammar (RFC 8259), and records
 * where each pretty line starts and how deep it is — the layout of
 * `JSON.stringify(value, null, 2)`, with empty containers kept on one line. The text of a
 * line is re-read from the bytes only when it is shown, so a 100 MB body never exists as
 * one formatted string.
 *
 * The scanner keeps its state in locals inside the hot loop and validates literals with a
 * small automaton over bytes, so it runs at tens of MB per second without building strings.
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

// What the grammar expects next.
const VALUE = 0;
const VALUE_OR_CLOSE = 1;
const KEY = 2;
const KEY_OR_CLOSE = 3;
const COLON = 4;
const COMMA_OR_CLOSE = 5;
const END = 6;

// Literal automaton states. Numbers: -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?; words: true, false, null.
const L_NONE = 0;
const L_MINUS = 1;
const L_ZERO = 2;
const L_INT = 3;
const L_DOT = 4;
const L_FRAC = 5;
const L_EXP = 6;
const L_EXP_SIGN = 7;
const L_EXP_DIGITS = 8;
const L_WORD = 9;

const OBJECT = 0x7b;
const ARRAY = 0x5b;
const WORDS: Record<number, string> = { 0x74: 'true', 0x66: 'false', 0x6e: 'null' };

function isDigit(b: number): boolean {
  return b >= 0x30 && b <= 0x39;
}

/** Bytes that can continue a literal token (so "tru" followed by "x" is one bad token, not two). */
function isLiteralByte(b: number): boolean {
  return isDigit(b) || (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a) || b === 0x2d || b === 0x2b || b === 0x2e;
}

/** Whether a literal may end in this state. */
function literalComplete(state: number, word: string, wordAt: number): boolean {
  return state === L_ZERO || state === L_INT || state === L_FRAC || state === L_EXP_DIGITS || (state === L_WORD && wordAt === word.length);
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

  private expect = VALUE;
  private readonly stack: number[] = [];
  private inString = false;
  private stringIsKey = false;
  private escape = false;
  private hexLeft = 0;
  private literal = L_NONE;
  private literalBad = false;
  private word = '';
  private wordAt = 0;
  private literalStart = -1;
  private needLine = true;
  private pendingOpen = false;
  private sawValue = false;
  private source: BlockBytes | undefined;

  advance(bytes: BlockBytes, until: number, final: boolean): void {
    if (this.error || this.complete) return;
    this.source = bytes;
    if (until > this.indexed) {
      bytes.spans(this.indexed, until, (span, base) => this.scan(span, base));
      if (!this.error) this.indexed = until;
    }
    if (final && !this.error && this.indexed === bytes.length) this.finish(bytes.length);
  }

  private fail(offset: number, message: string): false {
    this.error = { offset, message };
    this.indexed = offset;
    return false;
  }

  private badLiteral(end: number): false {
    const text = this.source ? new TextDecoder().decode(this.source.slice(this.literalStart, Math.min(end, this.literalStart + 41))) : '';
    const shown = end - this.literalStart > 40 ? `${text.slice(0, 40)}…` : text;
    return this.fail(this.literalStart, `"${shown}" is not a JSON value (expected a number, true, false or null)`);
  }

  private afterValue(): void {
    this.sawValue = true;
    this.expect = this.stack.length === 0 ? END : COMMA_OR_CLOSE;
  }

  /** Scans one span; returns false to stop at an error. */
  private scan(span: Uint8Array, base: number): boolean {
    const stack = this.stack;
    const lines = this.lines;
    let inString = this.inString;
    let escape = this.escape;
    let hexLeft = this.hexLeft;
    let literal = this.literal;
    let wordAt = this.wordAt;
    const save = () => {
      this.inString = inString;
      this.escape = escape;
      this.hexLeft = hexLeft;
      this.literal = literal;
      this.wordAt = wordAt;
    };
    for (let i = 0; i < span.length; i++) {
      const b = span[i]!;
      if (inString) {
        // Plain string bytes are the common case: one comparison chain and on.
        if (b >= 0x20 && b !== 0x22 && b !== 0x5c && !escape && hexLeft === 0) continue;
        if (hexLeft > 0) {
          if (!(isDigit(b) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66))) {
            save();
            return this.fail(base + i, `Expected a hex digit in a \\u escape, found ${describeByte(b)}`);
          }
          hexLeft--;
        } else if (escape) {
          if (b === 0x75) hexLeft = 4;
          else if (b !== 0x22 && b !== 0x5c && b !== 0x2f && b !== 0x62 && b !== 0x66 && b !== 0x6e && b !== 0x72 && b !== 0x74) {
            save();
            return this.fail(base + i, `Invalid escape \\${String.fromCharCode(b)} in a string`);
          }
          escape = false;
        } else if (b === 0x5c) escape = true;
        else if (b === 0x22) {
          inString = false;
          if (this.stringIsKey) this.expect = COLON;
          else this.afterValue();
        } else {
          save();
          return this.fail(base + i, `Unescaped control character ${describeByte(b)} in a string`);
        }
        continue;
      }
      if (literal !== L_NONE) {
        if (isLiteralByte(b)) {
          if (this.literalBad) continue;
          switch (literal) {
            case L_MINUS:
              literal = b === 0x30 ? L_ZERO : isDigit(b) ? L_INT : -1;
              break;
            case L_ZERO:
              literal = b === 0x2e ? L_DOT : b === 0x65 || b === 0x45 ? L_EXP : -1;
              break;
            case L_INT:
              literal = isDigit(b) ? L_INT : b === 0x2e ? L_DOT : b === 0x65 || b === 0x45 ? L_EXP : -1;
              break;
            case L_DOT:
              literal = isDigit(b) ? L_FRAC : -1;
              break;
            case L_FRAC:
              literal = isDigit(b) ? L_FRAC : b === 0x65 || b === 0x45 ? L_EXP : -1;
              break;
            case L_EXP:
              literal = isDigit(b) ? L_EXP_DIGITS : b === 0x2b || b === 0x2d ? L_EXP_SIGN : -1;
              break;
            case L_EXP_SIGN:
            case L_EXP_DIGITS:
              literal = isDigit(b) ? L_EXP_DIGITS : -1;
              break;
            case L_WORD:
              literal = wordAt < this.word.length && this.word.charCodeAt(wordAt) === b ? L_WORD : -1;
              wordAt++;
              break;
          }
          if (literal === -1) {
            this.literalBad = true;
            literal = L_WORD;
          }
          continue;
        }
        if (this.literalBad || !literalComplete(literal, this.word, wordAt)) {
          save();
          return this.badLiteral(base + i);
        }
        literal = L_NONE;
        this.afterValue();
      }
      if (b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09) continue;
      const offset = base + i;
      const expect = this.expect;
      if (expect === END) {
        save();
        return this.fail(offset, `Unexpected ${describeByte(b)} after the end of the JSON value`);
      }
      if (b === 0x7d || b === 0x5d) {
        const top = stack[stack.length - 1];
        const allowed =
          b === 0x7d ? top === OBJECT && (expect === KEY_OR_CLOSE || expect === COMMA_OR_CLOSE) : top === ARRAY && (expect === VALUE_OR_CLOSE || expect === COMMA_OR_CLOSE);
        if (!allowed) {
          save();
          return this.fail(offset, this.expected(b));
        }
        stack.pop();
        if (this.pendingOpen) this.pendingOpen = false;
        else lines.push(offset, stack.length);
        this.needLine = false;
        this.afterValue();
        continue;
      }
      if (b === 0x2c) {
        if (expect !== COMMA_OR_CLOSE) {
          save();
          return this.fail(offset, this.expected(b));
        }
        this.expect = stack[stack.length - 1] === OBJECT ? KEY : VALUE;
        this.needLine = true;
        continue;
      }
      if (b === 0x3a) {
        if (expect !== COLON) {
          save();
          return this.fail(offset, this.expected(b));
        }
        this.expect = VALUE;
        continue;
      }
      const wantsValue = expect === VALUE || expect === VALUE_OR_CLOSE;
      const wantsKey = expect === KEY || expect === KEY_OR_CLOSE;
      const startsValue = b === 0x7b || b === 0x5b || b === 0x22 || b === 0x2d || isDigit(b) || b === 0x74 || b === 0x66 || b === 0x6e;
      if (!(b === 0x22 ? wantsValue || wantsKey : wantsValue && startsValue)) {
        save();
        return this.fail(offset, this.expected(b));
      }
      if (this.pendingOpen || this.needLine) {
        lines.push(offset, stack.length);
        this.pendingOpen = false;
        this.needLine = false;
      }
      if (b === 0x7b || b === 0x5b) {
        stack.push(b);
        this.pendingOpen = true;
        this.expect = b === 0x7b ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
      } else if (b === 0x22) {
        inString = true;
        this.stringIsKey = wantsKey;
      } else {
        this.literalStart = offset;
        this.literalBad = false;
        if (b === 0x2d) literal = L_MINUS;
        else if (b === 0x30) literal = L_ZERO;
        else if (isDigit(b)) literal = L_INT;
        else {
          literal = L_WORD;
          this.word = WORDS[b]!;
          wordAt = 1;
        }
      }
    }
    save();
    return true;
  }

  private expected(found: number): string {
    const top = this.stack[this.stack.length - 1];
    const what = ['a value', 'a value or "]"', 'a property name in double quotes', 'a property name in double quotes or "}"', '":" after the property name', top === OBJECT ? '"," or "}"' : '"," or "]"', 'the end'];
    return `Expected ${what[this.expect]}, found ${describeByte(found)}`;
  }

  private finish(length: number): void {
    if (this.literal !== L_NONE) {
      if (this.literalBad || !literalComplete(this.literal, this.word, this.wordAt)) {
        this.badLiteral(length);
        return;
      }
      this.literal = L_NONE;
      this.afterValue();
    }
    if (this.inString) {
      this.fail(length, 'The body ends inside a string');
      return;
    }
    if (this.stack.length > 0) {
      this.fail(length, `The body ends with ${this.stack.length} unclosed ${this.stack.length === 1 ? 'container' : 'containers'} (expected ${this.stack[this.stack.length - 1] === OBJECT ? '"}"' : '"]"'})`);
      return;
    }
    if (!this.sawValue && length > 0) {
      this.fail(length, 'The body holds no JSON value, only whitespace');
      return;
    }
    this.complete = true;
  }
}
