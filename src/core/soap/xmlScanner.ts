/**
 * A single-pass, well-formedness-checking XML reader that builds the namespace-resolved
 * tree directly. It exists for speed: a WSDL of several megabytes must load (and sample)
 * in a fraction of the time node-soap takes, and validating with fast-xml-parser and then
 * parsing with it again already costs about what node-soap needs for everything. When a
 * document is malformed, fast-xml-parser's validator still has the last word on the line,
 * column and wording of the error (see `readXmlDocument`).
 *
 * No DTD processing: a DOCTYPE is skipped, and only the predefined entities and character
 * references are expanded — never external or declared entities.
 */
import type { NsXmlAttribute, NsXmlElement, NsXmlNode } from './xmlNodes';
import { keepLayouts } from './layoutAnchors';
import { attributeWhitespace, isBlankRange, isWhitespace, normaliseLineEnds } from './xmlCharacters';
import { internalize, ScratchList } from './xmlScanTables';
import { BANG, DQUOTE, EQUALS, GT, LT, QUESTION, SLASH, SQUOTE, XmlScannerBase, type XmlScanOptions, type XmlScanProblem } from './xmlScannerBase';

export type { XmlScanOptions, XmlScanProblem } from './xmlScannerBase';

const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

// Most elements of a schema are empty or have no attributes; they share these (never
// written to: the scanner fills its own scratch lists and copies them out).
const NO_CHILDREN: NsXmlNode[] = Object.freeze([]) as unknown as NsXmlNode[];
const NO_ATTRIBUTES: NsXmlAttribute[] = Object.freeze([]) as unknown as NsXmlAttribute[];


