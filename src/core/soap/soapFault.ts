/**
 * Reading SOAP faults for the inspector: SOAP 1.1 (`faultcode`, `faultstring`,
 * `faultactor`, `detail`) and SOAP 1.2 (`Code/Value` with nested `Subcode`s, `Reason/Text`,
 * `Node`, `Role`, `Detail`) into one shape, and telling which SOAP version a message is.
 */
import { fail, ok, type Result } from '../types';
import { SOAP11_ENVELOPE_NS, SOAP12_ENVELOPE_NS, type SoapVersion, type WsdlQName } from './wsdlModel';
import { readXmlDocument, XML_NAMESPACE, type NsXmlElement } from './xmlTree';
import { attrValue, childElements, firstChild, resolveQName, textContent } from './xmlQueries';
import { startTagEnd } from './xmlPositions';

/** A SOAP fault, whichever version carried it. */
export interface SoapFault {
  soapVersion: SoapVersion;
  /** The fault code as written, e.g. `soap:Server` or `env:Receiver`. */
  code: string;
  /** The code resolved to its namespace, so `Client`/`Sender` can be recognised whatever the prefix. */
  codeName: WsdlQName | null;
  /** SOAP 1.2 Subcode values, outermost first, as written. Empty for SOAP 1.1. */
  subcodes: string[];
  /** faultstring (1.1) or the Reason Text (1.2; English when offered, else the first). */
  reason: string;
  /** faultactor (1.1). */
  actor?: string;
  /** Node (1.2). */
  node?: string;
  /** Role (1.2). */
  role?: string;
  /** The content of detail/Detail as XML text, trimmed. */
  detail?: string;
}

/**
 * Returns the fault in the envelope's Body, null when the Body holds no fault, or an error
 * when the text is not a SOAP envelope or its Fault lacks a code.
 */
export function parseSoapFault(xml: string): Result<SoapFault | null> {
  if (typeof xml !== 'string') throw new TypeError('parseSoapFault expects the message as a string');
  const parsed = readXmlDocument(xml);
  if (!parsed.ok) return parsed;
  const root = parsed.value;
  const soapVersion = versionOfNamespace(root.ns);
  if (root.local !== 'Envelope' || !soapVersion) {
    return fail({ kind: 'not-soap-envelope', message: `Not a SOAP envelope: the root element is <${root.name}>${root.ns ? ` in ${root.ns}` : ' in no namespace'}.` });
  }
  const body = firstChild(root, root.ns, 'Body');
  if (!body) return fail({ kind: 'no-soap-body', message: 'The envelope has no Body.' });
  const fault = firstChild(body, root.ns, 'Fault');
  if (!fault) return ok(null);
  return soapVersion === '1.1' ? fault11(fault, xml) : fault12(fault, xml);
}

function versionOfNamespace(ns: string): SoapVersion | undefined {
  return ns === SOAP11_ENVELOPE_NS ? '1.1' : ns === SOAP12_ENVELOPE_NS ? '1.2' : undefined;
}

// SOAP 1.1 fault children are unqualified; some toolkits qualify them anyway.
function child11(fault: NsXmlElement, local: string): NsXmlElement | undefined {
  return firstChild(fault, '', local) ?? firstChild(fault, SOAP11_ENVELOPE_NS, local);
}

function fault11(fault: NsXmlElement, xml: string): Result<SoapFault> {
  const codeEl = child11(fault, 'faultcode');
  if (!codeEl) return fail({ kind: 'malformed-fault', message: 'The SOAP 1.1 Fault has no faultcode.', field: 'faultcode' });
  const code = textContent(codeEl).trim();
  const actor = child11(fault, 'faultactor');
  const detail = child11(fault, 'detail');
  const stringEl = child11(fault, 'faultstring');
  return ok({
    soapVersion: '1.1',
    code,
    codeName: resolveQName(codeEl, code) ?? null,
    subcodes: [],
    reason: stringEl ? textContent(stringEl).trim() : '',
    ...(actor ? { actor: textContent(actor).trim() } : {}),
    ...(detail ? { detail: innerXml(detail, xml) } : {}),
  });
}

