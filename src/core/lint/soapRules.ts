/**
 * Rules for XML and SOAP requests (spec §4.5, SOAP 1.1 §6.1, SOAP 1.2 Part 2 §7, RFC 7303):
 * a charset on text/xml, an XML declaration that agrees with it, the SOAPAction (or SOAP
 * 1.2 action parameter) the WSDL declares, the endpoint, the method and the media type of
 * each SOAP version. The envelope is recognised by its namespace, not its prefix.
 */
import { quoteAuthParamValue } from '../auth';
import { headerValues, positionAt, type WireRequest } from '../types';
import { findingOf, type LintContext, type LintFinding, type LintFix, type LintRule } from './lintFinding';
import { contentTypeWithParams } from './contentRules';
import { parsedUrl, requestFacts } from './requestFacts';
import { canonicalCharset, readXmlDeclaration } from './xmlDeclaration';

/** The SOAP version a request speaks: the WSDL's word first, then the envelope, then the media type. */
function soapVersionOf(request: WireRequest, context: LintContext): '1.1' | '1.2' | undefined {
  const facts = requestFacts(request);
  return context.soap?.version ?? facts.envelopeVersion() ?? (facts.essence === 'application/soap+xml' ? '1.2' : undefined);
}

function textOnlyBody(request: WireRequest): boolean {
  return (request.body ?? []).every((chunk) => typeof chunk === 'string');
}

function setContentType(value: string | undefined, label: string): LintFix | undefined {
  return value === undefined ? undefined : { label, kind: 'set-header', name: 'Content-Type', value };
}

/** text/xml without a charset parameter. */
export const xmlCharsetRule: LintRule = {
  id: 'xml-charset-missing',
  title: 'Charset on text/xml',
  why: 'SOAP 1.1 sends Content-Type: text/xml; charset=utf-8 (spec §4.5); for text/xml without charset some receivers assume us-ascii and misread every non-ASCII character (RFC 3023 §3.1, RFC 7303 §3.2).',
  check(request) {
    const facts = requestFacts(request);
    if (facts.essence !== 'text/xml' || !facts.hasBody || facts.params.charset !== undefined || facts.contentType === undefined) return [];
    const declared = facts.body.text === undefined ? undefined : readXmlDeclaration(facts.body.text)?.encoding;
    const charset = textOnlyBody(request) ? 'utf-8' : (declared ?? 'utf-8');
    return [
      findingOf(this, 'warning', `Content-Type: ${facts.contentType} has no charset, so the receiver may read the body as US-ASCII. Add charset=${charset}.`, {
        field: 'header:Content-Type',
        fix: setContentType(contentTypeWithParams(facts.contentType, { charset }), `Add charset=${charset}`),
      }),
    ];
  },
};

function encodingMismatchFix(request: WireRequest, contentType: string, declared: string, charset: string): LintFix | undefined {
  if (!textOnlyBody(request)) {
    // Bytes may be in any encoding; the declaration was written with them, so trust it.
    return setContentType(contentTypeWithParams(contentType, { charset: declared }), `Set charset=${declared}`);
  }
  // Text is sent as UTF-8, so whichever side says utf-8 is the true one.
  if (canonicalCharset(charset) === 'utf-8') return { label: 'Declare encoding="utf-8"', kind: 'set-xml-encoding', encoding: 'utf-8' };
  if (canonicalCharset(declared) === 'utf-8') return setContentType(contentTypeWithParams(contentType, { charset: 'utf-8' }), 'Set charset=utf-8');
  return undefined;
}

