import { describe, it, expect } from 'vitest';
import { describeRequestBody, isJsonMediaType, isXmlMediaType, mediaTypeEssence } from './requestBody';
import { wireRequest } from './exchangeFixtures';

describe('describeRequestBody', () => {
  it('counts UTF-8 bytes, not characters, and names the media type', () => {
    const d = describeRequestBody(wireRequest('POST https://x.test/', ['Content-Type: Application/JSON; charset=utf-8'], '{"name":"Zoë"}'));
    expect(d).toMatchObject({ bytes: 15, mediaType: 'application/json', contentType: 'Application/JSON; charset=utf-8', text: '{"name":"Zoë"}' });
    expect(d.phrase).toBe('you sent 15 bytes of application/json');
  });

  it('says when there is no body', () => {
    expect(describeRequestBody(wireRequest('GET https://x.test/')).phrase).toBe('you sent no body');
  });

  it('says when a body has no Content-Type', () => {
    expect(describeRequestBody(wireRequest('POST https://x.test/', [], 'a')).phrase).toBe('you sent 1 byte with no Content-Type');
  });

  it('decodes a character split across byte chunks as one', () => {
    const bytes = new TextEncoder().encode('é');
    const d = describeRequestBody(wireRequest('POST https://x.test/', [], bytes.slice(0, 1), bytes.slice(1)));
    expect(d.text).toBe('é');
  });

  it('includes files by name and size without reading them, and gives no text', () => {
    const d = describeRequestBody(
      wireRequest('POST https://x.test/', ['Content-Type: multipart/form-data; boundary=b'], '--b\r\n', { kind: 'file', id: 'f1', name: 'cat.png', size: 2048 }, '\r\n--b--\r\n'),
    );
    expect(d.bytes).toBe(5 + 2048 + 9);
    expect(d.text).toBeUndefined();
    expect(d.phrase).toBe('you sent 2062 bytes of multipart/form-data, including file "cat.png" (2048 bytes)');
  });
});

describe('media types', () => {
  it.each([
    ['application/json', true, false],
    ['application/problem+json', true, false],
    ['application/vnd.api+json', true, false],
    ['application/xml', false, true],
    ['text/xml', false, true],
    ['application/soap+xml', false, true],
    ['text/plain', false, false],
    ['application/jsonx', false, false],
  ])('%s: json=%s xml=%s', (type, json, xml) => {
    expect(isJsonMediaType(type)).toBe(json);
    expect(isXmlMediaType(type)).toBe(xml);
  });

  it('takes the essence of a Content-Type', () => {
    expect(mediaTypeEssence(' Text/XML ; charset="utf-8"')).toBe('text/xml');
  });
});
