/**
 * What a SOAP fault code says about who is to blame and what to do (SOAP 1.1 §4.4.1,
 * SOAP 1.2 Part 1 §5.4.6). 1.1's `Client`/`Server` and 1.2's `Sender`/`Receiver` are the
 * same split as HTTP's 4xx/5xx; 1.1 allows dotted refinements such as `Client.Auth`.
 */
import type { Verdict } from '../http/verdict';
import type { SoapFault } from '../soap/soapFault';
import { SOAP11_ENVELOPE_NS, SOAP12_ENVELOPE_NS } from '../soap/wsdlModel';
import { WSSE_NS } from '../soap/wsSecurity';

/** Who caused a fault, read from its code. */
export type SoapFaultBlame = 'sender' | 'receiver' | 'version' | 'must-understand' | 'encoding' | 'unknown';

/** A fault code in plain words. */
export interface SoapFaultMeaning {
  blame: SoapFaultBlame;
  /** A short label such as "Your request was at fault". */
  title: string;
  meaning: string;
  reference: string;
  /**
   * What the code concludes. VersionMismatch, MustUnderstand and DataEncodingUnknown blame
   * the request: the message has to change before it can succeed. An application code
   * says only that the call failed.
   */
  verdict: Verdict;
}

const MEANINGS: Record<SoapFaultBlame, Omit<SoapFaultMeaning, 'blame' | 'reference'>> = {
  sender: {
    verdict: { blame: 'request', outcome: 'failed', retry: 'will-fail' },
    title: 'Your request was at fault',
    meaning: 'The message was wrong or lacked something (data, credentials, a header); sending it again unchanged will fail again. The operation was not executed.',
  },
  receiver: {
    verdict: { blame: 'server', outcome: 'failed', retry: 'may-succeed' },
    title: 'The service failed',
    meaning: 'The message was fine but the service could not process it (a fault behind it, a dependency down). It may succeed later; retry only if the operation is safe to repeat.',
  },
  version: {
    verdict: { blame: 'request', outcome: 'failed', retry: 'will-fail' },
    title: 'SOAP version mismatch',
    meaning: 'The envelope namespace is not one the service speaks: SOAP 1.1 is http://schemas.xmlsoap.org/soap/envelope/, SOAP 1.2 is http://www.w3.org/2003/05/soap-envelope.',
  },
  'must-understand': {
    verdict: { blame: 'request', outcome: 'failed', retry: 'will-fail' },
    title: 'Header not understood',
    meaning: 'A header block marked mustUnderstand was not understood by the service, so it refused the whole message.',
  },
  encoding: {
    verdict: { blame: 'request', outcome: 'failed', retry: 'will-fail' },
    title: 'Unknown data encoding',
    meaning: 'A header or body uses an encodingStyle the service does not support.',
  },
  unknown: {
    verdict: { outcome: 'failed' },
    title: 'Fault',
    meaning: 'The fault code is not one of the standard SOAP codes; see the reason and detail.',
  },
};

function blameOf(local: string, version: '1.1' | '1.2'): SoapFaultBlame {
  const base = local.split('.')[0]!;
  if (base === (version === '1.1' ? 'Client' : 'Sender')) return 'sender';
  if (base === (version === '1.1' ? 'Server' : 'Receiver')) return 'receiver';
  if (base === 'VersionMismatch') return 'version';
  if (base === 'MustUnderstand') return 'must-understand';
  if (base === 'DataEncodingUnknown' && version === '1.2') return 'encoding';
  return 'unknown';
}

/** Reads a fault's code into who is to blame and what that means. */
export function describeSoapFault(fault: SoapFault): SoapFaultMeaning {
  const ns = fault.soapVersion === '1.1' ? SOAP11_ENVELOPE_NS : SOAP12_ENVELOPE_NS;
  // A code whose prefix is not the envelope's is an application code; an unresolved prefix is read by its local part.
  // WS-Security's codes (wsse:InvalidSecurity, wsse:FailedAuthentication, …) are the sender's faults (WSS 1.1 §12).
  const standard = fault.codeName === null || fault.codeName.ns === ns;
  const local = fault.codeName?.local ?? fault.code.slice(fault.code.indexOf(':') + 1);
  const blame = fault.codeName?.ns === WSSE_NS ? 'sender' : standard ? blameOf(local, fault.soapVersion) : 'unknown';
  return { blame, ...MEANINGS[blame], reference: fault.soapVersion === '1.1' ? 'SOAP 1.1 §4.4.1' : 'SOAP 1.2 Part 1 §5.4.6' };
}