/** An XML declaration whose encoding contradicts the Content-Type charset (or is missing in SOAP). */
export const xmlDeclarationEncodingRule: LintRule = {
  id: 'xml-declaration-encoding',
  title: 'XML declaration matches the charset',
  why: 'The XML should carry an XML declaration with an encoding matching the Content-Type charset (spec §4.5); when they differ, the HTTP layer and the XML parser decode the body differently (RFC 7303 §3, XML 1.0 §4.3.3).',
  check(request, context) {
    const facts = requestFacts(request);
    const text = facts.body.text;
    const soap = soapVersionOf(request, context) !== undefined;
    if (text === undefined || !facts.looksLikeXml || !(facts.isXml || soap) || facts.contentType === undefined) return [];
    const charset = facts.params.charset;
    const declaration = readXmlDeclaration(text);
    const field = 'body';
    if (declaration?.encoding !== undefined && charset !== undefined) {
      if (canonicalCharset(declaration.encoding) === canonicalCharset(charset)) return [];
      const at = positionAt(text, declaration.encodingValue?.from ?? declaration.start);
      const bytesNote = textOnlyBody(request) ? ' The body text is sent as UTF-8.' : '';
      return [
        findingOf(
          this,
          'error',
          `The XML declaration says encoding="${declaration.encoding}" (line ${at.line}, column ${at.column}) but Content-Type says charset=${charset}; the server and its XML parser will decode the body differently.${bytesNote}`,
          { field, fix: encodingMismatchFix(request, facts.contentType, declaration.encoding, charset) },
        ),
      ];
    }
    if (soap && charset !== undefined && declaration?.encoding === undefined) {
      const fix: LintFix | undefined =
        textOnlyBody(request) && canonicalCharset(charset) === 'utf-8' ? { label: `Declare encoding="${charset}"`, kind: 'set-xml-encoding', encoding: charset } : undefined;
      return [
        findingOf(
          this,
          'info',
          `The SOAP envelope has ${declaration ? 'an XML declaration without an encoding' : 'no XML declaration'}; it should start with <?xml version="1.0" encoding="${charset}"?> to match Content-Type charset=${charset}.`,
          { field, fix },
        ),
      ];
    }
    return [];
  },
};

function quoted(value: string): string | undefined {
  try {
    return quoteAuthParamValue(value);
  } catch {
    return undefined;
  }
}

function unquoted(value: string): { text: string; quoted: boolean } {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return { text: value.slice(1, -1).replace(/\\(.)/g, '$1'), quoted: true };
  }
  return { text: value, quoted: false };
}

function setSoapAction(action: string, label: string): LintFix | undefined {
  const value = quoted(action);
  return value === undefined ? undefined : { label, kind: 'set-header', name: 'SOAPAction', value };
}

function soap11ActionFindings(rule: LintRule, request: WireRequest, expected: string | undefined): LintFinding[] {
  const field = 'header:SOAPAction';
  const values = headerValues(request.headers, 'SOAPAction');
  if (values.length === 0) {
    const declared = expected === undefined ? '' : ` The WSDL declares "${expected}" for this operation.`;
    return [
      findingOf(rule, 'error', `This SOAP 1.1 request has no SOAPAction header, which SOAP 1.1 requires; many servers refuse it or run no operation.${declared}`, {
        field,
        fix: expected === undefined ? undefined : setSoapAction(expected, 'Add the SOAPAction from the WSDL'),
      }),
    ];
  }
  const sent = values[0]!.trim();
  const action = unquoted(sent);
  if (expected !== undefined && action.text !== expected) {
    return [
      findingOf(
        rule,
        'error',
        `SOAPAction is "${action.text}" but the WSDL declares "${expected}" for this operation. If the SOAPAction does not match, the operation is not executed.`,
        { field, fix: setSoapAction(expected, 'Use the SOAPAction from the WSDL') },
      ),
    ];
  }
  if (!action.quoted && sent !== '') {
    return [
      findingOf(rule, 'info', `SOAPAction: ${sent} is not quoted; SOAP 1.1 writes it as a quoted string ("${sent}"), and some servers compare it with the quotes.`, {
        field,
        fix: setSoapAction(sent, 'Quote it'),
        why: 'The SOAPAction header value is a quoted URI reference: SOAPAction: "urn:example#Op" (SOAP 1.1 §6.1.1, spec §4.5).',
      }),
    ];
  }
  return [];
}

function soap12ActionFindings(rule: LintRule, request: WireRequest, expected: string | undefined): LintFinding[] {
  const facts = requestFacts(request);
  const findings: LintFinding[] = [];
  const field = 'header:Content-Type';
  const action = facts.params.action;
  if (expected !== undefined && expected !== '' && action !== expected && facts.contentType !== undefined) {
    const fix = setContentType(contentTypeWithParams(facts.contentType, { action: expected }, 'application/soap+xml'), 'Use the action from the WSDL');
    findings.push(
      action === undefined
        ? findingOf(rule, 'warning', `This SOAP 1.2 request has no action parameter on Content-Type; the WSDL declares "${expected}" and the server may dispatch on it.`, { field, fix })
        : findingOf(rule, 'error', `The Content-Type action is "${action}" but the WSDL declares "${expected}"; the operation is not executed.`, { field, fix }),
    );
  }
  if (headerValues(request.headers, 'SOAPAction').length > 0) {
    findings.push(
      findingOf(rule, 'info', 'SOAP 1.2 does not use the SOAPAction header; the action travels as the action parameter of Content-Type: application/soap+xml.', {
        field: 'header:SOAPAction',
      }),
    );
  }
  return findings;
}