function fault12(fault: NsXmlElement, xml: string): Result<SoapFault> {
  const codeEl = firstChild(fault, SOAP12_ENVELOPE_NS, 'Code');
  const valueEl = codeEl && firstChild(codeEl, SOAP12_ENVELOPE_NS, 'Value');
  if (!valueEl || !codeEl) return fail({ kind: 'malformed-fault', message: 'The SOAP 1.2 Fault has no Code/Value.', field: 'Code' });
  const code = textContent(valueEl).trim();
  const subcodes: string[] = [];
  for (let sub = firstChild(codeEl, SOAP12_ENVELOPE_NS, 'Subcode'); sub; sub = firstChild(sub, SOAP12_ENVELOPE_NS, 'Subcode')) {
    const value = firstChild(sub, SOAP12_ENVELOPE_NS, 'Value');
    if (value) subcodes.push(textContent(value).trim());
  }
  const reasonEl = firstChild(fault, SOAP12_ENVELOPE_NS, 'Reason');
  const texts = reasonEl ? childElements(reasonEl).filter((child) => child.ns === SOAP12_ENVELOPE_NS && child.local === 'Text') : [];
  const text = texts.find((candidate) => /^en\b/i.test(attrValue(candidate, 'lang', XML_NAMESPACE) ?? '')) ?? texts[0];
  const node = firstChild(fault, SOAP12_ENVELOPE_NS, 'Node');
  const role = firstChild(fault, SOAP12_ENVELOPE_NS, 'Role');
  const detail = firstChild(fault, SOAP12_ENVELOPE_NS, 'Detail');
  return ok({
    soapVersion: '1.2',
    code,
    codeName: resolveQName(valueEl, code) ?? null,
    subcodes,
    reason: text ? textContent(text).trim() : '',
    ...(node ? { node: textContent(node).trim() } : {}),
    ...(role ? { role: textContent(role).trim() } : {}),
    ...(detail ? { detail: innerXml(detail, xml) } : {}),
  });
}

/** The text between an element's start and end tags, as written in the source. */
function innerXml(element: NsXmlElement, xml: string): string {
  const open = startTagEnd(xml, element.start);
  if (open >= element.end) return '';
  const close = xml.lastIndexOf('</', element.end);
  return close < open ? '' : xml.slice(open, close).trim();
}

/**
 * The SOAP version of a message, told by the namespace of its root Envelope; null for
 * anything else. Reads only the prolog and the root start tag, so it is cheap on large
 * bodies.
 */
export function soapVersionOf(xml: string): SoapVersion | null {
  if (typeof xml !== 'string') throw new TypeError('soapVersionOf expects the message as a string');
  let i = xml.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (i < xml.length && /\s/.test(xml[i] as string)) i++;
    if (xml.startsWith('<?', i)) {
      const end = xml.indexOf('?>', i + 2);
      if (end < 0) return null;
      i = end + 2;
    } else if (xml.startsWith('<!--', i)) {
      const end = xml.indexOf('-->', i + 4);
      if (end < 0) return null;
      i = end + 3;
    } else if (xml.startsWith('<!DOCTYPE', i)) {
      const bracket = xml.indexOf('[', i);
      const close = xml.indexOf('>', i);
      if (close < 0) return null;
      const end = bracket >= 0 && bracket < close ? xml.indexOf(']', bracket) : close;
      if (end < 0) return null;
      i = xml.indexOf('>', end) + 1;
      if (i === 0) return null;
    } else break;
  }
  if (xml[i] !== '<') return null;
  const tagEnd = startTagEnd(xml, i);
  const tag = xml.slice(i + 1, tagEnd - 1);
  const nameMatch = /^([^\s/>]+)/.exec(tag);
  if (!nameMatch) return null;
  const name = nameMatch[1] as string;
  const colon = name.indexOf(':');
  const prefix = colon < 0 ? '' : name.slice(0, colon);
  if (name.slice(colon + 1) !== 'Envelope') return null;
  const attribute = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  for (let match = attribute.exec(tag); match; match = attribute.exec(tag)) {
    const attrName = match[1] as string;
    if (attrName === (prefix === '' ? 'xmlns' : `xmlns:${prefix}`)) return versionOfNamespace(match[2] ?? match[3] ?? '') ?? null;
  }
  return null;
}
