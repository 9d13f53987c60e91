/**
 * The status of a response that carries a SOAP Fault, explained by the fault code rather
 * than by the HTTP class: SOAP 1.1 sends every fault with 500 whoever caused it (SOAP 1.1
 * §6.2), so "5xx, the server's fault" would contradict a `Client` code. The fault code's
 * verdict (`describeSoapFault`) governs; the status is explained in its light.
 */
import { headerValue, type WireResponse } from '../types';
import { describeSoapFault, type SoapFaultBlame, type SoapFaultMeaning } from '../inspect/soapFaultCode';
import { parseSoapFault, type SoapFault } from '../soap/soapFault';
import type { Finding } from './finding';
import { isXmlMediaType, mediaTypeEssence } from './requestBody';
import type { StatusInfo } from './status';

/** Bodies this long or longer are not read for a fault (the inspector passes small bodies only). */
const MAX_FAULT_TEXT = 1 << 20;

/**
 * The SOAP fault in `response.bodyText`, when the response is XML (text/xml,
 * application/soap+xml or any +xml) and its body is an envelope whose Body holds a Fault.
 */
export function soapFaultOfResponse(response: WireResponse): SoapFault | null {
  const text = response.bodyText;
  if (text === undefined || text.length >= MAX_FAULT_TEXT || !text.includes('Fault')) return null;
  const contentType = headerValue(response.headers, 'Content-Type');
  if (contentType === undefined || !isXmlMediaType(mediaTypeEssence(contentType))) return null;
  const parsed = parseSoapFault(text);
  return parsed.ok ? parsed.value : null;
}

const WHO: Record<SoapFaultBlame, string> = {
  sender: 'your request was at fault, not the server',
  receiver: 'the service failed while processing a request that was fine',
  version: 'the service does not speak this envelope\u2019s SOAP version, so the request has to change',
  'must-understand': 'the service refused a header marked mustUnderstand that it does not know, so the request has to change',
  encoding: 'the service does not support the encodingStyle the request uses, so the request has to change',
  unknown: 'an application fault code, which says that the call failed but not who caused it',
};

const NEXT: Record<SoapFaultBlame, string> = {
  sender: 'Change the request as the fault\u2019s reason and detail say; sent unchanged it will fail again.',
  receiver: 'Retry later if the operation is safe to repeat; report it with the fault\u2019s detail if it persists.',
  version: 'Send the envelope in the SOAP version the service\u2019s WSDL binding names.',
  'must-understand': 'Remove the header or its mustUnderstand flag, or use the header the service documents.',
  encoding: 'Send the body in the encoding the service\u2019s WSDL binding names (usually literal).',
  unknown: 'Read the fault\u2019s reason and detail, and what the service documents for this code.',
};

/** The HTTP status SOAP 1.2's HTTP binding gives a fault (Part 2 §7.5.2.2): 400 for Sender, 500 for the rest. */
function soap12Status(fault: SoapFault): number {
  const local = fault.codeName?.local ?? fault.code.slice(fault.code.indexOf(':') + 1);
  return local === 'Sender' ? 400 : 500;
}

function statusSentence(fault: SoapFault, status: number, info: StatusInfo): string {
  if (fault.soapVersion === '1.1') {
    return status === 500
      ? 'SOAP 1.1 sends every fault with 500 Internal Server Error, whoever caused it (SOAP 1.1 §6.2), so the fault code, not the status, says who is at fault.'
      : `The status ${status} ${info.reason} comes from the HTTP layer; SOAP 1.1 itself would send 500 for any fault (SOAP 1.1 §6.2), and the fault code says who is at fault.`;
  }
  const expected = soap12Status(fault);
  return status === expected
    ? `SOAP 1.2 sends ${expected === 400 ? 'a Sender fault with 400' : 'this fault with 500'} (SOAP 1.2 Part 2 §7.5.2.2).`
    : `SOAP 1.2 would send this fault with ${expected} (SOAP 1.2 Part 2 §7.5.2.2), not ${status}; the fault code is the more precise word on who is at fault.`;
}

/** The status summary of a response that carries `fault`, speaking with the fault card's voice. */
export function soapFaultSummary(fault: SoapFault, status: number, info: StatusInfo): { finding: Finding; meaning: SoapFaultMeaning } {
  const meaning = describeSoapFault(fault);
  return {
    meaning,
    finding: {
      id: 'status',
      severity: 'error',
      title: `${status} ${info.reason}`,
      message: `The body is a SOAP ${fault.soapVersion} Fault with code ${fault.code}: ${WHO[meaning.blame]}. ${statusSentence(fault, status, info)}`,
      next: NEXT[meaning.blame],
      reference: fault.soapVersion === '1.1' ? 'SOAP 1.1 §6.2' : 'SOAP 1.2 Part 2 §7.5.2.2',
      verdict: meaning.verdict,
    },
  };
}
