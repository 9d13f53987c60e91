/**
 * Checking a SOAP request envelope as the person edits it: well-formed XML with every
 * prefix declared (errors carry line and column), a root `Envelope` in the SOAP 1.1 or
 * 1.2 namespace, at most one `Header` before exactly one `Body`, and which elements the
 * Body carries — so an editor can point at the mistake before a server answers with a
 * fault.
 */
import { fail, ok, positionAt, type Result } from '../types';
import { SOAP11_ENVELOPE_NS, SOAP12_ENVELOPE_NS, type SoapVersion, type WsdlQName } from './wsdlModel';
import { readXmlDocument, type NsXmlElement } from './xmlTree';
import { childElements } from './xmlQueries';

/** What a valid envelope says about itself. */
export interface SoapEnvelopeFacts {
  /** Told by the Envelope's namespace. */
  soapVersion: SoapVersion;
  hasHeader: boolean;
  /** The elements directly inside the Body (the operation element, for a request), in order. */
  bodyElements: WsdlQName[];
}

/**
 * Reads `xml` as a SOAP envelope. Fails with `xml-malformed` / `xml-namespace` (with a
 * position) for XML that does not parse, `not-soap-envelope` for another root, and
 * `soap-structure` for a missing, repeated or misplaced Header or Body — each with the
 * position of the element at fault.
 */
export function checkSoapEnvelope(xml: string): Result<SoapEnvelopeFacts> {
  if (typeof xml !== 'string') throw new TypeError(`checkSoapEnvelope expects the envelope as a string, got ${typeof xml}`);
  const parsed = readXmlDocument(xml);
  if (!parsed.ok) return parsed;
  const root = parsed.value;
  const soapVersion: SoapVersion | undefined = root.ns === SOAP11_ENVELOPE_NS ? '1.1' : root.ns === SOAP12_ENVELOPE_NS ? '1.2' : undefined;
  if (root.local !== 'Envelope' || !soapVersion) {
    return fail({
      kind: 'not-soap-envelope',
      message: `The root element is <${root.name}>${root.ns ? ` in ${root.ns}` : ' in no namespace'}; a SOAP message is an Envelope in ${SOAP11_ENVELOPE_NS} (SOAP 1.1) or ${SOAP12_ENVELOPE_NS} (SOAP 1.2).`,
      position: positionAt(xml, root.start),
    });
  }
  const structure = (message: string, at: NsXmlElement) => fail({ kind: 'soap-structure', message, position: positionAt(xml, at.start) });
  let header: NsXmlElement | undefined;
  let body: NsXmlElement | undefined;
  for (const child of childElements(root)) {
    const isSoap = child.ns === root.ns;
    if (isSoap && child.local === 'Header') {
      if (header) return structure('The Envelope has a second Header; it may have one.', child);
      if (body) return structure('The Header must come before the Body.', child);
      header = child;
    } else if (isSoap && child.local === 'Body') {
      if (body) return structure('The Envelope has a second Body; it must have exactly one.', child);
      body = child;
    } else if (body || soapVersion === '1.2') {
      // SOAP 1.1 tolerates extra elements after the Body; SOAP 1.2 allows only Header and Body.
      if (soapVersion === '1.2') return structure(`<${child.name}> is not allowed in a SOAP 1.2 Envelope, which holds only an optional Header and a Body.`, child);
    } else {
      return structure(`<${child.name}> stands before the Body; the Envelope holds an optional Header, then the Body.`, child);
    }
  }
  if (!body) return structure('The Envelope has no Body; the operation element goes inside <Body>.', root);
  return ok({ soapVersion, hasHeader: header !== undefined, bodyElements: childElements(body).map((el) => ({ ns: el.ns, local: el.local })) });
}
