/**
 * Walking the namespace-resolved element tree the core XML reader returns. The reader is
 * the core's (`readXmlDocument`, which resolves prefixes and reports line and column);
 * these are the few queries the order service needs on its result.
 */
import type { NsXmlElement } from '../../core';

export { readXmlDocument } from '../../core/soap/xmlTree';

/** The element children of `element`, in document order. */
export function elementsIn(element: NsXmlElement): NsXmlElement[] {
  return element.children.filter((c): c is NsXmlElement => c.kind === 'element');
}

/** The first child element `{ns}local`. */
export function childNamed(element: NsXmlElement, ns: string, local: string): NsXmlElement | undefined {
  return elementsIn(element).find((c) => c.ns === ns && c.local === local);
}

/** The text of an element and its descendants, concatenated. */
export function elementText(element: NsXmlElement): string {
  return element.children.map((c) => (c.kind === 'text' ? c.text : c.kind === 'element' ? elementText(c) : '')).join('');
}

/** The value of attribute `{ns}local`. */
export function attributeValue(element: NsXmlElement, local: string, ns = ''): string | undefined {
  return element.attrs.find((a) => a.local === local && a.ns === ns)?.value;
}
