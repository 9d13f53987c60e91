/**
 * What several rules need to know about one request — its body as text, its media type,
 * whether the body is XML or a SOAP envelope — worked out once and remembered per request
 * object, so twenty rules do not parse the same body twenty times. Requests are immutable
 * values in Wirebench, which is what makes remembering by identity sound; `lintRequest`
 * still forgets a request before each run, so an object changed in place is never judged
 * by stale facts.
 */
import { contentTypeParams } from '../encoding';
import { describeRequestBody, type RequestBodyDescription } from '../http';
import { isJsonMediaType, isXmlMediaType } from '../http/requestBody';
import { SOAP11_ENVELOPE_NS, SOAP12_ENVELOPE_NS, type NsXmlElement } from '../soap';
// The namespace-aware reader is internal to the SOAP area's barrel; it is the one XML reader core has.
import { readXmlDocument } from '../soap/xmlTree';
import type { CoreError, Result, WireRequest } from '../types';
import { headerValue } from '../types';

/** Facts about one request shared by the rules. */
export interface RequestFacts {
  body: RequestBodyDescription;
  /** True when there is at least one byte or one file to send. */
  hasBody: boolean;
  /** The first Content-Type value, as sent. */
  contentType?: string;
  /** Media type essence, lower-cased, read leniently (what a server would take); '' when absent. */
  essence: string;
  /** Content-Type parameters read leniently; names lower-cased. */
  params: Record<string, string>;
  isJson: boolean;
  isXml: boolean;
  /** The body text starts with `<` (after a byte order mark and whitespace). */
  looksLikeXml: boolean;
  /** The body parsed as XML, when it looks like XML. */
  xml(): Result<NsXmlElement, CoreError> | undefined;
  /** The SOAP version the body's Envelope namespace says, if the body is an envelope. */
  envelopeVersion(): '1.1' | '1.2' | undefined;
}

const remembered = new WeakMap<WireRequest, RequestFacts>();

/** Drops what is remembered about `request`, so the next look recomputes it (each lint run starts fresh). */
export function forgetRequestFacts(request: WireRequest): void {
  remembered.delete(request);
}

/** The facts of `request`, computed on first use. */
export function requestFacts(request: WireRequest): RequestFacts {
  const known = remembered.get(request);
  if (known) return known;
  const facts = computeFacts(request);
  remembered.set(request, facts);
  return facts;
}

function computeFacts(request: WireRequest): RequestFacts {
  const body = describeRequestBody(request);
  const contentType = headerValue(request.headers, 'Content-Type');
  const lenient = contentType === undefined ? { type: '', params: {} } : contentTypeParams(contentType);
  const text = body.text;
  const looksLikeXml = text !== undefined && text.replace(/^\uFEFF/, '').trimStart().startsWith('<');
  let xml: Result<NsXmlElement, CoreError> | undefined | null = null;
  let envelope: '1.1' | '1.2' | undefined | null = null;
  const facts: RequestFacts = {
    body,
    hasBody: body.bytes > 0 || body.files.length > 0,
    essence: lenient.type,
    params: lenient.params,
    isJson: isJsonMediaType(lenient.type),
    isXml: isXmlMediaType(lenient.type),
    looksLikeXml,
    xml() {
      if (xml === null) xml = looksLikeXml && text !== undefined ? readXmlDocument(text) : undefined;
      return xml;
    },
    envelopeVersion() {
      if (envelope === null) envelope = findEnvelopeVersion(facts.xml(), looksLikeXml ? text : undefined);
      return envelope;
    },
  };
  if (contentType !== undefined) facts.contentType = contentType;
  return facts;
}

function findEnvelopeVersion(xml: Result<NsXmlElement, CoreError> | undefined, text: string | undefined): '1.1' | '1.2' | undefined {
  if (xml?.ok) {
    if (xml.value.local !== 'Envelope') return undefined;
    if (xml.value.ns === SOAP11_ENVELOPE_NS) return '1.1';
    if (xml.value.ns === SOAP12_ENVELOPE_NS) return '1.2';
    return undefined;
  }
  if (text === undefined) return undefined;
  // A malformed envelope is still a SOAP request; recognise it by its namespace URI so the
  // SOAP rules speak up alongside the syntax error.
  if (!/<([A-Za-z_][\w.-]*:)?Envelope[\s>/]/.test(text)) return undefined;
  if (text.includes(SOAP11_ENVELOPE_NS)) return '1.1';
  if (text.includes(SOAP12_ENVELOPE_NS)) return '1.2';
  return undefined;
}

/** The request URL parsed by the WHATWG parser, or undefined when it is not an absolute URL. */
export function parsedUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** Hosts that never leave this machine: `localhost` (and `*.localhost`), 127.0.0.0/8 and ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '[::1]';
}

/** `n byte(s)`. */
export function bytesPhrase(n: number): string {
  return `${n} byte${n === 1 ? '' : 's'}`;
}
