/**
 * Which character encoding a response body is in, from the three places that can say it:
 * a byte order mark, the Content-Type `charset`, and the document itself (the XML
 * declaration, an HTML `<meta charset>`). Precedence follows RFC 7303 §3.2 and the HTML
 * encoding sniffing algorithm: BOM, then Content-Type, then the document, then UTF-8.
 * When the sources disagree, the body may decode wrongly for someone, so that is reported.
 */
import { contentTypeParams } from '../encoding/mediaType';
import type { Finding } from '../http/finding';

/** Where the chosen encoding came from. */
export type CharsetSource = 'bom' | 'content-type' | 'xml-declaration' | 'html-meta' | 'default';

/** The encoding to decode a body with, what each source declared, and any disagreement. */
export interface BodyCharset {
  /** A WHATWG encoding name `TextDecoder` accepts, e.g. `utf-8`, `windows-1252`, `utf-16le`. */
  encoding: string;
  source: CharsetSource;
  /** Bytes of byte order mark at the start (0, 2 or 3); they are not part of the text. */
  bomLength: number;
  /** Each source's declaration as written (labels), when present. */
  declared: { bom?: string; contentType?: string; xmlDeclaration?: string; htmlMeta?: string };
  findings: Finding[];
}

/** The WHATWG name for an encoding label, or undefined when the label is unknown. */
export function encodingForLabel(label: string): string | undefined {
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return undefined;
  }
}

function bomOf(bytes: Uint8Array): { encoding: string; length: number } | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  return undefined;
}

/**
 * The prefix as ASCII text, whatever its encoding: UTF-16 code units are narrowed by
 * dropping the zero bytes, which is enough to read an XML declaration or a meta tag.
 */
function asciiView(bytes: Uint8Array, start: number): string {
  const limit = Math.min(bytes.length, start + 1024);
  let utf16: 'le' | 'be' | undefined;
  if (bytes[start] === 0x3c && bytes[start + 1] === 0x00) utf16 = 'le';
  else if (bytes[start] === 0x00 && bytes[start + 1] === 0x3c) utf16 = 'be';
  let out = '';
  if (utf16) {
    for (let i = start + (utf16 === 'be' ? 1 : 0); i < limit; i += 2) out += String.fromCharCode(bytes[i]! < 0x80 ? bytes[i]! : 0x3f);
  } else {
    for (let i = start; i < limit; i++) out += String.fromCharCode(bytes[i]! < 0x80 ? bytes[i]! : 0x3f);
  }
  return out;
}

