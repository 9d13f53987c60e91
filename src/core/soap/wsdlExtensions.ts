/**
 * Reading the WSDL 1.1 binding extension elements and small pieces the model builder
 * needs: `use`, the soap:body and soap:header elements (also inside mime:multipartRelated
 * parts, as attachments put them), input/output names, and documentation text.
 */
import { WSDL_MIME_NS, WSDL_NS, type WsdlQName } from './wsdlModel';
import type { NsXmlElement } from './xmlTree';
import { attrValue, childElements, childrenNamed, firstChild, textContent } from './xmlQueries';

/** Whether two qualified names are the same name. */
export function sameName(a: WsdlQName, b: WsdlQName): boolean {
  return a.ns === b.ns && a.local === b.local;
}

/** The `use` of a soap:body/header/fault (`literal` unless it says `encoded`). */
export function useOf(node: NsXmlElement): 'literal' | 'encoded' {
  return attrValue(node, 'use')?.trim() === 'encoded' ? 'encoded' : 'literal';
}

/** The `name` of an operation's input or output, which tells overloaded operations apart. */
export function bindingMessageName(operation: NsXmlElement, direction: 'input' | 'output'): string | undefined {
  const message = firstChild(operation, WSDL_NS, direction);
  return message ? attrValue(message, 'name') : undefined;
}

/** The SOAP extension elements named `local` under a binding input/output; with attachments they sit inside mime:multipartRelated/mime:part. */
export function soapExtensions(bindingMessage: NsXmlElement, soapNs: string, local: string): NsXmlElement[] {
  const found: NsXmlElement[] = [];
  for (const child of childElements(bindingMessage)) {
    if (child.ns === soapNs && child.local === local) found.push(child);
    else if (child.ns === WSDL_MIME_NS && child.local === 'multipartRelated') {
      for (const part of childrenNamed(child, WSDL_MIME_NS, 'part')) found.push(...childrenNamed(part, soapNs, local));
    }
  }
  return found;
}

/** The first such extension element, if any. */
export function soapExtension(bindingMessage: NsXmlElement, soapNs: string, local: string): NsXmlElement | undefined {
  return soapExtensions(bindingMessage, soapNs, local)[0];
}

/** The trimmed text of a wsdl:documentation child, if any. */
export function documentationOf(node: NsXmlElement): string | undefined {
  const documentation = firstChild(node, WSDL_NS, 'documentation');
  const text = documentation ? textContent(documentation).trim() : '';
  return text === '' ? undefined : text;
}
