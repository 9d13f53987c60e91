/**
 * Questions asked of a namespace-resolved tree: children by namespace and local name,
 * attribute values, text, and QName-valued attributes resolved with the prefixes in scope
 * where they were written.
 */
import type { NsXmlElement } from './xmlTree';

/** The element children of `element`, in document order. */
export function childElements(element: NsXmlElement): NsXmlElement[] {
  const out: NsXmlElement[] = [];
  for (const child of element.children) if (child.kind === 'element') out.push(child);
  return out;
}

/** The first child element with namespace `ns` and local name `local`, if any. */
export function firstChild(element: NsXmlElement, ns: string, local: string): NsXmlElement | undefined {
  for (const child of element.children) {
    if (child.kind === 'element' && child.local === local && child.ns === ns) return child;
  }
  return undefined;
}

/** All child elements with namespace `ns` and local name `local`. */
export function childrenNamed(element: NsXmlElement, ns: string, local: string): NsXmlElement[] {
  const out: NsXmlElement[] = [];
  for (const child of element.children) {
    if (child.kind === 'element' && child.local === local && child.ns === ns) out.push(child);
  }
  return out;
}

/** The value of the attribute with local name `local` in namespace `ns` (default: no namespace). */
export function attrValue(element: NsXmlElement, local: string, ns = ''): string | undefined {
  for (const attr of element.attrs) if (attr.local === local && attr.ns === ns) return attr.value;
  return undefined;
}

/** The concatenated character data directly inside `element`. */
export function textContent(element: NsXmlElement): string {
  let text = '';
  for (const child of element.children) {
    if (child.kind === 'text') text += child.text;
    else if (child.kind === 'element') text += textContent(child);
  }
  return text;
}

/** A name resolved to its namespace URI. */
export interface ResolvedQName {
  ns: string;
  local: string;
}

/**
 * Resolves a QName-valued attribute (`tns:Foo`, `Foo`) with the prefixes in scope at
 * `element`. An unprefixed value takes the default namespace, as XML Schema reads QNames.
 * Returns undefined when the prefix is not bound or the value is not a QName.
 */
export function resolveQName(element: NsXmlElement, value: string): ResolvedQName | undefined {
  const trimmed = value.trim();
  if (trimmed === '' || hasWhitespace(trimmed)) return undefined;
  const colon = trimmed.indexOf(':');
  if (colon < 0) return { ns: element.nsScope.get('') ?? '', local: trimmed };
  if (colon === 0 || colon === trimmed.length - 1 || trimmed.indexOf(':', colon + 1) >= 0) return undefined;
  const ns = element.nsScope.get(trimmed.slice(0, colon));
  if (ns === undefined) return undefined;
  return { ns, local: trimmed.slice(colon + 1) };
}

// Called for every QName attribute of a large description; a loop beats a regular expression here.
function hasWhitespace(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) return true;
  }
  return false;
}
