/**
 * The SOAP order service at `/soap/orders` (spec §4.5), SOAP 1.1 and 1.2. `GET ?WSDL`
 * returns the description and `?xsd=1` its schema. A POST is checked in the order a real
 * stack does — Content-Type and charset, UTF-8, the XML declaration, well-formedness, the
 * Envelope and its version, mustUnderstand headers, the operation in the Body, the
 * SOAPAction against the WSDL, WS-Security where required — and any failure is a Fault
 * with the operation not executed. Operations and actions come from parsing the WSDL.
 */
import { parseWsdl, SOAP11_ENVELOPE_NS, SOAP12_ENVELOPE_NS, utf8DecodeStrict, WSSE_NS, type NsXmlElement, type SoapVersion } from '../../core';
import { attributeValue, childNamed, elementsIn, readXmlDocument } from './xmlElements';
import { sandboxNow } from '../clock';
import { readBody, requestContentType } from '../requestBody';
import { onSandboxReset } from '../reset';
import { queryRows, sendProblem, type SandboxContext, type SandboxRoute } from '../router';
import { runOperation } from './orderOperations';
import { ORDER_OPERATIONS, ORDERS_XSD, ordersWsdl, type OrderOperationName } from './ordersWsdl';
import { faultEnvelope, resultEnvelope, type OrderServiceFault, type SoapAnswer } from './soapMessages';
import { checkUsernameToken, resetNonces } from './wsSecurityCheck';

onSandboxReset(resetNonces);

const BODY_LIMIT = 256 * 1024;
const SECURED: ReadonlySet<OrderOperationName> = new Set(['CancelOrder']);
const MODEL_BASE = 'http://sandbox.invalid/sandbox/soap/orders';

/** What the WSDL says about one operation: the element its Body carries and its action per version. */
interface OperationBinding {
  operation: OrderOperationName;
  actions: Partial<Record<SoapVersion, string>>;
}

let bindings: Promise<Map<string, OperationBinding>> | undefined;

/** Reads the service's own WSDL with the core parser, once. */
function operationBindings(): Promise<Map<string, OperationBinding>> {
  bindings ??= (async () => {
    const model = await parseWsdl(`${MODEL_BASE}?WSDL`, async (url) => {
      if (url === `${MODEL_BASE}?WSDL`) return ordersWsdl(MODEL_BASE);
      if (url === `${MODEL_BASE}?xsd=1`) return ORDERS_XSD;
      throw new Error(`The order service WSDL refers to ${url}, which it does not serve`);
    });
    if (!model.ok) throw new Error(`The order service WSDL does not parse: ${model.error.message}`);
    const map = new Map<string, OperationBinding>();
    for (const port of model.value.services.flatMap((s) => s.ports)) {
      if (!port.soapVersion) continue;
      for (const op of port.operations) {
        const element = op.input?.bodyParts[0]?.element;
        if (!element || !(ORDER_OPERATIONS as readonly string[]).includes(op.name)) continue;
        const key = `{${element.ns}}${element.local}`;
        const entry = map.get(key) ?? { operation: op.name as OrderOperationName, actions: {} };
        entry.actions[port.soapVersion] = op.soapAction;
        map.set(key, entry);
      }
    }
    return map;
  })();
  return bindings;
}

function send(ctx: SandboxContext, answer: SoapAnswer): void {
  ctx.res.writeHead(answer.status, { 'Content-Type': answer.contentType, 'Content-Length': Buffer.byteLength(answer.body) });
  ctx.res.end(answer.body);
}

