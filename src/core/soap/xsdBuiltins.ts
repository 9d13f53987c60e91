/**
 * Placeholder values for XML Schema's built-in types (and the SOAP-encoding types that
 * mirror them), chosen so a generated sample is valid for its type: a server that
 * validates will accept `0` for an int where it would reject `?`, so the person edits
 * values instead of first fixing the sample.
 */
import { SOAP11_ENCODING_NS, SOAP12_ENCODING_NS, XSD_NS } from './wsdlModel';

const PLACEHOLDER_TABLE: Record<string, string> = {
  string: '?',
  normalizedString: '?',
  token: '?',
  language: 'en',
  Name: '?',
  NCName: '?',
  ID: '?',
  IDREF: '?',
  IDREFS: '?',
  ENTITY: '?',
  ENTITIES: '?',
  NMTOKEN: '?',
  NMTOKENS: '?',
  NOTATION: '?',
  anyURI: 'http://example.com',
  anyType: '?',
  anySimpleType: '?',
  anyAtomicType: '?',
  boolean: 'true',
  decimal: '0',
  integer: '0',
  long: '0',
  int: '0',
  short: '0',
  byte: '0',
  nonNegativeInteger: '0',
  nonPositiveInteger: '0',
  positiveInteger: '1',
  negativeInteger: '-1',
  unsignedLong: '0',
  unsignedInt: '0',
  unsignedShort: '0',
  unsignedByte: '0',
  float: '0',
  double: '0',
  dateTime: '2026-01-01T00:00:00Z',
  dateTimeStamp: '2026-01-01T00:00:00Z',
  date: '2026-01-01',
  time: '00:00:00',
  duration: 'P1D',
  dayTimeDuration: 'P1D',
  yearMonthDuration: 'P1M',
  gYear: '2026',
  gYearMonth: '2026-01',
  gMonth: '--01',
  gMonthDay: '--01-01',
  gDay: '---01',
  base64Binary: 'AA==',
  base64: 'AA==',
  hexBinary: '00',
};

const PLACEHOLDERS = new Map(Object.entries(PLACEHOLDER_TABLE));

/** True for the XML Schema namespace and the SOAP encoding namespaces, whose simple types we know by name. */
export function isBuiltinNamespace(ns: string): boolean {
  return ns === XSD_NS || ns === SOAP11_ENCODING_NS || ns === SOAP12_ENCODING_NS;
}

/**
 * The placeholder for built-in type `local`, or undefined for names that are not simple
 * built-ins. `QName` is special: its value needs a prefix bound in the document, so it is
 * returned as a name (`xsd:string`) to be prefixed when printed.
 */
export function builtinPlaceholder(local: string): string | { ns: string; local: string } | undefined {
  if (local === 'QName') return { ns: XSD_NS, local: 'string' };
  return PLACEHOLDERS.get(local);
}
