/**
 * Builds a ready-to-edit SOAP request for one operation of a parsed WSDL: the envelope
 * (with an XML declaration whose encoding matches the charset sent), the Content-Type and
 * SOAPAction headers exactly as each SOAP version wants them, and the endpoint. The
 * envelope's Body follows the binding: document style writes the parts' global elements;
 * rpc style wraps the parts in an element named after the operation, in the soap:body
 * `namespace`.
 */
import { fail, ok, type HeaderField, type Result } from '../types';
import { NamespacePrefixes } from './namespacePrefixes';
import {
  SOAP11_ENCODING_NS,
  SOAP11_ENVELOPE_NS,
  SOAP12_ENCODING_NS,
  SOAP12_ENVELOPE_NS,
  XSD_NS,
  XSI_NS,
  type SoapVersion,
  type WsdlModel,
  type WsdlOperation,
  type WsdlOperationMessage,
  type WsdlPart,
  type WsdlPort,
} from './wsdlModel';
import { sampleGlobalElement, sampleTypedElement } from './xsdSampler';
import { outName } from './xsdSampleOutput';
import { sampleContext, type XsdSampleContext } from './xsdSampleContent';
import { escapeXmlAttribute, outComment, outElement, printXml, XML_DECLARATION, type XmlOutElement, type XmlOutNode } from './xmlWriter';

/** Which operation to sample, by the names the model lists. */
export interface SoapTarget {
  service: string;
  port: string;
  operation: string;
}

/** How to generate a sample. */
export interface SampleOptions {
  /** Sample the request (`input`, default) or the response (`output`), e.g. for a mock server. */
  message?: 'input' | 'output';
  /** Explain optional elements, choices, other enum values… in XML comments. Default true. */
  comments?: boolean;
  /** Deepest element nesting written below the Body. Default 24. */
  maxDepth?: number;
  /** Most elements written in one sample. Default 2000. */
  maxElements?: number;
}

/** A request ready to send: envelope text, headers, and where to send it. */
export interface SoapSample {
  envelope: string;
  contentType: string;
  /** The operation's action as declared (`''` when none); how it travels depends on the version. */
  soapAction: string;
  /** The HTTP headers the SOAP version requires, in wire order. */
  headers: HeaderField[];
  endpoint: string;
  soapVersion: SoapVersion;
}

const DEFAULT_MAX_DEPTH = 24;
const DEFAULT_MAX_ELEMENTS = 2000;
const ENVELOPE_PREFIX = 'soapenv';

/**
 * Generates the sample request (or response) of `target`. Fails (as a value) when the
 * service, port or operation does not exist, when the port is not SOAP, or when the
 * operation's message is missing from the description.
 */
export function sampleEnvelope(model: WsdlModel, target: SoapTarget, options: SampleOptions = {}): Result<SoapSample> {
  if (!model || !Array.isArray(model.services) || !model.schema) throw new TypeError('sampleEnvelope expects a WsdlModel returned by parseWsdl');
  if (!target || typeof target.service !== 'string' || typeof target.port !== 'string' || typeof target.operation !== 'string') {
    throw new TypeError('sampleEnvelope expects a target {service, port, operation} of strings');
  }
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const maxElements = options.maxElements ?? DEFAULT_MAX_ELEMENTS;
  if (!Number.isInteger(maxDepth) || maxDepth < 1) throw new RangeError(`maxDepth must be a positive integer, got ${maxDepth}`);
  if (!Number.isInteger(maxElements) || maxElements < 1) throw new RangeError(`maxElements must be a positive integer, got ${maxElements}`);
  const direction = options.message ?? 'input';
  if (direction !== 'input' && direction !== 'output') throw new RangeError(`message must be 'input' or 'output', got ${String(direction)}`);

  const found = findOperation(model, target);
  if (!found.ok) return found;
  const { port, operation } = found.value;
  const soapVersion = port.soapVersion as SoapVersion;
  const message = operation[direction];
  if (!message) {
    return fail({ kind: 'no-message', message: `Operation "${operation.name}" has no ${direction} message, so there is no ${direction === 'input' ? 'request' : 'response'} to write.`, field: 'operation' });
  }
  if (!message.message) {
    return fail({
      kind: 'no-message',
      message: `The ${direction} message of operation "${operation.name}" is not defined in the description (see the warnings), so its content is unknown.`,
      field: 'operation',
    });
  }

  const envelopeNs = soapVersion === '1.2' ? SOAP12_ENVELOPE_NS : SOAP11_ENVELOPE_NS;
  const prefixes = new NamespacePrefixes(model.schema.prefixHints, [
    [ENVELOPE_PREFIX, envelopeNs],
    ['xsi', XSI_NS],
    ['xsd', XSD_NS],
  ]);
  prefixes.prefixFor(envelopeNs);
  const ctx = sampleContext(model.schema, { comments: options.comments ?? true, maxDepth, maxElements });
  const headerNodes: XmlOutNode[] = [];
  for (const header of message.headers) partNodes(ctx, header.part, header.use === 'encoded', 1, headerNodes);
  const bodyNodes: XmlOutNode[] = [];
  if (operation.style === 'rpc') bodyNodes.push(rpcBody(ctx, model, operation, message, direction, soapVersion));
  else for (const part of message.bodyParts) partNodes(ctx, part, message.use === 'encoded', 1, bodyNodes);
  // The parts are printed first so that the namespaces they use are known (in reading
  // order) when the Envelope start tag, which declares them all, is written.
  const header = section('Header', headerNodes, prefixes);
  const body = section('Body', bodyNodes, prefixes);
  let declarations = '';
  for (const [name, uri] of prefixes.declarations()) declarations += ` ${name}="${escapeXmlAttribute(uri)}"`;
  // Joined rather than concatenated: the printer builds its text by appending (a rope), and
  // a join copies it into one flat string, so a kept sample costs its characters and no more.
  const envelope = [XML_DECLARATION, `\n<${ENVELOPE_PREFIX}:Envelope${declarations}>\n`, header, '\n', body, `\n</${ENVELOPE_PREFIX}:Envelope>\n`].join('');

  const soapAction = operation.soapAction;
  const headers: HeaderField[] = [];
  let contentType: string;
  if (soapVersion === '1.2') {
    contentType = `application/soap+xml; charset=utf-8${soapAction ? `; action="${quotedStringBody(soapAction)}"` : ''}`;
    headers.push({ name: 'Content-Type', value: contentType });
  } else {
    contentType = 'text/xml; charset=utf-8';
    headers.push({ name: 'Content-Type', value: contentType }, { name: 'SOAPAction', value: `"${quotedStringBody(soapAction)}"` });
  }
  return ok({
    envelope,
    contentType,
    soapAction,
    headers,
    endpoint: port.address,
    soapVersion,
  });
}

