import { describe, expect, it } from 'vitest';
import { documentOf, viewText } from './formatTestKit';

const pretty = (text: string, type = 'application/xml', piece?: number) => viewText(documentOf(text, type, piece ? { piece } : {}));

describe('markup line index', () => {
  it('puts each element on its own line, text-only elements on one line', () => {
    expect(pretty('<?xml version="1.0"?><a><b>Ada</b><c x="1"/><d></d></a>')).toBe(
      '<?xml version="1.0"?>\n<a>\n  <b>Ada</b>\n  <c x="1"/>\n  <d></d>\n</a>',
    );
  });

  it('reformats already indented XML identically, whatever the pieces', () => {
    const source = '<a>\n    <b>\n        <c>1</c>\n    </b>\n</a>\n';
    for (const piece of [1, 2, 5, 100]) expect(pretty(source, 'application/xml', piece)).toBe('<a>\n  <b>\n    <c>1</c>\n  </b>\n</a>');
  });

  it('keeps comments, CDATA and attributes with ">" in quotes intact', () => {
    expect(pretty('<a><!-- a <b> --><s><![CDATA[x < y]]></s><t v="a>b"/></a>')).toBe(
      '<a>\n  <!-- a <b> -->\n  <s><![CDATA[x < y]]></s>\n  <t v="a>b"/>\n</a>',
    );
  });

  it('shows mixed content and multi-line text readably', () => {
    expect(pretty('<p>Hello <b>you</b> there</p>')).toBe('<p>Hello\n  <b>you</b>\n  there\n</p>');
    expect(pretty('<a>one\ntwo</a>')).toBe('<a>one \u21b5 two</a>');
  });

  it('pretty-prints a SOAP envelope', () => {
    const envelope =
      '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Client</faultcode><faultstring>Bad</faultstring></soap:Fault></soap:Body></soap:Envelope>';
    expect(pretty(envelope, 'text/xml')).toBe(
      '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/">\n  <soap:Body>\n    <soap:Fault>\n      <faultcode>soap:Client</faultcode>\n      <faultstring>Bad</faultstring>\n    </soap:Fault>\n  </soap:Body>\n</soap:Envelope>',
    );
  });

  it('reports a mismatched end tag but goes on formatting', () => {
    const doc = documentOf('<a><b></a>', 'application/xml');
    expect(doc.progress().pretty?.problem?.message).toBe('Expected </b> but found </a>');
    expect(doc.progress().pretty?.complete).toBe(true);
  });

  it('understands HTML void elements, raw text and omitted end tags', () => {
    expect(pretty('<!DOCTYPE html><html><head><meta charset="utf-8"><script>if (a < b) x("</p>");</script></head><body><p>1<br>2</body></html>', 'text/html')).toBe(
      '<!DOCTYPE html>\n<html>\n  <head>\n    <meta charset="utf-8">\n    <script>if (a < b) x("</p>");</script>\n  </head>\n  <body>\n    <p>1\n      <br>\n      2\n  </body>\n</html>',
    );
  });

  it('treats a "<" that starts no tag as text', () => {
    expect(pretty('<p>a < b</p>', 'text/html')).toBe('<p>a < b</p>');
  });
});
