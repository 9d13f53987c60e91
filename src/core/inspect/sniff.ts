/**
 * What a body is, read from its first bytes, and whether that contradicts its
 * Content-Type. A JSON API that answers with an HTML login page, a "text/html" that is a
 * PNG, a body still gzip-compressed after the relay removed the content coding: all are
 * common and all are invisible until someone looks at the bytes.
 */
import { contentTypeParams } from '../encoding/mediaType';
import type { Finding } from '../http/finding';

/** Kinds of content recognisable from the first bytes. */
export type SniffedKind =
  | 'json'
  | 'xml'
  | 'html'
  | 'svg'
  | 'png'
  | 'jpeg'
  | 'gif'
  | 'webp'
  | 'pdf'
  | 'gzip'
  | 'zip'
  | 'zstd'
  | 'text'
  | 'binary'
  | 'empty';

/** A sniffed kind with the media type it implies and a name for people. */
export interface SniffResult {
  kind: SniffedKind;
  mediaType: string;
  label: string;
}

const KINDS: Readonly<Record<SniffedKind, { mediaType: string; label: string }>> = {
  json: { mediaType: 'application/json', label: 'JSON' },
  xml: { mediaType: 'application/xml', label: 'XML' },
  html: { mediaType: 'text/html', label: 'an HTML page' },
  svg: { mediaType: 'image/svg+xml', label: 'an SVG image' },
  png: { mediaType: 'image/png', label: 'a PNG image' },
  jpeg: { mediaType: 'image/jpeg', label: 'a JPEG image' },
  gif: { mediaType: 'image/gif', label: 'a GIF image' },
  webp: { mediaType: 'image/webp', label: 'a WebP image' },
  pdf: { mediaType: 'application/pdf', label: 'a PDF document' },
  gzip: { mediaType: 'application/gzip', label: 'gzip-compressed data' },
  zip: { mediaType: 'application/zip', label: 'a ZIP archive' },
  zstd: { mediaType: 'application/zstd', label: 'zstd-compressed data' },
  text: { mediaType: 'text/plain', label: 'plain text' },
  binary: { mediaType: 'application/octet-stream', label: 'binary data' },
  empty: { mediaType: '', label: 'empty' },
};

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  for (let i = 0; i < signature.length; i++) if (bytes[at + i] !== signature[i]) return false;
  return true;
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

/** Reads the first characters of a text body as lower-case ASCII, skipping a BOM and whitespace. */
function leadingText(bytes: Uint8Array): string {
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  let step = 1;
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    step = 2;
    i = bytes[0] === 0xff ? 2 : 3;
  } else if (bytes[0] === 0x00 && bytes[1] !== 0x00) {
    step = 2;
    i = 1;
  } else if (bytes[1] === 0x00 && bytes[0] !== 0x00) step = 2;
  let out = '';
  for (; i < bytes.length && out.length < 256; i += step) {
    const b = bytes[i]!;
    if (out === '' && (b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d)) continue;
    out += String.fromCharCode(b < 0x80 ? b : 0x3f);
  }
  return out.toLowerCase();
}

/** True when the bytes look like text rather than binary (no NULs, few control characters). */
function looksTextual(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 1024);
  if (n === 0) return true;
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (utf16) return true;
  let control = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    if (b === 0x00) return false;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) control++;
  }
  return control / n < 0.02;
}

function result(kind: SniffedKind): SniffResult {
  return { kind, ...KINDS[kind] };
}

/**
 * Recognises a body from its first bytes (512 are enough; more are ignored): magic numbers
 * first, then markup and JSON by their opening characters, then text versus binary.
 */
