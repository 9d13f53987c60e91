/**
 * Writing XML: escaping, safe comments, and a pretty printer with two-space indentation
 * for the envelopes and headers Wirebench generates. Generated output is built as a small
 * node tree first. Names in it may be left as `{ns, local}` and get their prefixes only
 * when printed, so a tree can be reused in documents that number their prefixes
 * differently, and namespaces are declared in the order the reader meets them.
 */
import type { NsXmlElement } from './xmlTree';
import { keepLayouts } from './layoutAnchors';

/** A name still to be written with whatever prefix its document gives `ns`. */
export interface XmlQualifiedName {
  ns: string;
  local: string;
}

/** A name as written (`p:local`, or unprefixed), or one whose prefix is chosen when printing. */
export type XmlOutName = string | XmlQualifiedName;

/** An element to write. */
export interface XmlOutElement {
  kind: 'element';
  name: XmlOutName;
  /** Attribute values that are QNames (e.g. `xsi:type`) are given as names, prefixed when printed. */
  attrs: Array<[name: XmlOutName, value: string | XmlQualifiedName]>;
  children: XmlOutNode[];
}

/** Character data to write (escaped on output); a QName value is prefixed when printed. */
export interface XmlOutText {
  kind: 'text';
  text: string | XmlQualifiedName;
}

/** A comment to write (made safe on output). */
export interface XmlOutComment {
  kind: 'comment';
  text: string;
}

/** Any node of an output tree. */
export type XmlOutNode = XmlOutElement | XmlOutText | XmlOutComment;

/** Gives names their prefixes while printing (and remembers which namespaces to declare). */
export interface XmlNamePrinter {
  qualify(ns: string, local: string): string;
}

/** The XML declaration every generated document starts with; its encoding matches the charset we send. */
export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

const INDENT = '  ';