function sendXml(ctx: SandboxContext, text: string): void {
  ctx.res.writeHead(200, { 'Content-Type': 'text/xml; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  ctx.res.end(text);
}

const fault = (party: OrderServiceFault['party'], code: string, reason: string, httpStatus?: number): OrderServiceFault => ({
  party,
  code,
  reason,
  ...(httpStatus ? { httpStatus } : {}),
});

/** Headers the service understands; any other with mustUnderstand set is refused. */
function notUnderstood(root: NsXmlElement): NsXmlElement | undefined {
  const header = childNamed(root, root.ns, 'Header');
  if (!header) return undefined;
  return elementsIn(header).find((h) => {
    const flag = attributeValue(h, 'mustUnderstand', root.ns);
    return (flag === '1' || flag === 'true') && !(h.ns === WSSE_NS && h.local === 'Security');
  });
}

/** The checks and the call; returns the answer to send. */
async function answerCall(ctx: SandboxContext): Promise<SoapAnswer> {
  const type = requestContentType(ctx.req);
  const essence = type.kind === 'media' ? type.media.essence : '';
  const version: SoapVersion | undefined = essence === 'text/xml' ? '1.1' : essence === 'application/soap+xml' ? '1.2' : undefined;
  if (!version) {
    ctx.req.resume();
    const sent = type.kind === 'missing' ? 'no Content-Type' : `Content-Type ${type.value}`;
    return faultEnvelope('1.1', fault('sender', 'UnsupportedMediaType', `The request has ${sent}; send text/xml; charset=utf-8 (SOAP 1.1) or application/soap+xml; charset=utf-8 (SOAP 1.2).`, 415));
  }
  const params = type.kind === 'media' ? type.media.params : {};
  const charset = params.charset;
  if (charset === undefined) {
    ctx.req.resume();
    return faultEnvelope(version, fault('sender', 'CharsetMissing', `The Content-Type "${essence}" has no charset; send ${essence}; charset=utf-8 so the receiver need not guess.`));
  }
  if (charset.toLowerCase() !== 'utf-8') {
    ctx.req.resume();
    return faultEnvelope(version, fault('sender', 'UnsupportedCharset', `charset=${charset} is not supported; this service reads UTF-8 only.`));
  }
  const body = await readBody(ctx.req, BODY_LIMIT);
  if (!body.ok) return faultEnvelope(version, fault('sender', 'MessageTooLarge', `The message is over ${BODY_LIMIT} bytes.`, 413));
  const text = utf8DecodeStrict(body.bytes);
  if (!text.ok) return faultEnvelope(version, fault('sender', 'InvalidUtf8', `The body is not valid UTF-8 although the charset says so: ${text.error.message}`));
  const declared = /^\uFEFF?<\?xml[^>]*?\sencoding\s*=\s*["']([^"']*)["']/.exec(text.value)?.[1];
  if (declared !== undefined && declared.toLowerCase() !== 'utf-8' && declared.toLowerCase() !== 'utf8') {
    return faultEnvelope(version, fault('sender', 'EncodingMismatch', `The XML declaration says encoding="${declared}" but the Content-Type says charset=${charset}; they must agree.`));
  }
  const doc = readXmlDocument(text.value);
  if (!doc.ok) return faultEnvelope(version, fault('sender', 'MalformedXml', doc.error.message));
  const root = doc.value;
  const envelopeVersion: SoapVersion | undefined = root.ns === SOAP11_ENVELOPE_NS ? '1.1' : root.ns === SOAP12_ENVELOPE_NS ? '1.2' : undefined;
  if (root.local !== 'Envelope' || !envelopeVersion) {
    return faultEnvelope(version, fault(root.local === 'Envelope' ? 'version-mismatch' : 'sender', 'NotAnEnvelope', `The root element is <${root.name}>${root.ns ? ` in ${root.ns}` : ''}, not a SOAP 1.1 or 1.2 Envelope.`));
  }
  if (envelopeVersion !== version) {
    return faultEnvelope(envelopeVersion, fault('version-mismatch', 'VersionMismatch', `The Content-Type ${essence} means SOAP ${version}, but the Envelope is SOAP ${envelopeVersion}.`));
  }
  const header = notUnderstood(root);
  if (header) return faultEnvelope(version, fault('must-understand', 'MustUnderstand', `The header <${header.name}> is marked mustUnderstand, and this service does not understand it.`));
  const soapBody = childNamed(root, root.ns, 'Body');
  if (!soapBody) return faultEnvelope(version, fault('sender', 'NoBody', 'The Envelope has no Body.'));
  const input = elementsIn(soapBody)[0];
  if (!input) return faultEnvelope(version, fault('sender', 'EmptyBody', 'The Body is empty; it must hold the operation element, e.g. <GetOrderRequest>.'));
  const map = await operationBindings();
  const binding = map.get(`{${input.ns}}${input.local}`);
  if (!binding) {
    const known = [...map.keys()].join(', ');
    return faultEnvelope(version, fault('sender', 'UnknownOperation', `The Body holds <${input.name}>${input.ns ? ` in ${input.ns}` : ' in no namespace'}, which is no operation of this service (${known}).`));
  }
  const expected = binding.actions[version] ?? '';
  const action = version === '1.1' ? ctx.req.headers.soapaction : params.action;
  if (version === '1.1' && action === undefined) {
    return faultEnvelope(version, fault('sender', 'ActionMissing', `SOAP 1.1 requires the SOAPAction header; for ${binding.operation} it is "${expected}". The operation was not executed.`));
  }
  const given = action === undefined ? undefined : String(action).trim().replace(/^"(.*)"$/, '$1');
  if (given !== undefined && given !== expected) {
    return faultEnvelope(version, fault('sender', 'ActionMismatch', `The action "${given}" does not match the operation in the Body, ${binding.operation}, whose action in the WSDL is "${expected}". The operation was not executed.`));
  }
  if (SECURED.has(binding.operation)) {
    const security = await checkUsernameToken(text.value, sandboxNow());
    if (!security.ok) return faultEnvelope(version, security.fault);
  }
  const result = runOperation(binding.operation, input);
  return result.ok ? resultEnvelope(version, result.xml) : faultEnvelope(version, result.fault);
}

async function endpoint(ctx: SandboxContext): Promise<void> {
  if (ctx.method === 'GET' || ctx.method === 'HEAD') {
    const query = new Map(queryRows(ctx.url.search).map((p) => [p.name.toLowerCase(), p.value]));
    if (query.has('wsdl')) return sendXml(ctx, ordersWsdl(`${ctx.base}/soap/orders`));
    if (query.get('xsd') === '1') return sendXml(ctx, ORDERS_XSD);
    return sendProblem(ctx.res, 400, { title: 'Not a SOAP request', detail: 'POST an envelope to this endpoint; GET ?WSDL returns its description.' });
  }
  if (ctx.method !== 'POST') return sendProblem(ctx.res, 405, { title: 'Method Not Allowed', detail: 'SOAP calls are POSTs (spec §4.5).' }, { Allow: 'GET, HEAD, POST' });
  send(ctx, await answerCall(ctx));
}

function wrongEndpoint(ctx: SandboxContext): void {
  ctx.req.resume();
  const version: SoapVersion = (ctx.req.headers['content-type'] ?? '').toLowerCase().includes('soap+xml') ? '1.2' : '1.1';
  send(ctx, faultEnvelope(version, fault('sender', 'NoSuchEndpoint', `There is no service at /sandbox${ctx.path}; the order service is at /sandbox/soap/orders. Nothing was executed.`, 404)));
}

/** The SOAP router. */
export const soapRoutes: SandboxRoute[] = [
  { method: '*', pattern: '/soap/orders', handle: endpoint },
  { method: '*', pattern: '/soap/*', handle: wrongEndpoint },
];
