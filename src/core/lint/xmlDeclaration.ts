/**
 * The XML declaration (`<?xml version="1.0" encoding="utf-8"?>`, XML 1.0 §2.8, §4.3.3):
 * reading its encoding and rewriting it, because spec §4.5 wants the declared encoding to
 * match the Content-Type charset. Only the declaration is read here; the document itself
 * is parsed elsewhere.
 */

/** A declaration found at the start of a document, with offsets into that text. */
export interface XmlDeclaration {
  version?: string;
  encoding?: string;
  standalone?: string;
  /** Offset of `<` of `<?xml` (1 when the text starts with a byte order mark). */
  start: number;
  /** Offset just past `?>`. */
  end: number;
  /** Offsets of the encoding value inside its quotes, when there is one. */
  encodingValue?: { from: number; to: number };
  /** Offset just past the version pseudo-attribute (where an encoding would be inserted). */
  afterVersion: number;
}

const PSEUDO_ATTRIBUTE = /[ \t\r\n]+([A-Za-z]+)[ \t\r\n]*=[ \t\r\n]*(?:"([^"]*)"|'([^']*)')/y;

/**
 * Reads the XML declaration at the very start of `text` (a byte order mark may precede
 * it; nothing else may, XML 1.0 §2.8). Returns undefined when there is none or when it is
 * not closed by `?>`.
 */
export function readXmlDeclaration(text: string): XmlDeclaration | undefined {
  const start = text.startsWith('\uFEFF') ? 1 : 0;
  if (!/^<\?xml[ \t\r\n?]/.test(text.slice(start, start + 6))) return undefined;
  const close = text.indexOf('?>', start + 5);
  if (close < 0) return undefined;
  const declaration: XmlDeclaration = { start, end: close + 2, afterVersion: start + 5 };
  PSEUDO_ATTRIBUTE.lastIndex = start + 5;
  for (let match = PSEUDO_ATTRIBUTE.exec(text); match && match.index < close; match = PSEUDO_ATTRIBUTE.exec(text)) {
    const name = match[1]!;
    const value = match[2] ?? match[3] ?? '';
    const valueEnd = match.index + match[0].length - 1;
    if (name === 'version') {
      declaration.version = value;
      declaration.afterVersion = valueEnd + 1;
    } else if (name === 'encoding') {
      declaration.encoding = value;
      declaration.encodingValue = { from: valueEnd - value.length, to: valueEnd };
    } else if (name === 'standalone') {
      declaration.standalone = value;
    }
  }
  return declaration;
}

/**
 * Returns `text` with its XML declaration saying `encoding`: the value replaced, the
 * pseudo-attribute inserted after `version`, or a whole declaration added at the start
 * (after a byte order mark) when the document has none.
 */
export function withXmlEncoding(text: string, encoding: string): string {
  if (!/^[A-Za-z][A-Za-z0-9._-]*$/.test(encoding)) {
    throw new RangeError(`"${encoding}" is not an XML encoding name (XML 1.0 §4.3.3: [A-Za-z] ([A-Za-z0-9._] | '-')*)`);
  }
  const declaration = readXmlDeclaration(text);
  if (!declaration) {
    const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
    return `${bom}<?xml version="1.0" encoding="${encoding}"?>\n${text.slice(bom.length)}`;
  }
  if (declaration.encodingValue) {
    return text.slice(0, declaration.encodingValue.from) + encoding + text.slice(declaration.encodingValue.to);
  }
  return `${text.slice(0, declaration.afterVersion)} encoding="${encoding}"${text.slice(declaration.afterVersion)}`;
}

const ENCODING_ALIASES: Readonly<Record<string, string>> = {
  utf8: 'utf-8',
  latin1: 'iso-8859-1',
  'iso8859-1': 'iso-8859-1',
  'iso_8859-1': 'iso-8859-1',
  ascii: 'us-ascii',
  utf16: 'utf-16',
};

/** A charset or encoding name in one spelling, so `UTF-8`, `utf-8` and `utf8` compare equal. */
export function canonicalCharset(name: string): string {
  const lower = name.trim().toLowerCase();
  return ENCODING_ALIASES[lower] ?? lower;
}