function section(local: string, nodes: XmlOutNode[], prefixes: NamespacePrefixes): string {
  const name = `${ENVELOPE_PREFIX}:${local}`;
  if (nodes.length === 0) return `  <${name}/>`;
  return `  <${name}>\n${printXml(nodes, 2, prefixes)}\n  </${name}>`;
}

function quotedStringBody(value: string): string {
  return value.replace(/["\\]/g, (c) => `\\${c}`);
}

function listNames(names: string[]): string {
  if (names.length === 0) return 'none';
  const shown = names.slice(0, 10).map((name) => `"${name}"`).join(', ');
  return names.length > 10 ? `${shown}, … (${names.length} in all)` : shown;
}

// Sampling every operation of a large port must not search the operation list each time.
const operationIndexes = new WeakMap<WsdlPort, Map<string, WsdlOperation>>();

function operationsByName(port: WsdlPort): Map<string, WsdlOperation> {
  let index = operationIndexes.get(port);
  if (!index) {
    index = new Map();
    for (const operation of port.operations) if (!index.has(operation.name)) index.set(operation.name, operation);
    operationIndexes.set(port, index);
  }
  return index;
}

function findOperation(model: WsdlModel, target: SoapTarget): Result<{ port: WsdlPort; operation: WsdlOperation }> {
  const service = model.services.find((candidate) => candidate.name === target.service);
  if (!service) {
    return fail({ kind: 'service-not-found', message: `No service "${target.service}"; the description has ${listNames(model.services.map((s) => s.name))}.`, field: 'service' });
  }
  const port = service.ports.find((candidate) => candidate.name === target.port);
  if (!port) {
    return fail({ kind: 'port-not-found', message: `Service "${service.name}" has no port "${target.port}"; it has ${listNames(service.ports.map((p) => p.name))}.`, field: 'port' });
  }
  if (port.protocol !== 'soap' || !port.soapVersion) {
    return fail({ kind: 'not-soap-port', message: `Port "${port.name}" uses an HTTP binding, not SOAP, so it takes no envelope.`, field: 'port' });
  }
  const operation = operationsByName(port).get(target.operation);
  if (!operation) {
    return fail({
      kind: 'operation-not-found',
      message: `Port "${port.name}" has no operation "${target.operation}"; it has ${listNames(port.operations.map((o) => o.name))}.`,
      field: 'operation',
    });
  }
  return ok({ port, operation });
}

/** A part as it appears in the Body or Header: its global element, or an unqualified element named after it holding its type. */
function partNodes(ctx: XsdSampleContext, part: WsdlPart, encoded: boolean, depth: number, out: XmlOutNode[]): void {
  if (part.element) {
    sampleGlobalElement(ctx, part.element, depth, out);
    return;
  }
  const type = part.type ?? { ns: XSD_NS, local: 'anyType' };
  const attrs: XmlOutElement['attrs'] = encoded ? [[{ ns: XSI_NS, local: 'type' }, type]] : [];
  if (!part.type && ctx.comments) out.push(outComment(`part ${part.name} declares neither element nor type`));
  sampleTypedElement(ctx, part.name, type, depth, attrs, out);
}

function rpcBody(
  ctx: XsdSampleContext,
  model: WsdlModel,
  operation: WsdlOperation,
  message: WsdlOperationMessage,
  direction: 'input' | 'output',
  soapVersion: SoapVersion,
): XmlOutNode {
  const namespace = message.namespace ?? model.targetNamespace;
  const local = direction === 'input' ? operation.name : `${operation.name}Response`;
  const attrs: XmlOutElement['attrs'] = [];
  if (message.use === 'encoded') {
    attrs.push([`${ENVELOPE_PREFIX}:encodingStyle`, message.encodingStyle ?? (soapVersion === '1.2' ? SOAP12_ENCODING_NS : SOAP11_ENCODING_NS)]);
  }
  const name = outName(namespace, local);
  const children: XmlOutNode[] = [];
  for (const part of message.bodyParts) partNodes(ctx, part, message.use === 'encoded', 2, children);
  return outElement(name, attrs, children);
}
