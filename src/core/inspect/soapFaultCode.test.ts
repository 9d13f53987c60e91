import { describe, expect, it } from 'vitest';
import type { SoapFault } from '../soap/soapFault';
import { describeSoapFault } from './soapFaultCode';

const fault11 = (local: string, ns = 'http://schemas.xmlsoap.org/soap/envelope/'): SoapFault => ({ soapVersion: '1.1', code: `soap:${local}`, codeName: { ns, local }, subcodes: [], reason: 'r' });
const fault12 = (local: string): SoapFault => ({ soapVersion: '1.2', code: `env:${local}`, codeName: { ns: 'http://www.w3.org/2003/05/soap-envelope', local }, subcodes: [], reason: 'r' });

describe('describeSoapFault', () => {
  it('reads 1.1 Client/Server and 1.2 Sender/Receiver as the request\u2019s or the service\u2019s fault', () => {
    expect(describeSoapFault(fault11('Client')).blame).toBe('sender');
    expect(describeSoapFault(fault11('Client.Authentication')).blame).toBe('sender');
    expect(describeSoapFault(fault11('Server')).blame).toBe('receiver');
    expect(describeSoapFault(fault12('Sender')).title).toBe('Your request was at fault');
    expect(describeSoapFault(fault12('Receiver')).blame).toBe('receiver');
  });

  it('knows the other standard codes and their version', () => {
    expect(describeSoapFault(fault12('MustUnderstand')).blame).toBe('must-understand');
    expect(describeSoapFault(fault11('VersionMismatch')).blame).toBe('version');
    expect(describeSoapFault(fault12('DataEncodingUnknown')).blame).toBe('encoding');
    expect(describeSoapFault(fault11('Sender')).blame).toBe('unknown');
  });

  it('states its verdict as data: Client/Sender and the other standard codes blame the request, Server/Receiver the service', () => {
    expect(describeSoapFault(fault11('Client')).verdict).toEqual({ blame: 'request', outcome: 'failed', retry: 'will-fail' });
    expect(describeSoapFault(fault12('Receiver')).verdict).toEqual({ blame: 'server', outcome: 'failed', retry: 'may-succeed' });
    expect(describeSoapFault(fault11('VersionMismatch')).verdict.blame).toBe('request');
    expect(describeSoapFault(fault11('Client', 'urn:app')).verdict).toEqual({ outcome: 'failed' });
  });

  it('reads WS-Security codes as the sender\u2019s fault (WSS 1.1 §12)', () => {
    expect(describeSoapFault(fault11('InvalidSecurity', 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd')).blame).toBe('sender');
  });

  it('treats a code in another namespace as an application code', () => {
    expect(describeSoapFault(fault11('Client', 'urn:app')).blame).toBe('unknown');
  });

  it('reads an unresolved prefix by its local part', () => {
    expect(describeSoapFault({ soapVersion: '1.1', code: 'x:Server', codeName: null, subcodes: [], reason: '' }).blame).toBe('receiver');
  });
});