const TEXT_SPECIALS = /[&<>\r]/;
const ATTRIBUTE_SPECIALS = /[&<>"\t\n\r]/;

/** Escapes character data: `&`, `<`, `>` (so `]]>` cannot appear) and CR (which a parser would fold away). */
export function escapeXmlText(text: string): string {
  if (!TEXT_SPECIALS.test(text)) return text;
  return text.replace(/[&<>\r]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&#13;'));
}

/** Escapes an attribute value for double quotes; tab and newlines become references so they survive normalisation. */
export function escapeXmlAttribute(value: string): string {
  if (!ATTRIBUTE_SPECIALS.test(value)) return value;
  return value.replace(/[&<>"\t\n\r]/g, (c) => {
    switch (c) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      case '\t':
        return '&#9;';
      case '\n':
        return '&#10;';
      default:
        return '&#13;';
    }
  });
}

/** Makes text legal inside `<!-- -->`: no `--` anywhere and no trailing `-`. */
export function safeCommentText(text: string): string {
  if (text.indexOf('-') < 0 && text.indexOf('\n') < 0 && text.indexOf('\r') < 0) return text;
  let safe = text.replace(/\r\n?|\n/g, ' ');
  while (safe.includes('--')) safe = safe.replace(/--/g, '- -');
  return safe.endsWith('-') ? `${safe} ` : safe;
}

/** Builds an output element. */
export function outElement(name: XmlOutName, attrs: XmlOutElement['attrs'] = [], children: XmlOutNode[] = []): XmlOutElement {
  return { kind: 'element', name, attrs, children };
}

/** Builds an output comment. */
export function outComment(text: string): XmlOutComment {
  return { kind: 'comment', text };
}

/** Builds an output text node. */
export function outText(text: string | XmlQualifiedName): XmlOutText {
  return { kind: 'text', text };
}

const pads: string[] = [''];

function pad(level: number): string {
  while (pads.length <= level) pads.push(pads[pads.length - 1] + INDENT);
  return pads[level] as string;
}

/**
 * Writes nodes one per line, children indented two spaces deeper than their parent.
 * An element holding only text is written on one line; an element mixing text and
 * elements is written without added whitespace, because whitespace there is content.
 * `names` prefixes `{ns, local}` names; it is required when the tree has any.
 */
export function printXml(nodes: readonly XmlOutNode[], level = 0, names?: XmlNamePrinter): string {
  return new XmlPrinter(names, '').lines(nodes, level);
}

/**
 * Like {@link printXml}, with every line after the first prefixed by `indent` — for
 * splicing a fragment into a document at a position already indented by `indent`.
 */
export function printXmlAt(nodes: readonly XmlOutNode[], indent: string, names?: XmlNamePrinter): string {
  return new XmlPrinter(names, indent).lines(nodes, 0);
}

/** Writes nodes on one line, with no whitespace added: for documents written without line breaks. */
export function printXmlInline(nodes: readonly XmlOutNode[], names?: XmlNamePrinter): string {
  const printer = new XmlPrinter(names, '');
  for (const node of nodes) printer.inline(node);
  return printer.out;
}

// Appending to one string (V8 makes a rope of it, flattened once) is cheaper here than
// pushing pieces to an array and joining: envelopes are printed thousands of times.
class XmlPrinter {
  out = '';

  constructor(
    private readonly names: XmlNamePrinter | undefined,
    private readonly indent: string,
  ) {}

  lines(nodes: readonly XmlOutNode[], level: number): string {
    for (const node of nodes) this.node(node, level);
    return this.out;
  }

  private name(name: XmlOutName): string {
    if (typeof name === 'string') return name;
    if (name.ns === '') return name.local;
    if (!this.names) throw new RangeError(`Cannot print {${name.ns}}${name.local} without a prefix printer`);
    return this.names.qualify(name.ns, name.local);
  }

  // Every line but the first starts with a newline, then the splice indent, then the level's pad.
  private startLine(level: number): void {
    if (this.out.length > 0) this.out += '\n' + this.indent;
    this.out += pad(level);
  }

  private node(node: XmlOutNode, level: number): void {
    this.startLine(level);
    if (node.kind === 'comment') {
      this.out += '<!-- ' + safeCommentText(node.text) + ' -->';
      return;
    }
    if (node.kind === 'text') {
      this.out += this.text(node);
      return;
    }
    const name = this.name(node.name);
    this.out += '<' + name;
    this.attributes(node.attrs);
    const children = node.children;
    if (children.length === 0) {
      this.out += '/>';
      return;
    }
    let hasText = false;
    for (const child of children) if (child.kind === 'text') hasText = true;
    this.out += '>';
    if (hasText) {
      for (const child of children) this.inline(child);
    } else {
      for (const child of children) this.node(child, level + 1);
      this.startLine(level);
    }
    this.out += '</' + name + '>';
  }

  inline(node: XmlOutNode): void {
    if (node.kind === 'text') {
      this.out += this.text(node);
      return;
    }
    if (node.kind === 'comment') {
      this.out += '<!-- ' + safeCommentText(node.text) + ' -->';
      return;
    }
    const name = this.name(node.name);
    this.out += '<' + name;
    this.attributes(node.attrs);
    if (node.children.length === 0) {
      this.out += '/>';
      return;
    }
    this.out += '>';
    for (const child of node.children) this.inline(child);
    this.out += '</' + name + '>';
  }

  private text(node: XmlOutText): string {
    return typeof node.text === 'string' ? escapeXmlText(node.text) : escapeXmlText(this.name(node.text));
  }

  private attributes(attrs: XmlOutElement['attrs']): void {
    for (const [name, value] of attrs) {
      this.out += ' ' + this.name(name) + '="' + escapeXmlAttribute(typeof value === 'string' ? value : this.name(value)) + '"';
    }
  }
}

/**
 * Turns a parsed element back into output nodes with its names, prefixes and namespace
 * declarations exactly as written, dropping only whitespace that separated elements.
 */
export function outFromParsed(element: NsXmlElement): XmlOutElement {
  const meaningfulText = element.children.some((child) => child.kind === 'text' && child.text.trim() !== '');
  const children: XmlOutNode[] = [];
  for (const child of element.children) {
    if (child.kind === 'element') children.push(outFromParsed(child));
    else if (child.kind === 'comment') children.push(outComment(child.text.trim()));
    else if (meaningfulText || !element.children.some((c) => c.kind !== 'text')) children.push(outText(child.text));
  }
  return outElement(
    element.name,
    element.attrs.map((attr): [XmlOutName, string] => [attr.name, attr.value]),
    children.filter((child) => child.kind !== 'text' || child.text !== '' || children.length === 1),
  );
}

// One instance kept for the module's life, so optimised code survives full collections (see layoutAnchors.ts).
keepLayouts(new XmlPrinter(undefined, ''));
