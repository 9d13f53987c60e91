/**
 * The XPath engine of `readSubject`: XPath 1.0 (the `xpath` package) over a document
 * parsed by `@xmldom/xmldom` — pure JavaScript, alike in the page, workers and Node. The
 * inspector's filter uses the browser's own engine; core cannot. As there, prefixes in an
 * expression resolve to the namespaces the document itself declares, so `//soap:Body`
 * works with whatever prefixes the server chose.
 *
 * Not exported from `core/run/index.ts` on purpose: both packages are CommonJS, which no
 * bundler can drop when unused, and together they weigh about 170 KB minified. The CLI
 * imports this module; the page loads it with its runner.
 *
 * Both packages recurse: the XPath parser and evaluator per level of parentheses,
 * predicates and operators, string-values per level of elements. An expression nested past
 * `XPATH_MAX_NESTING` levels and a document nested past `XML_MAX_DEPTH` are refused with
 * their position first; whatever still exhausts the stack is said in words.
 */
import { DOMParser } from '@xmldom/xmldom';
import * as xpath from 'xpath';
import { fail, ok } from '../types';
import type { SubjectError, XPathEngine } from './subject';

/** How deep parentheses and predicates may nest in an expression. */
export const XPATH_MAX_NESTING = 256;
/** How deep elements may nest in a document that XPath reads. */
export const XML_MAX_DEPTH = 1000;

/** The offset of the first `(` or `[` opening a level deeper than `limit`, string literals skipped; undefined when none does. */
function expressionNestingBeyond(expression: string, limit: number): number | undefined {
  let depth = 0;
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i];
    if (c === '"' || c === "'") {
      const end = expression.indexOf(c, i + 1);
      if (end < 0) return undefined;
      i = end;
    } else if (c === '(' || c === '[') {
      if (++depth > limit) return i;
    } else if (c === ')' || c === ']') depth--;
  }
  return undefined;
}

/** The first element nested deeper than `limit` (walked without recursion), or undefined. */
function elementBeyond(root: Node, limit: number): Node | undefined {
  const stack: [Node, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node.nodeType === 1 && depth > limit) return node;
    for (let child = node.lastChild; child; child = child.previousSibling) if (child.nodeType === 1) stack.push([child, depth + 1]);
  }
  return undefined;
}

/** Every `xmlns:prefix` the document declares, the first declaration of a prefix winning (as the inspector's filter does). */
function declaredNamespaces(root: Node): Record<string, string> {
  const map: Record<string, string> = Object.create(null) as Record<string, string>;
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === 1) {
      const attributes = (node as Element).attributes;
      for (let i = 0; i < attributes.length; i++) {
        const attr = attributes[i]!;
        if (attr.name.startsWith('xmlns:') && !(attr.name.slice(6) in map)) map[attr.name.slice(6)] = attr.value;
      }
    }
    // Children pushed in reverse so declarations are met in document order.
    for (let child = node.lastChild; child; child = child.previousSibling) if (child.nodeType === 1) stack.push(child);
  }
  return map;
}

/** The default namespaces (`xmlns="…"`) the document declares, in document order, each once. */
function defaultNamespaces(root: Node): string[] {
  const found: string[] = [];
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === 1) {
      const value = (node as Element).getAttribute('xmlns');
      if (value && !found.includes(value)) found.push(value);
    }
    for (let child = node.lastChild; child; child = child.previousSibling) if (child.nodeType === 1) stack.push(child);
  }
  return found;
}

/**
 * Whether `expression` has a name test without a prefix (`//Order`, `/a/b`, `Order[1]`):
 * in XPath 1.0 such a name means "in no namespace", so it never matches an element of a
 * default namespace. Function names, axes, attributes and `*` do not count. A heuristic
 * over the text (string literals removed), used only to word a hint.
 */
