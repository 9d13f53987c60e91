import { describe, expect, it } from 'vitest';
import { wsdlAddressFor } from './wsdlAddress';

describe('wsdlAddressFor', () => {
  it('appends ?WSDL to an endpoint without a query (spec §4.5)', () => {
    expect(wsdlAddressFor(' http://127.0.0.1:4780/sandbox/soap/orders ')).toEqual({ url: 'http://127.0.0.1:4780/sandbox/soap/orders?WSDL' });
  });

  it('keeps a URL that already has a query as written', () => {
    expect(wsdlAddressFor('https://svc.example/Service.svc?singleWsdl')).toEqual({ url: 'https://svc.example/Service.svc?singleWsdl' });
    expect(wsdlAddressFor('https://svc.example/orders?wsdl')).toEqual({ url: 'https://svc.example/orders?wsdl' });
  });

  it('drops a fragment, which names no document', () => {
    expect(wsdlAddressFor('https://svc.example/orders#top')).toEqual({ url: 'https://svc.example/orders?WSDL' });
  });

  it('explains what is wrong with an empty, relative or non-HTTP address', () => {
    expect(wsdlAddressFor('  ')).toEqual({ message: expect.stringContaining('Type the address') });
    expect(wsdlAddressFor('/sandbox/soap/orders')).toEqual({ message: expect.stringContaining('not an absolute URL') });
    expect(wsdlAddressFor('file:///tmp/x.wsdl')).toEqual({ message: expect.stringContaining('file:') });
  });
});
