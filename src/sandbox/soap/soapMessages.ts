/**
 * Writing the order service's SOAP messages: result envelopes and faults in both
 * versions. A SOAP 1.1 fault has faultcode, faultstring and detail and travels with HTTP
 * 500 (SOAP 1.1 §6.2); a SOAP 1.2 fault has Code (with a Subcode saying exactly what),
 * Reason and Detail, with 400 for a Sender fault and 500 otherwise (SOAP 1.2 part 2 §7.5).
 */
import { SOAP11_ENVELOPE_NS, SOAP12_ENVELOPE_NS, WSSE_NS, type SoapVersion } from '../../core';
import { ORDERS_TYPES_NS } from './ordersWsdl';

/** Escapes text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);
}

/** Who is at fault: the sender of the message, or the service. */
export type SoapFaultParty = 'sender' | 'receiver' | 'version-mismatch' | 'must-understand';

/** A fault to send. `code` names the problem precisely (detail code, 1.2 Subcode). */
export interface OrderServiceFault {
  party: SoapFaultParty;
  /** e.g. `ActionMismatch`, `NoSuchOrder`; WS-Security codes go in `wsseCode`. */
  code: string;
  reason: string;
  /** A WS-Security fault code (`FailedAuthentication`, `InvalidSecurity`, `MessageExpired`…). */
  wsseCode?: string;
  /** HTTP status instead of the SOAP binding's default (404 wrong endpoint, 415 media type). */
  httpStatus?: number;
}

/** An HTTP answer carrying an envelope. */
export interface SoapAnswer {
  status: number;
  contentType: string;
  body: string;
}

const CONTENT_TYPE: Record<SoapVersion, string> = { '1.1': 'text/xml; charset=utf-8', '1.2': 'application/soap+xml; charset=utf-8' };
const ENVELOPE_NS: Record<SoapVersion, string> = { '1.1': SOAP11_ENVELOPE_NS, '1.2': SOAP12_ENVELOPE_NS };

const CODE_11: Record<SoapFaultParty, string> = { sender: 'env:Client', receiver: 'env:Server', 'version-mismatch': 'env:VersionMismatch', 'must-understand': 'env:MustUnderstand' };
const CODE_12: Record<SoapFaultParty, string> = { sender: 'env:Sender', receiver: 'env:Receiver', 'version-mismatch': 'env:VersionMismatch', 'must-understand': 'env:MustUnderstand' };

function envelope(version: SoapVersion, body: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<env:Envelope xmlns:env="${ENVELOPE_NS[version]}">
  <env:Body>
${body}
  </env:Body>
</env:Envelope>
`;
}

/** A result envelope around `bodyXml` (already escaped XML). */
export function resultEnvelope(version: SoapVersion, bodyXml: string): SoapAnswer {
  return { status: 200, contentType: CONTENT_TYPE[version], body: envelope(version, bodyXml) };
}

function detailXml(fault: OrderServiceFault, indent: string): string {
  return `${indent}<t:OrderFault xmlns:t="${ORDERS_TYPES_NS}">
${indent}  <t:code>${escapeXml(fault.code)}</t:code>
${indent}  <t:message>${escapeXml(fault.reason)}</t:message>
${indent}</t:OrderFault>`;
}

/** A fault envelope of `version` with its HTTP status. */
export function faultEnvelope(version: SoapVersion, fault: OrderServiceFault): SoapAnswer {
  const wsse = fault.wsseCode ? ` xmlns:wsse="${WSSE_NS}"` : '';
  if (version === '1.1') {
    const code = fault.wsseCode ? `wsse:${fault.wsseCode}` : CODE_11[fault.party];
    const body = `    <env:Fault${wsse}>
      <faultcode>${code}</faultcode>
      <faultstring xml:lang="en">${escapeXml(fault.reason)}</faultstring>
      <detail>
${detailXml(fault, '        ')}
      </detail>
    </env:Fault>`;
    return { status: fault.httpStatus ?? 500, contentType: CONTENT_TYPE['1.1'], body: envelope('1.1', body) };
  }
  const value = CODE_12[fault.party];
  const subcode = fault.wsseCode ? `wsse:${fault.wsseCode}` : `t:${fault.code}`;
  const body = `    <env:Fault xmlns:t="${ORDERS_TYPES_NS}"${wsse}>
      <env:Code>
        <env:Value>${value}</env:Value>
        <env:Subcode><env:Value>${subcode}</env:Value></env:Subcode>
      </env:Code>
      <env:Reason><env:Text xml:lang="en">${escapeXml(fault.reason)}</env:Text></env:Reason>
      <env:Detail>
${detailXml(fault, '        ')}
      </env:Detail>
    </env:Fault>`;
  const status = fault.httpStatus ?? (fault.party === 'sender' ? 400 : 500);
  return { status, contentType: CONTENT_TYPE['1.2'], body: envelope('1.2', body) };
}
