/**
 * A small namespace-aware element tree. WSDL and XSD are read by namespace URI, never by
 * prefix (the corpus uses arbitrary prefixes), so every element and attribute carries its
 * resolved namespace, and every element keeps the prefix scope in force where it stands
 * so QName-valued attributes (`type="tns:Foo"`) resolve exactly as the document meant
 * them. The tree is built by `xmlScanner.ts`; fast-xml-parser's validator words the
 * errors of malformed documents.
 */
import { XMLValidator } from 'fast-xml-parser';
import { scanXml, type XmlScanProblem } from './xmlScanner';
import { fail, ok, type CoreError, type Result } from '../types';
import { positionFromLineColumn, positionOf } from './xmlPositions';
import type { NsXmlAttribute, NsXmlText, NsXmlComment, NsXmlElement, NsXmlNode } from './xmlNodes';
export type { NsXmlAttribute, NsXmlText, NsXmlComment, NsXmlElement, NsXmlNode } from './xmlNodes';

/** The namespace bound to the `xml` prefix by the Namespaces in XML recommendation. */
export const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';

/** Limits and leniency for reading a document (all optional). */
export interface XmlReadOptions {
  /** Deepest element nesting accepted; deeper documents fail rather than exhaust the stack. */
  maxNesting?: number;
  /**
   * Without this, an undeclared prefix on an element or attribute name fails the read.
   * With it, the read goes on: the name is put in a namespace of its own
   * ({@link undeclaredPrefixNamespace}) that matches nothing, and this is told where.
   */
  onUndeclaredPrefix?: (problem: { name: string; prefix: string; offset: number }) => void;
  /**
   * Drop text nodes that are only whitespace (indentation between elements). For
   * documents read for their structure (WSDL, XSD) this saves time and memory; leave it
   * off where whitespace may be content.
   */
  dropWhitespaceText?: boolean;
}

/**
 * The stand-in namespace for names whose prefix was never declared (lenient reading).
 * It can equal no real namespace, so such elements are simply not recognised.
 */
export function undeclaredPrefixNamespace(prefix: string): string {
  return `urn:wirebench:undeclared-prefix:${prefix}`;
}

const DEFAULT_MAX_NESTING = 1000;

const ROOT_SCOPE: ReadonlyMap<string, string> = new Map([['xml', XML_NAMESPACE]]);

/**
 * Parses `text` into a namespace-resolved tree and returns its root element. Malformed XML
 * fails with kind `xml-malformed` and a line and column — fast-xml-parser's validator's,
 * when it sees the problem too, so messages read the same everywhere; an unbound prefix
 * fails with kind `xml-namespace`; nesting past the limit with `xml-too-deep`.
 */
export function readXmlDocument(text: string, options: XmlReadOptions = {}): Result<NsXmlElement> {
  if (typeof text !== 'string') {
    throw new TypeError(`readXmlDocument expects the document as a string, got ${typeof text}`);
  }
  if (!/\S/.test(text)) {
    return fail({ kind: 'xml-malformed', message: 'The document is empty: expected an XML root element.' });
  }
  const report = options.onUndeclaredPrefix;
  const scanned = scanXml(text, {
    maxNesting: options.maxNesting ?? DEFAULT_MAX_NESTING,
    dropWhitespaceText: options.dropWhitespaceText === true,
    rootScope: ROOT_SCOPE,
    ...(report
      ? {
          onUndeclaredPrefix: (name: string, prefix: string, offset: number) => {
            report({ name, prefix, offset });
            return undeclaredPrefixNamespace(prefix);
          },
        }
      : {}),
  });
  if ('root' in scanned) return ok(scanned.root);
  return fail(describeProblem(text, scanned.problem));
}

// A structural error outranks a namespace error found earlier in the same document: it is reported first.
function describeProblem(text: string, problem: XmlScanProblem): CoreError {
  if (problem.kind !== 'xml-too-deep') {
    const verdict = XMLValidator.validate(text);
    if (verdict !== true) {
      const { line, col, msg } = verdict.err;
      const position = positionFromLineColumn(text, line, col ?? 1);
      return { kind: 'xml-malformed', message: `Malformed XML at line ${position.line}, column ${position.column}: ${msg}`, position };
    }
  }
  const position = positionOf(text, problem.offset);
  const where = `line ${position.line}, column ${position.column}`;
  const message = problem.kind === 'xml-malformed' ? `Malformed XML at ${where}: ${problem.message}` : `${problem.message} (${where})`;
  return { kind: problem.kind, message, position };
}