export function sniffBody(prefix: Uint8Array): SniffResult {
  if (!(prefix instanceof Uint8Array)) throw new TypeError('sniffBody expects the body prefix as a Uint8Array');
  if (prefix.length === 0) return result('empty');
  if (startsWith(prefix, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return result('png');
  if (startsWith(prefix, [0xff, 0xd8, 0xff])) return result('jpeg');
  if (startsWith(prefix, ascii('GIF87a')) || startsWith(prefix, ascii('GIF89a'))) return result('gif');
  if (startsWith(prefix, ascii('RIFF')) && startsWith(prefix, ascii('WEBP'), 8)) return result('webp');
  if (startsWith(prefix, ascii('%PDF-'))) return result('pdf');
  if (startsWith(prefix, [0x1f, 0x8b, 0x08])) return result('gzip');
  if (startsWith(prefix, [0x50, 0x4b, 0x03, 0x04])) return result('zip');
  if (startsWith(prefix, [0x28, 0xb5, 0x2f, 0xfd])) return result('zstd');
  if (!looksTextual(prefix)) return result('binary');
  const text = leadingText(prefix);
  if (/^(<!doctype html|<html|<head|<body|<script|<iframe|<h1|<div|<p[ >]|<table|<title|<br|<a |<!--\s*<html)/.test(text)) return result('html');
  if (/^<svg[\s>]/.test(text) || (/^<\?xml/.test(text) && /<svg[\s>]/.test(text))) return result('svg');
  if (/^<\?xml|^<[a-z_][\w.:-]*[\s>/]|^<!--/.test(text)) return result('xml');
  if (/^[{[]\s*($|["{}[\]\d-]|true|false|null)/.test(text)) return result('json');
  return result('text');
}

/** How a body should be shown: the view family its content belongs to. */
export type BodyKind = 'json' | 'xml' | 'html' | 'image' | 'pdf' | 'text' | 'binary' | 'empty';

/** True for `application/json` and any `+json` type. */
export function isJsonEssence(essence: string): boolean {
  return essence === 'application/json' || essence.endsWith('+json') || essence === 'text/json';
}

/** True for XML types and any `+xml` type, SVG excluded (an image). */
export function isXmlEssence(essence: string): boolean {
  return (essence === 'application/xml' || essence === 'text/xml' || essence.endsWith('+xml')) && essence !== 'image/svg+xml';
}

function kindOfEssence(essence: string): BodyKind | undefined {
  if (isJsonEssence(essence)) return 'json';
  if (isXmlEssence(essence)) return 'xml';
  if (essence === 'text/html' || essence === 'application/xhtml+xml') return 'html';
  if (essence.startsWith('image/')) return 'image';
  if (essence === 'application/pdf') return 'pdf';
  if (essence.startsWith('text/') || essence === 'application/javascript' || essence === 'application/x-www-form-urlencoded') return 'text';
  if (essence === 'application/octet-stream' || essence === '') return undefined;
  return undefined;
}

function kindOfSniff(sniffed: SniffedKind): BodyKind {
  switch (sniffed) {
    case 'json':
    case 'xml':
    case 'html':
    case 'pdf':
    case 'text':
    case 'binary':
    case 'empty':
      return sniffed;
    case 'svg':
    case 'png':
    case 'jpeg':
    case 'gif':
    case 'webp':
      return 'image';
    default:
      return 'binary';
  }
}

/** Sniffed kinds that are unmistakable: magic numbers no text format starts with. */
const CERTAIN: ReadonlySet<SniffedKind> = new Set(['png', 'jpeg', 'gif', 'webp', 'pdf', 'gzip', 'zip', 'zstd']);

/** True when the bytes say something other than the declared type. */
function contradicts(declared: BodyKind, essence: string, sniff: SniffResult): boolean {
  const sniffed = kindOfSniff(sniff.kind);
  return (
    (CERTAIN.has(sniff.kind) && declared !== sniffed) ||
    (declared === 'json' && (sniff.kind === 'html' || sniff.kind === 'xml' || sniff.kind === 'binary')) ||
    (declared === 'xml' && (sniff.kind === 'json' || sniff.kind === 'binary')) ||
    (declared === 'html' && (sniff.kind === 'json' || sniff.kind === 'binary')) ||
    (declared === 'text' && sniff.kind === 'binary') ||
    (declared === 'image' && sniffed === 'image' && sniff.mediaType !== essence && !(essence === 'image/jpg' && sniff.kind === 'jpeg')) ||
    (declared === 'image' && (sniffed === 'html' || sniffed === 'json' || sniffed === 'text' || sniffed === 'xml'))
  );
}

/**
 * The view family for a body: the declared type, unless the bytes say otherwise (then the
 * views follow the bytes, and `contentTypeContradiction` reports it), or the type is
 * generic or plain text and the bytes are recognisable.
 */
export function classifyBody(contentType: string | undefined, sniff: SniffResult): BodyKind {
  if (sniff.kind === 'empty') return 'empty';
  const essence = contentType ? contentTypeParams(contentType).type : '';
  const declared = kindOfEssence(essence);
  const sniffed = kindOfSniff(sniff.kind);
  if (declared === undefined) return sniffed;
  if (contradicts(declared, essence, sniff)) return sniffed;
  if (declared === 'text' && (sniff.kind === 'json' || sniff.kind === 'xml' || sniff.kind === 'html')) return sniffed;
  return declared;
}

/**
 * A finding when the Content-Type contradicts what the bytes are, or when there is no
 * Content-Type at all. Undefined when they agree or the body is empty.
 */
export function contentTypeContradiction(contentType: string | undefined, sniff: SniffResult): Finding | undefined {
  if (sniff.kind === 'empty') return undefined;
  const essence = contentType ? contentTypeParams(contentType).type : '';
  if (!essence) {
    return {
      id: 'content-type-missing',
      severity: 'warning',
      title: 'No Content-Type',
      message: `The response has a body but no Content-Type, so each client guesses. The bytes look like ${sniff.label}.`,
      reference: 'RFC 9110 §8.3',
    };
  }
  if (sniff.kind === 'gzip' || sniff.kind === 'zstd') {
    if (essence === 'application/gzip' || essence === 'application/x-gzip' || essence === 'application/zstd') return undefined;
    return {
      id: 'content-still-compressed',
      severity: 'warning',
      title: 'Body is still compressed',
      message: `The body is ${sniff.label} although it is declared ${essence}. The server compressed it without saying so in Content-Encoding, or compressed it twice; clients will show binary noise.`,
      reference: 'RFC 9110 §8.4',
    };
  }
  const declared = kindOfEssence(essence);
  if (declared === undefined) {
    if (essence === 'application/octet-stream' && CERTAIN.has(sniff.kind)) {
      return {
        id: 'content-type-generic',
        severity: 'info',
        title: `Generic type for ${sniff.label}`,
        message: `Declared as application/octet-stream, but the bytes are ${sniff.label} (${sniff.mediaType}); a specific type lets clients display it.`,
        reference: 'RFC 9110 §8.3',
      };
    }
    return undefined;
  }
  if (!contradicts(declared, essence, sniff)) return undefined;
  const hint =
    declared === 'json' && sniff.kind === 'html'
      ? ' Often this is an error or login page from a proxy, gateway or framework rather than the API\u2019s answer.'
      : '';
  return {
    id: 'content-type-contradiction',
    severity: 'warning',
    title: `Declared ${essence}, looks like ${sniff.label}`,
    message: `The Content-Type says ${essence}, but the bytes are ${sniff.label}.${hint} The views follow the bytes.`,
    reference: 'RFC 9110 §8.3',
  };
}
