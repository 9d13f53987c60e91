import { describe, expect, it } from 'vitest';
import { detectBodyCharset, encodingForLabel, htmlMetaCharset, xmlDeclarationEncoding } from './charset';

const bytes = (text: string) => new TextEncoder().encode(text);
const utf16le = (text: string) => new Uint8Array(Uint16Array.from(text, (c) => c.charCodeAt(0)).buffer);

describe('detectBodyCharset', () => {
  it('defaults to UTF-8 with nothing declared', () => {
    expect(detectBodyCharset(bytes('{"a":1}'), 'application/json', 'json')).toMatchObject({ encoding: 'utf-8', source: 'default', findings: [] });
  });

  it('takes the Content-Type charset, in its WHATWG name', () => {
    expect(detectBodyCharset(bytes('hello'), 'text/plain; charset=ISO-8859-1')).toMatchObject({ encoding: 'windows-1252', source: 'content-type' });
  });

  it('lets a byte order mark win and reports the disagreement', () => {
    const result = detectBodyCharset(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]), 'text/plain; charset=iso-8859-1');
    expect(result).toMatchObject({ encoding: 'utf-8', source: 'bom', bomLength: 3 });
    expect(result.findings.map((f) => f.id)).toEqual(['charset-disagreement']);
  });

  it('reads the XML declaration when Content-Type has no charset', () => {
    const result = detectBodyCharset(bytes('<?xml version="1.0" encoding="ISO-8859-1"?><a/>'), 'application/xml', 'xml');
    expect(result).toMatchObject({ encoding: 'windows-1252', source: 'xml-declaration', declared: { xmlDeclaration: 'ISO-8859-1' } });
  });

  it('warns when Content-Type and the XML declaration disagree, decoding by Content-Type (RFC 7303)', () => {
    const result = detectBodyCharset(bytes('<?xml version="1.0" encoding="ISO-8859-1"?><a/>'), 'text/xml; charset=utf-8', 'xml');
    expect(result.encoding).toBe('utf-8');
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]!.message).toBe(
      'The Content-Type says utf-8 but the XML declaration says ISO-8859-1. Decoding with utf-8, as the Content-Type takes precedence; a client that reads the other may show wrong characters.',
    );
  });

  it('accepts a UTF-16 declaration for a UTF-16 document with either byte order', () => {
    const doc = new Uint8Array([0xff, 0xfe, ...utf16le('<?xml version="1.0" encoding="UTF-16"?><a/>')]);
    const result = detectBodyCharset(doc, 'application/xml', 'xml');
    expect(result).toMatchObject({ encoding: 'utf-16le', source: 'bom', bomLength: 2, findings: [] });
  });

  it('recognises UTF-16 XML without a BOM from its first bytes', () => {
    expect(detectBodyCharset(utf16le('<a/>'), 'application/xml', 'xml').encoding).toBe('utf-16le');
  });

  it('reads <meta charset> for HTML and compares it with Content-Type', () => {
    const html = bytes('<!doctype html><meta charset="windows-1251"><p>x');
    expect(detectBodyCharset(html, 'text/html', 'html')).toMatchObject({ encoding: 'windows-1251', source: 'html-meta' });
    expect(detectBodyCharset(html, 'text/html; charset=utf-8', 'html').findings.map((f) => f.id)).toEqual(['charset-disagreement']);
  });

  it('reports unknown labels and JSON that is not UTF-8', () => {
    expect(detectBodyCharset(bytes('x'), 'text/plain; charset=klingon').findings.map((f) => f.id)).toEqual(['charset-unknown']);
    expect(detectBodyCharset(bytes('{}'), 'application/json; charset=utf-16', 'json').findings.map((f) => f.id)).toEqual(['charset-json-not-utf8']);
  });
});

describe('label helpers', () => {
  it('maps labels to WHATWG encodings', () => {
    expect(encodingForLabel(' UTF8 ')).toBe('utf-8');
    expect(encodingForLabel('latin1')).toBe('windows-1252');
    expect(encodingForLabel('nope')).toBeUndefined();
  });

  it('reads declarations', () => {
    expect(xmlDeclarationEncoding("<?xml version='1.0' encoding='Shift_JIS'?>")).toBe('Shift_JIS');
    expect(xmlDeclarationEncoding('<?xml version="1.0"?>')).toBeUndefined();
    expect(htmlMetaCharset('<META CHARSET=utf-8>')).toBe('utf-8');
  });
});
