/**
 * XPath over an XML or HTML body, with the browser's own engine (`document.evaluate` on
 * a `DOMParser` document). Prefixes in the expression resolve to the namespaces the
 * document itself declares, so `//soap:Body` works with whatever prefixes the server used.
 */

/** The outcome of an XPath filter: matches serialised as text, one per line. */
export interface XPathOutcome {
  count: number;
  text: string;
  /** Whether the result is markup (nodes) or plain values. */
  markup: boolean;
}

function namespaceMap(doc: Document): Map<string, string> {
  const map = new Map<string, string>();
  const walker = doc.createTreeWalker(doc, NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode() as Element | null; node; node = walker.nextNode() as Element | null) {
    for (const attr of Array.from(node.attributes)) {
      if (attr.name.startsWith('xmlns:') && !map.has(attr.name.slice(6))) map.set(attr.name.slice(6), attr.value);
    }
  }
  return map;
}

/** Evaluates `expression` against `text`; throws an Error with the parser's or engine's words. */
export function evaluateXPath(text: string, html: boolean, expression: string): XPathOutcome {
  const doc = new DOMParser().parseFromString(text, html ? 'text/html' : 'application/xml');
  const parseError = html ? null : doc.querySelector('parsererror');
  if (parseError) throw new Error(`The body is not well-formed XML: ${parseError.textContent?.trim().split('\n')[0] ?? 'parse error'}`);
  const namespaces = namespaceMap(doc);
  const root = doc.documentElement;
  const defaultNs = root?.namespaceURI ?? null;
  const resolver = (prefix: string | null) => (prefix ? (namespaces.get(prefix) ?? null) : defaultNs);
  let result: XPathResult;
  try {
    result = doc.evaluate(expression, doc, resolver, XPathResult.ANY_TYPE, null);
  } catch (error) {
    throw new Error(`Not a valid XPath expression here: ${(error as Error).message}`);
  }
  switch (result.resultType) {
    case XPathResult.NUMBER_TYPE:
      return { count: 1, text: String(result.numberValue), markup: false };
    case XPathResult.STRING_TYPE:
      return { count: 1, text: result.stringValue, markup: false };
    case XPathResult.BOOLEAN_TYPE:
      return { count: 1, text: String(result.booleanValue), markup: false };
    default: {
      const serializer = new XMLSerializer();
      const parts: string[] = [];
      let allElements = true;
      for (let node = result.iterateNext(); node; node = result.iterateNext()) {
        if (node.nodeType === Node.ELEMENT_NODE) parts.push(html ? (node as Element).outerHTML : serializer.serializeToString(node));
        else {
          allElements = false;
          parts.push(node.nodeType === Node.ATTRIBUTE_NODE ? `${(node as Attr).name}="${(node as Attr).value}"` : (node.textContent ?? ''));
        }
      }
      return { count: parts.length, text: parts.join('\n'), markup: allElements && parts.length > 0 };
    }
  }
}
