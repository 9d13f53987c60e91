/**
 * The body of a draft as chunks on the wire and the Content-Type it implies: text kinds as
 * typed, form rows through the form encoder, multipart parts through the multipart
 * builder, a binary file as a reference streamed at send time.
 */
import { buildMultipart, encodeForm, type MultipartPart } from '../encoding';
import { generateBoundary } from '../encoding/multipartBoundary';
import type { BodyChunk, Result } from '../types';
import { fail, ok } from '../types';
import type { DraftBody, DraftBodyKind, MultipartPartDraft } from './draft';
import { emptyGraphQlBody } from '../protocols/graphql/body';
import { graphQlWireParts } from './graphQlWire';

/** A body ready for the wire, with the media type it implies. */
export interface DraftBodyOutput {
  chunks: BodyChunk[];
  /** The Content-Type the body implies (sent unless the person set one); absent for no body. */
  contentType?: string;
}

/** The Content-Type each text kind implies; JSON has no charset parameter (RFC 8259 §11). */
export const BODY_KIND_CONTENT_TYPES: Readonly<Record<Exclude<DraftBodyKind, 'none' | 'multipart' | 'binary' | 'graphql'>, string>> = {
  json: 'application/json',
  xml: 'application/xml; charset=utf-8',
  text: 'text/plain; charset=utf-8',
  form: 'application/x-www-form-urlencoded',
};

/** A fresh random boundary for the multipart builder's "Regenerate" (144 random bits, RFC 2046 bchars). */
export function newMultipartBoundary(): string {
  return generateBoundary();
}

/** The media type a multipart part of this kind gets when the person leaves it empty. */
export function defaultPartContentType(part: Pick<MultipartPartDraft, 'kind'>): string | undefined {
  return part.kind === 'json' ? 'application/json' : undefined;
}

/** Multipart parts for the builder, texts mapped through `value` (variables). */
export function multipartPartsOf(parts: readonly MultipartPartDraft[], value: (text: string, where: string) => string): Result<MultipartPart[]> {
  const out: MultipartPart[] = [];
  for (const draft of parts) {
    if (!draft.enabled) continue;
    const name = value(draft.name, `multipart part name`);
    const where = `multipart part "${draft.name}"`;
    let content: MultipartPart['content'];
    if (draft.kind === 'file') {
      if (!draft.file) {
        return fail({ kind: 'multipart-file-missing', field: `multipart:${draft.id}`, message: `Part "${draft.name}" is a file part with no file chosen; choose a file or remove the part.` });
      }
      content = draft.file;
    } else {
      content = value(draft.value, where);
    }
    const part: MultipartPart = { name, content };
    const filename = draft.filename?.trim();
    if (filename) part.filename = value(filename, where);
    const contentType = draft.contentType.trim() === '' ? defaultPartContentType(draft) : value(draft.contentType.trim(), where);
    if (contentType !== undefined) part.contentType = contentType;
    if (draft.base64) part.transferEncoding = 'base64';
    const headers = draft.headers.filter((h) => h.enabled && h.name.trim() !== '').map((h) => ({ name: value(h.name.trim(), where), value: value(h.value, where) }));
    if (headers.length > 0) part.headers = headers;
    out.push(part);
  }
  return ok(out);
}

/**
 * The chunks and implied Content-Type of `body`. Texts go through `value` (variable
 * substitution, told where the text is). An empty text body is no body. Fails when a
 * multipart part or binary body lacks its file, or the multipart builder refuses the parts
 * or the boundary (field `multipart:<part id>` or `boundary`).
 */
export function draftBodyOutput(body: DraftBody, value: (text: string, where: string) => string): Result<DraftBodyOutput> {
  switch (body.kind) {
    case 'none':
      return ok({ chunks: [] });
    case 'json':
    case 'xml':
    case 'text': {
      const text = value(body.texts[body.kind], 'body');
      return ok(text === '' ? { chunks: [] } : { chunks: [text], contentType: BODY_KIND_CONTENT_TYPES[body.kind] });
    }
    case 'form': {
      const pairs = body.form.filter((row) => row.enabled && !(row.name === '' && row.value === '')).map((row) => ({ name: value(row.name, 'form'), value: value(row.value, 'form') }));
      return ok({ chunks: pairs.length === 0 ? [] : [encodeForm(pairs)], contentType: BODY_KIND_CONTENT_TYPES.form });
    }
    case 'multipart': {
      const parts = multipartPartsOf(body.multipart, value);
      if (!parts.ok) return parts;
      const built = buildMultipart(parts.value, { boundary: body.boundary });
      if (!built.ok) {
        const part = body.multipart.find((p) => p.enabled && p.name === built.error.field);
        const aboutBoundary = built.error.kind === 'invalid-boundary' || built.error.kind === 'boundary-in-content';
        const field = aboutBoundary ? 'boundary' : part ? `multipart:${part.id}` : 'body';
        return fail({ ...built.error, field });
      }
      return ok({ chunks: built.value.chunks, contentType: built.value.contentType });
    }
    case 'binary':
      if (!body.binary) return fail({ kind: 'binary-file-missing', field: 'body', message: 'The body is a binary file, but no file is chosen.' });
      return ok({ chunks: [body.binary], contentType: body.binary.type || 'application/octet-stream' });
    case 'graphql': {
      // As a POST sends it; a GET carries it in the query string instead (`buildWireRequest`).
      const parts = graphQlWireParts(body.graphql ?? emptyGraphQlBody(), 'POST', value);
      if (!parts.ok) return parts;
      return ok({ chunks: parts.value.chunks, ...(parts.value.contentType ? { contentType: parts.value.contentType } : {}) });
    }
    default: {
      const unknown: never = body.kind;
      return fail({ kind: 'body-kind-unknown', field: 'body', message: `Unknown body kind "${String(unknown)}".` });
    }
  }
}
