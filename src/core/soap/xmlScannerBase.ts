/**
 * The reading machinery the XML scanner (`xmlScanner.ts`) is built on: its state (text,
 * position, problem, name table, attribute scratch list), errors, the prolog and misc
 * items (comments, processing instructions, one DOCTYPE, skipped), names, character
 * data decoding and namespace lookup. Split from the scanner so each file reads as one
 * concern; the scanner adds elements, attributes and content.
 */
import type { NsXmlAttribute } from './xmlNodes';
import { decodeCharacterData, isNameChar, isNameStart, isWhitespace } from './xmlCharacters';
import { NameTable, ScratchList } from './xmlScanTables';

/** Why a document could not be read, and where (an offset into the text). */
export interface XmlScanProblem {
  kind: 'xml-malformed' | 'xml-namespace' | 'xml-too-deep';
  message: string;
  offset: number;
}

/** How to read. */
export interface XmlScanOptions {
  maxNesting: number;
  dropWhitespaceText: boolean;
  /** Called for a name whose prefix is undeclared; returns the namespace to put it in. Absent: such a name fails the read. */
  onUndeclaredPrefix?: (name: string, prefix: string, offset: number) => string;
  rootScope: ReadonlyMap<string, string>;
}

export const LT = 60;
export const GT = 62;
export const SLASH = 47;
export const BANG = 33;
export const QUESTION = 63;
export const EQUALS = 61;
export const DQUOTE = 34;
export const SQUOTE = 39;

/** State and shared steps of one read; `XmlScanner` adds the element and content grammar. */
export class XmlScannerBase {
  protected pos = 0;
  protected problem: XmlScanProblem | undefined;
  /** Set by `startTag`: whether the tag it read ends with "/>". */
  protected selfClosing = false;
  /** Set by `readName`: the hash of the name it read. */
  protected nameHash = 0;
  protected readonly names = new NameTable();
  /** The attributes of the start tag being read; copied out at exactly their number. */
  protected readonly attributes = new ScratchList<NsXmlAttribute>();

  constructor(
    protected readonly text: string,
    protected readonly options: XmlScanOptions,
  ) {}

  protected fail(message: string, offset: number, kind: XmlScanProblem['kind'] = 'xml-malformed'): { problem: XmlScanProblem } {
    this.problem = { kind, message, offset };
    return { problem: this.problem };
  }

  protected error(message: string, offset: number, kind: XmlScanProblem['kind'] = 'xml-malformed'): false {
    this.problem = { kind, message, offset };
    return false;
  }

  /** Whitespace, comments, processing instructions and (in the prolog) one DOCTYPE. */
  protected misc(prolog: boolean): boolean {
    const text = this.text;
    let doctypeSeen = false;
    for (;;) {
      while (this.pos < text.length && isWhitespace(text.charCodeAt(this.pos))) this.pos++;
      if (this.pos >= text.length || text.charCodeAt(this.pos) !== LT) return true;
      const next = text.charCodeAt(this.pos + 1);
      if (next === QUESTION) {
        const start = this.pos;
        if (!this.processingInstruction()) return false;
        const declaration = /^<\?xml[\s?]/i.test(text.slice(start, start + 6));
        if (declaration && !(prolog && (start === 0 || (start === 1 && text.charCodeAt(0) === 0xfeff)))) {
          return this.error('The XML declaration is only allowed at the very start of the document, before anything else.', start);
        }
      } else if (next === BANG && text.startsWith('<!--', this.pos)) {
        if (this.comment() === false) return false;
      } else if (next === BANG && text.startsWith('<!DOCTYPE', this.pos)) {
        if (!prolog || doctypeSeen) return this.error('A DOCTYPE is only allowed once, before the root element.', this.pos);
        doctypeSeen = true;
        if (!this.doctype()) return false;
      } else {
        return true;
      }
    }
  }

  protected processingInstruction(): boolean {
    const end = this.text.indexOf('?>', this.pos + 2);
    if (end < 0) return this.error('Unclosed processing instruction: expected "?>".', this.pos);
    this.pos = end + 2;
    return true;
  }

  protected comment(): string | false {
    const start = this.pos;
    const end = this.text.indexOf('-->', start + 4);
    if (end < 0) return this.error('Unclosed comment: expected "-->".', start);
    this.pos = end + 3;
    return this.text.slice(start + 4, end);
  }

  protected doctype(): boolean {
    const text = this.text;
    const start = this.pos;
    let i = start + 9;
    let quote = 0;
    let subset = false;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (quote) {
        if (c === quote) quote = 0;
      } else if (c === DQUOTE || c === SQUOTE) {
        quote = c;
      } else if (subset && c === LT && text.startsWith('<!--', i)) {
        const end = text.indexOf('-->', i + 4);
        if (end < 0) break;
        i = end + 2;
      } else if (c === 91) {
        subset = true;
      } else if (c === 93) {
        subset = false;
      } else if (c === GT && !subset) {
        this.pos = i + 1;
        return true;
      }
    }
    return this.error('Unclosed DOCTYPE declaration.', start);
  }

  protected readName(at: number): number {
    const text = this.text;
    if (at >= text.length) return at;
    let c = text.charCodeAt(at);
    if (!isNameStart(c)) return at;
    let hash = c;
    let i = at + 1;
    while (i < text.length) {
      c = text.charCodeAt(i);
      if (!isNameChar(c)) break;
      hash = (Math.imul(hash, 31) + c) | 0;
      i++;
    }
    this.nameHash = hash & 0x3fffffff;
    return i;
  }

  /** Reads the root element and everything in it, iteratively (no recursion, so no stack limit). */
  /** Expands references in character data or an attribute value; undefined (with the problem set) for a stray "&". */
  protected decode(raw: string, offset: number): string | undefined {
    const decoded = decodeCharacterData(raw);
    if (typeof decoded === 'string') return decoded;
    this.error('A "&" must start an entity or character reference (write "&amp;" for a literal ampersand).', offset + decoded.strayAt);
    return undefined;
  }

  protected namespaceOf(name: string, prefix: string, scope: ReadonlyMap<string, string>, offset: number, what: string): string | undefined {
    const ns = scope.get(prefix);
    if (ns !== undefined && ns !== '') return ns;
    const handler = this.options.onUndeclaredPrefix;
    if (handler) return handler(name, prefix, offset);
    this.error(`${what} "${name}" uses the prefix "${prefix}", which is not declared`, offset, 'xml-namespace');
    return undefined;
  }
}