/** The `encoding` pseudo-attribute of an XML declaration at the start of `text`. */
export function xmlDeclarationEncoding(text: string): string | undefined {
  const match = /^<\?xml\s[^?]*?encoding\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(text);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** The charset of the first `<meta charset>` or `<meta http-equiv="Content-Type">` in `text`. */
export function htmlMetaCharset(text: string): string | undefined {
  const direct = /<meta\s[^>]*?charset\s*=\s*["']?([^"'\s/>;]+)/i.exec(text);
  return direct?.[1];
}

function sameEncoding(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && a === b;
}

/**
 * Decides how to decode a body. `prefix` is its first bytes (1 KiB is plenty);
 * `contentType` the response's Content-Type, if any. `kind` hints which in-document
 * declaration applies. Never throws for any input.
 */
export function detectBodyCharset(prefix: Uint8Array, contentType: string | undefined, kind: 'xml' | 'html' | 'json' | 'other' = 'other'): BodyCharset {
  if (!(prefix instanceof Uint8Array)) throw new TypeError('detectBodyCharset expects the body prefix as a Uint8Array');
  const findings: Finding[] = [];
  const declared: BodyCharset['declared'] = {};
  const bom = bomOf(prefix);
  if (bom) declared.bom = bom.encoding;
  const headerLabel = contentType !== undefined ? contentTypeParams(contentType).params['charset'] : undefined;
  if (headerLabel !== undefined) declared.contentType = headerLabel;
  const text = asciiView(prefix, bom?.length ?? 0);
  const xmlLabel = xmlDeclarationEncoding(text);
  if (xmlLabel !== undefined) declared.xmlDeclaration = xmlLabel;
  const metaLabel = kind === 'html' ? htmlMetaCharset(text) : undefined;
  if (metaLabel !== undefined) declared.htmlMeta = metaLabel;

  const headerEncoding = headerLabel !== undefined ? encodingForLabel(headerLabel) : undefined;
  const xmlEncoding = xmlLabel !== undefined ? encodingForLabel(xmlLabel) : undefined;
  const metaEncoding = metaLabel !== undefined ? encodingForLabel(metaLabel) : undefined;
  const unknown = (label: string, where: string) =>
    findings.push({
      id: 'charset-unknown',
      severity: 'warning',
      title: `Unknown charset "${label}"`,
      message: `The ${where} names the charset "${label}", which is not an encoding browsers know; it is ignored.`,
      reference: 'WHATWG Encoding §4.2',
    });
  if (headerLabel !== undefined && !headerEncoding) unknown(headerLabel, 'Content-Type');
  if (xmlLabel !== undefined && !xmlEncoding) unknown(xmlLabel, 'XML declaration');
  if (metaLabel !== undefined && !metaEncoding) unknown(metaLabel, '<meta> tag');

  const disagree = (a: string, aLabel: string, b: string, bLabel: string, winner: string) =>
    findings.push({
      id: 'charset-disagreement',
      severity: 'warning',
      title: 'Charsets disagree',
      message: `The ${a} says ${aLabel} but the ${b} says ${bLabel}. Decoding with ${winner}, as the ${winner === aLabel ? a : b} takes precedence; a client that reads the other may show wrong characters.`,
      reference: kind === 'xml' ? 'RFC 7303 §3.2' : 'RFC 9110 §8.3.1',
    });

  if (bom && headerEncoding && !sameEncoding(bom.encoding, headerEncoding)) {
    disagree('byte order mark', bom.encoding, 'Content-Type', headerLabel!, bom.encoding);
  }
  if (xmlEncoding) {
    const over = bom?.encoding ?? headerEncoding;
    // UTF-16 documents may declare plain "UTF-16"; the BOM or header gives the byte order.
    const equivalent = over !== undefined && (sameEncoding(over, xmlEncoding) || (over.startsWith('utf-16') && xmlEncoding.startsWith('utf-16')));
    if (over !== undefined && !equivalent) {
      disagree(bom ? 'byte order mark' : 'Content-Type', bom ? bom.encoding : headerLabel!, 'XML declaration', xmlLabel!, bom ? bom.encoding : headerLabel!);
    }
  }
  if (metaEncoding && headerEncoding && !sameEncoding(metaEncoding, headerEncoding)) {
    disagree('Content-Type', headerLabel!, '<meta> tag', metaLabel!, headerLabel!);
  }
  if (kind === 'json' && headerEncoding && headerEncoding !== 'utf-8' && !bom) {
    findings.push({
      id: 'charset-json-not-utf8',
      severity: 'warning',
      title: 'JSON not in UTF-8',
      message: `JSON exchanged between systems must be UTF-8 (RFC 8259 §8.1), but the Content-Type says ${headerLabel}. Decoding as declared.`,
      reference: 'RFC 8259 §8.1',
    });
  }

  let encoding = 'utf-8';
  let source: CharsetSource = 'default';
  if (bom) [encoding, source] = [bom.encoding, 'bom'];
  else if (headerEncoding) [encoding, source] = [headerEncoding, 'content-type'];
  else if (xmlEncoding) [encoding, source] = [xmlEncoding === 'utf-16le' && prefix[0] === 0x00 ? 'utf-16be' : xmlEncoding, 'xml-declaration'];
  else if (metaEncoding) [encoding, source] = [metaEncoding, 'html-meta'];
  else if (prefix[0] === 0x00 && prefix[1] === 0x3c) [encoding, source] = ['utf-16be', 'default'];
  else if (prefix[0] === 0x3c && prefix[1] === 0x00) [encoding, source] = ['utf-16le', 'default'];
  // The replacement encoding exists to refuse dangerous labels; decoding with it yields one U+FFFD.
  if (encoding === 'replacement') encoding = 'utf-8';
  return { encoding, source, bomLength: bom && bom.encoding === encoding ? bom.length : 0, declared, findings };
}