function hasUnprefixedNameTest(expression: string): boolean {
  const code = expression.replace(/"[^"]*"|'[^']*'/g, '""');
  for (const m of code.matchAll(/(^|[/[(|,\s]|::)([A-Za-z_][\w.-]*)(?![\w.-]*\s*(?:\(|::|:[A-Za-z_*]))/g)) {
    const before = code.slice(0, m.index + m[1]!.length);
    if (/@\s*$/.test(before)) continue;
    if (/^(and|or|div|mod)$/.test(m[2]!) && /\s$/.test(m[1]!)) continue;
    return true;
  }
  return false;
}

/** The hint for a node-set that came back empty on a document with a default namespace. */
function defaultNamespaceHint(expression: string, namespaces: Record<string, string>, defaults: string[]): string {
  const uri = defaults[0]!;
  const prefix = Object.keys(namespaces).find((p) => namespaces[p] === uri);
  const local = /(?:^|\/)([A-Za-z_][\w.-]*)(?![\w.-]*\s*[(:])/.exec(expression)?.[1] ?? 'Name';
  const how = prefix
    ? `The document also binds the prefix ${prefix} to it: write ${prefix}:${local}.`
    : `The document binds no prefix to it, so write //*[local-name()='${local}' and namespace-uri()='${uri}'] (or //*[local-name()='${local}']).`;
  return `${expression} matched nothing. The document's elements are in the default namespace ${uri}${defaults.length > 1 ? ` (and ${defaults.length - 1} more)` : ''}, and in XPath 1.0 a name without a prefix means no namespace, so it never matches them: prefixes are needed. ${how}`;
}

/** The XPath string-value of a node (an attribute's value, an element's text content). */
function nodeText(node: Node): string {
  if (node.nodeType === 2) return (node as Attr).value;
  return node.textContent ?? node.nodeValue ?? '';
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.trim().split('\n')[0] ?? message;
  // xmldom wraps what our onError threw: 'Reporting error "x" caused Error: x'; keep the cause.
  return /caused (?:\w*Error: )?(.+)$/.exec(line)?.[1] ?? line;
}

/** Evaluates `expression` over `xml`; see {@link XPathEngine}. Never throws for any text. */
export const xmlXPath: XPathEngine = (xml, expression) => {
  let doc: Document;
  try {
    doc = new DOMParser({
      // Only warnings are let through: an error or fatal error means the text is not well-formed XML.
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(xml, 'text/xml') as unknown as Document;
  } catch (error) {
    return fail<SubjectError>({ kind: 'unreadable', message: `The body is not well-formed XML: ${firstLine(error)}` });
  }
  if (!doc.documentElement) return fail<SubjectError>({ kind: 'unreadable', message: 'The body is not XML: it has no root element.' });
  const nested = expressionNestingBeyond(expression, XPATH_MAX_NESTING);
  if (nested !== undefined) {
    return fail<SubjectError>({ kind: 'invalid-expression', message: `Not a valid XPath expression here: nested more than ${XPATH_MAX_NESTING} levels deep (parentheses and predicates) at column ${nested + 1}.` });
  }
  const deep = elementBeyond(doc, XML_MAX_DEPTH);
  if (deep) {
    const { lineNumber, columnNumber } = deep as Node & { lineNumber?: number; columnNumber?: number };
    const where = lineNumber !== undefined && columnNumber !== undefined ? ` (element <${deep.nodeName}> at line ${lineNumber}, column ${columnNumber})` : '';
    return fail<SubjectError>({ kind: 'unreadable', message: `The body's XML is nested more than ${XML_MAX_DEPTH} levels deep${where}, too deep for XPath; check it as text (body contains, matches) instead.` });
  }
  let result: xpath.SelectReturnType;
  const namespaces = declaredNamespaces(doc);
  try {
    result = xpath.useNamespaces(namespaces)(expression, doc);
  } catch (error) {
    if (error instanceof RangeError) {
      return fail<SubjectError>({ kind: 'invalid-expression', message: 'This XPath expression is too long or too deeply nested for the XPath engine (it ran out of stack); split it into simpler assertions.' });
    }
    return fail<SubjectError>({ kind: 'invalid-expression', message: `Not a valid XPath expression here: ${firstLine(error)}` });
  }
  if (Array.isArray(result) && result.length === 0 && hasUnprefixedNameTest(expression)) {
    // The most common XPath surprise: SOAP and Atom answers put their elements in a default namespace.
    const defaults = defaultNamespaces(doc);
    if (defaults.length > 0) return fail<SubjectError>({ kind: 'missing', message: defaultNamespaceHint(expression, namespaces, defaults) });
  }
  if (Array.isArray(result)) return ok(result.map(nodeText));
  if (result !== null && typeof result === 'object') return ok(nodeText(result));
  return ok(result ?? '');
};
