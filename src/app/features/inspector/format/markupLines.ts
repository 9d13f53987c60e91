/**
 * Streaming XML (and tolerant HTML) pretty-printer that produces a line index: each tag,
 * comment, processing instruction and text run on its own line, indented by nesting; an
 * element holding only text stays on one line (`<name>Ada</name>`). It reads bytes one at
 * a time with a small state machine, so a body can arrive in any number of pieces. XML
 * end tags are checked against their start tags (the first mismatch is reported, and
 * formatting goes on); HTML void and raw-text elements are understood.
 */
import type { BlockBytes } from './blockBytes';
import type { IndexError, LineIndexer } from './jsonLines';
import { LineTable } from './lineTable';

const enum State {
  Text,
  TextRun,
  Lt,
  Bang,
  Comment,
  Cdata,
  Declaration,
  Pi,
  StartTag,
  EndTag,
  RawText,
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const RAW_TEXT_ELEMENTS = new Set(['script', 'style', 'textarea', 'title']);

function isSpace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

function isNameStart(b: number): boolean {
  return (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b === 0x5f || b === 0x3a || b >= 0x80;
}

function isNameByte(b: number): boolean {
  return !isSpace(b) && b !== 0x3e && b !== 0x2f && b !== 0x3d;
}

/** The markup line indexer; `html` switches on HTML's void and raw-text elements and lenient end tags. */
export class MarkupLineIndexer implements LineIndexer {
  readonly lines = new LineTable();
  indexed = 0;
  error: IndexError | undefined;
  complete = false;

  private state = State.Text;
  private depth = 0;
  private readonly names: string[] = [];
  private name = '';
  private nameDone = false;
  private quote = 0;
  private lastByte = 0;
  private secondLastByte = 0;
  private bang = '';
  private bracketDepth = 0;
  private tokenStart = 0;
  /** The last token was a start tag: text or an end tag that follows stays on its line. */
  private afterOpen = false;
  /** Text was just placed on a start tag's line: a following end tag stays there too. */
  private inlineText = false;
  private rawEnd = '';
  /** The "<" being classified came inside a text run (so a non-tag "<" needs no new line). */
  private ltInRun = false;
  private rawMatched = 0;

  constructor(private readonly html = false) {}

  advance(bytes: BlockBytes, until: number, final: boolean): void {
    if (this.complete) return;
    if (until > this.indexed) {
      bytes.spans(this.indexed, until, (span, base) => this.scan(span, base));
      this.indexed = until;
    }
    if (final && this.indexed === bytes.length) {
      if (!this.html && !this.error && this.names.length > 0) {
        this.error = { offset: bytes.length, message: `The body ends with <${this.names[this.names.length - 1]}> still open` };
      }
      this.complete = true;
    }
  }

  private line(offset: number): void {
    this.lines.push(offset, this.depth);
  }

  /** A token that always starts its own line (tags, comments, declarations). */
  private blockToken(offset: number): void {
    this.line(offset);
    this.afterOpen = false;
    this.inlineText = false;
  }

  private scan(span: Uint8Array, base: number): void {
    for (let i = 0; i < span.length; i++) {
      const b = span[i]!;
      const offset = base + i;
      switch (this.state) {
        case State.Text:
          if (b === 0x3c) this.openAngle(offset, false);
          else if (!isSpace(b)) {
            this.textStart(offset);
            this.state = State.TextRun;
          }
          break;
        case State.TextRun:
          if (b === 0x3c) this.openAngle(offset, true);
          break;
        case State.Lt:
          if (b === 0x2f) {
            this.state = State.EndTag;
            this.name = '';
          } else if (b === 0x3f) this.startBlock(State.Pi);
          else if (b === 0x21) {
            this.state = State.Bang;
            this.bang = '';
          } else if (isNameStart(b)) {
            this.state = State.StartTag;
            this.name = String.fromCharCode(b);
            this.nameDone = false;
            this.quote = 0;
          } else {
            // "a < b" in text: not a tag, so the "<" belongs to a text run.
            if (!this.ltInRun) this.textStart(this.tokenStart);
            this.state = b === 0x3c ? State.Lt : State.TextRun;
            this.ltInRun = true;
          }
          break;
        case State.Bang:
          this.bang += String.fromCharCode(b);
          if (this.bang === '--') this.startBlock(State.Comment);
          else if (this.bang === '[CDATA[') {
            this.state = State.Cdata;
            if (this.afterOpen) this.inlineText = true;
            else this.line(this.tokenStart);
            this.afterOpen = false;
          } else if (!'--'.startsWith(this.bang) && !'[CDATA['.startsWith(this.bang)) {
            this.startBlock(State.Declaration);
            this.bracketDepth = b === 0x5b ? 1 : 0;
            if (b === 0x3e) this.state = State.Text;
          }
          break;
        case State.Comment:
          if (b === 0x3e && this.lastByte === 0x2d && this.secondLastByte === 0x2d) this.state = State.Text;
          break;
        case State.Cdata:
          if (b === 0x3e && this.lastByte === 0x5d && this.secondLastByte === 0x5d) this.state = State.TextRun;
          break;
        case State.Pi:
          if (b === 0x3e && this.lastByte === 0x3f) this.state = State.Text;
          break;
        case State.Declaration:
          if (b === 0x5b) this.bracketDepth++;
          else if (b === 0x5d) this.bracketDepth = Math.max(0, this.bracketDepth - 1);
          else if (b === 0x3e && this.bracketDepth === 0) this.state = State.Text;
          break;
        case State.StartTag:
          if (this.quote) {
            if (b === this.quote) this.quote = 0;
          } else if (b === 0x22 || b === 0x27) this.quote = b;
          else if (b === 0x3e) this.closeStartTag(this.lastByte === 0x2f);
          else if (!this.nameDone) {
            if (isNameByte(b)) this.name += String.fromCharCode(b);
            else this.nameDone = true;
          }
          break;
        case State.EndTag:
          if (b === 0x3e) this.closeEndTag();
          else if (isNameByte(b) && !this.nameDone) this.name += String.fromCharCode(b);
          else if (this.name !== '') this.nameDone = true;
          break;
        case State.RawText: {
          const want = this.rawEnd.charCodeAt(this.rawMatched);
          const lower = b >= 0x41 && b <= 0x5a ? b + 0x20 : b;
          if (lower === want) {
            this.rawMatched++;
            if (this.rawMatched === this.rawEnd.length) {
              // `</name` matched: the rest is an ordinary end tag.
              this.tokenStart = offset - this.rawEnd.length + 1;
              this.state = State.EndTag;
              this.name = this.rawEnd.slice(2);
              this.nameDone = false;
            }
          } else this.rawMatched = b === 0x3c ? 1 : 0;
          break;
        }
      }
      this.secondLastByte = this.lastByte;
      this.lastByte = b;
    }
  }

  private openAngle(offset: number, inRun: boolean): void {
    this.tokenStart = offset;
    this.state = State.Lt;
    this.nameDone = false;
    this.ltInRun = inRun;
  }

  /** A text run starts: on the line of the start tag just before it, or on its own line. */
  private textStart(offset: number): void {
    if (this.afterOpen) this.inlineText = true;
    else this.line(offset);
    this.afterOpen = false;
  }

  private startBlock(state: State): void {
    this.blockToken(this.tokenStart);
    this.state = state;
  }

  private closeStartTag(selfClosing: boolean): void {
    const name = this.html ? this.name.toLowerCase() : this.name;
    this.blockToken(this.tokenStart);
    this.state = State.Text;
    if (selfClosing || (this.html && VOID_ELEMENTS.has(name))) return;
    this.names.push(name);
    this.depth++;
    this.afterOpen = true;
    if (this.html && RAW_TEXT_ELEMENTS.has(name)) {
      this.state = State.RawText;
      this.rawEnd = `</${name}`;
      this.rawMatched = 0;
    }
  }

  private closeEndTag(): void {
    const name = this.html ? this.name.toLowerCase() : this.name;
    this.state = State.Text;
    const top = this.names[this.names.length - 1];
    if (this.html && top !== name) {
      // HTML closes any elements left open inside the one being closed, and ignores stray end tags.
      const at = this.names.lastIndexOf(name);
      if (at < 0) return;
      this.names.length = at + 1;
      this.depth = at + 1;
    } else if (top !== name && !this.error) {
      this.error = {
        offset: this.tokenStart,
        message: top === undefined ? `End tag </${name}> has no matching start tag` : `Expected </${top}> but found </${name}>`,
      };
    }
    this.names.pop();
    this.depth = Math.max(0, this.depth - 1);
    if (!this.afterOpen && !this.inlineText) this.line(this.tokenStart);
    this.afterOpen = false;
    this.inlineText = false;
  }
}
