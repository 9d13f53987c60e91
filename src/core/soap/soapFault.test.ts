import { describe, expect, it } from 'vitest';
import { parseSoapFault, soapVersionOf } from './soapFault';

const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';

describe('parseSoapFault', () => {
  it('reads a SOAP 1.1 fault with its detail as XML text', () => {
    const xml = `<?xml version="1.0"?>
<soap:Envelope xmlns:soap="${SOAP11}">
  <soap:Body>
    <soap:Fault>
      <faultcode>soap:Client</faultcode>
      <faultstring>Invalid &lt;id&gt;</faultstring>
      <faultactor>http://example.test/actor</faultactor>
      <detail><e:Problem xmlns:e="urn:e"><e:field>id</e:field></e:Problem></detail>
    </soap:Fault>
  </soap:Body>
</soap:Envelope>`;
    expect(parseSoapFault(xml)).toEqual({
      ok: true,
      value: {
        soapVersion: '1.1',
        code: 'soap:Client',
        codeName: { ns: SOAP11, local: 'Client' },
        subcodes: [],
        reason: 'Invalid <id>',
        actor: 'http://example.test/actor',
        detail: '<e:Problem xmlns:e="urn:e"><e:field>id</e:field></e:Problem>',
      },
    });
  });

  it('reads a SOAP 1.2 fault: Code/Value, nested Subcodes, English Reason, Node, Role, Detail', () => {
    const xml = `<env:Envelope xmlns:env="${SOAP12}" xmlns:m="urn:m" xmlns:xml="http://www.w3.org/XML/1998/namespace">
  <env:Body>
    <env:Fault>
      <env:Code>
        <env:Value>env:Sender</env:Value>
        <env:Subcode><env:Value>m:Validation</env:Value><env:Subcode><env:Value>m:TooLong</env:Value></env:Subcode></env:Subcode>
      </env:Code>
      <env:Reason><env:Text xml:lang="fr">Trop long</env:Text><env:Text xml:lang="en-GB">Too long</env:Text></env:Reason>
      <env:Node>http://example.test/node</env:Node>
      <env:Role>http://example.test/role</env:Role>
      <env:Detail>
        <m:max>10</m:max>
      </env:Detail>
    </env:Fault>
  </env:Body>
</env:Envelope>`;
    expect(parseSoapFault(xml)).toEqual({
      ok: true,
      value: {
        soapVersion: '1.2',
        code: 'env:Sender',
        codeName: { ns: SOAP12, local: 'Sender' },
        subcodes: ['m:Validation', 'm:TooLong'],
        reason: 'Too long',
        node: 'http://example.test/node',
        role: 'http://example.test/role',
        detail: '<m:max>10</m:max>',
      },
    });
  });

  it('returns null when the Body holds no fault', () => {
    expect(parseSoapFault(`<s:Envelope xmlns:s="${SOAP11}"><s:Body><r/></s:Body></s:Envelope>`)).toEqual({ ok: true, value: null });
  });

  it('fails clearly on what is not a SOAP message or a broken fault', () => {
    expect(parseSoapFault('<html><body/></html>')).toMatchObject({ ok: false, error: { kind: 'not-soap-envelope' } });
    expect(parseSoapFault(`<s:Envelope xmlns:s="${SOAP11}"/>`)).toMatchObject({ ok: false, error: { kind: 'no-soap-body' } });
    expect(parseSoapFault(`<s:Envelope xmlns:s="${SOAP11}"><s:Body><s:Fault><faultstring>x</faultstring></s:Fault></s:Body></s:Envelope>`)).toMatchObject({
      ok: false,
      error: { kind: 'malformed-fault', field: 'faultcode' },
    });
    expect(parseSoapFault('<s:Envelope>\n  <s:Body>')).toMatchObject({ ok: false, error: { kind: 'xml-malformed' } });
  });
});

describe('soapVersionOf', () => {
  it('tells the version by the Envelope namespace, whatever the prefix', () => {
    expect(soapVersionOf(`<?xml version="1.0"?>\n<!-- hi --><x:Envelope xmlns:x="${SOAP11}"><x:Body/></x:Envelope>`)).toBe('1.1');
    expect(soapVersionOf(`\uFEFF<Envelope xmlns='${SOAP12}'/>`)).toBe('1.2');
  });

  it('is null for other documents, a wrong namespace, or an unbound prefix', () => {
    expect(soapVersionOf('<a/>')).toBeNull();
    expect(soapVersionOf('<soap:Envelope xmlns:soap="urn:other"/>')).toBeNull();
    expect(soapVersionOf(`<soap:Envelope xmlns:env="${SOAP11}"/>`)).toBeNull();
    expect(soapVersionOf('not xml')).toBeNull();
  });
});
