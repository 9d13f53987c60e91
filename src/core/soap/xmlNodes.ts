/**
 * The nodes of the namespace-aware element tree (`xmlTree.ts`): types only, shared with the
 * scanner that builds them (`xmlScanner.ts`, `xmlScannerBase.ts`), so the scanner never
 * imports the tree module that runs it.
 */

/** One attribute with its namespace resolved (unprefixed attributes are in no namespace). */
export interface NsXmlAttribute {
  /** The name as written, e.g. `wsu:Id`. */
  name: string;
  /** Namespace URI, `''` for none. */
  ns: string;
  local: string;
  /** The value with entity and character references decoded. */
  value: string;
}

/** Character data (text or CDATA) inside an element, decoded. */
export interface NsXmlText {
  kind: 'text';
  text: string;
  /** True when it came from a CDATA section. */
  cdata: boolean;
}

/** A comment, kept so a re-printed fragment says what its author wrote. */
export interface NsXmlComment {
  kind: 'comment';
  text: string;
}

/** An element with its namespace resolved and the prefix bindings in scope at it. */
export interface NsXmlElement {
  kind: 'element';
  /** The qualified name as written, e.g. `xs:element`. */
  name: string;
  /** Namespace URI, `''` for none. */
  ns: string;
  local: string;
  attrs: NsXmlAttribute[];
  children: NsXmlNode[];
  /** Prefix → namespace URI in force here (`''` is the default namespace). Shared between elements that declare nothing. */
  nsScope: ReadonlyMap<string, string>;
  /** Offset of `<` of the start tag in the source text. */
  start: number;
  /** Offset just past the end tag (or `/>`) in the source text. */
  end: number;
}

/** Any node of the tree. */
export type NsXmlNode = NsXmlElement | NsXmlText | NsXmlComment;