// The plain part of an attribute value: up to its closing quote, or to anything that needs care.
const PLAIN_DOUBLE_QUOTED = /[^"<&\t\n\r]*/y;
const PLAIN_SINGLE_QUOTED = /[^'<&\t\n\r]*/y;

/** Reads a document; the result is the root element or where and why it is not well-formed. */
export function scanXml(text: string, options: XmlScanOptions): { root: NsXmlElement } | { problem: XmlScanProblem } {
  return new XmlScanner(text, options).run();
}

class XmlScanner extends XmlScannerBase {
  run(): { root: NsXmlElement } | { problem: XmlScanProblem } {
    const text = this.text;
    if (text.charCodeAt(0) === 0xfeff) this.pos = 1;
    if (!this.misc(true)) return { problem: this.problem as XmlScanProblem };
    if (this.pos >= text.length) return this.fail('The document has no root element.', this.pos);
    if (text.charCodeAt(this.pos) !== LT) return this.fail('Text is not allowed before the root element: expected "<".', this.pos);
    const root = this.content();
    if (!root) return this.problem ? { problem: this.problem } : this.fail('Expected the root element.', this.pos);
    if (!this.misc(false)) return { problem: this.problem as XmlScanProblem };
    if (this.pos < text.length) {
      if (text.charCodeAt(this.pos) === LT) return this.fail('The document has more than one root element.', this.pos);
      return this.fail('Text is not allowed after the root element.', this.pos);
    }
    return { root };
  }

  private content(): NsXmlElement | undefined {
    const text = this.text;
    const stack: NsXmlElement[] = [];
    // The children of each open element collect in a scratch list kept per depth and are
    // copied into an array of exactly their number when the element closes: a list grown by
    // push keeps room for 17 entries, which for a tree of tens of thousands of elements is
    // most of its memory (and of the garbage collector's copying).
    const pending: ScratchList<NsXmlNode>[] = [];
    let root: NsXmlElement | undefined;
    for (;;) {
      const top = stack[stack.length - 1];
      const siblings = pending[stack.length - 1];
      if (top) {
        const lt = text.indexOf('<', this.pos);
        if (lt < 0) {
          this.error(`Unclosed element <${top.name}>: the document ends before its end tag.`, top.start);
          return undefined;
        }
        if (lt > this.pos && !this.addText(siblings as ScratchList<NsXmlNode>, this.pos, lt)) return undefined;
        this.pos = lt;
      }
      const tagStart = this.pos;
      const next = text.charCodeAt(tagStart + 1);
      if (next === SLASH) {
        if (!top) {
          this.error('Expected the root element, found an end tag.', tagStart);
          return undefined;
        }
        const nameEnd = this.readName(tagStart + 2);
        const open = top.name;
        // Compared in place: slicing every end tag's name would allocate a string per element.
        if (nameEnd - (tagStart + 2) !== open.length || !text.startsWith(open, tagStart + 2)) {
          const name = text.slice(tagStart + 2, nameEnd);
          this.error(`Expected the end tag </${open}> here, found ${name ? `</${name}>` : 'a malformed end tag'}.`, tagStart);
          return undefined;
        }
        let i = nameEnd;
        while (i < text.length && isWhitespace(text.charCodeAt(i))) i++;
        if (text.charCodeAt(i) !== GT) {
          this.error(`The end tag </${open}> is not closed with ">".`, tagStart);
          return undefined;
        }
        this.pos = i + 1;
        top.end = this.pos;
        top.children = (siblings as ScratchList<NsXmlNode>).take();
        stack.pop();
        if (stack.length === 0) return root;
        continue;
      }
      if (next === BANG) {
        if (!top) {
          this.error('Expected the root element.', tagStart);
          return undefined;
        }
        if (text.startsWith('<!--', tagStart)) {
          const body = this.comment();
          if (body === false) return undefined;
          (siblings as ScratchList<NsXmlNode>).push({ kind: 'comment', text: body });
        } else if (text.startsWith('<![CDATA[', tagStart)) {
          const end = text.indexOf(']]>', tagStart + 9);
          if (end < 0) {
            this.error('Unclosed CDATA section: expected "]]>".', tagStart);
            return undefined;
          }
          (siblings as ScratchList<NsXmlNode>).push({ kind: 'text', text: normaliseLineEnds(text.slice(tagStart + 9, end)), cdata: true });
          this.pos = end + 3;
        } else {
          this.error('Unexpected "<!" in element content (a DOCTYPE or declaration belongs before the root element).', tagStart);
          return undefined;
        }
        continue;
      }
      if (next === QUESTION) {
        if (/^<\?xml[\s?]/i.test(text.slice(tagStart, tagStart + 6))) {
          this.error('The XML declaration is only allowed at the very start of the document, before anything else.', tagStart);
          return undefined;
        }
        if (!this.processingInstruction()) return undefined;
        continue;
      }
      const element = this.startTag(top ? top.nsScope : this.options.rootScope);
      if (!element) return undefined;
      if (top) (siblings as ScratchList<NsXmlNode>).push(element);
      else root = element;
      if (this.selfClosing) {
        if (!top) return root;
        continue;
      }
      if (stack.length >= this.options.maxNesting) {
        this.error(`The document nests elements deeper than ${this.options.maxNesting} levels.`, tagStart, 'xml-too-deep');
        return undefined;
      }
      stack.push(element);
      if (pending.length < stack.length) pending.push(new ScratchList());
    }
  }

  private addText(children: ScratchList<NsXmlNode>, from: number, to: number): boolean {
    // Most text in a WSDL is indentation; it is dropped before a string is made of it.
    if (this.options.dropWhitespaceText && isBlankRange(this.text, from, to)) return true;
    const raw = this.text.slice(from, to);
    const decoded = this.decode(raw, from);
    if (decoded === undefined) return false;
    const last = children.length > 0 ? children.at(children.length - 1) : undefined;
    // Adjacent character data (text around a comment that was dropped, say) stays one node.
    if (last && last.kind === 'text' && !last.cdata) last.text += decoded;
    else children.push({ kind: 'text', text: decoded, cdata: false });
    return true;
  }

  private startTag(parentScope: ReadonlyMap<string, string>): NsXmlElement | undefined {
    const text = this.text;
    const start = this.pos;
    const nameEnd = this.readName(start + 1);
    if (nameEnd === start + 1) {
      this.error('Expected an element name after "<".', start);
      return undefined;
    }
    const nameSlot = this.names.slot(text, start + 1, nameEnd, this.nameHash);
    const name = this.names.name(nameSlot);
    // Split now: attribute names read below may grow the table and move this slot.
    const split = this.names.split(nameSlot);
    const attrs = this.attributes;
    // Empty unless an earlier tag failed part-way.
    attrs.length = 0;
    let scope = parentScope;
    let prefixedAttributes = false;
    // Beyond a few attributes, repeats are found in a set: scanning the list each time is quadratic.
    let seen: Set<string> | undefined;
    let i = nameEnd;
    let selfClosing = false;
    for (;;) {
      const before = i;
      while (i < text.length && isWhitespace(text.charCodeAt(i))) i++;
      const c = text.charCodeAt(i);
      if (c === GT) {
        i++;
        break;
      }
      if (c === SLASH && text.charCodeAt(i + 1) === GT) {
        i += 2;
        selfClosing = true;
        break;
      }
      if (i >= text.length) {
        this.error(`Unclosed start tag <${name}>.`, start);
        return undefined;
      }
      if (i === before) {
        this.error(`Expected whitespace, ">" or "/>" in the start tag <${name}>.`, i);
        return undefined;
      }
      const attrEnd = this.readName(i);
      if (attrEnd === i) {
        this.error(`Invalid attribute name in the start tag <${name}>.`, i);
        return undefined;
      }
      const attrSlot = this.names.slot(text, i, attrEnd, this.nameHash);
      const attrName = this.names.name(attrSlot);
      i = attrEnd;
      while (i < text.length && isWhitespace(text.charCodeAt(i))) i++;
      if (text.charCodeAt(i) !== EQUALS) {
        this.error(`Attribute "${attrName}" has no value.`, attrEnd);
        return undefined;
      }
      i++;
      while (i < text.length && isWhitespace(text.charCodeAt(i))) i++;
      const quote = text.charCodeAt(i);
      if (quote !== DQUOTE && quote !== SQUOTE) {
        this.error(`The value of attribute "${attrName}" must be in quotes.`, i);
        return undefined;
      }
      // Most values have no reference, tab or line break: a sticky regular expression runs
      // to the closing quote at native speed, and only the rest take the slow path.
      const plain = quote === DQUOTE ? PLAIN_DOUBLE_QUOTED : PLAIN_SINGLE_QUOTED;
      plain.lastIndex = i + 1;
      plain.test(text);
      let close = plain.lastIndex;
      let special = false;
      if (text.charCodeAt(close) !== quote) {
        const stop = close;
        close = text.indexOf(quote === DQUOTE ? '"' : "'", stop);
        if (close < 0) {
          this.error(`The value of attribute "${attrName}" is not closed.`, i);
          return undefined;
        }
        // Only inside this value: searching on past it would make many such values quadratic.
        let lt = -1;
        for (let j = stop; j < close; j++) {
          if (text.charCodeAt(j) === 60) {
            lt = j;
            break;
          }
        }
        if (lt >= 0) {
          this.error(`"<" is not allowed in the value of attribute "${attrName}".`, lt);
          return undefined;
        }
        special = true;
      }
      let repeated = false;
      if (seen) repeated = seen.has(attrName);
      else if (attrs.length >= 16) {
        seen = new Set();
        for (let k = 0; k < attrs.length; k++) seen.add(attrs.at(k).name);
        repeated = seen.has(attrName);
      } else for (let k = 0; k < attrs.length && !repeated; k++) repeated = attrs.at(k).name === attrName;
      if (repeated) {
        this.error(`Attribute "${attrName}" is repeated.`, i);
        return undefined;
      }
      seen?.add(attrName);
      const raw = text.slice(i + 1, close);
      const value = special ? this.decode(attributeWhitespace(raw), i + 1) : raw;
      if (value === undefined) return undefined;
      const split = this.names.split(attrSlot);
      if (split.prefix === 'xmlns') {
        if (scope === parentScope) scope = new Map(parentScope);
        (scope as Map<string, string>).set(split.local, internalize(value));
        attrs.push({ name: attrName, ns: XMLNS_NS, local: split.local, value });
      } else if (split.prefix === '') {
        if (attrName === 'xmlns') {
          if (scope === parentScope) scope = new Map(parentScope);
          (scope as Map<string, string>).set('', internalize(value));
          attrs.push({ name: attrName, ns: XMLNS_NS, local: 'xmlns', value });
        } else {
          attrs.push({ name: attrName, ns: '', local: attrName, value });
        }
      } else {
        // Resolved below, once every declaration on this tag is known.
        prefixedAttributes = true;
        attrs.push({ name: attrName, ns: '', local: split.local, value });
      }
      i = close + 1;
    }
    this.pos = i;
    if (prefixedAttributes) {
      for (let k = 0; k < attrs.length; k++) {
        const attr = attrs.at(k);
        if (attr.ns === XMLNS_NS || attr.local === attr.name) continue;
        const prefix = attr.name.slice(0, attr.name.length - attr.local.length - 1);
        const ns = this.namespaceOf(attr.name, prefix, scope, start, 'Attribute');
        if (ns === undefined) return undefined;
        attr.ns = ns;
      }
    }
    let ns: string | undefined;
    if (split.prefix === '') ns = scope.get('') ?? '';
    else {
      ns = this.namespaceOf(name, split.prefix, scope, start, 'Element');
      if (ns === undefined) return undefined;
    }
    const element: NsXmlElement = {
      kind: 'element',
      name,
      ns,
      local: split.local,
      attrs: attrs.length === 0 ? NO_ATTRIBUTES : attrs.take(),
      // An open element's children are set when it closes (see `content`).
      children: NO_CHILDREN,
      nsScope: scope,
      start,
      end: selfClosing ? i : start,
    };
    this.selfClosing = selfClosing;
    return element;
  }

}

// One instance kept for the module's life, so optimised code survives full collections (see layoutAnchors.ts).
keepLayouts(new XmlScanner('', { maxNesting: 1, dropWhitespaceText: true, rootScope: new Map() }));