/** SOAPAction missing, different from the WSDL's, or unquoted (SOAP 1.2: the action parameter). */
export const soapActionRule: LintRule = {
  id: 'soap-action',
  title: 'SOAPAction matches the WSDL',
  why: 'SOAPAction is required for SOAP 1.1 and carries the action URI of the operation, which must equal the action declared in the service description; if it does not match, the operation is not executed (spec §4.5). SOAP 1.2 carries it as the action parameter of the media type.',
  check(request, context) {
    const version = soapVersionOf(request, context);
    if (version === '1.1') return soap11ActionFindings(this, request, context.soap?.action);
    if (version === '1.2') return soap12ActionFindings(this, request, context.soap?.action);
    return [];
  },
};

function comparableUrl(url: string): string {
  return parsedUrl(url.trim())?.href ?? url.trim();
}

/** A SOAP request sent somewhere else than the WSDL's endpoint. */
export const soapEndpointRule: LintRule = {
  id: 'soap-endpoint',
  title: 'SOAP endpoint from the WSDL',
  why: 'A SOAP call is a POST to the single service endpoint URL given by the service description; if the endpoint URL is wrong, the operation is not executed (spec §4.5).',
  check(request, context) {
    const endpoint = context.soap?.endpoint;
    if (endpoint === undefined || endpoint.trim() === '') return [];
    if (comparableUrl(request.url) === comparableUrl(endpoint)) return [];
    const wsdl = /[?&]wsdl\b/i.test(request.url) ? ' The URL asks for the WSDL document (?WSDL); operations are posted to the endpoint itself.' : '';
    return [
      findingOf(this, 'warning', `The request goes to ${request.url}, but the WSDL's endpoint for this operation is ${endpoint}.${wsdl}`, {
        field: 'url',
        fix: { label: 'Use the WSDL endpoint', kind: 'set-url', url: endpoint },
      }),
    ];
  },
};

/** SOAP over a method other than POST, with the other version's media type, or an envelope of the other version. */
export const soapBindingRule: LintRule = {
  id: 'soap-binding',
  title: 'SOAP method, media type and version',
  why: 'A SOAP call is a POST (spec §4.5). SOAP 1.1 is sent as text/xml; charset=utf-8 with an Envelope in http://schemas.xmlsoap.org/soap/envelope/; SOAP 1.2 as application/soap+xml with an Envelope in http://www.w3.org/2003/05/soap-envelope; a server answers the other version with 415 or a VersionMismatch fault.',
  check(request, context) {
    const version = soapVersionOf(request, context);
    if (!version) return [];
    const facts = requestFacts(request);
    const findings: LintFinding[] = [];
    if (request.method !== 'POST') {
      findings.push(
        findingOf(this, 'error', `SOAP ${version} operations are posted; this request uses ${request.method || 'no method'}.`, {
          field: 'method',
          fix: { label: 'Use POST', kind: 'set-method', method: 'POST' },
        }),
      );
    }
    const wanted = version === '1.1' ? 'text/xml' : 'application/soap+xml';
    if (facts.contentType !== undefined && facts.essence !== wanted) {
      const action = version === '1.2' ? context.soap?.action : undefined;
      const value = contentTypeWithParams(wanted, action ? { charset: 'utf-8', action } : { charset: 'utf-8' });
      findings.push(
        findingOf(this, 'error', `Content-Type is ${facts.essence || facts.contentType}, but SOAP ${version} is sent as ${wanted}.`, {
          field: 'header:Content-Type',
          fix: setContentType(value, `Set Content-Type: ${wanted}`),
        }),
      );
    }
    const envelope = facts.envelopeVersion();
    if (context.soap?.version !== undefined && envelope !== undefined && envelope !== context.soap.version) {
      findings.push(
        findingOf(this, 'error', `The WSDL binding is SOAP ${context.soap.version}, but the body is a SOAP ${envelope} Envelope; the server will answer with a VersionMismatch fault.`, {
          field: 'body',
        }),
      );
    }
    return findings;
  },
};

/** The XML and SOAP rules in registry order. */
export const SOAP_RULES: readonly LintRule[] = [soapBindingRule, soapActionRule, soapEndpointRule, xmlCharsetRule, xmlDeclarationEncodingRule];
