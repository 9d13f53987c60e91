/**
 * Reading a wire request's body back into what exporters write: text, raw bytes, a file,
 * or multipart parts (with file parts kept as file references, never read). The wire
 * body is chunks; a multipart body is parsed from them with a stand-in for each file so
 * its parts come back exactly as the builder wrote them.
 */
import { concatBytes, contentTypeParams, findInvalidUtf8, parseMultipart, utf8Decode } from '../encoding';
import type { FileRef, HeaderField, WireRequest } from '../types';
import { headerValue } from '../types';
import type { SecretRedaction } from '../workspace';

/** One part of a multipart body as an exporter writes it. */
export interface WireFormPart {
  name: string;
  /** The text of a text part (base64 parts decoded). */
  value?: string;
  /** The file of a file part. */
  file?: FileRef;
  filename?: string;
  contentType?: string;
  base64: boolean;
  /** Part headers other than Content-Disposition, Content-Type and Content-Transfer-Encoding. */
  headers: HeaderField[];
}

/** A wire body in the shape an exporter needs. */
export type WireBodyView =
  | { kind: 'none' }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'file'; file: FileRef }
  | { kind: 'multipart'; boundary: string; parts: WireFormPart[] };

function isFile(chunk: unknown): chunk is FileRef {
  return typeof chunk === 'object' && chunk !== null && !(chunk instanceof Uint8Array);
}

const unescapeDisposition = (value: string) => value.replace(/%22|%0D|%0A/gi, (m) => (m === '%22' ? '"' : m.toUpperCase() === '%0D' ? '\r' : '\n'));
const OWN_PART_HEADERS = new Set(['content-disposition', 'content-type', 'content-transfer-encoding']);

function multipartView(wire: WireRequest, contentType: string): WireBodyView | undefined {
  const boundary = contentTypeParams(contentType).params.boundary;
  if (!boundary) return undefined;
  const files: FileRef[] = [];
  const encoder = new TextEncoder();
  const stand = (i: number) => `\u0000wirebench-file-${i}-${boundary.length}\u0000`;
  const bytes = concatBytes(
    (wire.body ?? []).map((chunk) => {
      if (typeof chunk === 'string') return encoder.encode(chunk);
      if (chunk instanceof Uint8Array) return chunk;
      files.push(chunk);
      return encoder.encode(stand(files.length - 1));
    }),
  );
  const parsed = parseMultipart(bytes, contentType);
  if (!parsed.ok) return undefined;
  const parts = parsed.value.map((part): WireFormPart => {
    const text = utf8Decode(part.body);
    const fileIndex = files.findIndex((_, i) => text === stand(i));
    const out: WireFormPart = {
      name: unescapeDisposition(part.name ?? ''),
      base64: part.transferEncoding === 'base64',
      headers: part.headers.filter((h) => !OWN_PART_HEADERS.has(h.name.toLowerCase())),
    };
    if (fileIndex >= 0) out.file = files[fileIndex]!;
    else out.value = part.transferEncoding === 'base64' && part.decoded ? utf8Decode(part.decoded) : text;
    if (part.filename !== undefined) out.filename = unescapeDisposition(part.filename);
    if (part.contentType !== undefined) out.contentType = part.contentType;
    return out;
  });
  return { kind: 'multipart', boundary, parts };
}

/**
 * The body of `wire` as an exporter sees it: nothing; one file; multipart parts when the
 * Content-Type is multipart with a boundary and the chunks parse into parts; otherwise the bytes,
 * as text when they are valid UTF-8 (files inside such a body are written `<file name>`).
 */
export function wireBodyView(wire: WireRequest): WireBodyView {
  const chunks = wire.body ?? [];
  if (chunks.length === 0) return { kind: 'none' };
  if (chunks.length === 1 && isFile(chunks[0])) return { kind: 'file', file: chunks[0] };
  const contentType = headerValue(wire.headers, 'content-type');
  if (contentType && contentTypeParams(contentType).type.startsWith('multipart/')) {
    // A multipart body without parts cannot be written as parts (cURL's -F, HAR's params): it is its bytes.
    const view = multipartView(wire, contentType);
    if (view?.kind === 'multipart' && view.parts.length > 0) return view;
  }
  const encoder = new TextEncoder();
  const bytes = concatBytes(chunks.map((c) => (typeof c === 'string' ? encoder.encode(c) : c instanceof Uint8Array ? c : encoder.encode(`<file ${c.name}>`))));
  if (bytes.length === 0) return { kind: 'none' };
  return findInvalidUtf8(bytes) < 0 ? { kind: 'text', text: utf8Decode(bytes) } : { kind: 'bytes', bytes };
}

/** The Content-Type essence of a wire request, lower-cased, or ''. */
export function wireMediaType(headers: readonly HeaderField[]): string {
  const value = headerValue(headers, 'content-type');
  return value === undefined ? '' : contentTypeParams(value).type;
}

/**
 * A wire request and its body view with secrets replaced for an export: URL password and
 * query, secret headers, and in the body secret JSON members, form fields and multipart
 * text parts.
 */
export function redactWireExport(wire: WireRequest, view: WireBodyView, redaction: SecretRedaction): { wire: WireRequest; view: WireBodyView } {
  const out: WireRequest = { ...wire, url: redaction.queryInUrl(redaction.url(wire.url)), headers: redaction.headers(wire.headers) };
  const media = wireMediaType(wire.headers);
  let redacted = view;
  if (view.kind === 'text') {
    // The one gate's body rule, as history's: form, JSON and XML by their names, credential-shaped words and learned secrets anywhere.
    const text = redaction.bodyText(view.text, wire.headers.find((h) => /^content-type$/i.test(h.name))?.value ?? media);
    redacted = { kind: 'text', text };
  } else if (view.kind === 'multipart') {
    redacted = {
      ...view,
      parts: view.parts.map((part) => (part.value !== undefined && redaction.isSecretParam(part.name, part.value) ? { ...part, value: redaction.replace(part.name, part.value) } : part.value !== undefined ? { ...part, value: redaction.textSecrets(part.value) } : part)),
    };
  }
  if (redacted.kind === 'text') out.body = [redacted.text];
  return { wire: out, view: redacted };
}
